"""One PNG per distinct face, with bleed, at --dpi (or as --pod's printer wants).

Each at an exact pixel size with its dpi recorded; with --pod, pod.py writes the printer's templates instead.
"""
from ...build import check
from ...draw.render import draw_art
from ..exports import face_files, face_stems
from ..raster import fits, painter, picture_png
from ...components import KINDS
from ...units import pixels

DPI = 300


def face_png(spec, art, dpi: float = DPI) -> bytes:
    """PNG of one artwork (an expand.Art) with its bleed at dpi: round(mm / 25.4 * dpi) px a side, dpi in its pHYs chunk."""
    return picture_png(draw_art(spec, art), dpi)


def jobs(spec, options) -> list:
    """One job per component: its faces' PNGs (with a print-on-demand preset: the preset's jobs)."""
    face_stems(spec)   # two faces of one file name are refused before any file is written
    for comp in spec.components:   # and a face too large to paint at this dpi
        width, height = (side + 2 * comp.bleed for side in KINDS[comp.kind].size(comp.options))
        fits(f"{spec.path}: {comp.id}", pixels(width, options.dpi), pixels(height, options.dpi), options.dpi)
    if options.pod:
        from .. import pod  # lazy: start-up (only a --pod build reads the printers' presets)
        return pod.jobs(spec, options)
    return [(f"{spec.game.id} png {comp.id}", write_faces, (spec, comp.id, options)) for comp in spec.components]


def write_faces(spec, component, options) -> tuple:
    """Write <out>/<id>/png/<face>.png for each distinct face (front and back) of a component."""
    check(spec)
    return face_files(spec, component, options, "png", lambda art: face_png(spec, art, options.dpi),
                      (options.dpi, painter()))
