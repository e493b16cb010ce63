"""A small PDF 1.5 file writer: numbered objects, identical streams stored once, compressed object and xref streams."""
import hashlib
import struct
import zlib


def string(text):
    """A PDF text string: literal when ASCII, else UTF-16 with a byte-order mark."""
    if text.isascii():
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


class File:
    """Objects are dictionary text (str) or (dictionary text, stream bytes); ref(n) names object n."""

    def __init__(self):
        self.objects = []
        self.streams = {}

    def reserve(self):
        """A number for an object set later."""
        self.objects.append(None)
        return len(self.objects)

    def set(self, number, value):
        """Give a reserved object its value."""
        self.objects[number - 1] = value

    def add(self, value):
        """Add an object; return its number."""
        self.objects.append(value)
        return len(self.objects)

    def stream(self, data, extra=""):
        """Add a compressed stream (once per distinct content and dictionary); return its number."""
        key = (hashlib.md5(data).digest(), extra)
        if key not in self.streams:
            packed = zlib.compress(data, 6)
            self.streams[key] = self.add((f"<< /Length {len(packed)} /Filter /FlateDecode{extra} >>", packed))
        return self.streams[key]

    def bytes(self, root, info):
        """The whole file: plain objects packed in one object stream, then an xref stream."""
        out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
        plain = [k for k, v in enumerate(self.objects, 1) if isinstance(v, str)]
        packs = self.add(None)
        where = {}
        header, body = [], bytearray()
        for index, number in enumerate(plain):
            header.append(f"{number} {len(body)}")
            body += self.objects[number - 1].encode("latin-1") + b"\n"
            where[number] = (2, packs, index)
        head = (" ".join(header) + "\n").encode()
        packed = zlib.compress(head + bytes(body), 6)
        self.objects[packs - 1] = (f"<< /Type /ObjStm /N {len(plain)} /First {len(head)} /Length {len(packed)}"
                                   " /Filter /FlateDecode >>", packed)
        for number, value in enumerate(self.objects, 1):
            if isinstance(value, tuple):
                where[number] = (1, len(out), 0)
                out += f"{number} 0 obj\n{value[0]}\nstream\n".encode("latin-1") + value[1] + b"\nendstream\nendobj\n"
        xref = len(self.objects) + 1
        where[xref] = (1, len(out), 0)
        rows = struct.pack(">BII", 0, 0, 65535) + b"".join(
            struct.pack(">BII", *where[k]) for k in range(1, xref + 1))
        ident = hashlib.md5(out).hexdigest()  # no copy of the whole file
        packed = zlib.compress(rows, 6)
        out += (f"{xref} 0 obj\n<< /Type /XRef /Size {xref + 1} /W [1 4 4] /Root {root} 0 R /Info {info} 0 R "
                f"/ID [<{ident}> <{ident}>] /Length {len(packed)} /Filter /FlateDecode >>\nstream\n").encode()
        out += packed + b"\nendstream\nendobj\n"
        out += f"startxref\n{where[xref][1]}\n%%EOF\n".encode()
        return bytes(out)
