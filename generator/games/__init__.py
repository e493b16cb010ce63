"""Game modules: enumerations, generators and rule checks that YAML cannot express."""
