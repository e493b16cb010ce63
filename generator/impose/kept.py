"""Sheet plans kept beside their file: a rebuild whose pieces, sizes and shared grounds are as they were (a colour
changed that no ground shows) takes the last plan and page count instead of imposing again."""
import json
from types import MappingProxyType

from .. import cache
from ..draw import content
from ..facecache import written
from ..files import write_quietly
from .imposition import Assembly, Plan, shared_ground
from .plan import Rect, Sheet, Slot

RECORDS = {kind.__name__: kind for kind in (Plan, Sheet, Slot, Rect, Assembly)}


def encode(value) -> str:
    """A plan as JSON text: each record {"r": name, "f": [fields]}, each tuple {"t": [items]} (a plan holds no dict);
    written sheet by sheet, so that only one sheet's plain copy is held at a time."""
    if isinstance(value, tuple) and not isinstance(value, Sheet):
        items = ",".join(map(encode, value))
        name = type(value).__name__
        return f'{{"r":"{name}","f":[{items}]}}' if name in RECORDS else f'{{"t":[{items}]}}'
    return json.dumps(_plain(value), separators=(",", ":"))


def _plain(value):
    """A sheet (or a value in it) as encode writes it: records and tuples as dicts."""
    if isinstance(value, tuple) and type(value).__name__ in RECORDS:
        return {"r": type(value).__name__, "f": [_plain(v) for v in value]}
    if isinstance(value, tuple):
        return {"t": [_plain(v) for v in value]}
    return value


def decode(text: str):
    """The plan encode() wrote, every record and tuple made as the JSON is read."""
    return json.loads(text, object_hook=lambda found: RECORDS[found["r"]](*found["f"]) if "r" in found else tuple(found["t"]))


class KeptPlan:
    """The plan and pages saved of one output file, kept in .pnp-cache beside it by the inputs imposition reads: the
    spec without its palette and line numbers, the pieces, the paper and backs, the code; and each component's shared
    ground (imposition gives pieces one ground under their block when they share it), checked again on reuse."""

    def __init__(self, path, spec, pieces, paper, backs):
        self.path = path.parent / cache.RECORDS / f"{path.name}.plan.json"
        self.spec, self.pieces, self.paper, self.backs, self.grounds = spec, pieces, paper, backs, {}
        self.inputs, self.entry, self.changed = None, None, False

    def _read(self) -> dict:
        """The kept entry when its inputs and the shared grounds it read are as they are now; else an empty one."""
        self.inputs = cache.key(self.spec._replace(palette=MappingProxyType({}), lines=MappingProxyType({})), "plan",
                                self.paper, self.backs, self.pieces)
        try:
            entry = json.loads(self.path.read_text())
            if entry["inputs"] != self.inputs or any(self._ground(component) != ground
                                                     for component, ground in entry["grounds"].items()):
                return {}
            self.grounds = entry["grounds"]
            return entry
        except (OSError, ValueError, KeyError, TypeError):
            return {}

    def _ground(self, component):
        """A component's shared ground now, as JSON keeps it."""
        found = shared_ground(self.spec, [p for p in self.pieces if p.component == component])
        return list(found) if found is not None else None

    def get(self, name: str, make):
        """The kept value called name ('plan', 'saved'), or make(grounds)'s, kept; grounds: a dict that imposition
        fills with each component's shared ground."""
        if self.entry is None:
            self.entry = self._read()
        if name not in self.entry:
            noted: dict = {}
            value = make(noted)
            self.grounds.update((component, list(g) if g is not None else None) for component, g in noted.items())
            self.entry[name], self.changed = encode(value), True
            return value
        return decode(self.entry[name])

    def furniture(self, name: str, make):
        """Sheet furniture called name (make() draws it) as written operators, kept with the plan: it shows only the plan
        and the spec's words, in fixed colours."""
        if self.entry is None:
            self.entry = self._read()
        kept = self.entry.setdefault("furniture", {})
        if name not in kept:
            kept[name], self.changed = content.write(make()), True
            return kept[name]
        return written(kept[name])

    def save(self) -> None:
        """Write the entry if something was added."""
        if self.changed:
            self.entry.update(inputs=self.inputs, grounds=self.grounds)
            write_quietly(self.path, json.dumps(self.entry, separators=(",", ":")).encode())
