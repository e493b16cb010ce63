"""Mutation test of `pnp validate`: deliberate breaks of every shipped spec, each of which must fail validation.

Run `python tests/mutations.py` to print the Markdown table used in docs/reliability.md; the test
(tests/check/test_mutations.py) asserts that every mutation is caught. A mutation is caught when `pnp validate`
exits 1 (a failed check, or a clear one-line error) without a traceback.
"""
import copy
import sys
import tempfile
from pathlib import Path

import yaml
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.spec import loader as specs  # noqa: E402
from generator.spec import yamlsource  # noqa: E402
from generator.cli import cli  # noqa: E402


def at(data, *key_path):
    """The node at a key path."""
    for key in key_path:
        data = data[key]
    return data


def drop(cid):
    """Remove one component."""
    def mutate(data):
        del data["components"][cid]
    return f"drop component `{cid}`", mutate


def bump(cid, *key_path, by=1, consistent=False):
    """Change a number by `by`; with consistent, change `expect` to match so only the game's rules can object."""
    def mutate(data):
        parent = at(data["components"][cid], *key_path[:-1])
        old = parent[key_path[-1]]
        parent[key_path[-1]] = old + by
        if consistent:
            comp = data["components"][cid]
            comp["expect"] = comp["expect"] // old * (old + by)
    what = ".".join(key_path)
    tail = " (expect changed to match)" if consistent else ""
    return f"change `{cid}.{what}` by {by:+d}{tail}", mutate


def setting(cid, key_path, value, label=None, expect=None):
    """Set an option or face value (and `expect`, when given, so only the game's rules can object)."""
    def mutate(data):
        parent = at(data["components"][cid], *key_path[:-1])
        parent[key_path[-1]] = value
        if expect is not None:
            data["components"][cid]["expect"] = expect
    return label or f"set `{cid}.{'.'.join(map(str, key_path))}` to `{value}`", mutate


def duplicate_face(cid):
    """Repeat a face: the first listed face again (expect raised to match), or a product value twice."""
    def mutate(data):
        comp = data["components"][cid]
        faces = comp["faces"]
        if "list" in faces:
            faces["list"].append(copy.deepcopy(faces["list"][0]))
            comp["expect"] += faces.get("copies", 1)
        else:
            name, values = next(iter(faces["product"].items()))
            values[-1] = values[0]
    return f"duplicate a face of `{cid}`", mutate


def shipped_ids(game):
    """The component ids of a shipped spec that print by default (include: false ones break nothing), in spec order."""
    return [cid for cid, raw in yamlsource.load(specs.SPECS / f"{game}.yaml")[0]["components"].items()
            if raw.get("include", True)]


MUTATIONS = {
    "grannys-pills": [
        *(drop(c) for c in shipped_ids("grannys-pills")),
        duplicate_face("pill"),
        bump("pill", "faces", "copies", by=-1, consistent=True),
        bump("pill", "expect"),
        bump("prescription", "faces", "count", by=-1, consistent=True),
        bump("player-board", "faces", "copies", by=1, consistent=True),
        bump("board", "rows", by=-1),
        setting("pill", ("size",), "22 mm", "shrink the pill tiles to 22 mm (board cells stay 25 mm)"),
        setting("pill", ("faces", "product", "colour"), ["blue", "green", "yellow"], "remove a pill colour", expect=84),
        setting("prescription", ("rows",), 2, "make prescriptions 2 x 3 patterns"),
    ],
    "hexstatic": [
        *(drop(c) for c in ("tiles", "legend")),
        bump("tiles", "faces", "count", by=-1, consistent=True),
        bump("tiles", "expect"),
        setting("tiles", ("faces",), {"list": [{"sides": "RRGGBB"}, {"sides": "RRGGBB"}]},
                "replace the set by one tile type listed twice", expect=2),
        setting("tiles", ("faces",), {"list": [{"sides": s} for s in ("RRGGBB", "R-GGBB", "RRG-BB")]},
                "replace the set by tiles with no nexus and too few ends", expect=3),
        setting("tiles", ("faces", "generator"), "full-set", "name an unknown generator"),
        setting("legend", ("lines_from",), "scoring", "point the legend at a card without line styles"),
    ],
    "paths-and-pahs": [
        *(drop(c) for c in ("cards", "board", "pawns", "inventory")),
        duplicate_face("cards"),
        duplicate_face("pawns"),
        bump("inventory", "faces", "copies", by=-1, consistent=True),
        bump("cards", "expect"),
        setting("cards", ("faces", "product", "colour"), ["red", "blue", "green"], "change a card colour value"),
        setting("board", ("rows",), 5, "shrink the board to 5 rows"),
        setting("board", ("faces", "count"), 2, "ask the board generator for 2 layouts"),
        setting("setup", ("cards",), "board", "point the setup diagram at the board (not cards)"),
    ],
    "posies": [
        *(drop(c) for c in shipped_ids("posies")),
        duplicate_face("posy-green"),
        bump("posy-pink", "faces", "copies", by=-1, consistent=True),
        bump("posy-purple", "expect"),
        setting("posy-green", ("faces", "list", 0, "value"), 2, "make green posies worth 2"),
        setting("posy-purple", ("faces", "list", 0, "shape"), "flower-round-5", "give purple the pink flower form"),
        setting("board", ("rows",), [6, 7, 8, 9, 8, 7], "drop the board's last row of points"),
        setting("board", ("spacing",), "18 mm", "tighten the point spacing to 18 mm"),
    ],
    "glorieta": [
        *(drop(c) for c in shipped_ids("glorieta")),
        bump("black-stones", "faces", "copies", by=-1, consistent=True),
        bump("yellow-stones", "expect"),
        setting("board", ("radius",), 5, "shrink the board to side 6 (radius 5)"),
        setting("board", ("ring_run",), 6, "colour the ring in runs of 6"),
        setting("board", ("ring_run",), 1, "alternate the ring space by space (no edge loops)"),
        setting("yellow-stones", ("back", "fill"), "yellow", "give the yellow stones a yellow back"),
        setting("black-stones", ("size",), "24 mm", "make the stones wider than a cell"),
    ],
    "pixeliction": [
        *(drop(c) for c in shipped_ids("pixeliction")),
        bump("discs", "faces", "copies", by=-1, consistent=True),
        bump("words", "expect"),
        setting("board", ("rows",), 9, "make the board 9 x 8"),
        setting("words", ("words", 1), "apple", "repeat a word on the cards"),
    ],
}


def outcome(game, mutate, folder):
    """Apply a mutation to a copy of the shipped spec, run `pnp validate` on it; return (caught, first line)."""
    path = specs.SPECS / f"{game}.yaml"
    data = copy.deepcopy(yamlsource.load(path)[0])
    mutate(data)
    target = Path(folder) / f"my-copy-of-{game}.yaml"  # another name: the checks follow game.ruleset, not the file name
    target.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(target)])
    crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if ": colours " not in line]  # skip colour reports
    first = (lines or [""])[0].replace("error: ", "refused: ").replace(str(target), f"{game}.yaml")
    return result.exit_code == 1 and not crashed and "Traceback" not in result.output, first


def results():
    """(game, mutation, caught, message) for every mutation."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for game, mutations in MUTATIONS.items():
            for label, mutate in mutations:
                caught, message = outcome(game, mutate, folder)
                rows.append((game, label, caught, message))
    return rows


def table(rows):
    """The Markdown table of mutations and what caught them."""
    out = ["| game | mutation | caught | first line of `pnp validate` |", "|---|---|---|---|"]
    for game, label, caught, message in rows:
        out.append(f"| {game} | {label} | {'yes' if caught else '**NO**'} | {message.replace('|', '/')} |")
    caught = sum(row[2] for row in rows)
    out.append("")
    out.append(f"{caught} of {len(rows)} mutations caught.")
    return "\n".join(out)


if __name__ == "__main__":
    print(table(results()))
