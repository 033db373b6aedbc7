"""The registered games the contract suite runs for: every entry of the registry, no per-game code."""

from __future__ import annotations

from games.registry import GAMES

TEST_ONLY = ("race", "secret")
REAL_GAMES = [key for key in GAMES if key not in TEST_ONLY]
