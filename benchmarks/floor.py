"""The floor: the scale job's tile sheets written straight as PDF operators, the least work that draws what pnp draws.

Usage: python floor.py COUNT distinct|same OUT.pdf
The same faces (20 mm tiles, 0.3 mm border, an outlined shape in a colour), the same A4 layout (9 x 13 to a sheet,
the last block centred), white grounds and crop marks as pnp's sheets of the scale job; a face placed more than once
is stored once as a form and placed by reference, identical page streams once. Left out: pnp's manifest page and the
ruler and label on each sheet (so the floor does a little less than pnp).
"""
import functools
import sys
import zlib
from collections import Counter

TILE, BORDER, COLS, ROWS = 20, 0.3, 9, 13
PAGE_W, PAGE_H = 210, 297
AREA_TOP, AREA_H = 12, 262  # blocks sit inside the 7 mm margin, 5 mm for marks and an 11 mm footer band
MARKS = (7, 7, 203, 279)  # crop marks: 3 mm from the trim, up to 5 mm long, inside these bounds
PALETTE = ["#d7261e", "#2f9e44", "#1f6fd0", "#f5c211"]
SHAPES = [  # circle, square, flat triangle, rhombus in a 100-unit box, outlined 6 units wide
    "90 50 m 90 72.091 72.091 90 50 90 c 27.909 90 10 72.091 10 50 c 10 27.909 27.909 10 50 10 c 72.091 10 90 27.909"
    " 90 50 c h B", "1 j 15 15 70 70 re B", "1 j 50 9 m 94 85 l 6 85 l h B", "1 j 50 6 m 90 50 l 50 94 l 10 50 l h B"]


@functools.cache
def num(value: float) -> str:
    """A number as PDF operators write it: at most three decimals (each formatted once)."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


def face(index: int, distinct: bool) -> str:
    """Operators of face index: colour index // 4 (a colour of its own, or the palette's), shape index % 4."""
    colour = f"{(index // 4 * 2654435761) % 0xFFFFFF:06x}" if distinct else PALETTE[index // 4][1:]
    rgb = " ".join(num(int(colour[k:k + 2], 16) / 255) for k in (0, 2, 4))
    return (f"q 1 1 1 rg 0 0 20 20 re f 0.3 w 0.15 0.15 19.7 19.7 re S "
            f"0.164 0 0 0.164 1.8 1.8 cm {rgb} rg 6 w {SHAPES[index % 4]} Q")


def sheet(faces: list, forms: dict, distinct: bool) -> bytes:
    """Content of one sheet (mm, y down): white grounds under the block, the faces, then the crop marks."""
    cols, rows = min(len(faces), COLS), -(-len(faces) // COLS)
    left, top = (PAGE_W - cols * TILE) / 2, AREA_TOP + (AREA_H - rows * TILE) / 2
    right, bottom = left + cols * TILE, top + rows * TILE
    ops = [f"{72 / 25.4:.6f} 0 0 -{72 / 25.4:.6f} 0 {num(PAGE_H * 72 / 25.4)} cm"]
    for k in range(len(faces)):  # a ground reaches BORDER into the cells beside it: a cut off the line stays white
        c, r = k % cols, k // cols
        x, y = left + c * TILE - BORDER * (c > 0), top + r * TILE - BORDER * (r > 0)
        w, h = TILE + BORDER * ((c > 0) + (c < cols - 1)), TILE + BORDER * ((r > 0) + (r < rows - 1))
        ops.append(f"q 1 1 1 rg {num(x)} {num(y)} {num(w)} {num(h)} re f Q")
    here = None  # where a run of forms has moved the origin: each is placed by a move from the last, as pnp does
    for k, index in enumerate(faces):
        x, y = left + k % cols * TILE, top + k // cols * TILE
        if index in forms:
            ops += ["q"] if here is None else []
            hx, hy = here or (0, 0)
            ops.append(f"1 0 0 1 {num(x - hx)} {num(y - hy)} cm {forms[index]} Do")
            here = (x, y)
        else:
            ops += ["Q"] if here else []
            ops.append(f"q 1 0 0 1 {num(x)} {num(y)} cm 0 0 20 20 re W n {face(index, distinct)} Q")
            here = None
    ops.append(("Q " if here else "") + "q 0.25 w")
    for x in (left + c * TILE for c in range(cols + 1)):
        ops += [f"{num(x)} {num(top - 3)} m {num(x)} {num(max(top - 8, MARKS[1]))} l S",
                f"{num(x)} {num(bottom + 3)} m {num(x)} {num(min(bottom + 8, MARKS[3]))} l S"]
    for y in (top + r * TILE for r in range(rows + 1)):
        ops += [f"{num(left - 3)} {num(y)} m {num(max(left - 8, MARKS[0]))} {num(y)} l S",
                f"{num(right + 3)} {num(y)} m {num(min(right + 8, MARKS[2]))} {num(y)} l S"]
    return "\n".join(ops + ["Q"]).encode()


def main(count: int, distinct: bool, out: str) -> None:
    """Write count tiles: every face distinct (count / 4 colours x 4 shapes), or 16 faces in runs of count / 16."""
    tiles = [i if distinct else i // (count // 16) for i in range(count)]
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", None, None]  # 2: the page tree, 3: the resources
    stored = {}

    def stream(data, extra=""):
        """Add a compressed stream once per distinct content; return its object number."""
        if (data, extra) not in stored:
            packed = zlib.compress(data, 6)
            objects.append(f"<< /Length {len(packed)} /Filter /FlateDecode{extra} >>\nstream\n".encode() + packed
                           + b"\nendstream")
            stored[data, extra] = len(objects)
        return stored[data, extra]

    forms = {index: f"/F{index}" for index, uses in Counter(tiles).items() if uses > 1}
    refs = {name: stream(face(index, distinct).encode(), " /Type /XObject /Subtype /Form /BBox [0 0 20 20]")
            for index, name in forms.items()}
    objects[2] = "<< /XObject << " + " ".join(f"{name} {n} 0 R" for name, n in refs.items()) + " >> >>"
    pages = []
    for start in range(0, count, COLS * ROWS):
        content = stream(sheet(tiles[start:start + COLS * ROWS], forms, distinct))
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.276 841.89] /Resources 3 0 R "
                       f"/Contents {content} 0 R >>")
        pages.append(len(objects))
    objects[1] = f"<< /Type /Pages /Count {len(pages)} /Kids [{' '.join(f'{n} 0 R' for n in pages)}] >>"
    data, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(data))
        data += f"{number} 0 obj\n".encode() + (body if isinstance(body, bytes) else body.encode()) + b"\nendobj\n"
    xref = len(data)
    data += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    data += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    data += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    with open(out, "wb") as file:
        file.write(data)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2] == "distinct", sys.argv[3])
