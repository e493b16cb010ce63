"""The one orchestrator: spec -> pieces -> SVG -> sheet plans -> PDF files on disk."""
import os
import tempfile
from pathlib import Path

from . import pdf, sheets
from .components import KINDS
from .errors import UserError
from .expand import expand
from .render import art_size, render_art
from .imposition import impose
from .units import PT_PER_MM
from .validate import validate

PAPER_CHOICES = ("a4", "letter", "all")


def papers(choice):
    """Paper names for a --paper choice."""
    return ("a4", "letter") if choice == "all" else (choice,)


def manifest_rows(spec, pieces, plan, backs="duplex"):
    """One manifest row per component: title, count, trim size, sheets, double-sided (duplex or fold-over)."""
    rows = []
    for comp in spec.components:
        w, h = KINDS[comp.kind].size(comp.options)
        count = sum(1 for p in pieces if p.component == comp.id)
        on = sum(1 for s in plan.sheets if comp.id in s.components)
        rows.append((comp.title, str(count), f"{w:g} x {h:g} mm", str(on), ("fold-over" if backs == "fold" else "yes") if comp.back else "no"))
    return rows


def components_pdf(spec, paper, backs="duplex"):
    """Build the components PDF of one spec on one paper; return (bytes, page count)."""
    pieces, arts = expand(spec)
    plan = impose(spec, pieces, paper, backs)
    total = len(plan.sheets) + 1
    duplex_pages = [n for n, s in enumerate(plan.sheets, start=2) if s.side in ("front", "back")]
    fold_pages = [n for n, s in enumerate(plan.sheets, start=2) if s.side == "fold"]
    out = pdf.Assembler()
    rows = manifest_rows(spec, pieces, plan, backs)
    out.add("manifest", sheets.manifest(plan, spec, rows, duplex_pages, total, fold_pages))
    for number, sheet in enumerate(plan.sheets, start=2):
        out.add(f"chrome-{number}", sheets.chrome(plan, sheet, number, total, spec.game.title))
        for slot in sheet.slots:
            out.add(slot.art, render_art(spec, arts[slot.art]))
    out.convert()
    out.page(plan.width, plan.height, [("manifest", [1, 0, 0, 1, 0, 0], None)])
    for number, sheet in enumerate(plan.sheets, start=2):
        placements = [(f"chrome-{number}", [1, 0, 0, 1, 0, 0], None)]
        for slot in sheet.slots:
            clip = None
            if slot.window is not None:
                clip = [slot.x * PT_PER_MM, (plan.height - slot.y - slot.h) * PT_PER_MM, slot.w * PT_PER_MM, slot.h * PT_PER_MM]
            placements.append((slot.art, pdf.placement_matrix(slot, art_size(spec, arts[slot.art]), plan.height), clip))
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
    except BaseException as exc:  # also on Ctrl-C: remove our own temp file, and only that
        if os.path.exists(temp):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise UserError(f"cannot write {path}: {exc.strerror}") from None
        raise


def output_path(out_dir, spec, paper, backs="duplex"):
    """Where the components PDF of a game goes: <out>/<id>/<id>-components-<paper>[-fold].pdf."""
    suffix = "-fold" if backs == "fold" else ""
    return Path(out_dir) / spec.game.id / f"{spec.game.id}-components-{paper}{suffix}.pdf"


def check(spec):
    """Refuse to build a spec whose set fails validation."""
    failures = validate(spec)
    if failures:
        raise UserError(f"{spec.path}: {len(failures)} check(s) failed, not building (run 'pnp validate')\n"
                        + "\n".join(map(str, failures)))


def build(spec, paper, out_dir, backs="duplex"):
    """Validate one loaded spec and write its components PDF for one paper; return (path, pages, bytes)."""
    check(spec)
    data, pages = components_pdf(spec, paper, backs)
    path = output_path(out_dir, spec, paper, backs)
    write_atomic(path, data)
    return path, pages, len(data)


def build_rules(spec, paper, out_dir):
    """Write the rulebook PDF of one spec for one paper; return (path, pages, bytes)."""
    from .rulebook import rules_pdf
    data, pages = rules_pdf(spec, paper)
    path = Path(out_dir) / spec.game.id / f"{spec.game.id}-rules-{paper}.pdf"
    write_atomic(path, data)
    return path, pages, len(data)
