"""PaperTown: a roll-and-write town redevelopment game on one shared hexagon sheet."""

from games.registry import About, lazy_engine

ABOUT = About("papertown", "PaperTown", 1, 2)
__getattr__ = lazy_engine(__name__, "games.papertown.engine", "PaperTownEngine")
