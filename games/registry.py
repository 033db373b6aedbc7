"""The games the referee offers: one line per game package.

A game package names its game in `ABOUT` and builds its engine on first use (`lazy_engine`), so
listing the games (`/games`, the first thing a new chat asks) imports no engine."""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from games.base import Engine

GAMES: dict[str, str] = {
    "gotown": "games.gotown",
    "papertown": "games.papertown",
    "papertales": "games.papertales",
    "papercraft": "games.papercraft",
    "skylines": "games.skylines",
}


class About(NamedTuple):
    """What the game list shows of a game, known without building its engine."""

    key: str
    title: str
    min_players: int
    max_players: int


def lazy_engine(package: str, module: str, cls: str) -> Callable[[str], Any]:
    """A game package's module `__getattr__`: its ENGINE, built from `module.cls` when first asked."""

    def attribute(name: str) -> Any:
        if name != "ENGINE":
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        engine = getattr(import_module(module), cls)()
        vars(sys.modules[package])["ENGINE"] = engine  # asked once
        return engine

    return attribute


def engine_for(key: str) -> Engine[Any]:
    name = GAMES[key]
    module = sys.modules.get(name) or import_module(name)  # asked several times per command
    engine: Engine[Any] = module.ENGINE
    return engine


def all_engines() -> list[Engine[Any]]:
    return [engine_for(key) for key in GAMES]


def about(key: str) -> About:
    """A game's name and seats; a package without ABOUT (a test's game) is asked its engine."""
    package = import_module(GAMES[key])
    found = getattr(package, "ABOUT", None)
    if isinstance(found, About):
        return found
    engine = engine_for(key)
    return About(engine.key, engine.title, engine.min_players, engine.max_players)
