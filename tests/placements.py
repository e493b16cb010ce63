"""Read where forms were placed on a PDF page, from its content stream: shared by the build tests."""
import io

import pikepdf

PT_PER_MM = 72 / 25.4


def multiply(m, n):
    """The PDF matrix product m x n (apply m, then n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return [a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2]


def placed_centres(data, page_index, size):
    """[(x, y)] in mm: the centre, from the page's top-left, of every form of about size (w, h) mm drawn on a page.

    cairo rounds a form's BBox up to whole points, so the artwork is the size asked for, from the form's origin.
    """
    pdf = pikepdf.open(io.BytesIO(data))
    page = pdf.pages[page_index]
    height = float(page.mediabox[3])
    xobjects = page.Resources.get("/XObject", {})
    found, ctm, stack = [], [1, 0, 0, 1, 0, 0], []
    for operands, operator in pikepdf.parse_content_stream(page):
        op = str(operator)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = multiply([float(v) for v in operands], ctm)
        elif op == "Do":
            box = [float(v) for v in xobjects[str(operands[0])].BBox]
            w, h = (v * PT_PER_MM for v in size)
            if box[0] != 0 or box[1] != 0 or not (w <= box[2] < w + 1 and h <= box[3] < h + 1):
                continue
            a, b, c, d, e, f = ctm
            cx, cy = a * w / 2 + c * h / 2 + e, b * w / 2 + d * h / 2 + f
            found.append((cx / PT_PER_MM, (height - cy) / PT_PER_MM))
    return found
