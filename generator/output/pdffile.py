"""A small PDF 1.5 file writer: numbered objects, identical streams stored once, compressed object and xref streams."""
import io
import json
import struct
import zlib
from array import array

from ..digests import md5
from ..files import opened

LEVEL = 6   # zlib's compression level for every stream
ROW = struct.Struct(">BII")   # a row of the xref stream: type, then two fields (/W [1 4 4])


def string(text):
    """A PDF text string: literal when ASCII, else UTF-16 with a byte-order mark."""
    if text.isascii():
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


class Later:
    """Plain objects whose text make(number) gives when the file is put together, one Later for all of them (a large
    deck's page dictionaries: none held as text, nothing for each but its place in the list of objects)."""

    __slots__ = ("make",)

    def __init__(self, make):
        self.make = make


ON_DISK = object()   # the object of a stream with no entries but its length and filter that stream() spilled: where it
                     # is, in File.places


class Digests:
    """The numbers of streams by the 16-byte digests of their content: the digests in one bytearray, their numbers in an
    array and where each is in an open-addressed table, 26 to 32 bytes a stream (a dict of digests came to 150)."""

    __slots__ = ("digests", "numbers", "table")

    def __init__(self):
        self.digests, self.numbers, self.table = bytearray(), array("i"), array("i", [-1]) * 8

    def _slot(self, digest: bytes) -> int:
        """Where in the table a digest is, or the free place it would go."""
        digests, table, mask = self.digests, self.table, len(self.table) - 1
        at = int.from_bytes(digest[:8], "little") & mask
        while (k := table[at]) != -1 and digests[16 * k:16 * k + 16] != digest:
            at = (at + 1) & mask
        return at

    def get(self, digest: bytes) -> int | None:
        """The number of the stream of a digest, or None."""
        k = self.table[self._slot(digest)]
        return None if k == -1 else self.numbers[k]

    def add(self, digest: bytes, number: int) -> None:
        """Add the number of a stream whose digest is not here yet."""
        if 3 * (len(self.numbers) + 1) > 2 * len(self.table):   # two thirds full at most: twice as large
            self.table = array("i", [-1]) * (2 * len(self.table))
            for k in range(len(self.numbers)):
                self.table[self._slot(self.digests[16 * k:16 * k + 16])] = k
        self.table[self._slot(digest)] = len(self.numbers)
        self.digests += digest
        self.numbers.append(number)


class File:
    """Objects are dictionary text (str, or a Later), (dictionary text, stream bytes, or where stream() spilled them), or
    ON_DISK: a stream with no entries but its length and filter that stream() spilled; ref(n) names object n."""

    SPILL = 1 << 20   # bytes of compressed streams held in memory; stream() puts those past them in a temporary file

    def __init__(self, kept=None):
        """kept: {md5 of a stream's content in hex + its dictionary: its compressed bytes} that the last build of this file
        wrote (kept_streams): a stream found there is not compressed again."""
        self.objects = []
        self.streams, self.plain = {}, Digests()   # streams with entries of their own by digest and entries; without
        self.places = array("q")   # where in the spill each ON_DISK stream is, in order: offset << 32 | length
        self.kept, self.packed = kept or {}, {}   # packed: the same of this file's streams held in memory, for the next build
        self.held, self.spill = 0, None  # the streams past SPILL wait on disk until the file is written: offset << 32 | length

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
        return self._added(data, md5(data).digest(), extra)

    def keeps(self, digest: bytes, extra="") -> bool:
        """True when the last build of this file or this process kept the compressed bytes of a stream whose content has
        this md5 digest (and this dictionary): kept_stream can add it unread."""
        name = digest.hex() + extra
        return name in self.kept or name in RECENT

    def kept_stream(self, digest: bytes, extra="") -> int:
        """Add a stream that keeps() found by its content's digest, its content unknown here; return its number."""
        return self._added(None, digest, extra)

    def _added(self, data, digest, extra):
        """The number of a stream of content data (None: kept), added unless this file has it already."""
        if not extra:
            found = self.plain.get(digest)
            if found is None:
                found = self._stream(data, digest, extra)
                self.plain.add(digest, found)
            return found
        key = digest + extra.encode("latin-1")   # one bytes, not a tuple, for each stream
        found = self.streams.get(key)
        if found is None:
            found = self.streams[key] = self._stream(data, digest, extra)
        return found

    def _stream(self, data, digest, extra):
        """Add a stream not added before; return its number."""
        name = digest.hex() + extra
        packed = kept = self.kept.get(name) or RECENT.get(name) or RECENT.keep(name, zlib.compress(data, LEVEL))
        if self.held < self.SPILL:
            self.held += len(packed)
            self.packed[name] = packed
        else:
            if self.spill is None:
                import tempfile  # lazy: start-up (only a large file spills)
                self.spill = tempfile.TemporaryFile()
            kept = self.spill.tell() << 32 | len(packed)   # where in the spill: one int
            self.spill.write(packed)
            if not extra:   # a page's operators: where it is alone, its dictionary written from its length
                self.places.append(kept)
                return self.add(ON_DISK)
        return self.add((f"<< /Length {len(packed)} /Filter /FlateDecode{extra} >>", kept))

    def page_form(self, data, unit=True):
        """Copy the first page of another PDF (bytes) into this file as a Form XObject; return its number.

        unit: the form fills the unit square (as an image does), else it keeps the page's points. The other file is only
        read (pikepdf): its objects are written here, renumbered, streams as they were compressed.
        """
        import pikepdf  # lazy: start-up (only SVG art needs another PDF's page)

        with pikepdf.open(io.BytesIO(data)) as other:
            page = other.pages[0]
            x0, y0, x1, y1 = (float(v) for v in page.MediaBox)
            w, h = x1 - x0, y1 - y0
            matrix = ([1 / w, 0, 0, 1 / h, -x0 / w, -y0 / h] if unit else [1, 0, 0, 1, 0, 0])
            copied = {}
            resources = _object(self, page.obj.get("/Resources", pikepdf.Dictionary()), copied)
            body = page.obj.Contents
            streams = list(body) if isinstance(body, pikepdf.Array) else [body]
            ops = b"\n".join(s.read_bytes() for s in streams)
            return self.stream(ops, f" /Type /XObject /Subtype /Form /BBox [{_n(x0)} {_n(y0)} {_n(x1)} {_n(y1)}] "
                                    f"/Matrix [{' '.join(_n(round(v, 9)) for v in matrix)}] /Resources {resources}")

    def bytes(self, root, info, whole=True):
        """The whole file: plain objects packed in one object stream, then an xref stream. A file that spilled is put
        together on disk, each stream let go once copied there, and read back whole once: it is held once, in one piece
        (the File is spent); whole false: given as that temporary file, at its start, for the caller to read out and
        close (never held whole)."""
        if self.spill is None:
            out = io.BytesIO()
        else:
            import tempfile  # lazy: start-up
            out = tempfile.TemporaryFile()
        digest = md5()

        def put(data):
            out.write(data)
            digest.update(data)
        put(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
        packs = self.add(None)
        xref = len(self.objects) + 1
        rows = bytearray(ROW.size * (xref + 1))   # the xref stream's rows, filled in as each object finds its place
        ROW.pack_into(rows, 0, 0, 0, 65535)
        # the plain objects' header ('number offset' of each) and then their texts, compressed part by part: the same
        # bytes as compressing them joined, with no list of them, nor of their numbers, held
        packer = zlib.compressobj(6)
        parts, count, at, first = [], 0, 0, 0
        for number, value in enumerate(self.objects, 1):
            if type(value) is str or type(value) is Later:
                head = f"{' ' if count else ''}{number} {at}".encode()
                parts.append(packer.compress(head))
                first += len(head)
                at += len(_text(value, number)) + 1   # latin-1: a byte a character
                ROW.pack_into(rows, ROW.size * number, 2, packs, count)
                count += 1
        parts.append(packer.compress(b"\n"))
        for number, value in enumerate(self.objects, 1):
            if type(value) is str or type(value) is Later:
                parts.append(packer.compress(_text(value, number).encode("latin-1") + b"\n"))
                self.objects[number - 1] = None
        parts.append(packer.flush())
        packed = b"".join(parts)
        del parts
        self.objects[packs - 1] = (f"<< /Type /ObjStm /N {count} /First {first + 1} /Length {len(packed)}"
                                   " /Filter /FlateDecode >>", packed)
        places = iter(self.places)
        for number, value in enumerate(self.objects, 1):
            if value is ON_DISK:
                where = next(places)
                value = (f"<< /Length {where & 0xFFFFFFFF} /Filter /FlateDecode >>", where)
            if isinstance(value, tuple):
                ROW.pack_into(rows, ROW.size * number, 1, out.tell(), 0)
                put(f"{number} 0 obj\n{value[0]}\nstream\n".encode("latin-1"))
                put(value[1] if isinstance(value[1], bytes) else self._spilled(value[1]))
                put(b"\nendstream\nendobj\n")
                self.objects[number - 1] = None
        start = out.tell()
        ROW.pack_into(rows, ROW.size * xref, 1, start, 0)
        ident = digest.hexdigest()   # of everything before the xref stream
        packed = zlib.compress(rows, 6)
        out.write(f"{xref} 0 obj\n<< /Type /XRef /Size {xref + 1} /W [1 4 4] /Root {root} 0 R /Info {info} 0 R "
                  f"/ID [<{ident}> <{ident}>] /Length {len(packed)} /Filter /FlateDecode >>\nstream\n".encode())
        out.write(packed + b"\nendstream\nendobj\n")
        out.write(f"startxref\n{start}\n%%EOF\n".encode())
        if self.spill is None:
            return out.getvalue()  # the buffer itself, no copy
        self.spill.close()
        if not whole:
            out.seek(0)
            return out
        with out:
            size = out.tell()
            out.seek(0)
            return out.read(size)   # read straight into one bytes of the file's size

    def _spilled(self, where):
        """A compressed stream's bytes, read back from the spill (where: its offset << 32 | its length)."""
        self.spill.seek(where >> 32)
        return self.spill.read(where & 0xFFFFFFFF)


class Recent(dict):
    """The compressed streams this process compressed, by name as File.kept names them, up to room bytes of them: the
    file of one paper shares most of its streams with the other paper's (faces, fonts, a rulebook's diagram parts)."""

    def __init__(self, room: int):
        super().__init__()
        self.room = room

    def keep(self, name: str, packed: bytes) -> bytes:
        """Keep packed under name while there is room; return it."""
        if len(packed) <= self.room:
            self.room -= len(packed)
            self[name] = packed
        return packed


RECENT = Recent(File.SPILL)


def kept_streams(path, after: int = 0) -> dict:
    """The compressed streams a File kept at path (keep_streams), after as many lines of the file's own (a build's
    record), or {} when there are none or another zlib (or level) compressed them (its bytes could differ)."""
    try:
        with opened(path) as handle:
            for _ in range(after):
                handle.readline()
            head = json.loads(handle.readline())
            data = handle.read()
        if head["zlib"] != [zlib.ZLIB_RUNTIME_VERSION, LEVEL]:
            return {}
        found, at = {}, 0
        for name, size in head["streams"]:
            found[name] = data[at:at + size]
            at += size
        return found if at == len(data) else {}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def keep_streams(packed: dict) -> bytes:
    """A File's compressed streams (File.packed) as kept_streams reads them: a line of JSON naming each, then their bytes."""
    head = json.dumps({"zlib": [zlib.ZLIB_RUNTIME_VERSION, LEVEL], "streams": [[name, len(data)] for name, data in packed.items()]})
    return b"".join([head.encode(), b"\n", *packed.values()])


def _text(value, number: int) -> str:
    """The text of plain object number."""
    return value if type(value) is str else value.make(number)


def _n(value):
    """A PDF number: short, never '-0'."""
    text = f"{value:.9f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _object(file, obj, copied):
    """A pikepdf object of another file as PDF text in file: indirect objects copied once each (copied: objgen -> ref)."""
    import pikepdf  # lazy: start-up

    if isinstance(obj, bool):  # pikepdf hands numbers and booleans over as Python values
        return "true" if obj else "false"
    if isinstance(obj, int):
        return str(obj)
    if not isinstance(obj, pikepdf.Object):
        return _n(float(obj))
    if obj.is_indirect:
        key = obj.objgen
        if key not in copied:
            number = copied[key] = file.reserve()
            if isinstance(obj, pikepdf.Stream):
                extra = {k: v for k, v in obj.items() if k not in ("/Length",)}
                fields = " ".join(f"{k} {_object(file, v, copied)}" for k, v in sorted(extra.items()))
                raw = obj.read_raw_bytes()
                file.set(number, (f"<< /Length {len(raw)} {fields} >>", raw))
            else:
                file.set(number, _direct(file, obj, copied))
        return f"{copied[key]} 0 R"
    return _direct(file, obj, copied)


def _direct(file, obj, copied):
    """A direct pikepdf object as PDF text, its parts copied by _object."""
    import pikepdf  # lazy: start-up

    if isinstance(obj, pikepdf.Dictionary):
        return "<< " + " ".join(f"{k} {_object(file, v, copied)}" for k, v in sorted(obj.items())) + " >>"
    if isinstance(obj, pikepdf.Array):
        return "[" + " ".join(_object(file, v, copied) for v in obj) + "]"
    return obj.unparse().decode("latin-1")
