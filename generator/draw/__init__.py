"""The drawing stage: the display list, templates, text, art, fonts, looks and the painters that read it."""
