"""Paper Skylines: mayors stack building cards into cities, played with an original sample card set."""

from games.registry import About, lazy_engine

ABOUT = About("skylines", "Paper Skylines", 2, 4)
__getattr__ = lazy_engine(__name__, "games.skylines.engine", "SkylinesEngine")
