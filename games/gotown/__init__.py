"""GoTown: the Helvetiq pocket card game of towers built from pairs adding up to 9."""

from games.gotown.engine import GoTownEngine

ENGINE = GoTownEngine()

__all__ = ["ENGINE"]
