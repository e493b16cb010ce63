"""Data for kind layout: one face per row of a CSV, XLSX, YAML or JSON file, copies from a count column, exact errors."""
import json
import os
import re
import textwrap
import zipfile

import openpyxl
import pytest

from generator.spec import data, loader as specs
from generator.errors import UserError
from generator.spec.expand import expand

SPEC = """\
game: {title: Data Test, designer: Tester}
palette: {fire: "#d0492f", water: "#2f6fd0"}
components:
  cards:
    kind: layout
    expect: EXPECT
    width: 60 mm
    height: 80 mm
    layout:
      elements:
        band: {type: rect, x: 0, y: 0, width: 100%, height: 10, fill: "{suit}"}
        title: {type: text, x: 5, y: 20, width: 50, height: 8, text: "{title}", size: "{size}"}
"""


def load(tmp_path, data, expect, more=""):
    """Load the spec with data: <data> and more keys on its component."""
    (tmp_path / "game.yaml").write_text(SPEC.replace("EXPECT", str(expect)) + f"    data: {data}\n"
                                        + textwrap.indent(more, "    "))
    return specs.load(str(tmp_path / "game.yaml"))


def faces(spec):
    """(title, suit) of each piece, in order."""
    pieces, arts = expand(spec)
    return [(arts[p.front].props["title"], arts[p.front].props["suit"]) for p in pieces]


def test_a_csv_gives_one_face_per_row_and_the_count_column_its_copies(tmp_path):
    (tmp_path / "cards.csv").write_text('title,suit,size,count\nFireball,fire,4,2\n"Tidal, Wave",water,3.5,1\n\n'
                                        "Spark,fire,4,0\n")
    spec = load(tmp_path, "cards.csv", 3)
    assert faces(spec) == [("Fireball", "fire"), ("Fireball", "fire"), ("Tidal, Wave", "water")]


TYPED = ["NO", "On", "1:30", "0x1F", ".inf", "1.50", "007", "1e3", "2024-01-02"]   # YAML reads none of these as text


@pytest.mark.parametrize("where", ["inline", "file"])
def test_a_yaml_value_read_as_no_text_prints_as_typed(tmp_path, where):
    """A card titled NO printed 'false', 1:30 printed '90', 0x1F '31', 1.50 '1.5', 007 '7': data cells are text, as a
    CSV's are, so each is the text typed (the drawn face's words say so); a null is an empty cell."""
    from generator.draw.render import draw_art
    from generator.output.formats.svg import to_text
    rows = [{"title": typed, "suit": "fire", "size": 4} for typed in TYPED] + [{"title": None, "suit": "fire", "size": 4}]
    listed = "[" + ", ".join(f"{{title: {r['title'] or '~'}, suit: fire, size: 4}}" for r in rows) + "]"
    if where == "file":
        (tmp_path / "rows.yaml").write_text("\n".join(f"- {{title: {r['title'] or '~'}, suit: fire, size: 4}}" for r in rows))
    spec = load(tmp_path, listed if where == "inline" else "rows.yaml", len(rows))
    assert [title for title, _ in faces(spec)] == TYPED + [""]
    pieces, arts = expand(spec)
    drawn = to_text(draw_art(spec, arts[pieces[2].front])).decode()
    assert ">1:30<" in drawn and ">90<" not in drawn


def test_a_json_number_prints_as_typed_and_a_count_of_1_0_is_refused_as_elsewhere(tmp_path):
    """A JSON cost of 1.50 printed '1.5' where the same row in a YAML file or a CSV printed '1.50', and a count of 1.0
    was taken where those refuse it: a JSON number is the text typed, as theirs are."""
    (tmp_path / "cards.json").write_text('[{"title": 1.50, "suit": "fire", "size": 4, "count": 2},\n'
                                         ' {"title": 1e3, "suit": "fire", "size": 4}]')
    assert faces(load(tmp_path, "cards.json", 3)) == [("1.50", "fire"), ("1.50", "fire"), ("1e3", "fire")]
    (tmp_path / "cards.json").write_text('[{"title": "Sun", "suit": "fire", "size": 4, "count": 1.0}]')
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.json", 1)
    assert "expected a whole number of copies from 0 to 10000, found '1.0'" in str(caught.value), str(caught.value)


@pytest.mark.parametrize("count", ["\u00b2", "\u2460", "\u0663", "\uff13", "1" + "0" * 5000])
def test_a_count_is_ascii_digits_alone_in_a_csv_a_json_file_or_a_workbook(tmp_path, count):
    """A count of '²' or '①' (str.isdigit takes them, int() refuses) and one of 5,001 digits (int() refuses past 4,300)
    were tracebacks; '٣' and '３' were quietly read as 3. Each is refused at its row and column, as 'lots' is."""
    shown = f"'\\u{ord(count):04x}'" if len(count) == 1 else "'" + "1" + "0" * 55 + "..."
    shown = shown.replace("\\u00b2", "\\xb2")
    told = f"row 2, column count: expected a whole number of copies from 0 to 10000, found {shown}"
    (tmp_path / "cards.csv").write_text(f"title,suit,size,count\nA,fire,4,{count}\n", encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.csv", 3)
    assert str(caught.value) == f"{tmp_path / 'cards.csv'} {told}", str(caught.value)
    (tmp_path / "cards.json").write_text('[{"title": "A", "suit": "fire", "size": 4, "count": %s}]'
                                         % (count if len(count) > 1 else json.dumps(count)), encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.json", 3)
    assert str(caught.value) == f"{tmp_path / 'cards.json'} {told.replace('row 2', 'row 1')}", str(caught.value)
    book = openpyxl.Workbook()
    book.active.append(["title", "suit", "size", "count"])
    book.active.append(["A", "fire", 4, 987654321 if len(count) > 1 else count])
    book.save(tmp_path / "cards.xlsx")
    if len(count) > 1:   # a number cell of 5,001 digits (no spreadsheet program writes one: put in the sheet's XML)
        with zipfile.ZipFile(tmp_path / "cards.xlsx") as saved:
            members = {name: saved.read(name) for name in saved.namelist()}
        members["xl/worksheets/sheet1.xml"] = members["xl/worksheets/sheet1.xml"].replace(b"987654321", count.encode())
        with zipfile.ZipFile(tmp_path / "cards.xlsx", "w") as saved:
            for name, written in members.items():
                saved.writestr(name, written)
        told = "row 2, column count: the cell holds a number of 5,001 digits, more than the 4,300 pnp reads"
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.xlsx", 3)
    assert str(caught.value) == f"{tmp_path / 'cards.xlsx'} {told}", str(caught.value)


def test_excel_semicolons_byte_order_marks_and_a_quantity_column(tmp_path):
    (tmp_path / "cards.csv").write_bytes("\ufefftitle;suit;size;quantity\nÉclair;fire;4;3\n".encode("utf-8"))
    assert faces(load(tmp_path, "cards.csv", 3)) == [("Éclair", "fire")] * 3


def test_excel_s_unicode_text_utf_16_with_tabs_is_read(tmp_path):
    (tmp_path / "cards.csv").write_bytes("\ufefftitle\tsuit\tsize\tcount\r\nÉclair\tfire\t4\t2\r\n".encode("utf-16-le"))
    assert faces(load(tmp_path, "cards.csv", 2)) == [("Éclair", "fire")] * 2


def test_an_xlsx_sheet_reads_as_shown(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (["title", "suit", "size", "copies"], ["Fireball", "fire", 4, 2], [None, None, None, None],
                ["Tide", "water", 3.5, 1]):
        sheet.append(row)
    book.save(tmp_path / "cards.xlsx")
    spec = load(tmp_path, "cards.xlsx", 3, "count_column: copies\n")
    assert faces(spec) == [("Fireball", "fire"), ("Fireball", "fire"), ("Tide", "water")]
    assert [arts.props["#row"] for arts in expand(spec)[1].values()] == [2, 4]   # rows as the sheet numbers them


def test_an_xlsx_sheet_s_dates_read_as_dates_and_blank_rows_above_its_header_are_skipped(tmp_path):
    """A date cell printed '2024-01-02 00:00:00' on the card; a blank first row was taken as the header ('row 2,
    column 1: a value in a column the header does not name')."""
    import datetime
    from generator.spec import data
    book = openpyxl.Workbook()
    sheet = book.active
    for row in ([None, None], [None, None], ["title", "when"], ["Fair", datetime.datetime(2024, 1, 2)],
                ["Dusk", datetime.datetime(2024, 1, 2, 18, 30)], ["Bell", datetime.time(7, 5, 30)], ["Ferry", "x"]):
        sheet.append(row)
    book.save(tmp_path / "cards.xlsx")
    rows = data.load(tmp_path / "cards.xlsx")
    assert rows.columns == ("title", "when")
    assert [(number, row["when"]) for number, row in rows.rows] == [(4, "2024-01-02"), (5, "2024-01-02 18:30"),
                                                                    (6, "07:05:30"), (7, "x")]
    sheet.insert_rows(1)
    sheet["A3"], sheet["B3"] = "title", "title"
    book.save(tmp_path / "cards.xlsx")
    with pytest.raises(UserError, match=r"cards.xlsx row 3, column 2: column 'title' is named twice"):
        data.load(tmp_path / "cards.xlsx")


@pytest.mark.parametrize("header", ["Qty", "QUANTITY", "Count"])
def test_a_count_column_is_found_in_any_case_and_as_qty(tmp_path, header):
    from generator.output.exports import face_stems
    (tmp_path / "cards.csv").write_text(f"title,suit,size,{header}\nWood,fire,4,3\nStone,water,4,1\n")
    spec = load(tmp_path, "cards.csv", 4)
    assert faces(spec) == [("Wood", "fire")] * 3 + [("Stone", "water")]
    assert sorted(face_stems(spec).values()) == ["cards-1-wood-fire-4-front", "cards-2-stone-water-4-front"]


def test_count_column_names_its_column_in_any_case(tmp_path):
    """count_column: copies over a Copies header was 'no column', though the names counted by default are found in
    any case; the count column is left out of the faces' file names all the same."""
    from generator.output.exports import face_stems
    (tmp_path / "cards.csv").write_text("title,suit,size,Copies\nWood,fire,4,3\nStone,water,4,1\n")
    spec = load(tmp_path, "cards.csv", 4, "count_column: copies\n")
    assert faces(spec) == [("Wood", "fire")] * 3 + [("Stone", "water")]
    assert sorted(face_stems(spec).values()) == ["cards-1-wood-fire-4-front", "cards-2-stone-water-4-front"]


def test_two_count_columns_are_an_error_unless_count_column_says_which(tmp_path):
    """Count and qty side by side: the first counted and the other was ignored, silently."""
    (tmp_path / "cards.csv").write_text("title,suit,size,Count,qty\nA,fire,4,2,5\n")
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.csv", 2)
    assert str(caught.value).endswith(f"components.cards.data: {tmp_path / 'cards.csv'} has 2 count columns (Count, "
                                      "qty): keep one, or say which counts (count_column: Count)")
    assert len(expand(load(tmp_path, "cards.csv", 5, "count_column: qty\n"))[0]) == 5


def test_file_name_chooses_the_words_of_each_face_file_name(tmp_path):
    """file_name: "{title} {suit}" names the exports' face files by those cells (a long title whole, to 40 characters);
    a column the data lacks is one line naming the spec's line and key."""
    from click.testing import CliRunner

    from generator.cli import cli
    from generator.output.exports import face_stems
    (tmp_path / "cards.csv").write_text("title,suit,size\nWood,fire,4\nThe Stone of the Western Hills,water,4\n")
    spec = load(tmp_path, "cards.csv", 2, 'file_name: "{title} {suit}"\n')
    assert sorted(face_stems(spec).values()) == ["cards-1-wood-fire-front", "cards-2-the-stone-of-the-western-hills-water-front"]
    assert sorted(face_stems(load(tmp_path, "cards.csv", 2)).values()) == ["cards-1-wood-fire-4-front", "cards-2-water-4-front"]
    (tmp_path / "game.yaml").write_text((tmp_path / "game.yaml").read_text() + '    file_name: "{name}"\n')
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "game.yaml")])
    line = next(n for n, text in enumerate((tmp_path / "game.yaml").read_text().splitlines(), 1) if "file_name" in text)
    assert (result.exit_code, result.output) == (1, f"error: {tmp_path / 'game.yaml'}:{line}: components.cards.file_name: "
                                                    "{name} names no data column (columns: title, suit, size)\n")


def workbook(tmp_path):
    """cards.xlsx: a sheet of notes first, then the sheet of cards a component names (row 4 holds a bad colour)."""
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.active.append(["Playtest notes"])
    sheet = book.create_sheet("Events")
    for row in (["title", "suit", "size", "Qty"], ["Storm", "water", 4, 2], ["Flare", "fire", 3, 1], ["Ash", "ash", 3, 1]):
        sheet.append(row)
    book.save(tmp_path / "cards.xlsx")


def test_sheet_picks_a_workbook_s_sheet_by_its_name(tmp_path):
    workbook(tmp_path)
    with pytest.raises(UserError) as caught:   # row 4's colour names the sheet beside the file
        load(tmp_path, "cards.xlsx", 4, "sheet: Events\ncount_column: Qty\n")
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == (
        "cards.xlsx sheet Events row 4, column suit: layout element band.fill: unknown colour 'ash' (palette has black, "
        "fire, water, white; or red, green, blue, yellow, gray, grey, #rrggbb, #rgb)")
    book = openpyxl.load_workbook(tmp_path / "cards.xlsx")
    book["Events"].delete_rows(4)
    book.save(tmp_path / "cards.xlsx")
    spec = load(tmp_path, "cards.xlsx", 3, "sheet: Events\ncount_column: Qty\n")
    assert faces(spec) == [("Storm", "water"), ("Storm", "water"), ("Flare", "fire")]
    from generator.draw.render import draw_art
    drawing = draw_art(spec, expand(spec)[1]["cards-2"])
    assert [t.content for c in drawing.children for t in c.children if t.tag == "text"] == ["Flare"]


@pytest.mark.parametrize("data, more, message", [
    ("cards.xlsx", "sheet: Event\n", "game.yaml:14: components.cards.sheet: no sheet 'Event' in cards.xlsx (sheets: "
                                     "Notes, Events)"),
    ("cards.csv", "sheet: Events\n", "game.yaml:14: components.cards.sheet: only an Excel workbook (.xlsx) has sheets "
                                     "(expected data: a .xlsx file)"),
])
def test_a_sheet_the_data_does_not_have_is_one_line(tmp_path, data, more, message):
    workbook(tmp_path)
    (tmp_path / "cards.csv").write_text("title,suit,size\nA,fire,4\n")
    with pytest.raises(UserError) as caught:
        load(tmp_path, data, 1, more)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == message


def test_a_formula_with_no_computed_value_is_one_line_naming_its_cell(tmp_path):
    """openpyxl writes formulas with no computed value (it does not calculate), which would print as empty cells: one
    line names the file, sheet, row and column and the fix. Saved as a spreadsheet program saves them, with their values
    (an empty text marked as text), they read as those values."""
    import zipfile

    from click.testing import CliRunner

    from generator.cli import cli
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    sheet = book.create_sheet("Events")
    for row in (["title", "suit", "size", "note"], ["Storm", "water", 4, "wet"], ["Flare", "fire", "=1+2", '=""']):
        sheet.append(row)
    path = tmp_path / "cards.xlsx"
    book.save(path)
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.xlsx", 2, "sheet: Events\n")
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == (
        "cards.xlsx sheet Events row 3, column size: the formula =1+2 has no computed value saved (the workbook was "
        "written by a program that does not calculate): open it in a spreadsheet program and save it")
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "game.yaml")])
    assert (result.exit_code, result.output) == (1, f"error: {caught.value}\n")

    with zipfile.ZipFile(path) as saved:
        members = {name: saved.read(name) for name in saved.namelist()}
    xml = members["xl/worksheets/sheet2.xml"].decode()
    assert '<c r="C3"><f>1+2</f><v></v></c>' in xml and '<c r="D3"><f>""</f><v></v></c>' in xml
    members["xl/worksheets/sheet2.xml"] = xml.replace('<c r="C3"><f>1+2</f><v></v>', '<c r="C3"><f>1+2</f><v>3</v>').replace(
        '<c r="D3"><f>', '<c r="D3" t="str"><f>').encode()
    with zipfile.ZipFile(path, "w") as saved:
        for name, data in members.items():
            saved.writestr(name, data)
    pieces, arts = expand(load(tmp_path, "cards.xlsx", 2, "sheet: Events\n"))
    assert [(arts[p.front].props["size"], arts[p.front].props["note"]) for p in pieces] == [("4", "wet"), ("3", "")]


@pytest.mark.parametrize("name, write", [
    ("cards.yaml", lambda rows: "- {title: One, suit: fire, size: 4}\n- {title: Two, suit: water, size: 4, count: 2}\n"),
    ("cards.json", lambda rows: json.dumps([{"title": "One", "suit": "fire", "size": 4},
                                            {"title": "Two", "suit": "water", "size": 4, "count": 2}])),
])
def test_yaml_and_json_lists(tmp_path, name, write):
    (tmp_path / name).write_text(write(None))
    assert faces(load(tmp_path, name, 3)) == [("One", "fire"), ("Two", "water"), ("Two", "water")]


def test_inline_rows(tmp_path):
    spec = load(tmp_path, "[{title: One, suit: fire, size: 4}]", 1)
    assert faces(spec) == [("One", "fire")]


@pytest.mark.parametrize("csv, message", [
    ("title,suit,size,count\nA,fire,4,2\nB,fire,4,lots\n",
     "cards.csv row 3, column count: expected a whole number of copies from 0 to 10000, found 'lots'"),
    ("title,suit,size,count\nA,fire,4,2\nB,fire,4," + "9" * 300 + "\n",   # all 300 digits were echoed
     "cards.csv row 3, column count: expected a whole number of copies from 0 to 10000, found '" + "9" * 56 + "..."),
    ("title,suit,size\nA,fire,4\nB,purple,4\n",
     "cards.csv row 3, column suit: layout element band.fill: unknown colour 'purple' (palette has black, fire, water, "
     "white; or red, green, blue, yellow, gray, grey, #rrggbb, #rgb)"),
    ("title,suit,size\nA,fire,4\nB,fire,huge\n",
     "cards.csv row 3, column size: layout element title.size: expected a size from 1.5 to 100 mm (a number of mm or a "
     "length such as 9 pt), found 'huge'"),
    ("title,suit,size\nA,fire,4\nB,fire,{x}\n",
     "cards.csv row 3, column size: layout element title.size: expected a size from 1.5 to 100 mm (a number of mm or a "
     "length such as 9 pt), found '{x}'"),
    ("title,suit,size,,\nA,fire,4,,x\n", "cards.csv row 2, column 5: a value in a column the header does not name ('x')"),
    # a cell left out (here the suit): 4 printed as the suit and the size empty, and validate passed
    ("title,suit,size\nA,fire,4\nB,4\n", "cards.csv row 3, column size: the row ends here, 1 cell short of the "
     "header's 3, so a value may stand in the wrong column: write an empty cell as ,,"),
    ("title;suit;size;count\nA;fire;4;2\nB\n", "cards.csv row 3, column suit: the row ends here, 3 cells short of the "
     "header's 4, so a value may stand in the wrong column: write an empty cell as ;;"),
    ("title,suit,title\n", "cards.csv row 1, column 3: column 'title' is named twice"),
    ('title,suit,size\nA,fire,4\nB,"fire,4\nC,water,4\n', "cards.csv row 3, column suit: a quote opened here is never "
     'closed (the rest of the file was read into this cell): end the cell with a quote (a quote inside a quoted cell is '
     'written twice, "")'),
    ('title,"suit,size\nA,fire,4\n', "cards.csv row 1, column 2: a quote opened here is never closed (the rest of the "
     'file was read into this cell): end the cell with a quote (a quote inside a quoted cell is written twice, "")'),
    ("title,,suit\n", "cards.csv row 1, column 2: the header names no column here (every column needs a name)"),
    ("title,suit,size,count\n" + "A,fire,4,10000\n" * 11,
     "game.yaml:13: components.cards.data: cards.csv makes more than 100,000 pieces (rows up to 12)"),
    ("title,suit,size\n", "game.yaml:13: components.cards.data: cards.csv makes no pieces (it has no rows below its header)"),
    ("name,suit,size\nA,fire,4\n", "game.yaml:12: components.cards.layout.elements.title.text: {title} names no data "
                                   "column (columns: name, suit, size)"),
])
def test_data_errors_name_the_file_row_and_column(tmp_path, csv, message):
    (tmp_path / "cards.csv").write_text(csv)
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.csv", 1)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == message


@pytest.mark.parametrize("data, message", [
    ("../cards.csv", "game.yaml:13: components.cards.data: '../cards.csv': expected a path inside the spec's folder "
                     "(no absolute path, no '..')"),
    ("/etc/passwd", "game.yaml:13: components.cards.data: '/etc/passwd': expected a path inside the spec's folder "
                    "(no absolute path, no '..')"),
    ("cards.txt", "game.yaml:13: components.cards.data: data files are .csv, .xlsx, .yaml, .yml or .json "
                  "(found '.txt')"),
    ("absent.csv", "game.yaml:13: components.cards.data: no such file 'absent.csv'"),
    ("data\\cards.csv", "game.yaml:13: components.cards.data: no such file 'data\\cards.csv': write '/' between "
                         "folders ('data/cards.csv'): pnp reads paths the same on every system"),
])
def test_data_files_stay_inside_the_spec_folder(tmp_path, data, message):
    (tmp_path / "cards.txt").write_text("title\n")
    with pytest.raises(UserError) as caught:
        load(tmp_path, data, 1)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == message


def test_a_data_file_linked_out_of_the_spec_folder_is_refused(tmp_path):
    (tmp_path / "secret.csv").write_text("title,suit,size\nA,fire,4\n")
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "cards.csv").symlink_to(tmp_path / "secret.csv")
    with pytest.raises(UserError, match=r"components.cards.data: 'cards.csv' links to a file outside the spec's folder"):
        load(tmp_path / "game", "cards.csv", 1)


def test_a_workbook_renamed_csv_is_told_to_be_named_xlsx(tmp_path):
    """It was read as text and blamed on 'perhaps a Latin-1' byte."""
    book = openpyxl.Workbook()
    book.active.append(["title"])
    book.save(tmp_path / "cards.csv")
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.csv", 1)
    assert str(caught.value) == (f"{tmp_path / 'cards.csv'}: an Excel workbook (.xlsx) or other zip, not a CSV: name it "
                                 "cards.xlsx, or save it from the spreadsheet as CSV UTF-8")


def test_a_workbook_that_is_not_one(tmp_path):
    (tmp_path / "cards.xlsx").write_bytes(b"not a zip")
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.xlsx", 1)
    assert str(caught.value) == f"{tmp_path / 'cards.xlsx'}: not an Excel workbook (.xlsx) that can be read (BadZipFile)"


def _sheet_of(tmp_path, cells):
    """cards.xlsx with a header (title) and the cells given, {(row, column): value}."""
    book = openpyxl.Workbook()
    book.active.append(["title"])
    for (row, column), value in cells.items():
        book.active.cell(row, column, value)
    book.save(tmp_path / "cards.xlsx")


def test_a_workbook_too_big_to_read_is_refused_before_it_is_read_whole(tmp_path):
    """A 5 KB workbook may claim a million rows (a stray cell at Excel's last row), thousands of columns, or unpack to
    gigabytes: each is one line naming where, before openpyxl fills memory (it took 27 s and 3.5 GB for the first)."""
    path = tmp_path / "cards.xlsx"
    _sheet_of(tmp_path, {(2, 1): "a", (1_048_576, 1): "stray"})
    assert path.stat().st_size < 10_000
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.xlsx", 1)
    assert str(caught.value) == (f"{path} row 100,002: more than the 100,000 rows below the header a data file may "
                                 "hold: delete the rows past the data")
    _sheet_of(tmp_path, {(row, column): "x" for row in range(2, 200) for column in (1, 16_384)})
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.xlsx", 1)
    first = next(n for n in range(2, 200) if 1 + (n - 1) * 16_384 > 2_000_000)   # the header's one cell, then rows
    assert str(caught.value) == (f"{path} row {first}: more than the 2,000,000 cells a sheet may "
                                 "hold (this row reaches column 16,384): delete the columns past the data")
    _sheet_of(tmp_path, {(2, 1): "a"})
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as book:
        book.writestr("xl/media/padding.bin", bytes(201_000_000))
    assert path.stat().st_size < 1_000_000
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.xlsx", 1)
    assert str(caught.value) == (f"{path}: unpacks to 201 MB, more than the 200 MB a workbook may (a zip bomb?)")


def _shared_strings_of(tmp_path, titles, strings):
    """cards.xlsx (title, suit, size) whose header's title and each row's (titles: one a row) name entries of a shared-strings
    table of those strings."""
    _sheet_of(tmp_path, {(1, 2): "suit", (1, 3): "size"} | {(row, column): ("x", "fire", 4)[column - 1]
                                                           for row in range(2, len(titles) + 2) for column in (1, 2, 3)})
    path = tmp_path / "cards.xlsx"
    with zipfile.ZipFile(path) as book:
        parts = {name: book.read(name) for name in book.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    for row, index in enumerate([0, *titles], start=1):
        sheet = re.sub(rf'<c r="A{row}" t="inlineStr"><is><t>[^<]*</t></is></c>', f'<c r="A{row}" t="s"><v>{index}</v></c>',
                       sheet)
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(b"</Relationships>", (
        b'<Relationship Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" '
        b'Target="sharedStrings.xml" Id="rId9"/></Relationships>'))
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(b"</Types>", (
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        b'spreadsheetml.sharedStrings+xml"/></Types>'))
    parts["xl/sharedStrings.xml"] = ('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                                     + "".join(f"<si><t>{text}</t></si>" for text in strings) + "</sst>").encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as book:
        for name, part in parts.items():
            book.writestr(name, part)
    return path


def test_a_workbook_of_more_shared_strings_than_cells_is_refused_before_openpyxl_reads_them(tmp_path, monkeypatch):
    """A million one-letter shared strings pack into 50 KB, within every other limit, and openpyxl read them all (ten
    million: 65 s and 1.1 GB): a table of more texts than the sheets have cells is refused. A table whose every text
    a cell shows is read, however long (the count is only made past FEW_STRINGS, here made 10)."""
    path = _shared_strings_of(tmp_path, [1], ["title", "Hello"] + ["a"] * 1_000_000)
    assert path.stat().st_size < 100_000
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.xlsx", 1)
    assert str(caught.value) == (f"{path}: its shared-strings table holds 1,000,002 texts, more than the 6 cells of its "
                                 "sheets could show (a zip bomb?): save it again from a spreadsheet program")
    monkeypatch.setattr(data, "FEW_STRINGS", 10)
    _shared_strings_of(tmp_path, range(1, 31), ["title"] + [f"card {n}" for n in range(1, 31)])
    assert [arts.props["title"] for arts in expand(load(tmp_path, "cards.xlsx", 30))[1].values()][:3] == \
        ["card 1", "card 2", "card 3"]
    _shared_strings_of(tmp_path, range(1, 31), ["title"] + [f"card {n}" for n in range(1, 101)])
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.xlsx", 30)
    assert "holds 101 texts, more than the 93 cells" in str(caught.value)


def test_a_back_column_gives_rows_backs_of_their_own(tmp_path):
    (tmp_path / "cards.csv").write_text("title,suit,size,back\nA,fire,4,hero.yaml\nB,water,4,\nC,fire,4,hero.yaml\n")
    (tmp_path / "hero.yaml").write_text("ground: '{suit}'\nelements:\n  name: {type: text, x: 5, y: 5, width: 50, "
                                        "height: 10, text: 'Hero {title}'}\n")
    spec = load(tmp_path, "cards.csv", 3, "back: {fill: water, label: DECK}\n")
    pieces, arts = expand(spec)
    assert [p.back for p in pieces] == ["cards-back-1", "cards-back", "cards-back-2"]
    assert dict(arts["cards-back-1"].props) == {"#back": "hero.yaml", "suit": "fire", "title": "A"}
    from generator.draw.render import draw_art
    drawing = draw_art(spec, arts["cards-back-2"])
    assert drawing.children[1].attrs["fill"] == "#d0492f"
    assert [t.content for c in drawing.children for t in c.children if t.tag == "text"] == ["Hero C"]


def test_a_back_column_needs_a_common_back_and_names_files_inside_the_folder(tmp_path):
    (tmp_path / "cards.csv").write_text("title,suit,size,back\nA,fire,4,hero.yaml\nB,fire,4,../x.yaml\n")
    (tmp_path / "hero.yaml").write_text("elements: {}\n")
    with pytest.raises(UserError, match=r"game.yaml:4: components.cards: rows of .*cards.csv name their backs \(column "
                                        r"back\): give the component a common back too \(back: with a layout or a fill\)"
                                        r": it makes the pieces two-sided, and is printed only behind rows that name "
                                        r"none \(when every row names its own, nowhere\)$"):   # it read 'a common back: too'
        load(tmp_path, "cards.csv", 2)
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.csv", 2, "back: {fill: water}\n")
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == (
        "cards.csv row 3, column back: ../x.yaml: '../x.yaml': expected a path inside the spec's folder (no absolute path, "
        "no '..')")


def test_a_common_back_that_quotes_a_column_says_why_it_cannot_and_what_to_do(tmp_path):
    """{title} in the common back of a component with data: the back is every row's, so it reads no row's column (the
    message used to say the component had no data); the fix it names, a back column, then loads. Without data, the
    component has none to read."""
    back = "back: {layout: {elements: {t: {type: text, x: 5, y: 5, width: 50, height: 10, text: '{title}'}}}}\n"
    (tmp_path / "cards.csv").write_text("title,suit,size\nA,fire,4\n")
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.csv", 1, back)
    line = next(n for n, text in enumerate((tmp_path / "game.yaml").read_text().splitlines(), 1) if "back:" in text)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == (
        f"game.yaml:{line}: components.cards.back.layout.elements.t.text: {{title}} names no data column (a common back "
        "is shared by every row, so it reads none of their columns: give the rows backs of their own in a back column "
        "naming each one's layout file, or a fixed text)")
    with pytest.raises(UserError) as caught:   # a ready-made layout as the common back: the same reason
        load(tmp_path, "cards.csv", 1, "back: {layout: 'builtin:poker'}\n")
    assert str(caught.value).endswith("back.layout: the ready-made layout shows the columns art, cost, flavour, rules, "
                                      "title, type: a common back is shared by every row, so it reads none of their "
                                      "columns: give the rows backs of their own in a back column naming each one's "
                                      "layout file, or a fixed text")
    (tmp_path / "cards.csv").write_text("title,suit,size,back\nA,fire,4,hero.yaml\n")
    (tmp_path / "hero.yaml").write_text("elements: {t: {type: text, x: 5, y: 5, width: 50, height: 10, text: '{title}'}}\n")
    spec = load(tmp_path, "cards.csv", 1, back.replace("'{title}'", "DECK"))
    assert [p.back for p in expand(spec)[0]] == ["cards-back-1"]
    (tmp_path / "plain.yaml").write_text("game: {title: T, designer: D}\ncomponents:\n  cards: {kind: layout, expect: 1, "
                                         "width: 60 mm, height: 80 mm, layout: {elements: {}},\n    " + back + "  }\n")
    with pytest.raises(UserError, match=r"t.text: \{title\} names no data column \(the component has no data\)$"):
        specs.load(str(tmp_path / "plain.yaml"))


@pytest.mark.parametrize("text, message", [
    ("title;cost\nSun;1\nNoon Glaré;3\n", "row 3, column title: not UTF-8 text (byte {at}, 0xe9, perhaps a Latin-1 'é')"),
    ("title,cost\nSun,1\n\"Noon, Glare\",£3\n", "row 3, column cost: not UTF-8 text (byte {at}, 0xa3, perhaps a Latin-1 '£')"),
    ("títle,cost\nSun,1\n", "row 1, column 1: not UTF-8 text (byte {at}, 0xed, perhaps a Latin-1 'í')"),
    ("title,cost\nSun,1\nNoon—Glare,3\n", "row 3, column title: not UTF-8 text (byte {at}, 0x97, perhaps a Windows-1252 "
                                          "'—')"),   # Excel's CSV on Windows: Latin-1 reads an invisible control there
    ("title,cost\rSun,1\rNoon Glaré,3\r", "row 3, column title: not UTF-8 text (byte {at}, 0xe9, perhaps a Latin-1 'é')"),
])
def test_a_latin_1_csv_names_the_row_and_column_of_its_first_bad_byte(tmp_path, text, message):
    from generator.spec import data
    (tmp_path / "cards.csv").write_bytes(text.encode("cp1252"))   # as Excel saves CSV on Windows: Latin-1's letters
    with pytest.raises(UserError) as caught:
        data.load(tmp_path / "cards.csv")
    at = next(n for n, byte in enumerate(text.encode("cp1252")) if byte > 127)  # the first byte UTF-8 cannot start
    assert str(caught.value) == f"{tmp_path / 'cards.csv'} {message.format(at=at)}: save it as CSV UTF-8"


@pytest.mark.parametrize("encoding, end, star", [("utf-8", "\r\n", "★"), ("utf-16-le", "\r", "★"),
                                                 ("utf-16-be", "\n", "\U0001f0a1")])   # a card: two UTF-16 units
def test_a_csv_s_rows_read_again_from_the_file_are_its_rows_in_any_order(tmp_path, encoding, end, star):
    """Each row is read again from where it starts in the file: byte offsets past a byte-order mark, characters of two
    to four bytes, quoted cells across lines, blank rows and any line ends (Windows', Unix's, a classic Mac's), in any
    order, are the rows csv reads, each line break inside a cell a new line."""
    import csv
    import io
    from generator.spec import data
    lines = ["title;suit;size"] + [f'"Éclair {k}{end}sur deux lignes; {star}";{"fire" if k % 2 else "water"};{k % 5 + 3}'
                                   if k % 3 == 0 else f"Spark {k} — ½;fire;4" for k in range(700)]
    lines[300:300] = ["", ";;"]   # a blank row and one of empty cells: no rows of their own
    text = "\ufeff" + end.join(lines) + end
    (tmp_path / "cards.csv").write_bytes(text.encode(encoding))
    expected = [[cell.replace(end, "\n") for cell in cells]
                for cells in csv.reader(io.StringIO(text[1:], newline=""), delimiter=";") if any(cells)][1:]
    assert expected[0][0] == "Éclair 0\nsur deux lignes; " + star
    table = data.load(tmp_path / "cards.csv").rows
    assert isinstance(table, data.Table) and len(table) == len(expected) == 700
    for index in [*range(699, -1, -7), *range(700)]:   # backwards, a block at a time, then in order
        number, row = table[index]
        assert [row["title"], row["suit"], row["size"]] == expected[index]
        assert number == index + 2 + 2 * (index >= 299) and row["#row"] == number   # the blank rows: numbers, no rows
    assert table[-1] == table[699] and list(table)[:3] == [table[0], table[1], table[2]]
    spec = load(tmp_path, "cards.csv", 700)
    assert [arts.props["title"] for arts in expand(spec)[1].values()] == [cells[0] for cells in expected]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16-le"])
def test_a_byte_order_mark_saved_twice_is_not_part_of_the_first_column_s_name(tmp_path, encoding):
    """A tool that adds a mark to a file that had one leaves two: the first column is still 'title', and rows read again
    from the file start where they do."""
    from generator.spec import data
    text = "\ufeff\ufefftitle,suit\n" + "".join(f"Card {k},{'fire' if k % 2 else 'water'}\n" for k in range(50))
    (tmp_path / "cards.csv").write_bytes(text.encode(encoding))
    table = data.load(tmp_path / "cards.csv").rows
    assert table.columns == ("title", "suit")
    assert [table[k][1]["title"] for k in (49, 0, 17)] == ["Card 49", "Card 0", "Card 17"]


def test_a_csv_changed_after_it_was_read_is_an_error_naming_it(tmp_path, monkeypatch):
    from generator.spec import data
    monkeypatch.setattr(data.Table, "BLOCK", 64)   # a few rows read at a time, as a deck's are
    (tmp_path / "cards.csv").write_text("title,suit,size\n" + "".join(f"Card {k},fire,4\n" for k in range(50)))
    spec = load(tmp_path, "cards.csv", 50)
    (tmp_path / "cards.csv").write_text("title,suit,size\n" + "".join(f"Card {k},water,4\n" for k in range(50)))
    with pytest.raises(UserError) as caught:
        list(expand(spec)[1].values())
    assert str(caught.value) == f"{tmp_path / 'cards.csv'}: the file changed while it was being read: build again"
    assert faces(load(tmp_path, "cards.csv", 50))[0] == ("Card 0", "water")   # loaded again, it is read as it is now


@pytest.mark.parametrize("data, message", [
    ("title,cost\r\nSun,1\r\n".encode("utf-16-le"), "row 1, column 1: a NUL character, which no text holds (a file in "
     "UTF-16 without a byte-order mark, or not a CSV?): save it as CSV UTF-8"),
    (b"title,cost\nSun,1\nMoon,\x003\n", "row 3, column cost: a NUL character, which no text holds (a file in UTF-16 "
     "without a byte-order mark, or not a CSV?): save it as CSV UTF-8"),
    ("\ufefftitle;cost\r\nSun;1\r\nMoon;3".encode("utf-16-be") + b"\x00", "row 3, column cost: not UTF-16 text "
     "(byte {last}), though it starts with UTF-16's byte-order mark: save it as CSV UTF-8"),
])
def test_a_csv_that_is_not_text_in_an_encoding_pnp_can_tell_names_its_row_and_column(tmp_path, data, message):
    from generator.spec import data as rows
    (tmp_path / "cards.csv").write_bytes(data)
    with pytest.raises(UserError) as caught:
        rows.load(tmp_path / "cards.csv")
    assert str(caught.value) == f"{tmp_path / 'cards.csv'} {message.format(last=len(data) - 1)}"   # an odd last byte


def test_a_quote_never_closed_is_found_past_csv_s_own_limit_on_a_cell(tmp_path):
    import csv
    text = 'title,suit,size\nA,"fire,4\n' + "B,water,4\n" * 20_000   # 200,000 characters in its cell: csv's limit is 131,072
    (tmp_path / "cards.csv").write_text(text)
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.csv", 1)
    assert str(caught.value).startswith(f"{tmp_path / 'cards.csv'} row 2, column suit: a quote opened here is never closed")
    assert csv.field_size_limit() >= len(text)


def test_a_quote_left_open_and_closed_by_a_later_quote_is_named_where_it_opens(tmp_path):
    """The cell runs on to the next quote, rows below, and the row then has more cells than the header: the error names
    the cell whose quote opened (it named a column past the header, two rows on); a quoted cell holding a line break
    in a row of the right width is still read."""
    (tmp_path / "cards.csv").write_text('title,suit,size\nA,"fire,4\nB,water,4\n"C",water,4\nD,fire,4\n')
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.csv", 1)
    assert str(caught.value) == (f"{tmp_path / 'cards.csv'} row 2, column suit: a quote opened here runs on into the "
                                 'rows below, to the next quote: end the cell with a quote (a quote inside a quoted '
                                 'cell is written twice, "")')
    (tmp_path / "cards.csv").write_text('title,suit,size\n"A\nB",fire,4\n')
    assert faces(load(tmp_path, "cards.csv", 1)) == [("A\nB", "fire")]


@pytest.mark.parametrize("csv, message", [
    # a quote left open, closed rows below before text: the next row was read into the cell, and validate passed
    ('title,rules,flavour,count\nAnchor,"Gain one.,,1\nBuoy,Draw a card.,"Ah, well.",1\nCompass,Pass.,,1\n',
     "row 2, column rules: a quote opened here runs on into the rows below, to the next quote: end the cell with a "
     'quote (a quote inside a quoted cell is written twice, "")'),
    ('title,rules,flavour,count\nAnchor,"Gain" one,,1\n',
     "row 2, column rules: text follows the quote that ends this cell (' one'): put the whole cell in quotes (a quote "
     'inside a quoted cell is written twice, "")'),
    ('title,rules,flavour,count\nAnchor,Gain one,"Ah" ,1\n',
     "row 2, column flavour: text follows the quote that ends this cell (' '): put the whole cell in quotes (a quote "
     'inside a quoted cell is written twice, "")'),
])
def test_text_after_a_closing_quote_is_an_error_naming_the_cell_whose_quote_opened(tmp_path, csv, message):
    """A quote closes a quoted cell only before a comma or the row's end; csv's lenient reading took the text after it
    into the cell, and a quote left open swallowed the rows below it: a card lost, with exit 0."""
    from generator.spec import data
    (tmp_path / "cards.csv").write_text(csv)
    with pytest.raises(UserError) as caught:
        data.load(tmp_path / "cards.csv")
    assert str(caught.value) == f"{tmp_path / 'cards.csv'} {message}"


@pytest.mark.parametrize("name, text, message", [
    ("cards.csv", 'title,suit\n"Sun\x1b]0;pwned\x07rise",fire\n',
     "cards.csv row 2, column title: the cell holds the control character U+001B, which cannot be printed"),
    ("cards.csv", "title,su\x07it\nSun,fire\n",
     "cards.csv row 1, column 2: the header's cell holds the control character U+0007, which cannot be printed"),
    ("cards.json", '[{"title": "\\ud800", "suit": "fire"}]',
     "cards.json row 1, column title: the value '\\ud800' holds a lone surrogate (U+D800), which is not a character"),
    ("cards.json", '[{"title\\u001b": "Sun"}]',
     "cards.json row 1: the column name 'title\\x1b' holds the control character U+001B, which cannot be printed"),
    ("cards.json", '[{"title": "Sun", " ": "x"}]', "cards.json row 1: a column with no name (' '): every column needs a name"),
])
def test_a_data_cell_holding_a_control_character_or_a_lone_surrogate_is_refused(tmp_path, name, text, message):
    """As a YAML value is: an escape sequence in a CSV cell reached the terminal raw in validate's findings (it set the
    window's title), and a JSON lone surrogate ended validate in a UnicodeEncodeError traceback. A line break and a
    tab in a cell stay text."""
    from generator.spec import data
    (tmp_path / name).write_text(text)
    with pytest.raises(UserError) as caught:
        data.load(tmp_path / name)
    assert str(caught.value) == f"{tmp_path / name} {message.split(' ', 1)[1]}"
    (tmp_path / "ok.csv").write_text('title,suit\n"Sun\r\nrise\tnow",fire\n')
    assert [row["title"] for _, row in data.load(tmp_path / "ok.csv").rows] == ["Sun\nrise\tnow"]


def test_any_other_csv_error_is_one_line_naming_its_row(tmp_path):
    """csv's errors, e.g. a cell longer than its limit (here set low), name the row as a spreadsheet counts them: a
    quoted cell across lines is one row."""
    import csv
    from generator.spec import data
    (tmp_path / "cards.csv").write_text('title,suit\n"Two\nlines",fire\n' + "x" * 200 + ",water\n")
    limit = csv.field_size_limit(100)
    try:
        with pytest.raises(UserError) as caught:
            data.load(tmp_path / "cards.csv")
    finally:
        csv.field_size_limit(limit)
    assert str(caught.value) == f"{tmp_path / 'cards.csv'} row 3: not valid CSV (field larger than field limit (100))"


@pytest.mark.parametrize("data, message", [
    ('[{"title": "Sun"}]'.encode("utf-16"), ": the file is UTF-16 text (it starts with a UTF-16 byte-order mark): save "
                                            "it as UTF-8"),
    ('[\n{"title": "Glaré"}]'.encode("latin-1"), ":2: not UTF-8 text (byte {at}, 0xe9, perhaps a Latin-1 'é'): save it "
                                                 "as UTF-8"),
    (b'[\n{"title": "Sun}]', ":2: not valid JSON (Unterminated string starting at column 11)"),
    (b'[{"title": "Sun"},\n {"title": "Moon"}', ":2: not valid JSON (Expecting ',' delimiter at column 19)"),
    (b'[{"title": "Sun", "count": 12, "count": 3}]', ":1: the key 'count' is given twice in one object (which one is "
                                                    "meant?)"),
    # the line of the second entry, past an inner object holding the key and an object before it holding it too
    (b'[\n{"title": "A", "count": 1},\n{"title": "B",\n "count": 2,\n "extra": {"count": 3},\n "count": 4}\n]',
     ":6: the key 'count' is given twice in one object (which one is meant?)"),
])
def test_a_json_file_pnp_cannot_read_is_one_line_naming_its_line(tmp_path, data, message):
    (tmp_path / "cards.json").write_bytes(data)
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.json", 1)
    assert str(caught.value) == f"{tmp_path / 'cards.json'}{message.format(at=data.find(0xe9))}"
    (tmp_path / "cards.json").write_bytes('\ufeff[{"title": "Sun", "suit": "fire", "size": 4}]'.encode())
    assert faces(load(tmp_path, "cards.json", 1)) == [("Sun", "fire")]   # with Notepad's byte-order mark


@pytest.mark.parametrize("make, said", [
    (lambda path: path.mkdir(), "'{path}' is a folder, not a file"),
    (lambda path: os.mkfifo(path), "'{path}' is not a regular file (a pipe or a device): pnp reads files only"),
])
def test_a_data_path_that_is_no_file_is_named_so(tmp_path, make, said):
    """A folder or a pipe named as the data said 'no such file', though it is there (a pipe is never opened: no hang)."""
    make(tmp_path / "cards.csv")
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.csv", 1)
    assert str(caught.value).endswith("components.cards.data: " + said.format(path=tmp_path / "cards.csv")), str(caught.value)


def test_a_cell_holding_a_spreadsheet_error_is_one_line_naming_it(tmp_path):
    """A failed lookup saved by a spreadsheet program (#N/A) printed on its card as '#N/A', validate passing."""
    book = openpyxl.Workbook()
    for row in (["title", "suit", "size"], ["Storm", "water", 4], ["Flare", "#N/A", 3]):
        book.active.append(row)
    book.save(tmp_path / "cards.xlsx")
    with zipfile.ZipFile(tmp_path / "cards.xlsx") as saved:   # the cell as written: an error, not the text '#N/A'
        assert b't="e"' in saved.read("xl/worksheets/sheet1.xml")
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.xlsx", 2)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == (
        "cards.xlsx row 3, column suit: the cell holds the spreadsheet error #N/A: fix its formula or its inputs")


def test_without_a_sheet_named_the_first_sheet_of_data_shown_is_read(tmp_path):
    """A chart or a hidden sheet first: the sheet a spreadsheet program opens on is read (a hidden sheet of old cards
    was read instead, with no word); a workbook showing no sheet of data is one line."""
    from openpyxl.chart import BarChart, Reference
    book = openpyxl.Workbook()
    book.active.title = "Old"
    book.active.append(["name"])
    book.active.sheet_state = "hidden"
    cards = book.create_sheet("Cards")
    for row in (["title", "suit", "size"], ["Storm", "water", 4], ["Flare", "fire", 3]):
        cards.append(row)
    chart = BarChart()
    chart.add_data(Reference(cards, min_col=3, min_row=1, max_row=3))
    book.create_chartsheet("Chart", 0).add_chart(chart)
    book.save(tmp_path / "cards.xlsx")
    assert openpyxl.load_workbook(tmp_path / "cards.xlsx", read_only=True).sheetnames == ["Chart", "Old", "Cards"]
    assert faces(load(tmp_path, "cards.xlsx", 2)) == [("Storm", "water"), ("Flare", "fire")]
    cards.sheet_state = "hidden"
    book.save(tmp_path / "cards.xlsx")
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.xlsx", 2)
    assert str(caught.value).replace(str(tmp_path) + os.sep, "") == (
        "cards.xlsx: no sheet of data shows (its sheets: Chart, Old, Cards, charts or hidden): name one with sheet:")


def test_a_letter_written_with_a_combining_accent_is_read_as_the_one_letter_fonts_have(tmp_path):
    """'Cafe' and a combining acute (U+0301), as some keyboards and macOS file names write it, was refused: the bundled
    font has no glyph for the lone accent, though it has 'é'. Data cells and the spec's texts are read composed (NFC)."""
    from generator.check.validate import validate
    (tmp_path / "cards.csv").write_text("title,suit,size\nCafe\u0301,fire,4\n", encoding="utf-8")
    spec = load(tmp_path, "cards.csv", 1)
    assert faces(spec) == [("Caf\u00e9", "fire")]
    found = [f.message for f in validate(spec)]
    assert found and not [m for m in found if "glyph" in m], found   # (the test spec's band touches the cut)
    game = (tmp_path / "game.yaml").read_text(encoding="utf-8")
    (tmp_path / "game.yaml").write_text(game.replace("designer: Tester", "designer: Rene\u0301e"), encoding="utf-8")
    assert specs.load(str(tmp_path / "game.yaml")).game.designer == "Ren\u00e9e"


def test_a_header_of_100000_columns_is_read_in_one_pass_and_a_name_given_twice_at_its_end_is_found(tmp_path):
    """Each column's name was looked up in the whole header (a 100,000-column CSV took 33 s to validate, 500,000 hung):
    the names are read once, so the deck loads, and a name repeated 100,000 columns on is still named at its column."""
    extra = [f"c{n}" for n in range(100_000)]
    (tmp_path / "cards.csv").write_text(",".join(["title", "suit", "size", *extra]) + "\n"
                                        + ",".join(["A", "fire", "4", *[""] * len(extra)]) + "\n")
    assert faces(load(tmp_path, "cards.csv", 1)) == [("A", "fire")]
    (tmp_path / "cards.csv").write_text(",".join(["title", "suit", "size", *extra, "c5"]) + "\n")
    with pytest.raises(UserError, match=f"cards.csv row 1, column {len(extra) + 4}: column 'c5' is named twice"):
        load(tmp_path, "cards.csv", 1)


def test_excel_s_sep_line_names_the_separator_and_is_no_header(tmp_path):
    """Excel reads and writes 'sep=;' as a CSV's first line to name its separator: it was taken as the header ('a value
    in a column the header does not name'). It names the separator, the header is the next line, and rows are still
    counted as the file's lines."""
    (tmp_path / "cards.csv").write_text("sep=;\ntitle;suit;size;count\nFireball;fire;4;2\nTidal, Wave;water;3.5;1\n")
    assert faces(load(tmp_path, "cards.csv", 3)) == [("Fireball", "fire")] * 2 + [("Tidal, Wave", "water")]
    (tmp_path / "cards.csv").write_text("sep=;\ntitle;suit;size;count\nFireball;fire;4;2;x\n")
    with pytest.raises(UserError, match=r"cards.csv row 3, column 5: a value in a column the header does not name \('x'\)"):
        load(tmp_path, "cards.csv", 2)


@pytest.mark.parametrize("codec, bom", [("utf-32-le", b"\xff\xfe\x00\x00"), ("utf-32-be", b"\x00\x00\xfe\xff")])
def test_a_utf_32_csv_with_its_byte_order_mark_is_read(tmp_path, codec, bom):
    """UTF-32's little-endian mark starts as UTF-16's: such a file was read as UTF-16, and its NUL characters were
    said to be 'a file in UTF-16 without a byte-order mark'. Both UTF-32 marks are read, rows read again from the file
    by where they start (the build's Table) as in UTF-8."""
    text = 'title,suit,size,count\nFireball,fire,4,2\n"Tidal, Wave",water,3.5,1\n'
    (tmp_path / "cards.csv").write_bytes(bom + text.encode(codec))
    assert faces(load(tmp_path, "cards.csv", 3)) == [("Fireball", "fire")] * 2 + [("Tidal, Wave", "water")]


def test_a_yaml_binary_value_in_a_data_file_is_refused_at_its_row_and_column(tmp_path):
    """title: !!binary printed b'' on every card, with exit 0."""
    (tmp_path / "cards.yaml").write_text("- {title: !!binary , suit: fire, size: 4}\n")
    with pytest.raises(UserError) as caught:
        load(tmp_path, "cards.yaml", 1)
    assert str(caught.value).endswith("cards.yaml row 1, column title: expected a single value, found bytes (a YAML "
                                      "!!binary value)"), str(caught.value)
