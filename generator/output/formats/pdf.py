"""Components PDFs and rulebooks on each paper.

The components PDF of each paper in the chosen backs and looks, and the rulebook.
"""
from ...build import build, build_look, build_rules, papers
from ...spec.loader import rules_path


def jobs(spec, options) -> list:
    """The components PDF of each paper, and its rulebook when the spec has rules and no looks are asked for."""
    found: list[tuple] = []
    for size in papers(options.paper):
        if options.looks:
            found.append((f"{spec.game.id} {size}", build_look, (spec, size, options.out_dir, options.backs, options.looks)))
            continue
        found.append((f"{spec.game.id} {size}", build, (spec, size, options.out_dir, options.backs)))
        if rules_path(spec).is_file():
            found.append((f"{spec.game.id} {size} rules", build_rules, (spec, size, options.out_dir)))
    return found
