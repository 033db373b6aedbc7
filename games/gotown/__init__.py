"""GoTown: the Helvetiq pocket card game of towers built from pairs adding up to 9."""

from games.registry import About, lazy_engine

ABOUT = About("gotown", "GoTown", 2, 4)
__getattr__ = lazy_engine(__name__, "games.gotown.engine", "GoTownEngine")
