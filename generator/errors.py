"""Errors a user can act on: the CLI prints them in one line and exits 1."""


class UserError(Exception):
    """A problem with the user's input or environment, reported without a traceback."""


class SpecError(UserError):
    """A problem in a spec file, located by file, line and key path."""

    def __init__(self, path, key_path, message, line=None):
        self.path, self.key_path, self.message, self.line = str(path), key_path, message, line
        where = self.path if line is None else f"{self.path}:{line}"
        key = f" {key_path}:" if key_path else ""
        super().__init__(f"{where}:{key} {message}")


def printable(text: str) -> str:
    """Text as pnp sends it to a terminal: each control character but the line break (Unicode's Cc: U+0000-001F,
    U+007F-009F, as yamlsource.control_character finds them) shown escaped as Python writes it, ESC as \\x1b. A
    column's name, a cell, a key or a file name quoted in a message could otherwise set the terminal's title, clear
    it or ring its bell (ESC ] 0 ; ... BEL in a CSV's header)."""
    if text.isprintable():
        return text
    return "".join(repr(ch)[1:-1] if (ch < " " or "\x7f" <= ch <= "\x9f") and ch != "\n" else ch for ch in text)


def said(error) -> str:
    """An error as pnp prints it: `error: ` before its last line (a refused set's failed checks come first, then the
    line that counts them, as pnp validate prints them), its control characters escaped (printable)."""
    *before, last = printable(str(error)).split("\n")
    return "\n".join([*before, f"error: {last}"])


def reported(exc: Exception) -> UserError | None:
    """What the CLI prints of an error as its one line: a UserError as it is; an error the system gave on a file that
    nothing foresaw (a name too long, a folder that is a file, no permission) as one naming the file, a long name cut in
    its middle; None for any other (a broken pipe, a full disk's: left to click and the traceback)."""
    if isinstance(exc, UserError):
        return exc
    if not isinstance(exc, OSError) or exc.filename is None or isinstance(exc, BrokenPipeError):
        return None
    name = str(exc.filename)
    shown = name if len(name) <= 100 else f"{name[:60]}...{name[-30:]}"
    return UserError(f"{shown}: a file name of {len(name):,} characters, longer than the system takes"
                     if exc.errno == 36 else f"{shown}: {exc.strerror or exc}")
