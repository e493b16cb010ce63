"""PyYAML, loaded with every pattern it compiles as it loads compiled when first used instead (deferred.py): the
pure-Python reader's pattern over all of Unicode (1 in 5 of a cold `pnp validate`'s instructions before its workers
fork), which libyaml's parser, used wherever it is installed, never asks for, and the resolver's and constructor's,
of which a spec's scalars ask for a few (the constructor's timestamp pattern, none): what a cold `pnp validate` does
before its workers fork, 11.6 M instructions less."""
from .. import deferred

yaml = deferred.load("yaml", every=True)
