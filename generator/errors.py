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
