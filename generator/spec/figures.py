"""Figures the printed texts quote from the spec: {discs.count} in a text becomes the number the spec decides."""
import math
import re
from types import MappingProxyType

from .. import games

PLACEHOLDER = r"(?<!\\)\{(?![0-9]+\})([a-z0-9][a-z0-9._-]*)\}"  # \{ is a brace, {3} a number in braces (no figure is
                                                                # digits alone); compiled on first use: start-up


NO_COUNT = ("data", "layouts")   # lists whose length is no figure: inline data rows (pieces are {id.count}), layout files


def pieces(comp):
    """How many pieces a component makes: its distinct faces times its copies."""
    source = comp.faces
    faces = math.prod(len(v) for _, v in source.product) if source.product else len(source.items) or source.count or 1
    return faces * source.copies


def generic(spec):
    """Each component's {id.count}, number options (a length with its unit: "63 mm"), list lengths, shared face
    properties, and {id.grid}, {id.cells}."""
    from ..components import KINDS  # lazy: start-up (a cycle: the components import the loader, which imports this)
    found = {}
    for comp in spec.components:
        found[f"{comp.id}.count"] = pieces(comp)
        fields = KINDS[comp.kind].fields
        for key, value in comp.options.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                unit = getattr(fields.get(key), "unit", None)
                found[f"{comp.id}.{key}"] = f"{value:g} {unit}" if unit else value
            elif isinstance(value, (list, tuple)) and key not in NO_COUNT:
                found[f"{comp.id}.{key}"] = len(value)
        if comp.faces.items:  # a face property every listed face shares: {posy-pink.value} (never one named as a
            first = comp.faces.items[0]   # figure above: a count column of 2s is no {cards.count})
            for k, v in first.items():    # a data row's #row and #data: no figure
                if (isinstance(v, (int, str)) and v != "" and not str(k).startswith("#")   # no empty cell is a figure
                        and all(item.get(k) == v for item in comp.faces.items)):
                    found.setdefault(f"{comp.id}.{k}", v)
        rows, cols = comp.options.get("rows"), comp.options.get("cols")
        if isinstance(rows, int) and isinstance(cols, int):
            found[f"{comp.id}.grid"], found[f"{comp.id}.cells"] = f"{rows}x{cols}", rows * cols
    return found


class Figures(dict):
    """A spec's figures: the generic ones, then the game's figures(spec) (None where a broken set cannot count) on demand."""

    def __init__(self, spec):
        super().__init__(generic(spec))
        self.spec, self.complete = spec, False

    def __missing__(self, name):
        if self.complete:
            raise KeyError(name)
        self.completed()
        return self[name]

    def completed(self):
        """Add the game's own figures (once); return self."""
        if not self.complete:
            self.complete = True
            self.update(games.ruleset(self.spec).figures(self.spec))
        return self


def shown(value):
    """A figure as text: 20.0 -> 20; None (a set too broken to count, which validation refuses) -> ?."""
    return "?" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def fill(text, table, fail):
    """Text with each {name} replaced by its figure; an unknown name goes to fail(name, message): it raises or gives a text."""
    def one(match):
        try:
            return shown(table[match.group(1)])
        except KeyError:
            name = match.group(1)
            left_out = getattr(getattr(table, "spec", None), "left_out", ())
            if name.split(".")[0] in left_out:
                return fail(name, f"{{{name}}}: component {name.split('.')[0]} is left out (include: false), so it has "
                                  "no figures: write the figure, or include the component")
            names = sorted(table.completed())
            near = [n for n in names if n.split(".")[0] == name.split(".")[0]] or names
            return fail(name, f"unknown figure {{{name}}} (figures: {', '.join(near)})")
    return re.sub(PLACEHOLDER, one, text) if "{" in text else text


def fill_all(value, table, fail, key_path=(), kept=frozenset()):
    """A copy of text, lists and mappings with every text filled, but a mapping's keys in kept left as they are;
    fail(key_path, name, message) names where."""
    if isinstance(value, str):
        return fill(value, table, lambda name, message: fail(key_path, name, message))
    if isinstance(value, (list, tuple)):
        return type(value)(fill_all(v, table, fail, key_path + (i,)) for i, v in enumerate(value))
    if isinstance(value, (dict, MappingProxyType)):
        filled = {k: v if k in kept else fill_all(v, table, fail, key_path + (k,)) for k, v in value.items()}
        return MappingProxyType(filled) if isinstance(value, MappingProxyType) else filled
    return value
