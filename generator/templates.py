"""Where reusable artwork lives: the project's templates/ folder and one beside the spec."""
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def search_path(spec_path=None):
    """Template folders to search, the spec's own folder first."""
    local = Path(spec_path).resolve().parent / "templates" if spec_path else None
    return tuple(str(p) for p in (local, TEMPLATES) if p and p.is_dir())


def names(search):
    """Names of the symbols available in the given folders."""
    return sorted({p.stem for folder in search for p in Path(folder).glob("*.svg")})
