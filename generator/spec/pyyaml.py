"""PyYAML, loaded without compiling the pure-Python reader's pattern over all of Unicode (1 in 5 of a cold `pnp validate`'s
instructions before its workers fork): libyaml's parser, used wherever it is installed, never asks for it; the pure-Python
reader compiles it when first used."""
from .. import deferred

yaml = deferred.load("yaml")
