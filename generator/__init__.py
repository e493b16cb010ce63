"""pnp: print-and-play asset generator."""
