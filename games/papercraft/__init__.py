"""Papercraft: a free paper-army tabletop wargame, refereed."""

from games.registry import About, lazy_engine

ABOUT = About("papercraft", "Papercraft", 2, 4)
__getattr__ = lazy_engine(__name__, "games.papercraft.engine", "PapercraftEngine")
