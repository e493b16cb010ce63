"""Work derived from a spec (its expansion, its check) is kept with that spec, not in process-wide memos."""
import gc
import shutil

import pytest

from generator.build import check
from generator.spec import loader as specs
from generator.errors import UserError
from generator.spec.expand import expand
from generator.spec.model import Spec


def test_a_spec_is_expanded_once_and_a_copy_gets_its_own_pieces():
    spec = specs.load("posies")
    pieces, arts = expand(spec)
    assert expand(spec) is expand(spec)
    first = spec._replace(components=spec.components[:1])
    only = expand(first)[0]
    assert only and {p.component for p in only} == {spec.components[0].id} and len(only) < len(pieces)
    assert expand(spec) == (pieces, arts) and expand(first)[0] is only


def test_a_checked_and_expanded_spec_is_freed_when_dropped(tmp_path):
    path = tmp_path / "memo-probe.yaml"
    shutil.copy(specs.SPECS / "posies.yaml", path)

    def alive():
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, Spec) and o.path == str(path))
    spec = specs.load(str(path))
    check(spec)
    expand(spec)
    assert alive() >= 1
    del spec
    assert alive() == 0


def test_a_failing_spec_is_refused_every_time():
    spec = specs.load("grannys-pills", ["components.pill.expect=111"])
    for _ in range(2):
        with pytest.raises(UserError, match="1 check failed, not building"):
            check(spec)


def test_a_spec_without_its_own_derived_keeps_nothing():
    bare = specs.load("posies")._replace(derived=None)
    first = expand(bare)
    assert expand(bare) == first and expand(bare) is not first
