"""Explode a spec into pieces (one per physical component) and the distinct artworks they use."""
import hashlib
import itertools
from collections.abc import Mapping
from functools import partial
from types import MappingProxyType
from ..records import NamedTuple

from .. import games
from ..components import KINDS
from ..located import spec_error


class Art(NamedTuple):
    """One distinct drawing: a component's front with given properties, or its common back."""

    key: str
    component: str
    side: str
    props: MappingProxyType


class Piece(NamedTuple):
    """One physical component to cut out: which front art and which back art (or None)."""

    component: str
    index: int  # type: ignore[assignment]  # a field, not tuple.index
    front: str
    back: str | None = None


_art = partial(tuple.__new__, Art)  # an Art from a (key, component, side, props) tuple, made without a Python call
_piece = partial(tuple.__new__, Piece)


def face_props(spec, comp):
    """The properties of each distinct face of a component, before copies; a colour with a mark brings its mark."""
    faces, marks = _faces(spec, comp), comp.options.get("marks")
    return [marked(comp, props) for props in faces] if marks else faces


def marked(comp, props: Mapping) -> Mapping:
    """A face's properties with the `mark` its component's `marks` option gives its colour, if any."""
    mark = (comp.options.get("marks") or {}).get(props.get("colour"))
    return {**props, "mark": mark} if mark else props


def _faces(spec, comp):
    """The properties of each distinct face as the faces block gives them."""
    source = comp.faces
    if source.generator:
        generators = games.ruleset(spec).generators
        generator = generators.get(source.generator)
        if generator is None:
            known = ", ".join(sorted(generators)) or "none"
            why = (f"the {spec.game.ruleset} rules have: {known}" if spec.game.ruleset else
                   "generators come from a game's rules, and this spec names none in game.ruleset")
            raise spec_error(spec, ("components", comp.id, "faces", "generator"),
                             f"unknown generator {source.generator!r}: {why}")
        made = generator(spec, comp)
        if len(made) != source.count:
            raise spec_error(spec, ("components", comp.id, "faces", "count"),
                             f"generator {source.generator!r} made {len(made)} faces, count asks for {source.count}")
        return [dict(p) for p in made]
    if source.product:
        names = [name for name, _ in source.product]
        return [dict(zip(names, combo)) for combo in itertools.product(*(values for _, values in source.product))]
    if source.items:
        return list(source.items)  # read-only already: each face's Art keeps its item, not a copy
    return [{}]


def expand(spec):
    """Return (pieces, arts): every piece in spec order and every distinct art by key (not to be changed).

    Worked out once per spec (checking a spec and then building it expand once) and kept with it.
    """
    return spec.remembered("expand", lambda: _expand(spec))


def _expand(spec):
    """(pieces, arts) of a spec, worked out afresh."""
    pieces, arts = [], {}
    for comp in spec.components:
        by_props = {}
        back = None
        if comp.back:
            back = f"{comp.id}-back"
            arts[back] = Art(back, comp.id, "back", MappingProxyType({}))
        first, backs, back_of = len(pieces), {}, KINDS[comp.kind].back_face if comp.back else None
        faces = face_props(spec, comp)
        if back_of is None and _distinct(comp.faces):   # no digest needed to tell the faces apart
            keys = [f"{comp.id}-{number}" for number in range(1, len(faces) + 1)]
            arts.update(zip(keys, map(_art, zip(keys, itertools.repeat(comp.id), itertools.repeat("front"),
                                                map(MappingProxyType, faces)))))
            copies = comp.faces.copies
            placed = keys if copies == 1 else [key for key in keys for _ in range(copies)]
            pieces += map(_piece, zip(itertools.repeat(comp.id), itertools.count(), placed, itertools.repeat(back)))
            continue
        row = None
        if "data" in comp.options:   # a data row's number tells its face from every other row's
            from .data import ROW as row  # lazy: start-up (only a deck from data has rows)
        for props in faces:
            # 1, 1.0 and True are different faces; the text's digest is kept, not the text (a deck has thousands)
            identity = props[row] if row else hashlib.sha256(repr(sorted(props.items())).encode()).digest()
            key = by_props.get(identity)
            if key is None:
                key = by_props[identity] = f"{comp.id}-{len(by_props) + 1}"
                arts[key] = Art(key, comp.id, "front", props if type(props) is MappingProxyType else MappingProxyType(props))
            own = back_of(comp.options, props) if back_of else None   # a back of its own (a data row's back column)
            behind = back
            if own is not None:
                behind = backs.get(repr(sorted(own.items())))
                if behind is None:
                    behind = backs[repr(sorted(own.items()))] = f"{comp.id}-back-{len(backs) + 1}"
                    arts[behind] = Art(behind, comp.id, "back", MappingProxyType(own))
            for _ in range(comp.faces.copies):   # each piece made at once: no list of (front, back) for the deck
                pieces.append(_piece((comp.id, len(pieces) - first, key, behind)))
    return pieces, arts


def _distinct(source) -> bool:
    """True when every face of a faces block differs from every other: a product whose lists each name a value once
    (1, 1.0 and True are three values, as repr tells them)."""
    return (not source.generator and bool(source.product)
            and all(len(set(map(repr, values))) == len(values) for _, values in source.product))
