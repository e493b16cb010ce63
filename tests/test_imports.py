"""The import graph of the generator package: no cycles, and every import inside a function says it is for start-up."""
import ast
import subprocess
import sys
from pathlib import Path

GENERATOR = Path(__file__).resolve().parent.parent / "generator"
LAZY = "# lazy: start-up"


def module_name(path: Path) -> str:
    """The dotted name of a module file of the package."""
    parts = path.relative_to(GENERATOR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, known: set) -> list:
    """(imported module, line, inside a function) for each import of a package module in one file that runs."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text())
    in_function = {id(sub) for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                   for sub in ast.walk(node) if isinstance(sub, (ast.Import, ast.ImportFrom))}
    for_hints = {id(sub) for node in ast.walk(tree) if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
                 for sub in ast.walk(node)}  # imports for type hints only, never run
    found = []
    for node in ast.walk(tree):
        if id(node) in for_hints:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))  # a submodule named, else the module's names
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in known else module for a in node.names]
        else:
            continue
        found += [(t, node.lineno, id(node) in in_function) for t in targets if t in known and t != name]
    return found


def graph() -> dict:
    """Module -> the package modules it imports (at the top or inside functions)."""
    files = {module_name(p): p for p in GENERATOR.rglob("*.py")}
    return {name: {t for t, _, _ in imports(path, set(files))} for name, path in files.items()}


def cycles(edges: dict) -> list:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while not group or group[-1] != v:
                group.append(stack.pop())
                on.discard(group[-1])
            if len(group) > 1:
                out.append(sorted(group))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_among_generator_modules():
    edges = graph()
    assert "generator.impose.plan" in edges["generator.build"]  # the graph sees relative imports
    assert cycles(edges) == []


def test_every_import_inside_a_function_is_marked_lazy_for_start_up():
    unmarked = []
    for path in GENERATOR.rglob("*.py"):
        lines = path.read_text().splitlines()
        tree = ast.parse("\n".join(lines))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                unmarked += [f"{path.name}:{sub.lineno}" for sub in ast.walk(node)
                             if isinstance(sub, (ast.Import, ast.ImportFrom)) and LAZY not in lines[sub.lineno - 1]]
    assert unmarked == []


def loaded_after(statement: str) -> set:
    """The modules a fresh interpreter has loaded after running one statement."""
    code = f"import sys; {statement}; print('\\n'.join(sys.modules))"
    return set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split())


def test_importing_the_package_and_the_cli_stays_cheap():
    heavy = {"cairocffi", "pikepdf", "reportlab", "coloraide", "yaml", "generator.build", "generator.spec.loader"}
    assert not heavy & loaded_after("import generator")
    assert not {"cairocffi", "pikepdf", "reportlab", "coloraide", "generator.build"} & loaded_after("import generator.cli")
    spared = {"shutil", "bz2", "lzma", "shlex", "generator.check.wording"}   # what only some commands use
    assert not spared & loaded_after("import generator.cli")
