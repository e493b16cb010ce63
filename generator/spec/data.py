"""Rows of a component's data, one face per row: a CSV or XLSX sheet (header in row 1), or a YAML or JSON list."""
import csv
import io
import json
import os
import re
from array import array
from bisect import bisect_right
from collections.abc import Sequence
from operator import itemgetter
from pathlib import Path
from types import MappingProxyType

from .. import cache
from ..digests import hexdigest
from ..records import NamedTuple
from . import yamlsource
from .model import DATA, ROW
from ..errors import UserError

MAX_BYTES = 20_000_000   # the largest data file read
SUFFIXES = (".csv", ".xlsx", ".yaml", ".yml", ".json")   # the data files load reads, by extension
MAX_ROWS = 100_000       # rows in one data file (a component makes at most this many pieces)
MAX_CELLS = 2_000_000    # cells of a workbook's sheet, the empty ones before a row's last value included
MAX_UNPACKED = 200_000_000   # bytes a workbook's parts unpack to (a 20 MB .xlsx may be a zip bomb)
QUOTED = re.compile(r'"(?:[^"]|"")*"')   # a quoted cell, a quote inside it written twice
TWICE = '(a quote inside a quoted cell is written twice, "")'
LINES = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+")  # lines as a file opened with newline="" gives them, ended
# by CRLF, LF or a classic Mac's CR (a StringIO of the text would hold it again, four bytes a character)
BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
        (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))   # a CSV's byte-order marks and the encodings they tell
# (Excel's "CSV UTF-8" and "Unicode Text"; UTF-32's first, as its little-endian mark starts as UTF-16's); none: UTF-8
csv.field_size_limit(MAX_BYTES)   # a cell as long as a data file may be: a quote never closed is found, wherever it is
FALSE = ("", "0", "false", "no", "off", "none")   # cell values that hide an element whose visible names the column
FORMULA = re.compile(rb"<(?:\w+:)?f[\s>/]")   # a formula's element in a sheet's XML
STRING = re.compile(rb"<(?:\w+:)?si[\s>/]")   # an entry of a workbook's shared-strings table
CELL = re.compile(rb"<(?:\w+:)?c[\s>/]")   # a cell's element in a sheet's XML
DIGITS = 4300   # the most digits Python's int() reads (sys.get_int_max_str_digits): openpyxl reads a number cell with it
LONG = re.compile(rb"<(?:\w+:)?v>\s*[-+]?[0-9]{%d,}" % (DIGITS + 1))   # a cell's value of more digits than that
REFERENCE = re.compile(rb"<(?:\w+:)?c\s[^>]*?\br=[\"']([A-Z]{1,3})([0-9]{1,7})[\"']")   # a cell's element and its place
FEW_STRINGS = 100_000   # shared strings openpyxl reads in well under a second: more are counted against the cells
ALIKE = 1000       # distinct cell texts of a file's first rows remembered: a later cell of one of these texts (a suit,
                   # a cost) holds that text, not a copy of its own


class Rows(NamedTuple):
    """A data file as read: its name in messages, its columns in order, and (row number, {column: text, ROW: row number,
    DATA: name}) per row."""

    name: str
    columns: tuple
    rows: tuple
    at: object = None   # a spec's inline rows: (row number, column, message) -> its error at the spec's line

    def fail(self, number, column, message):
        """A UserError naming this file, a row and a column, e.g. 'cards.csv row 7, column cost: ...' (no row or no
        column: the file, or its row, alone)."""
        if self.at is not None:
            return self.at(number, column, message)
        row = f" row {number}" if number else ""
        return UserError(f"{self.name}{row}{f', column {column}' if column is not None else ''}: {message}")


def cell(value) -> str:
    """A cell as text: whole numbers without '.0', nothing as ''."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if not isinstance(value, (str, int, float)):
        return _moment(value)
    return yamlsource.composed(value) if isinstance(value, str) else str(value)


def unprintable(text: str) -> str:
    """Why a cell's text cannot be printed (a control character, save line breaks and tabs; a lone surrogate), or ''."""
    if not yamlsource.is_text(text):
        lone = next(ch for ch in text if "\ud800" <= ch <= "\udfff")
        return f"holds a lone surrogate (U+{ord(lone):04X}), which is not a character"
    control = yamlsource.control_character(text, "\n\r\t")
    return f"holds the control character U+{ord(control):04X}, which cannot be printed" if control else ""


def _moment(value) -> str:
    """A spreadsheet's date or time as ISO text, its time left out when it has none: 2024-01-02, 2024-01-02 14:30, 14:30
    (str() gave '2024-01-02 00:00:00'); any other value as str() gives it."""
    import datetime  # lazy: start-up (only a workbook's or YAML's dates are read)
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    timespec = "seconds" if getattr(value, "second", 0) or getattr(value, "microsecond", 0) else "minutes"
    if isinstance(value, datetime.datetime):
        return value.isoformat(" ", timespec)
    if isinstance(value, datetime.time):
        return value.isoformat(timespec)
    return str(value)


def kinds(path: Path) -> str:
    """What a data file must be, for a path that is not one (else '')."""
    suffix = path.suffix.lower()
    return "" if suffix in SUFFIXES else f"data files are .csv, .xlsx, .yaml, .yml or .json (found {suffix or 'no extension'!r})"


class NoSheet(UserError):
    """A workbook without the sheet a component names."""


def load(path: Path, sheet: str | None = None) -> Rows:
    """The rows of a data file, by its extension: .csv, .xlsx (its first sheet, or the one named), .yaml/.yml or .json."""
    suffix = path.suffix.lower()
    readers = {".csv": _csv, ".xlsx": _xlsx, ".yaml": _listed, ".yml": _listed, ".json": _listed}
    if suffix not in readers:
        raise UserError(f"{path}: {kinds(path)}")
    if path.stat().st_size > MAX_BYTES:
        raise UserError(f"{path}: data file is larger than {MAX_BYTES // 1_000_000} MB")
    return _xlsx(path, sheet) if suffix == ".xlsx" else readers[suffix](path)


def _table(name, header, records, table=None, at=1):
    """Rows from a header and (row number, cells, where the row starts in its file or None) records; a nameless,
    repeated or surplus column is an error. table: the Table a CSV's rows are read again from (each row's start and
    number noted in it, its cells let go), else the rows are kept; at: the header's row number."""
    columns = [cell(c).strip() for c in header]
    while columns and not columns[-1]:
        columns.pop()
    named: set = set()
    for i, column in enumerate(columns, start=1):
        if why := unprintable(column):
            raise UserError(f"{name} row {at}, column {i}: the header's cell {why}")
        if not column:
            raise UserError(f"{name} row {at}, column {i}: the header names no column here (every column needs a name)")
        if column in named:
            raise UserError(f"{name} row {at}, column {i}: column {column!r} is named twice")
        named.add(column)
        if "{" in column or "}" in column:
            raise UserError(f"{name} row {at}, column {i}: a column name may not hold '{{' or '}}' (found {column!r})")
    rows, pad, shared, known = [], [""] * len(columns), _shared(), {}
    for number, cells, start in records:
        texts = [cell(v) for v in cells]
        values = list(map(known.get, texts, texts))  # a text met before (among the first ALIKE): that one object
        if not any(v.strip() for v in values):
            continue  # a blank row
        if len(known) < ALIKE:
            known.update(zip(values, values))
        for i, value in enumerate(values):
            if why := unprintable(value):
                raise UserError(f"{name} row {number}, column {_column(columns, number, i + 1)}: the cell {why}")
        extra = next((i for i in range(len(columns), len(values)) if values[i].strip()), None)
        if extra is not None:
            opened = next((i for i, v in enumerate(values) if "\n" in v or "\r" in v), None) if table is not None else None
            if opened is not None:   # a CSV's quote left open, closed by a quote rows below: a quote's error, not a column's
                raise UserError(f"{name} row {number}, column {_column(columns, number, opened + 1)}: a quote opened "
                                f"here runs on into the rows below, to the next quote: end the cell with a quote {TWICE}")
            raise UserError(f"{name} row {number}, column {extra + 1}: a value in a column the header does not name "
                            f"({values[extra]!r})")
        if table is not None:
            table.note(number, start)
        else:
            rows.append((number, _row(shared, zip(columns, values + pad), number, name)))
        if len(rows) + (len(table) if table is not None else 0) > MAX_ROWS:
            raise UserError(f"{name}: more than {MAX_ROWS:,} rows")
    if not columns:
        raise UserError(f"{name} row {at}: the header names no columns")
    if table is not None:
        return Rows(name, tuple(columns), table.done(tuple(columns)))
    return Rows(name, tuple(columns), tuple(rows))


class Table(Sequence):
    """A CSV file's data rows, (row number, {column: text, ROW: number, DATA: name}), read again from the file whenever
    they are asked for: a row holds where it starts in the file and its number, not its cells (a deck of 50,000 rows
    holds no 50,000 dicts). The file must stay as it was read (its size, time and inode): a change is an error."""

    BLOCK = 1 << 16   # bytes read at a time: rows asked for in order are read and parsed a block at a time

    def __init__(self, path: Path, name: str, delimiter: str, codec: str, stamp: tuple, digest: str):
        self.path, self.name, self.delimiter, self.codec = path, name, delimiter, codec
        self.stamp, self.digest = stamp, digest
        self.starts, self.numbers, self.columns = array("i"), array("i"), ()   # a file is MAX_BYTES at most
        self.first, self.cells = 0, list[list[str]]()   # the cells of the rows read last, the first of them row first

    def note(self, number: int, start: int) -> None:
        """Add a row: its number and where in the file it starts."""
        self.numbers.append(number)
        self.starts.append(start)

    def done(self, columns: tuple) -> "Table":
        """The table with its columns, once every row is noted: its last row ends where the file does."""
        self.columns = columns
        self.starts.append(self.stamp[0])
        return self

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(map(self.__getitem__, range(*index.indices(len(self)))))
        number = self.numbers[index]   # an IndexError past either end
        index %= len(self)
        if not self.first <= index < self.first + len(self.cells):
            self._parse(index)
        cells = self.cells[index - self.first]
        row = dict(zip(self.columns, cells if len(cells) >= len(self.columns) else cells + [""] * len(self.columns)))
        row[ROW], row[DATA] = number, self.name   # a plain dict: a row read again is let go with its face
        return number, row

    def _parse(self, index: int) -> None:
        """Read and parse the rows from row index on, a block of the file (the file checked unchanged)."""
        starts = self.starts
        end = max(bisect_right(starts, starts[index] + self.BLOCK, index + 1, len(starts)) - 1, index + 1)
        with open(self.path, "rb") as handle:
            if _stamp(os.fstat(handle.fileno())) != self.stamp:
                raise UserError(f"{self.name}: the file changed while it was being read: build again")
            handle.seek(starts[index])
            text = handle.read(starts[end] - starts[index]).decode(self.codec)
        if "\r" in text:   # a line break in a quoted cell is a new line of its text, whichever line ends the file has
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        text = yamlsource.composed(text)   # as cell() gives the first reading's cells
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=self.delimiter)   # a block: its lines, not the file's
        self.first, self.cells = index, [cells for cells in reader if "".join(cells).strip()]   # blank rows have no row

    def __repr__(self) -> str:
        return f"Table({self.name!r}, {self.digest})"


def _stamp(found: os.stat_result) -> tuple:
    """(size, modified time in ns, inode) of a file: what tells that it changed since it was read."""
    return found.st_size, found.st_mtime_ns, found.st_ino


class Faces(Sequence):
    """A component's faces from a Table: each face a row's {column: text} (read-only, read again from the file when asked
    for), a row as many times as its count; rows: the table's index of each face's row (None: one face for each row)."""

    def __init__(self, table: Table, rows: array | None = None):
        self.table, self.rows = table, rows

    def __len__(self) -> int:
        return len(self.table) if self.rows is None else len(self.rows)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(map(self.__getitem__, range(*index.indices(len(self)))))
        return MappingProxyType(self.table[index if self.rows is None else self.rows[index]][1])

    def __repr__(self) -> str:
        """The file's digest and which row each face is: what its faces are, without reading them."""
        rows = "" if self.rows is None else f", {hexdigest(self.rows.tobytes())}"
        return f"Faces({self.table!r}{rows})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Faces) and repr(self) == repr(other)

    def __hash__(self) -> int:
        return hash(repr(self))


def _csv(path):
    """A CSV file (UTF-8, with or without a byte-order mark, or UTF-16 with one; comma, semicolon or tab between cells;
    any system's line ends): a Table of its rows, read again from the file when asked for."""
    with open(path, "rb") as handle:
        stamp = _stamp(os.fstat(handle.fileno()))
        data = cache.read(path, handle.read())
    if data.startswith(b"PK\x03\x04"):   # a zip: a workbook saved as .xlsx and renamed, or exported wrong
        raise UserError(f"{path}: an Excel workbook (.xlsx) or other zip, not a CSV: name it {Path(path).stem}.xlsx, or "
                        "save it from the spreadsheet as CSV UTF-8")
    bom, codec = next(((bom, codec) for bom, codec in BOMS if data.startswith(bom)), (b"", "utf-8"))
    try:
        text = str(memoryview(data)[len(bom):], codec)
    except UnicodeDecodeError as exc:
        raise UserError(_undecoded(path, data, bom, codec, len(bom) + exc.start)) from None
    marks = len(text) - len(text := text.lstrip("\ufeff"))   # a mark saved twice (a tool adding one to a file that had one)
    skipped = len(bom) + marks * len("\ufeff".encode(codec))
    unit = len("a".encode(codec))   # bytes a character in a text of one width (ASCII, or UTF-16 with no pairs)
    even = len(data) - skipped == unit * len(text)
    said = re.match(SEPARATOR, text)   # Excel's first line naming the separator, e.g. sep=;
    delimiter = said.group(1) if said else _delimiter(text)
    if (nul := text.find("\0")) >= 0:
        raise UserError(f"{path} {_place(text[:nul], delimiter)}: a NUL character, which no text holds (a file in UTF-16 "
                        "without a byte-order mark, or not a CSV?): save it as CSV UTF-8")
    end, read, begun = skipped, 0, 0   # where in the file the lines read end; in the text, the same and the row's start
    del data  # the text and each row's cells are all that is read from here on

    def lines():
        """The text's lines as a file opened with newline="" gives them, end: where in the file the last one ends."""
        nonlocal end, read
        for line in map(itemgetter(0), LINES.finditer(text)):
            end += unit * len(line) if even else len(line.encode(codec))
            read += len(line)
            yield line
    reader = csv.reader(lines(), delimiter=delimiter, strict=True)   # strict: text after a closing quote is refused
    number, header = 0, []

    def records():
        """(row number, cells, where in the file the row starts) of each row, its cells let go once its row is noted."""
        nonlocal number, header, begun
        start, named = end, 0
        for number, cells in enumerate(reader, start=1):
            if number == 1 and said:   # the sep= line: the header is the next
                start, begun = end, read
                continue
            if number == 1 + bool(said):
                header = cells
                named = len(header) - next((i for i, c in enumerate(reversed(header)) if c.strip()), len(header))
            if len(cells) < named and any(c.strip() for c in cells):   # a cell left out: the values after it slide left
                empty = "two tabs" if delimiter == "\t" else delimiter * 2
                raise UserError(f"{path} row {number}, column {_column(header, number, len(cells) + 1)}: the row ends "
                                f"here, {named - len(cells)} cell{'s' * (named - len(cells) > 1)} short of the header's "
                                f"{named}, so a value may stand in the wrong column: write an empty cell as {empty}")
            yield number, cells, start
            start, begun = end, read
    found = records()
    table = Table(path, str(path), delimiter, codec, stamp, cache.READ[str(Path(path).resolve())])
    try:
        first = next(found, None)
        if first is None:
            raise UserError(f"{path}: the file is empty (expected a header row naming the columns)")
        return _table(str(path), first[1], found, table, first[0])
    except csv.Error as exc:
        fault = _quote_fault(text, begun, delimiter)
        raise UserError(f"{path} {_place(text[:fault[0] + 1], delimiter)}: {fault[1]}" if fault else
                        f"{path} row {number + 1}: not valid CSV ({exc})") from None


def _quote_fault(text: str, at: int, delimiter: str) -> tuple | None:
    """(where its cell's opening quote is, what is wrong) of the first quoted cell in the row starting at at that is
    never closed or has text after its closing quote (csv's strict reading refuses both), or None."""
    def ended(at: int) -> int:
        """Where a cell's text from at ends: at the next cell or row, or the text's end."""
        return min((found for found in (text.find(end, at) for end in (delimiter, "\r", "\n")) if found >= 0),
                   default=len(text))
    while at < len(text):
        if text[at] == '"':
            quoted = QUOTED.match(text, at)
            if quoted is None:
                return at, ("a quote opened here is never closed (the rest of the file was read into this cell): end the "
                            f"cell with a quote {TWICE}")
            after = quoted.end()
            if after < len(text) and text[after] not in (delimiter, "\r", "\n"):
                if "\n" in quoted.group() or "\r" in quoted.group():
                    return at, ("a quote opened here runs on into the rows below, to the next quote: end the cell with a "
                                f"quote {TWICE}")
                extra = text[after:min(ended(after), after + 40)]   # a few words: what a reader finds it by
                return at, f"text follows the quote that ends this cell ({extra!r}): put the whole cell in quotes {TWICE}"
            at = after
        else:
            at = ended(at)
        if at >= len(text) or text[at] != delimiter:
            return None   # the row ends, every quoted cell in it sound
        at += 1
    return None


SEPARATOR = r"sep=([,;\t|])(?:\r\n|\r|\n)"   # the first line Excel reads and writes to name a CSV's separator (compiled
# by re's own cache when a CSV is read: start-up)


def _delimiter(text: str) -> str:
    """What separates a CSV's cells: whichever of comma, semicolon and tab its first line holds most (a comma if none)."""
    first = LINES.match(text)
    return max(",;\t", key=first.group().count) if first else ","


def _named(header: list, i: int) -> str | int:
    """A workbook's column i (from 0) as messages name it: its header's name, else its number."""
    return header[i] if i < len(header) and header[i] else i + 1


def _column(header: list, row: int, column: int) -> str | int:
    """A column as messages name it: its name in the header, or its number (in the header itself, or past it)."""
    return header[column - 1].strip() or column if row > 1 and column <= len(header) else column


def _place(before: str, delimiter: str) -> str:
    """'row R, column C' of the cell a CSV's text goes on in after before (its start up to some character)."""
    records = list(csv.reader(io.StringIO(before + "?", newline=""), delimiter=delimiter))
    return f"row {len(records)}, column {_column(records[0], len(records), len(records[-1]))}"


def _undecoded(path, data: bytes, bom: bytes, codec: str, start: int) -> str:
    """The message for a CSV file that is not text in the encoding it was read in: the row and column of its first bad
    byte (at start), and what to do."""
    before = str(memoryview(data)[len(bom):start], codec, "replace")
    place = _place(before, _delimiter(before))
    if codec != "utf-8":
        name = codec[:6].upper()
        return (f"{path} {place}: not {name} text (byte {start}), though it starts with {name}'s byte-order mark: save "
                "it as CSV UTF-8")
    return f"{path} {place}: not UTF-8 text ({_byte(data, start)}): save it as CSV UTF-8"


def _byte(data: bytes, at: int) -> str:
    """The byte at at that UTF-8 cannot read, as messages name it, e.g. "byte 153, 0xe9, perhaps a Latin-1 'é'"; one
    of 0x80-0x9f, which Latin-1 leaves to invisible controls, as Windows-1252 (Excel's CSV on Windows) reads it:
    "0x97, perhaps a Windows-1252 '—'" (none of the five it leaves unused)."""
    byte = data[at:at + 1]
    if 0x80 <= byte[0] <= 0x9f:
        try:
            return f"byte {at}, 0x{byte[0]:02x}, perhaps a Windows-1252 '{byte.decode('cp1252')}'"
        except UnicodeDecodeError:
            return f"byte {at}, 0x{byte[0]:02x}"
    return f"byte {at}, 0x{byte[0]:02x}, perhaps a Latin-1 '{byte.decode('latin-1')}'"


def _xlsx(path, sheet=None):
    """The first sheet of an Excel workbook, or the sheet named, cell values as shown (formulas as their last computed
    value); rows named in messages as 'cards.xlsx sheet Events row 3'."""
    data = cache.read(path, path.read_bytes())
    rows = _sheet(path, data, sheet, computed=True)
    if not rows:
        which = "the first sheet" if sheet is None else f"sheet {sheet!r}"
        raise UserError(f"{path}: {which} is empty (expected a header row naming the columns)")
    name = str(path) if sheet is None else f"{path} sheet {sheet}"
    _no_errors(name, rows)
    unset = any(value is None and kind != "str" for row in rows for value, kind in row)   # "str": a formula's ""
    if unset and _formulas(data):
        _uncomputed(name, rows, _sheet(path, data, sheet, computed=False))
    values = [[value for value, _ in row] for row in rows]
    top = next((n for n, row in enumerate(values) if any(cell(v).strip() for v in row)), 0)   # blank rows above the header
    return _table(name, values[top], ((n, cells, None) for n, cells in enumerate(values[top + 1:], start=top + 2)),
                  at=top + 1)


def _sheet(path, data: bytes, sheet, computed: bool) -> list:
    """The rows of a workbook's sheet, each a list of (value, openpyxl's data type) of its cells; computed: a formula's
    cell holds its last computed value (None when none was saved), else its formula (type "f")."""
    import openpyxl  # lazy: start-up (read only for spreadsheets)
    try:
        _unpacked(path, data)
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=computed)
    except UserError:
        raise
    except Exception as exc:  # openpyxl raises many kinds (zip, XML, key errors) for a file that is no workbook
        raise UserError(f"{path}: not an Excel workbook (.xlsx) that can be read ({type(exc).__name__})") from None
    try:
        if sheet is not None and sheet not in book.sheetnames:
            raise NoSheet(f"no sheet {sheet!r} in {path.name} (sheets: {', '.join(book.sheetnames)})")
        found = book[sheet] if sheet is not None else _first(book, path)
        if not hasattr(found, "iter_rows"):
            raise UserError(f"{path}: sheet {sheet!r} is a chart, not a sheet of data")
        found.reset_dimensions()   # rows as far as their last cell, not padded to the size the file claims
        rows, cells = [], 0
        try:
            for number, row in enumerate(found.iter_rows(), start=1):
                cells += len(row)
                if number > MAX_ROWS + 1 or cells > MAX_CELLS:
                    where = f"{path if sheet is None else f'{path} sheet {sheet}'} row {number:,}"
                    raise UserError(f"{where}: more than the {MAX_ROWS:,} rows below the header a data file may hold: "
                                    "delete the rows past the data" if number > MAX_ROWS + 1 else
                                    f"{where}: more than the {MAX_CELLS:,} cells a sheet may hold (this row reaches "
                                    f"column {len(row):,}): delete the columns past the data")
                rows.append([(c.value, c.data_type) for c in row])
        except ValueError:   # openpyxl's int() of a number cell of more than DIGITS digits (a traceback)
            raise UserError(_long_number(path if sheet is None else f"{path} sheet {sheet}", data, rows)) from None
        return rows
    finally:
        book.close()


def _long_number(name: str, data: bytes, rows: list) -> str:
    """The message for a workbook whose number cell has more than DIGITS digits, naming its row and column (found in
    its sheets' XML: openpyxl says neither), the column by the header's name when the header is read."""
    import zipfile  # lazy: start-up (read only for spreadsheets; it loads shutil, bz2, lzma and threading)
    with zipfile.ZipFile(io.BytesIO(data)) as book:
        for part in (part for part in book.namelist() if part.startswith("xl/worksheets/")):
            text = book.read(part)
            found = LONG.search(text)
            places = list(REFERENCE.finditer(text, max(0, found.start() - 4096), found.start())) if found else []
            if found and places:
                letters, number = places[-1].group(1).decode(), int(places[-1].group(2))
                column = 0
                for letter in letters:
                    column = column * 26 + ord(letter) - ord("A") + 1
                header = [cell(value).strip() for value, _ in rows[0]] if rows else []
                digits = len(found.group().rpartition(b">")[2].strip().lstrip(b"+-"))
                return (f"{name} row {number}, column {_named(header, column - 1) if number > 1 else column}: the cell "
                        f"holds a number of {digits:,} digits, more than the {DIGITS:,} pnp reads")
    return f"{name} row {len(rows) + 1}: a cell holds a number of more than the {DIGITS:,} digits pnp reads"


def _first(book, path):
    """The first sheet of data a workbook shows: charts and hidden sheets passed over, as a spreadsheet program opens it."""
    shown = [found for found in book.worksheets if hasattr(found, "iter_rows") and found.sheet_state == "visible"]
    if not shown:
        raise UserError(f"{path}: no sheet of data shows (its sheets: {', '.join(book.sheetnames)}, charts or hidden): "
                        "name one with sheet:")
    return shown[0]


def _no_errors(name: str, rows: list) -> None:
    """Refuse a cell holding a spreadsheet error (#N/A, #REF!, #DIV/0!): it would print on the card as it is."""
    header = [cell(value).strip() for value, _ in rows[0]]
    for number, cells in enumerate(rows, start=1):
        for i, (value, kind) in enumerate(cells):
            if kind == "e":
                raise UserError(f"{name} row {number}, column {_named(header, i)}: the cell holds the spreadsheet error {value}: "
                                "fix its formula or its inputs")


def _unpacked(path, data: bytes) -> None:
    """Refuse a workbook whose parts unpack to more than MAX_UNPACKED bytes (zipfile reads no part past its size), or
    whose shared-strings table holds more strings than its sheets have cells: openpyxl reads every one, and ten million
    one-letter strings, packed in 420 KB, took 65 s and 1.1 GB."""
    import zipfile  # lazy: start-up (read only for spreadsheets; it loads shutil, bz2, lzma and threading)
    with zipfile.ZipFile(io.BytesIO(data)) as book:
        size = sum(part.file_size for part in book.infolist())
        if size > MAX_UNPACKED:
            raise UserError(f"{path}: unpacks to {size / 1e6:,.0f} MB, more than the {MAX_UNPACKED // 1_000_000} MB a "
                            "workbook may (a zip bomb?)")
        names = book.namelist()
        strings = sum(_counted(book, name, STRING) for name in names if name.lower().endswith("sharedstrings.xml"))
        if strings > FEW_STRINGS:
            cells = sum(_counted(book, name, CELL) for name in names if name.startswith("xl/worksheets/"))
            if strings > cells:
                raise UserError(f"{path}: its shared-strings table holds {strings:,} texts, more than the {cells:,} "
                                "cells of its sheets could show (a zip bomb?): save it again from a spreadsheet program")


def _counted(book, name: str, element: re.Pattern) -> int:
    """How many of an element a part of a zip holds, read a megabyte at a time (an element cut between two is counted
    once: each piece is read up to its last '<')."""
    found, rest = 0, b""
    with book.open(name) as part:
        while piece := part.read(1 << 20):
            piece = rest + piece
            cut = piece.rfind(b"<")
            found += len(element.findall(piece, 0, cut if cut >= 0 else len(piece)))
            rest = piece[cut:] if cut >= 0 else b""
    return found + len(element.findall(rest))


def _formulas(data: bytes) -> bool:
    """Whether any sheet of a workbook holds a formula (an <f> element, with or without a namespace prefix): read
    before a second pass of openpyxl looks for one."""
    import zipfile  # lazy: start-up (read only for spreadsheets; it loads shutil, bz2, lzma and threading)
    with zipfile.ZipFile(io.BytesIO(data)) as book:
        return any(FORMULA.search(book.read(name)) for name in book.namelist() if name.startswith("xl/worksheets/"))


def _uncomputed(name: str, computed: list, formulas: list) -> None:
    """Refuse a formula cell with no computed value saved (a workbook written by a script and never opened in a
    spreadsheet program): it would print as an empty cell."""
    header = [cell(value).strip() for value, _ in computed[0]]
    for number, (cells, written) in enumerate(zip(computed, formulas), start=1):
        for i, ((value, kind), (formula, how)) in enumerate(zip(cells, written)):
            if value is None and kind != "str" and how == "f":
                formula = getattr(formula, "text", formula)   # an array formula's text
                what = f"the formula {formula}" if isinstance(formula, str) else "a formula"
                raise UserError(f"{name} row {number}, column {_named(header, i)}: {what} has no computed value saved (the "
                                "workbook was written by a program that does not calculate): open it in a spreadsheet "
                                "program and save it")


def _listed(path):
    """A YAML or JSON list of mappings, one per row (row n is the list's n-th item)."""
    if path.suffix.lower() == ".json":
        return listed(str(path), _json(path))
    value, lines = yamlsource.load(path, noun="data")
    return listed(str(path), value, written=lambda index, column: lines.written.get((index, column)))


def _json(path):
    """A JSON file's value, its text UTF-8 (with or without a byte-order mark), its numbers as typed; else one line
    naming the file and line."""
    data = cache.read(path, path.read_bytes())
    encoding = next((name for bom, name in yamlsource.BOMS if data.startswith(bom)), None)
    if encoding:
        raise UserError(f"{path}: the file is {encoding} text (it starts with a {encoding} byte-order mark): save it as "
                        "UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise UserError(f"{path}:{line}: not UTF-8 text ({_byte(data, exc.start)}): save it as UTF-8") from None
    try:   # a number is the text typed, as a CSV cell or a YAML value is (1.50 prints 1.50, not 1.5)
        return json.loads(text, object_pairs_hook=_unique, parse_float=str, parse_int=str, parse_constant=str)
    except _Twice as exc:
        raise UserError(f"{path}:{_twice_at(text, exc.args[0])}: the key {exc.args[0]!r} is given twice in one object "
                        "(which one is meant?)") from None
    except json.JSONDecodeError as exc:
        raise UserError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg.removesuffix(' at')} at column {exc.colno})") from None
    except RecursionError:
        raise UserError(f"{path}: lists or mappings nested too deep to read") from None


def listed(name, value, at=None, written=None) -> Rows:
    """Rows from a list of mappings (a YAML or JSON file, or a spec's inline data); columns in order of first use. at:
    a spec's inline rows' errors, (row number, column or None, message) -> the error naming the spec's line; written:
    (item index, column) -> the text of a YAML value as typed where YAML read it as no text (NO, 1:30, 0x1F, 1.50), the
    cell it gives (a card reads 'NO', not 'false')."""
    written = written or (lambda index, column: None)
    place = Rows(name, (), (), at)
    if not isinstance(value, list) or not value:
        raise place.fail(None, None, "expected a list of rows (each a mapping of column to value), found "
                                     f"{'an empty list' if value == [] else type(value).__name__}")
    columns: dict = {}
    rows: list = []
    for number, item in enumerate(value, start=1):
        if not isinstance(item, dict):
            raise place.fail(number, None, f"expected a mapping of column to value, found {type(item).__name__}")
        for key, val in item.items():
            if isinstance(val, (list, dict)):
                raise place.fail(number, key, f"expected a single value, found a "
                                              f"{'list' if isinstance(val, list) else 'mapping'}")
            if isinstance(val, bytes):   # YAML's !!binary: no text a card prints (it printed "b''")
                raise place.fail(number, key, "expected a single value, found bytes (a YAML !!binary value)")
            if "{" in str(key) or "}" in str(key):
                raise place.fail(number, key, "a column name may not hold '{' or '}'")
            if not str(key).strip():   # as a CSV header's empty cell is refused
                raise place.fail(number, None, f"a column with no name ({str(key)!r}): every column needs a name")
            for text, column, what in ((str(key), None, "column name"), (cell(val), key, "value")):
                if why := unprintable(text):
                    raise place.fail(number, column, f"the {what} {ascii(text)[:60]} {why}")
            columns.setdefault(str(key), None)
        rows.append((number, {str(k): written(number - 1, k) or cell(v) for k, v in item.items()}))
    if len(rows) > MAX_ROWS:
        raise UserError(f"{name}: more than {MAX_ROWS:,} rows")
    shared = _shared()
    return Rows(name, tuple(columns), tuple((n, _row(shared, ((c, row.get(c, "")) for c in columns), n, name))
                                           for n, row in rows), at)


def _shared() -> type:
    """A class of one data file's rows: its instances' dicts share one table of keys (CPython's split dicts), so that a
    row holds its values only, not a table of the columns of its own (a dict a row: 50,000 tables for 50,000 rows)."""
    return type("Row", (), {})


def _row(shared: type, cells, number: int, name: str) -> dict:
    """A row's {column: text} (cells: pairs in the columns' order) with its ROW and DATA, in the dict of a shared."""
    row = shared().__dict__
    row.update(cells)
    row[ROW], row[DATA] = number, name
    return row


class _Twice(ValueError):
    """A JSON object that gives one key twice."""


def _twice_at(text: str, key: str) -> int:
    """The line of a JSON text where key is given a second time in one object (an entry met again before the brackets
    after the first close the object), or 1 when it is written otherwise than json.dumps writes it."""
    starts = [found.start() for found in re.finditer(re.escape(json.dumps(key, ensure_ascii=False)) + r"\s*:", text)]
    later = set(starts)
    for first in starts:
        depth, quoted, escaped = 0, False, False
        for at in range(text.index(":", first) + 1, len(text)):
            ch = text[at]
            if quoted:
                quoted, escaped = (escaped or ch != '"'), (not escaped and ch == "\\")
            elif ch == '"':
                if depth == 0 and at in later:
                    return text.count("\n", 0, at) + 1
                quoted = True
            elif ch in "{[":
                depth += 1
            elif ch in "}]":
                depth -= 1
                if depth < 0:   # the first entry's object ends
                    break
    return 1


def _unique(pairs: list) -> dict:
    """A JSON object's pairs as a dict, refusing a key given twice (json would keep the last silently)."""
    found: dict = {}
    for key, value in pairs:
        if key in found:
            raise _Twice(key)
        found[key] = value
    return found
