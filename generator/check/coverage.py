"""Ink coverage of a PDF: render its pages at low resolution (pypdfium2, when installed) and average the ink."""
DPI = 24


def coverage(pdf_bytes, dpi=DPI):
    """Mean ink coverage (0 blank paper to 1 solid black) of every page, or None without pypdfium2."""
    try:
        import pypdfium2  # lazy: start-up (and optional: a test extra)
    except ImportError:
        return None
    from PIL import ImageStat  # lazy: start-up (comes with pypdfium2's extra)
    doc = pypdfium2.PdfDocument(pdf_bytes)
    try:
        shares = []
        for page in doc:
            means = ImageStat.Stat(page.render(scale=dpi / 72).to_pil().convert("RGB")).mean
            shares.append(1 - sum(means) / (3 * 255))
        return sum(shares) / len(shares)
    finally:
        doc.close()


def saved(normal, saver):
    """One line for the build summary: coverage before and after, and the ink saved."""
    if normal is None or saver is None:
        return "ink coverage not measured (install pypdfium2 to measure it)"
    share = (normal - saver) / normal if normal else 0.0
    return f"ink coverage {normal:.1%} -> {saver:.1%} of the page area ({share:.0%} less ink)"
