"""What every component kind declares: its fields, face fields, trim size and renderer."""
from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True)
class Kind:
    """A component kind: render(spec, component, props) -> SVG text; size(options) -> (w, h) mm."""

    render: Callable
    size: Callable
    fields: dict
    face_fields: dict = field(default_factory=dict)
    default_bleed: float = 0.0
    panels: bool = False
    panel_overlap: Callable = None   # options -> mm panels overlap by; None: imposition.OVERLAP
