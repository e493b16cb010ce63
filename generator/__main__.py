"""python -m generator: the pnp command line."""
from .cli import main

main()
