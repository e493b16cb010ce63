"""The check stage: validation, text fit, safe areas, ink, image resolution and colour vision."""
