"""Paper Tales: the card-drafting kingdom game, refereed for 2 to 5 players."""

from games.papertales.engine import PaperTalesEngine

ENGINE = PaperTalesEngine()

__all__ = ["ENGINE"]
