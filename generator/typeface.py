"""The bundled Vera as PDF text: glyph codes for content streams, and each weight embedded once per file as a subset."""
import functools
import hashlib
import struct
from pathlib import Path
from typing import NamedTuple

FONTS = Path(__file__).resolve().parent / "fonts"
FACES = {"/V": ("Vera.ttf", "BitstreamVeraSans-Roman"), "/VB": ("VeraBd.ttf", "BitstreamVeraSans-Bold")}
MORE, WORDS, SCALE, XY_SCALE, TWO_BY_TWO, HINTED = 0x20, 0x01, 0x08, 0x40, 0x80, 0x100  # composite glyph flags


class Font(NamedTuple):
    """One TrueType font as read: its tables, each glyph's outline data, metrics in font units, and its Unicode map."""

    tables: dict
    glyphs: list
    metrics: list  # (advance, left side bearing) per glyph
    cmap: dict     # code point -> glyph id
    units: int     # units per em


def font_name(bold: bool) -> str:
    """The resource name of a weight of Vera in our PDFs."""
    return "/VB" if bold else "/V"


@functools.lru_cache(maxsize=None)
def load(name: str) -> Font:
    """Read the font file of a resource name (/V or /VB)."""
    data = (FONTS / FACES[name][0]).read_bytes()
    tables = {}
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = data[offset:offset + length]
    head, count = tables[b"head"], struct.unpack_from(">H", tables[b"maxp"], 4)[0]
    if struct.unpack_from(">h", head, 50)[0]:
        offsets = struct.unpack_from(f">{count + 1}I", tables[b"loca"])
    else:
        offsets = [2 * o for o in struct.unpack_from(f">{count + 1}H", tables[b"loca"])]
    glyf, hmtx = tables[b"glyf"], tables[b"hmtx"]
    longs = struct.unpack_from(">H", tables[b"hhea"], 34)[0]
    metrics = [struct.unpack_from(">Hh", hmtx, 4 * g) for g in range(longs)]
    metrics += [(metrics[-1][0], struct.unpack_from(">h", hmtx, 2 * (longs + g))[0]) for g in range(longs, count)]
    return Font(tables, [glyf[a:b] for a, b in zip(offsets, offsets[1:])], metrics, _cmap(tables[b"cmap"]),
                struct.unpack_from(">H", head, 18)[0])


def _cmap(table):
    """The Unicode BMP map (platform 3, encoding 1, format 4) of a cmap table: code point -> glyph id."""
    for i in range(struct.unpack_from(">H", table, 2)[0]):
        platform, encoding, at = struct.unpack_from(">HHI", table, 4 + 8 * i)
        if (platform, encoding) == (3, 1):
            break
    else:
        return {}
    segments = struct.unpack_from(">H", table, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", table, at + 14)
    starts = struct.unpack_from(f">{segments}H", table, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", table, at + 16 + 4 * segments)
    ranges = at + 16 + 6 * segments
    found = {}
    for i, (start, end, delta) in enumerate(zip(starts, ends, deltas)):
        offset = struct.unpack_from(">H", table, ranges + 2 * i)[0]
        for code in range(start, min(end, 0xFFFE) + 1):
            if offset:
                glyph = struct.unpack_from(">H", table, ranges + 2 * i + offset + 2 * (code - start))[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            else:
                glyph = (code + delta) & 0xFFFF
            if glyph:
                found[code] = glyph
    return found


def shown(text: str, bold: bool) -> str:
    """A line as the operand of TJ: its glyph ids (a character the font lacks gets glyph 0, as cairo's), and wherever the
    whole-unit widths of /W have drifted half a unit from the exact advances, a shift that takes the pen back."""
    font = load(font_name(bold))
    parts, run, drift = [], "", 0.0
    for ch in text:
        if abs(drift) >= 0.5:  # a reader sets the next glyph this many 1/1000 em too far right (or left)
            parts.append(f"<{run}> {round(drift)}")
            run, drift = "", drift - round(drift)
        glyph = font.cmap.get(ord(ch), 0)
        run += f"{glyph:04X}"
        exact = font.metrics[glyph][0] * 1000 / font.units
        drift += round(exact) - exact
    return "[" + " ".join(parts + [f"<{run}>"]) + "]"


def _parts(glyph):
    """The glyph ids a composite glyph is built from (none for a simple one), and where its last part's flags are
    and its parts end."""
    if len(glyph) < 10 or struct.unpack_from(">h", glyph, 0)[0] >= 0:
        return [], 0, 0
    parts, at, flags = [], 10, MORE
    while flags & MORE:
        last = at
        flags, part = struct.unpack_from(">HH", glyph, at)
        parts.append(part)
        scale = 8 if flags & TWO_BY_TWO else 4 if flags & XY_SCALE else 2 if flags & SCALE else 0
        at += 4 + (4 if flags & WORDS else 2) + scale
    return parts, last, at


def _unhinted(glyph):
    """A glyph without its hinting instructions: printers and most readers do not run them, and they are half of Vera."""
    if len(glyph) < 10:
        return glyph
    contours = struct.unpack_from(">h", glyph, 0)[0]
    if contours >= 0:
        at = 10 + 2 * contours
        return glyph[:at] + b"\0\0" + glyph[at + 2 + struct.unpack_from(">H", glyph, at)[0]:]
    _, last, end = _parts(glyph)
    flags = struct.unpack_from(">H", glyph, last)[0]
    return glyph[:last] + struct.pack(">H", flags & ~HINTED) + glyph[last + 2:end]


def _checksum(data):
    """A TrueType table checksum: the sum of its big-endian 32-bit words, padded with zeros."""
    data += b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(data) // 4}I", data)) & 0xFFFFFFFF


def subset(font: Font, glyphs) -> bytes:
    """A TrueType program holding only the given glyphs (and .notdef and the parts of composites), ids unchanged,
    without hinting."""
    keep, todo = {0, *glyphs}, [0, *glyphs]
    while todo:
        for part in _parts(font.glyphs[todo.pop()])[0]:
            if part not in keep:
                keep.add(part)
                todo.append(part)
    count = max(keep) + 1
    glyf, loca = bytearray(), []
    for g in range(count):
        loca.append(len(glyf))
        if g in keep:
            glyph = _unhinted(font.glyphs[g])
            glyf += glyph + b"\0" * (len(glyph) % 2)  # at even offsets, as in the font
    loca.append(len(glyf))
    t = font.tables
    tables = {b"glyf": bytes(glyf), b"loca": struct.pack(f">{count + 1}I", *loca),
              b"hmtx": b"".join(struct.pack(">Hh", *(font.metrics[g] if g in keep else (0, 0))) for g in range(count)),
              b"head": t[b"head"][:8] + b"\0\0\0\0" + t[b"head"][12:50] + struct.pack(">h", 1) + t[b"head"][52:],
              b"hhea": t[b"hhea"][:34] + struct.pack(">H", count) + t[b"hhea"][36:],
              b"maxp": t[b"maxp"][:4] + struct.pack(">H", count) + t[b"maxp"][6:]}
    tags = sorted(tables)
    power = 1 << (len(tags).bit_length() - 1)
    out = bytearray(struct.pack(">IHHHH", 0x00010000, len(tags), 16 * power, power.bit_length() - 1, 16 * (len(tags) - power)))
    offset = len(out) + 16 * len(tags)
    for tag in tags:
        out += struct.pack(">4sIII", tag, _checksum(tables[tag]), offset, len(tables[tag]))
        offset += len(tables[tag]) + (-len(tables[tag]) % 4)
    for tag in tags:
        out += tables[tag] + b"\0" * (-len(tables[tag]) % 4)
    head = out.index(tables[b"head"], 12 + 16 * len(tags))
    out[head + 8:head + 12] = struct.pack(">I", (0xB1B0AFBA - _checksum(bytes(out))) & 0xFFFFFFFF)
    return bytes(out)


def _to_unicode(chars):
    """A ToUnicode CMap for glyph id -> character."""
    pairs = [f"<{g:04X}> <{ch.encode('utf-16-be').hex().upper()}>" for g, ch in sorted(chars.items())]
    blocks = "".join(f"{len(pairs[i:i + 100])} beginbfchar\n" + "\n".join(pairs[i:i + 100]) + "\nendbfchar\n"
                     for i in range(0, len(pairs), 100))
    return ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n" + blocks +
            "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n").encode("ascii")


def embed(file, name: str, chars) -> int:
    """Add a weight of Vera to a pdffile.File as a Type 0 font holding the glyphs of chars; return its object number."""
    font = load(name)
    used = {}
    for ch in sorted(chars):
        used.setdefault(font.cmap.get(ord(ch), 0), ch)
    program = subset(font, used)
    tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(program).digest()[:6])  # from the content: same glyphs, same tag
    base = f"/{tag}+{FACES[name][1]}"

    def size(value):
        """A length in font units as a whole 1/1000 of the text size."""
        return str(round(value * 1000 / font.units))

    box = " ".join(map(size, struct.unpack_from(">4h", font.tables[b"head"], 36)))
    ascent, descent = map(size, struct.unpack_from(">hh", font.tables[b"hhea"], 4))
    cap = size(struct.unpack_from(">h", font.glyphs[font.cmap[ord("H")]], 8)[0])  # the top of H
    left, _, right = struct.unpack_from(">hhh", font.glyphs[font.cmap[ord("l")]], 2)  # l is one upright stem
    descriptor = file.add(f"<< /Type /FontDescriptor /FontName {base} /Flags 32 /FontBBox [{box}] /ItalicAngle 0"
                          f" /Ascent {ascent} /Descent {descent} /CapHeight {cap} /StemV {size(right - left)}"
                          f" /FontFile2 {file.stream(program, f' /Length1 {len(program)}')} 0 R >>")
    runs = []  # consecutive glyph ids, each run one entry of /W
    for g in sorted(used):
        if runs and g == runs[-1][-1] + 1:
            runs[-1].append(g)
        else:
            runs.append([g])
    widths = " ".join(f"{run[0]} [{' '.join(size(font.metrics[g][0]) for g in run)}]" for run in runs)
    cid = file.add(f"<< /Type /Font /Subtype /CIDFontType2 /BaseFont {base} /CIDSystemInfo << /Registry (Adobe)"
                   f" /Ordering (Identity) /Supplement 0 >> /FontDescriptor {descriptor} 0 R /W [{widths}]"
                   " /CIDToGIDMap /Identity >>")
    unicode = file.stream(_to_unicode({g: ch for g, ch in used.items() if g}))
    return file.add(f"<< /Type /Font /Subtype /Type0 /BaseFont {base} /Encoding /Identity-H /DescendantFonts [{cid} 0 R]"
                    f" /ToUnicode {unicode} 0 R >>")
