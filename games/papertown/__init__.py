"""PaperTown: a roll-and-write town redevelopment game on one shared hexagon sheet."""

from games.papertown.engine import PaperTownEngine

ENGINE = PaperTownEngine()
