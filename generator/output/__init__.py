"""What every output shares: the build options; the formats are in formats/, what the export formats share in
exports.py (a build of the PDFs loads none of it)."""
from ..records import NamedTuple


class Options(NamedTuple):
    """What a build asks of every format: where to write, which papers, backs and looks, the PNG dpi and POD preset."""

    out_dir: str = "output"
    paper: str = "all"
    backs: str = "duplex"
    looks: tuple = ()
    dpi: int = 300
    pod: str | None = None
