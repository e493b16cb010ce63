"""Colour arithmetic of the colour-vision check: sRGB, CIE Lab, CIEDE2000, colour-vision simulation, fitting to sRGB.

Each step follows coloraide 8 (MIT licence, https://github.com/facelessuser/coloraide) operation for operation, so
the results agree with it to the last bit or nearly; the tests hold it to coloraide as the reference. We carry our
own copy so that no run imports coloraide (its import alone takes 0.1-0.2 s).
"""
import math

Vector = list[float]
Matrix = tuple[tuple[float, float, float], ...]

# sRGB (IEC 61966-2-1) to CIE XYZ, D65 white, from the primaries' chromaticities (coloraide's spaces/srgb_linear.py)
RGB_TO_XYZ: Matrix = (
    (0.4123907992659593, 0.357584339383878, 0.1804807884018343),
    (0.21263900587151024, 0.715168678767756, 0.07219231536073371),
    (0.01933081871559182, 0.11919477979462598, 0.9505321522496607))
D65 = (0.31270, 0.32900)   # CIE 15:2004 2-degree D65 chromaticity to 4 places, as CSS and coloraide use it
WHITE = (D65[0] / D65[1], 1.0, (1.0 - D65[0] - D65[1]) / D65[1])   # its XYZ with Y = 1
EPSILON, KAPPA = 216 / 24389, 24389 / 27   # CIE Lab's exact constants (6/29)^3 and (29/3)^3

# Viénot, Brettel and Mollon 1999 (Color Research & Application 24(4)), dichromat projections on linear sRGB,
# with Smith-Pokorny cone fundamentals, as coloraide precomputes them (filters/cvd.py): protanopia and deuteranopia
VIENOT = {
    "protan": ((1.1238276122216405e-01, 8.8761723877783620e-01, 5.5511151231257830e-17),
               (1.1238276122216398e-01, 8.8761723877783620e-01, -2.7755575615628914e-17),
               (4.0057682730469425e-03, -4.0057682730469390e-03, 1.0000000000000000e+00)),
    "deutan": ((2.9275011427843560e-01, 7.0724988572156440e-01, 1.1102230246251565e-16),
               (2.9275011427843560e-01, 7.0724988572156440e-01, -5.5511151231257830e-17),
               (-2.2336587034129083e-02, 2.2336587034129093e-02, 1.0000000000000000e+00))}
# Brettel, Viénot and Mollon 1997 (JOSA A 14(10)) for tritanopia: linear sRGB to LMS, then one of two half-planes
# ("wings", each with LMS back to linear sRGB folded in) by the side of the separating plane (coloraide's filters/cvd.py)
LRGB_TO_LMS: Matrix = (
    (0.178824041258, 0.4351609057000001, 0.04119349692),
    (0.034556423182, 0.27155382458, 0.038671308360000003),
    (0.000299565576, 0.0018430896, 0.01467086136))
TRITAN_WINGS: tuple[Matrix, Matrix] = (
    ((7.392856536180033, -11.148044821248138, 0.0),
     (-0.34194012421930653, 3.5501661175064, 0.0),
     (-4.2050692716448586, 10.89115898202731, 0.0)),
    ((8.0643934576311, -12.42414705871019, 0.0),
     (-0.9956078228581946, 4.7923119863996835, 0.0),
     (-0.2150297288038942, 3.3090019545637928, 0.0)))
TRITAN_SEPARATOR = (0.344781556122, -0.6551784438780001, 0.0)

# Oklab (Björn Ottosson 2020, https://bottosson.github.io/posts/oklab/), with coloraide's float64 matrices
# (spaces/oklab): XYZ D65 to LMS, cube-rooted LMS to Oklab and back; LMS_TO_RGB is coloraide's XYZ-to-linear-sRGB
# times LMS-to-XYZ, RGB_TO_LMS its inverse (gamut/fit_raytrace.py computes both at run time)
XYZ_TO_LMS: Matrix = (
    (0.819022437996703, 0.3619062600528904, -0.1288737815209879),
    (0.03298365393238847, 0.9292868615863434, 0.03614466635064236),
    (0.04817718935962421, 0.2642395317527308, 0.6335478284694309))
LMS3_TO_OKLAB: Matrix = (
    (0.21045426830931396, 0.7936177747023053, -0.0040720430116192585),
    (1.9779985324311686, -2.42859224204858, 0.450593709617411),
    (0.025904042465547734, 0.7827717124575297, -0.8086757549230774))
OKLAB_TO_LMS3: Matrix = (
    (1.0, 0.3963377773761749, 0.21580375730991364),
    (1.0, -0.10556134581565857, -0.0638541728258133),
    (1.0, -0.08948417752981186, -1.2914855480194092))
LMS_TO_RGB: Matrix = (
    (4.07674163607596, -3.307711539258064, 0.23096990318210453),
    (-1.2684379732850315, 2.609757349287688, -0.3413193760026571),
    (-0.004196076138675481, -0.7034186179359362, 1.7076146940746115))
RGB_TO_LMS: Matrix = (
    (0.4122214694707628, 0.5363325372617349, 0.05144599326750219),
    (0.2119034958178251, 0.6806995506452346, 0.10739695353694054),
    (0.08830245919005636, 0.28171883913612156, 0.6299787016738222))
NEAR = 1e-12   # coloraide's absolute tolerance for 64-bit floats (algebra.ATOL)


def _times(m: Matrix, v: Vector) -> Vector:
    """A 3x3 matrix times a vector, summed left to right."""
    return [m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2], m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2]]


def _cbrt(n: float) -> float:
    """The real cube root, negative for a negative number."""
    return 0.0 if n == 0 else math.copysign(abs(n) ** (3 ** -1), n)


def srgb(hex_colour: str) -> Vector:
    """The sRGB channels (0 to 1) of a '#rrggbb' colour (specs and drawings hold no other form)."""
    if len(hex_colour) != 7 or hex_colour[0] != "#":
        raise ValueError(f"not a #rrggbb colour: {hex_colour!r}")
    return [int(hex_colour[i:i + 2], 16) * (1.0 / 255.0) for i in (1, 3, 5)]


def linear(rgb: Vector) -> Vector:
    """sRGB to linear light: IEC 61966-2-1's transfer function, mirrored for negative values."""
    return [math.copysign(((abs(c) + 0.055) / 1.055) ** 2.4, c) if abs(c) > 0.04045 else c / 12.92 for c in rgb]


def gamma(lin: Vector) -> Vector:
    """Linear light to sRGB: the inverse of linear()."""
    return [math.copysign(1.055 * (abs(c) ** (2.4 ** -1)) - 0.055, c) if abs(c) > 0.0031308 else 12.92 * c
            for c in lin]


def luminance(lin: Vector) -> float:
    """CIE Y (0 to 1) of linear sRGB."""
    return _times(RGB_TO_XYZ, lin)[1]


def lab(hex_colour: str) -> Vector:
    """CIE L*a*b* (CIE 15:2004) of an sRGB colour, D65 white."""
    xyz = [v / w for v, w in zip(_times(RGB_TO_XYZ, linear(srgb(hex_colour))), WHITE)]
    fx, fy, fz = (_cbrt(i) if i > EPSILON else (KAPPA * i + 16) / 116 for i in xyz)
    return [(116.0 * fy) - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]


def ciede2000(lab1: Vector, lab2: Vector) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1), by the equations of Sharma, Wu and Dalal 2005
    (Color Research & Application 30(1)), numbered as there."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    cm = (math.sqrt(a1 ** 2 + b1 ** 2) + math.sqrt(a2 ** 2 + b2 ** 2)) / 2   # (2), (3)
    c7 = cm ** 7
    g = 0.5 * (1 - math.sqrt(c7 / (c7 + 25 ** 7)))   # (4)
    ap1, ap2 = (1 + g) * a1, (1 + g) * a2   # (5)
    cp1, cp2 = math.sqrt(ap1 ** 2 + b1 ** 2), math.sqrt(ap2 ** 2 + b2 ** 2)   # (6)
    hp1 = 0 if (ap1 == 0 and b1 == 0) else math.atan2(b1, ap1)   # (7)
    hp2 = 0 if (ap2 == 0 and b2 == 0) else math.atan2(b2, ap2)
    hp1 = math.degrees(hp1 + math.tau if hp1 < 0.0 else hp1)
    hp2 = math.degrees(hp2 + math.tau if hp2 < 0.0 else hp2)
    dl, dc, hdiff = l1 - l2, cp1 - cp2, hp1 - hp2   # (8), (9), (10)
    if cp1 * cp2 == 0.0:
        dh = 0.0
    elif abs(hdiff) <= 180.0:
        dh = hdiff
    else:
        dh = hdiff + (-360 if hdiff > 180.0 else 360)
    dh = 2 * math.sqrt(cp2 * cp1) * math.sin(math.radians(dh / 2))   # (11)
    lpm, cpm, hsum = (l1 + l2) / 2, (cp1 + cp2) / 2, hp1 + hp2   # (12), (13)
    if cp1 * cp2 == 0:   # (14)
        hpm = hsum
    elif abs(hp1 - hp2) > 180:
        hpm = (hsum + (360 if hsum < 360 else -360)) / 2
    else:
        hpm = hsum / 2
    t = (1 - (0.17 * math.cos(math.radians(hpm - 30))) + (0.24 * math.cos(math.radians(2 * hpm)))
         + (0.32 * math.cos(math.radians((3 * hpm) + 6))) - (0.20 * math.cos(math.radians((4 * hpm) - 63))))   # (15)
    dt = 30 * math.exp(-1 * ((hpm - 275) / 25) ** 2)   # (16)
    cpm7 = cpm ** 7
    rc = 2 * math.sqrt(cpm7 / (cpm7 + 25 ** 7))   # (17)
    l_temp = (lpm - 50) ** 2
    sl = 1 + ((0.015 * l_temp) / math.sqrt(20 + l_temp))   # (18)
    sc, sh = 1 + 0.045 * cpm, 1 + 0.015 * cpm * t   # (19), (20)
    rt = -1 * math.sin(math.radians(2 * dt)) * rc   # (21)
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh / sh) ** 2 + rt * (dc / sc) * (dh / sh))   # (22)


def dichromat(lin: Vector, deficiency: str) -> Vector:
    """Linear sRGB as a full protanope, deuteranope (Viénot 1999) or tritanope (Brettel 1997) sees it: coloraide's
    filter at full severity, which picks these methods."""
    if deficiency in VIENOT:
        return _times(VIENOT[deficiency], lin)
    if deficiency != "tritan":
        raise ValueError(f"unknown colour-vision deficiency: {deficiency!r}")
    lms = _times(LRGB_TO_LMS, lin)
    side = lms[0] * TRITAN_SEPARATOR[0] + lms[1] * TRITAN_SEPARATOR[1] + lms[2] * TRITAN_SEPARATOR[2]
    return _times(TRITAN_WINGS[1] if side > 0 else TRITAN_WINGS[0], lms)


def _from_oklch(lch: Vector) -> Vector:
    """OkLCh (hue in degrees) to linear sRGB."""
    h = math.radians(lch[2])
    lms3 = _times(OKLAB_TO_LMS3, [lch[0], lch[1] * math.cos(h), lch[1] * math.sin(h)])
    return _times(LMS_TO_RGB, [c ** 3 for c in lms3])


def _to_oklch(lin: Vector) -> Vector:
    """Linear sRGB to OkLCh (hue in degrees, 0 to 360)."""
    lightness, a, b = _times(LMS3_TO_OKLAB, [_cbrt(c) for c in _times(RGB_TO_LMS, lin)])
    return [lightness, math.sqrt(a * a + b * b), math.degrees(math.atan2(b, a)) % 360]


def _ray_to_cube(start: Vector, end: Vector) -> Vector | None:
    """Where the ray from start through end meets the surface of the unit cube (slab method); None if it misses."""
    tfar, tnear, direction, too_small = math.inf, -math.inf, [], True
    for a, b in zip(start, end):
        d = b - a
        direction.append(d)
        too_small = too_small and abs(d) <= NEAR
        if d:
            t1, t2 = (0.0 - a) * (1 / d), (1.0 - a) * (1 / d)
            tnear, tfar = max(min(t1, t2), tnear), min(max(t1, t2), tfar)
        elif a < 0.0 or a > 1.0:
            return None
    if too_small or tnear > tfar or tfar < 0:
        return None
    if tnear < 0.0:
        tnear = tfar
    if not math.isfinite(tnear):
        return None
    return [s + d * tnear for s, d in zip(start, direction)]


def fit(rgb: Vector) -> Vector:
    """sRGB brought into gamut: unchanged when inside; else chroma reduced at constant OkLCh lightness and hue
    until it meets the sRGB cube, by coloraide's ray tracing (its default 'raytrace' fit, CSS Color 4's OkLCh mapping)."""
    if all(0.0 <= c <= 1.0 for c in rgb):
        return list(rgb)
    lightness, a, b = _times(LMS3_TO_OKLAB, [_cbrt(c) for c in _times(XYZ_TO_LMS, _times(RGB_TO_XYZ, linear(rgb)))])
    start = [lightness, math.sqrt(a ** 2 + b ** 2), math.degrees(math.atan2(b, a)) % 360]
    grey = _from_oklch([start[0], 0.0, start[2]])
    level = min(max(sum(grey) / 3, 0.0), 1.0)   # the grey projected onto the cube's black-white diagonal
    if level == 1.0 or level == 0.0:
        return gamma([level] * 3)
    anchor = [level] * 3
    point = _from_oklch(start)
    last = point
    if any(not 0.0 <= x <= 1.0 for x in point):
        for i in range(4):
            if i:
                lch = _to_oklch(point)
                point = _from_oklch([start[0], lch[1], start[2]])
            hit = _ray_to_cube(anchor, point)
            if hit is None:
                point = last
                break
            if i and all(NEAR < x < 1.0 + NEAR for x in point):
                anchor = point
            point = last = hit
    return gamma([max(0.0, min(1.0, x)) for x in point])


def hex_of(rgb: Vector) -> str:
    """'#rrggbb' of sRGB channels, fitted into gamut, each rounded half up to 0-255 (as coloraide and CSS write it)."""
    return "#" + "".join(f"{math.floor(c * 255.0 + 0.5):02x}" for c in fit(rgb))
