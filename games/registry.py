"""The games the referee offers: one line per game package."""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any

from games.base import Engine

GAMES: dict[str, str] = {
    "gotown": "games.gotown",
    "papertown": "games.papertown",
    "papertales": "games.papertales",
    "papercraft": "games.papercraft",
    "skylines": "games.skylines",
}


def engine_for(key: str) -> Engine[Any]:
    name = GAMES[key]
    module = sys.modules.get(name) or import_module(name)  # asked several times per command
    engine: Engine[Any] = module.ENGINE
    return engine


def all_engines() -> list[Engine[Any]]:
    return [engine_for(key) for key in GAMES]
