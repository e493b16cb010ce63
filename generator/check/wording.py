"""How lists of numbers read in messages and on sheets, colour words in a theme's own words, and validate's notes."""
import re


def ranges(numbers) -> str:
    """Numbers as runs: '3', '1-20', '2-5, 8' (in the order given)."""
    runs = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)


def printable(text: str) -> str:
    """Text as a message shows it: each character that does not print (a right-to-left override, a zero-width space, an
    escape) as its escape, so that the terminal shows it, not obeys it."""
    return text if text.isprintable() else "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                                                   for ch in text)


def every_other(numbers) -> str:
    """Numbers as ranges gives them, four or more lone ones each two apart (duplex fronts, their backs between) in
    short: '2, 4, …, 14'."""
    parts: list[str] = []
    lone: list[int] = []   # lone numbers each two past the one before, not yet written

    def written() -> None:
        parts.extend([f"{lone[0]}, {lone[1]}, …, {lone[-1]}"] if len(lone) >= 4 else map(str, lone))
        lone.clear()
    for part in ranges(numbers).split(", ") if numbers else ():
        if "-" in part or (lone and int(part) != lone[-1] + 2):
            written()
        if "-" in part:
            parts.append(part)
        else:
            lone.append(int(part))
    written()
    return ", ".join(parts)


BASIC_WORDS = {  # the basic colour terms and a typical print of each: a key may not call a colour by a term another is nearer
    "red": "#d7191c", "orange": "#f58220", "yellow": "#ffe119", "green": "#2ca02c", "blue": "#1f4fd0",
    "purple": "#7b2fa8", "pink": "#f58cc0", "brown": "#8b4513", "black": "#000000", "white": "#ffffff",
    "grey": "#808080", "gray": "#808080"}


def colour_words(spec, text: str) -> str:
    """Text with every palette colour whose name is a colour word (BASIC_WORDS: 'red', not 'water' or 'reed', which
    name other things too), as a word, replaced by the word the spec or theme prints for it (colour_names: okabe-ito's
    vermillion reads 'orange', not 'red'); a capital stays a capital. A word written =red quotes someone (the
    designer): it stays, and reads 'red (orange in this print)' when renamed."""
    renamed = {name.lower(): word for name, word in spec.colour_names.items()
               if word.lower() != name.lower() and name.lower() in BASIC_WORDS}
    names = "|".join(map(re.escape, sorted(renamed, key=len, reverse=True))) or r"(?!)"

    def one(match):
        if match.group(1):
            word = renamed.get(match.group(1).lower())
            return match.group(1) + (f" ({word} in this print)" if word else "")
        word = renamed[match.group(0).lower()]
        return word[:1].upper() + word[1:] if match.group(0)[0].isupper() else word
    return re.sub(rf"(?<![\w=-])=([a-z]+)(?![\w-])|(?<![\w=-])(?:{names})(?![\w-])", one, text, flags=re.IGNORECASE)


def passed(spec) -> str:
    """The line pnp validate (and the gallery) prints for a spec whose every check passed: which checks, with the theme
    laid over it, how many components, and how many more include: false left out."""
    checked = ("all checks pass" if spec.game.ruleset else "all generic checks pass") + \
        (f" with the {spec.theme} theme" if spec.theme else "")
    count = counted(len(spec.components), "component")
    if spec.left_out:   # checked as the spec is read, then neither drawn nor printed
        count += f", {len(spec.left_out)} more left out by include: false"
    return f"{spec.path}: {checked} ({count})"


def counted(number: int, thing: str) -> str:
    """'1 check', '2 checks'."""
    return f"{number} {thing}{'s' * (number != 1)}"


def generic_note(spec) -> str | None:
    """The note validate prints when a spec of the shipped games' kinds names no game.ruleset to check its rules by;
    None for a spec that names one, or whose pieces are all layouts (a game of one's own has no rules code)."""
    if spec.game.ruleset or all(comp.kind == "layout" for comp in spec.components):
        return None
    return f"{spec.path}: generic checks only: the spec names no game.ruleset, so no game's own rules were checked"
