"""Read where forms were placed on a PDF page, from its content stream: shared by the build tests."""
import io

import pikepdf

PT_PER_MM = 72 / 25.4


def placed_centres(data, page_index):
    """[(x, y, w, h)] in mm for every form drawn on a page: its centre from the page's top-left, its box size."""
    pdf = pikepdf.open(io.BytesIO(data))
    page = pdf.pages[page_index]
    height = float(page.mediabox[3])
    xobjects = page.Resources.XObject
    found, matrix = [], None
    for operands, operator in pikepdf.parse_content_stream(page):
        if str(operator) == "cm":
            matrix = [float(v) for v in operands]
        elif str(operator) == "Do":
            name = str(operands[0])
            box = [float(v) for v in xobjects[name].BBox]
            w, h = box[2] - box[0], box[3] - box[1]
            a, b, c, d, e, f = matrix
            cx, cy = a * w / 2 + c * h / 2 + e, b * w / 2 + d * h / 2 + f
            found.append((cx / PT_PER_MM, (height - cy) / PT_PER_MM, w / PT_PER_MM, h / PT_PER_MM))
    return found
