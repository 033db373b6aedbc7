"""Paper Tales: the card-drafting kingdom game, refereed for 2 to 5 players."""

from games.registry import About, lazy_engine

ABOUT = About("papertales", "Paper Tales", 2, 5)
__getattr__ = lazy_engine(__name__, "games.papertales.engine", "PaperTalesEngine")
