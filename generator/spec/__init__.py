"""The spec stage: YAML source, schema, the typed model, themes, data rows, layout files and expansion."""
