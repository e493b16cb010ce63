"""The digests pnp takes, none from OpenSSL: hashlib loads it (_hashlib), a thirtieth of a rebuild's wall time. Keys
and records are BLAKE2b (as quick here as OpenSSL's SHA-256; Python's own SHA-256 is five times slower); what a PDF
carries (font tags, resource names, the file's ID) stays SHA-256 and MD5, from Python's own modules. SHA-256 is loaded
when first asked for (digests.sha256): each of these modules is a library to load, 0.5 ms, and a rebuild takes none."""
from _blake2 import blake2b

try:
    from _md5 import md5
except ImportError:  # a Python built without its own hashes takes OpenSSL's: the same digests
    from hashlib import md5

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hashlib import sha256

__all__ = ["hexdigest", "keyed", "md5", "sha256"]


def __getattr__(name: str):
    """sha256, Python's own SHA-256 (a hash object's maker), loaded on first use and kept as this module's."""
    if name != "sha256":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        from _sha256 import sha256  # lazy: start-up
    except ImportError:
        try:
            from _sha2 import sha256  # lazy: start-up (Python 3.12's name)
        except ImportError:
            from hashlib import sha256  # lazy: start-up (a Python built without its own hashes: OpenSSL's)
    globals()["sha256"] = sha256
    return sha256


def keyed(data: bytes = b""):
    """A BLAKE2b hash object of 32 bytes (64 hex digits, as a SHA-256's) over data: for keys and records, never output."""
    return blake2b(data, digest_size=32)


def hexdigest(data: bytes) -> str:
    """The keyed digest of bytes, as hex."""
    return blake2b(data, digest_size=32).hexdigest()
