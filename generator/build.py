"""The one orchestrator: spec -> pieces -> SVG -> sheet plans -> PDF files on disk."""
import os
import tempfile
from pathlib import Path

from . import pdf, sheets, spec as specs
from .components import KINDS
from .components import back as back_art
from .errors import UserError
from .expand import expand
from .imposition import impose
from .units import PT_PER_MM, fmt_mm
from .validate import validate

PAPER_CHOICES = ("a4", "letter", "all")


def papers(choice):
    """Paper names for a --paper choice."""
    return ("a4", "letter") if choice == "all" else (choice,)


def render_art(spec, art):
    """SVG text of one artwork."""
    comp = spec.component(art.component)
    kind = KINDS[comp.kind]
    if art.side == "back":
        return (kind.back or back_art.render)(spec, comp, *kind.size(comp.options))
    return kind.render(spec, comp, art.props)


def art_size(spec, art):
    """Bleed-box size (mm) of an artwork."""
    comp = spec.component(art.component)
    w, h = KINDS[comp.kind].size(comp.options)
    return w + 2 * comp.bleed, h + 2 * comp.bleed


def manifest_rows(spec, pieces, plan):
    """One manifest row per component: title, count, trim size, sheets, double-sided."""
    rows = []
    for comp in spec.components:
        w, h = KINDS[comp.kind].size(comp.options)
        count = sum(1 for p in pieces if p.component == comp.id)
        on = sum(1 for s in plan.sheets if comp.id in s.components)
        rows.append((comp.title, str(count), f"{w:g} x {h:g} mm", str(on), "yes" if comp.back else "no"))
    return rows


def components_pdf(spec, paper):
    """Build the components PDF of one spec on one paper; return (bytes, page count)."""
    pieces, arts = expand(spec)
    plan = impose(spec, pieces, paper)
    total = len(plan.sheets) + 1
    duplex_pages = [n for n, s in enumerate(plan.sheets, start=2) if s.side != "single"]
    out = pdf.Assembler()
    out.form("manifest", sheets.manifest(plan, spec, manifest_rows(spec, pieces, plan), duplex_pages, total))
    out.page(plan.width, plan.height, [("manifest", [1, 0, 0, 1, 0, 0], None)])
    for number, sheet in enumerate(plan.sheets, start=2):
        chrome = f"chrome-{number}"
        out.form(chrome, sheets.chrome(plan, sheet, number, total, spec.game.title))
        placements = [(chrome, [1, 0, 0, 1, 0, 0], None)]
        for slot in sheet.slots:
            art = arts[slot.art]
            out.form(art.key, render_art(spec, art))
            clip = None
            if slot.window is not None:
                clip = [slot.x * PT_PER_MM, (plan.height - slot.y - slot.h) * PT_PER_MM, slot.w * PT_PER_MM, slot.h * PT_PER_MM]
            placements.append((art.key, pdf.placement_matrix(slot, art_size(spec, art), plan.height), clip))
        trim = pdf.box([s for s in sheet.slots], plan.height) if sheet.slots else None
        bleed = pdf.box([s.bleed_box for s in sheet.slots], plan.height) if sheet.slots else None
        out.page(plan.width, plan.height, placements, trim, bleed)
    title = f"{spec.game.title}: components ({'A4' if paper == 'a4' else 'US Letter'})"
    return out.save(title, spec.game.designer, f"Print-and-play components of {spec.game.title}"), total


def write_atomic(path, data):
    """Write bytes to path via a temp file in the same folder and a rename: never a half-written file."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except (FileExistsError, NotADirectoryError):
        raise UserError(f"cannot write {path}: {path.parent} is not a folder") from None
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except OSError as exc:
        os.unlink(temp)
        raise UserError(f"cannot write {path}: {exc.strerror}") from None


def build(spec, paper, out_dir):
    """Validate one loaded spec and write its components PDF for one paper; return (path, pages, bytes)."""
    failures = validate(spec)
    if failures:
        raise UserError(f"{spec.path}: {len(failures)} check(s) failed, not building (run 'pnp validate')\n"
                        + "\n".join(map(str, failures)))
    data, pages = components_pdf(spec, paper)
    path = Path(out_dir) / spec.game.id / f"{spec.game.id}-components-{paper}.pdf"
    write_atomic(path, data)
    return path, pages, len(data)
