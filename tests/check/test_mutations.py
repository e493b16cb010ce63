"""`pnp validate` catches every deliberate break of the shipped specs listed in tests/mutations.py."""
import mutations
from generator.spec import loader as specs


def test_every_shipped_game_has_mutations():
    assert set(mutations.MUTATIONS) == {p.stem for p in specs.shipped()}
    for game, listed in mutations.MUTATIONS.items():
        dropped = {label for label, _ in listed if label.startswith("drop component")}
        assert dropped, game


def test_every_mutation_is_caught():
    rows = mutations.results()
    missed = [(game, label, message) for game, label, caught, message in rows if not caught]
    print(f"{len(rows) - len(missed)} of {len(rows)} mutations caught")
    assert not missed
