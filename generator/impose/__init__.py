"""The imposition stage: sheet plans, hex sheets and the furniture printed around the pieces."""
