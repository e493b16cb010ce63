"""Read YAML safely, remembering the line of every key path for error messages."""
import yaml

from .errors import SpecError

MAX_NODES = 200_000
MAX_DEPTH = 64
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(path, text=None):
    """Return (data, lines) where lines maps key-path tuples to 1-based line numbers."""
    if text is None:
        try:
            raw = open(path, "rb").read()
        except OSError as exc:
            raise SpecError(path, "", f"cannot read spec: {exc.strerror}") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise SpecError(path, "", "file is not UTF-8 text", line) from None
    loader = Loader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            raise SpecError(path, "", "spec is empty")
        lines = {}
        data = _Walker(path, loader, lines).walk(root, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        raise SpecError(path, "", f"YAML syntax error: {problem}", mark.line + 1 if mark else None) from None
    except yaml.YAMLError as exc:
        raise SpecError(path, "", f"YAML error: {exc}") from None
    finally:
        loader.dispose()
    return data, lines


class _Walker:
    """Turn a composed node tree into plain data, with limits against alias bombs."""

    def __init__(self, path, loader, lines):
        self.path, self.loader, self.lines, self.count = path, loader, lines, 0

    def walk(self, node, key_path):
        self.count += 1
        line = node.start_mark.line + 1
        if self.count > MAX_NODES:
            raise SpecError(self.path, dotted(key_path), f"spec is too large (more than {MAX_NODES} values after expanding aliases)", line)
        if len(key_path) > MAX_DEPTH:
            raise SpecError(self.path, dotted(key_path), f"spec is nested too deeply (more than {MAX_DEPTH} levels)", line)
        self.lines.setdefault(key_path, line)
        plain = {yaml.MappingNode: "tag:yaml.org,2002:map", yaml.SequenceNode: "tag:yaml.org,2002:seq"}.get(type(node))
        if plain and node.tag != plain:
            raise SpecError(self.path, dotted(key_path), f"unsupported YAML tag {node.tag!r}", line)
        if isinstance(node, yaml.MappingNode):
            self.loader.flatten_mapping(node)
            result = {}
            for key_node, value_node in node.value:
                key = self.walk(key_node, key_path + ("<key>",)) if not isinstance(key_node, yaml.ScalarNode) else self._scalar(key_node, key_path)
                if not isinstance(key, (str, int, float, bool)) or key is None:
                    raise SpecError(self.path, dotted(key_path), "mapping keys must be plain words", key_node.start_mark.line + 1)
                key = str(key)
                if key in result:
                    raise SpecError(self.path, dotted(key_path + (key,)), "duplicate key", key_node.start_mark.line + 1)
                self.lines[key_path + (key,)] = key_node.start_mark.line + 1
                result[key] = self.walk(value_node, key_path + (key,))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.walk(item, key_path + (i,)) for i, item in enumerate(node.value)]
        return self._scalar(node, key_path)

    def _scalar(self, node, key_path):
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError as exc:
            raise SpecError(self.path, dotted(key_path), f"unsupported YAML tag {node.tag!r}", node.start_mark.line + 1) from None
        except (ValueError, OverflowError) as exc:
            raise SpecError(self.path, dotted(key_path), f"bad value: {exc}", node.start_mark.line + 1) from None


def dotted(key_path):
    """Join a key path as 'components.pill.size' or 'faces.list[2]'."""
    out = ""
    for part in key_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


