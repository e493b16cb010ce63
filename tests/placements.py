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
    """[(x, y)] in mm: the centre, from the page's top-left, of every form drawn on a page whose box is size (w, h) mm."""
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
            form = xobjects[str(operands[0])]
            x1, y1, x2, y2 = (float(v) for v in form.BBox)
            a, b, c, d, e, f = multiply([float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])], ctm)
            w, h = (x2 - x1) * (a * a + b * b) ** 0.5, (y2 - y1) * (c * c + d * d) ** 0.5
            if abs(w - size[0] * PT_PER_MM) > 0.5 or abs(h - size[1] * PT_PER_MM) > 0.5:
                continue
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            found.append(((a * mx + c * my + e) / PT_PER_MM, (height - (b * mx + d * my + f)) / PT_PER_MM))
    return found
