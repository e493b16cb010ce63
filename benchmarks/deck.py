"""Write the text benchmark: a deck of 1,000 distinct word cards, six made-up words each (accented letters too).

Usage: python benchmarks/deck.py deck.yaml && pnp build deck.yaml --paper a4 --out out
"""
import random
import sys

import yaml

SYLLABLES = ["ka", "lo", "mi", "ru", "te", "sa", "no", "vi", "pe", "da", "zu", "fo", "gri", "bla", "ster", "quen", "wy",
             "xa", "jo", "hé", "ça", "ün"]


def deck(cards: int = 1000) -> dict:
    """The spec of a deck of distinct word cards, the same every time."""
    rng = random.Random(7)
    faces = [{"words": ["".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))) for _ in range(6)],
              "number": n} for n in range(1, cards + 1)]
    card = {"kind": "word-card", "title": "Word cards", "expect": cards, "width": "56 mm", "height": "80 mm",
            "heading": "Draw one", "faces": {"list": faces}}
    return {"game": {"title": "Word deck", "designer": "pnp benchmarks"}, "components": {"words": card}}


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        yaml.safe_dump(deck(), out, allow_unicode=True, sort_keys=False)
