"""Card effects as data: one module per kind of step, listed once in registry.py."""
