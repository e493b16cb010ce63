"""Reading the PDF reportlab writes (plain numbered objects, each stream's length given directly) without pikepdf: the
rulebook's pages are taken apart from it, and a cold build of the shipped games need not load pikepdf (a twentieth of a
second)."""
import re
from ..records import NamedTuple

from .pdffile import _n

OBJECT = re.compile(rb"(\d+) (\d+) obj\b")
TOKEN = re.compile(rb"(?:\s|%[^\r\n]*)*(<<|>>|\[|\]|/[^\s/\[\]<>()%]*|\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|[^\s/\[\]<>()%]+)", re.S)
STREAM = re.compile(rb"\s*stream\r?\n")


class Ref(NamedTuple):
    """An indirect reference: the object's number."""

    number: int


class Stream(NamedTuple):
    """A stream: its dictionary and its bytes as stored (still compressed)."""

    entries: dict
    raw: bytes


class Reader:
    """The objects of a PDF reportlab wrote, by number, and its trailer."""

    def __init__(self, data: bytes):
        self.data, self.objects, at = data, {}, 0
        while match := OBJECT.search(data, at):
            value, at = self._value(match.end())
            head = STREAM.match(data, at)
            if head:  # its length is a number in its dictionary, as reportlab writes it
                at = head.end() + value["/Length"]
                value = Stream(value, data[head.end():at])
            self.objects[int(match.group(1))] = value
        self.trailer = self._value(data.index(b"<<", data.rindex(b"trailer")))[0]

    def resolve(self, value):
        """The object a reference names; any other value as it is."""
        return self.objects[value.number] if isinstance(value, Ref) else value

    def pages(self) -> list:
        """The page objects' numbers in the order of the page tree."""
        root = self.resolve(self.trailer["/Root"])
        out, todo = [], [root["/Pages"]]
        while todo:
            node = todo.pop(0)
            kids = self.resolve(node).get("/Kids")
            if kids is None:
                out.append(node.number)
            else:
                todo[:0] = self.resolve(kids)
        return out

    def _value(self, at):
        """The value starting at byte at, and where it ends."""
        token, at = self._token(at)
        if token == b"<<":
            entries = {}
            while True:
                key, after = self._token(at)
                if key == b">>":
                    return entries, after
                entries[key.decode("latin-1")], at = self._value(after)
        if token == b"[":
            items = []
            while True:
                end, after = self._token(at)
                if end == b"]":
                    return items, after
                item, at = self._value(at)
                items.append(item)
        if token[:1] in b"/(<":
            return Text(token.decode("latin-1")), at
        if token in (b"true", b"false"):
            return token == b"true", at
        if token == b"null":
            return None, at
        if b"." in token:
            return float(token), at
        number = int(token)
        second = TOKEN.match(self.data, at)
        third = second and TOKEN.match(self.data, second.end())
        if third and third.group(1) == b"R" and second.group(1).isdigit():
            return Ref(number), third.end()
        return number, at

    def _token(self, at):
        match = TOKEN.match(self.data, at)
        return match.group(1), match.end()


class Text(str):
    """A name or string, written back as it was read."""


def copied(reader: Reader, file, value, numbers: dict) -> str:
    """A value of reader's file as PDF text in file (pdffile.File): each indirect object copied once, numbered in the
    order it is met (numbers: its number there -> its number in file); dictionaries in the order of their keys, numbers
    written short, streams as they were stored."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _n(value)
    if isinstance(value, Ref):
        if value.number not in numbers:
            number = numbers[value.number] = file.reserve()
            target = reader.objects[value.number]
            if isinstance(target, Stream):
                fields = " ".join(f"{k} {copied(reader, file, v, numbers)}" for k, v in sorted(target.entries.items())
                                  if k != "/Length")
                file.set(number, (f"<< /Length {len(target.raw)} {fields} >>", target.raw))
            else:
                file.set(number, copied(reader, file, target, numbers))
        return f"{numbers[value.number]} 0 R"
    if isinstance(value, dict):
        return "<< " + " ".join(f"{k} {copied(reader, file, v, numbers)}" for k, v in sorted(value.items())) + " >>"
    if isinstance(value, list):
        return "[" + " ".join(copied(reader, file, v, numbers) for v in value) + "]"
    return "null" if value is None else value
