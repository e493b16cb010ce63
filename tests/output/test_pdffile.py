"""Streams compressed once a process: a stream the other paper's file compressed is taken as it is; others are not."""
import zlib

from generator.output import pdffile, rulebook


def test_a_stream_another_file_compressed_is_taken_as_compressed_and_a_changed_one_is_compressed_anew(monkeypatch):
    monkeypatch.setattr(pdffile, "RECENT", pdffile.Recent(1 << 10))
    data = b"q 1 0 0 1 10 10 cm 0 0 5 5 re f Q\n" * 4
    a4, letter = pdffile.File(), pdffile.File()
    first = a4.objects[a4.stream(data, " /Type /XObject") - 1][1]
    again = letter.objects[letter.stream(data, " /Type /XObject") - 1][1]
    assert again is first and zlib.decompress(again) == data
    for other, extra in ((data + b"S\n", " /Type /XObject"), (data, " /Type /XObject /Subtype /Form")):
        packed = letter.objects[letter.stream(other, extra) - 1][1]
        assert packed is not first and zlib.decompress(packed) == other
    assert pdffile.RECENT.room < 1 << 10


def test_the_recent_streams_stop_at_their_room():
    recent = pdffile.Recent(10)
    assert recent.keep("a", b"12345678") == b"12345678" and recent.keep("b", b"abcdef") == b"abcdef"
    assert list(recent) == ["a"] and recent.room == 2


def test_a_fonts_subset_is_made_once_and_another_subset_anew():
    """reportlab makes the same font file of the same characters on both papers: the bundled face keeps it."""
    rulebook._register_fonts()
    from reportlab.pdfbase import pdfmetrics
    face = pdfmetrics.getFont("Vera")
    face.subsets.clear()
    one = face.face.makeSubset([0, 32, 65, 66])
    assert face.face.makeSubset([0, 32, 65, 66]) is one and len(face.subsets) == 1
    other = face.face.makeSubset([0, 32, 65, 67])
    assert other != one and len(face.subsets) == 2
