"""A simple bot: claim what it can, build what pays best, use its mayor, and keep cards coming."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Move, Rng
from games.skylines import building
from games.skylines.cards import TRACKS, Catalog
from games.skylines.program import current
from games.skylines.reading import Table
from games.skylines.state import SkylinesState
from games.skylines.verbs import VERBS

BUILD = next(verb for verb in VERBS if verb.name == "build")


def _build_value(cat: Catalog, build: Mapping[str, Any]) -> float:
    info = cat.card(build["CARD"].card)
    paid = len(build.get("pay", ()))
    return 20.0 + 3 * sum(info.gains) + 2 * info.level + 2 * info.landmark - 2 * paid


def _builds(words: Table) -> dict[tuple[str, ...], Mapping[str, Any]]:
    """The builds open now, by the words each is offered as: made typed and written (the cheap
    way; reading each offered build back costs ten times more)."""
    state = words.state
    step = current(state)
    rule = step if step is not None and step["do"] == "build" else building.BASIC
    found = building.options(state, words.cat, words.seat, rule)
    return {words.write(BUILD.args, values): values for values in found}


def _value(words: Table, builds: Mapping[tuple[str, ...], Mapping[str, Any]], move: Move) -> float:
    state, cat, seat = words.state, words.cat, words.seat
    hand = len(state["hands"][seat])
    if move.verb == "achieve":
        return 100.0
    if move.verb == "build":
        found = builds.get(move.args)
        return _build_value(
            cat, found if found is not None else words.read(BUILD, move.args).values
        )
    if move.verb == "advance":
        mine = state["tracks"][seat]
        return 6.0 - mine[move.args[0]] / 10 if move.args[0] in TRACKS else 6.0
    if move.verb == "draw":
        return 18.0 if hand == 0 else 14.0 if hand < 4 else 4.0
    if move.verb == "mayor":  # most mayor actions spend cards: with few in hand, draw first
        return 16.0 if hand >= 2 else 8.0
    if move.verb in ("steal", "take", "declare", "city"):
        return 10.0
    if move.verb in ("tuck", "discard"):
        return 5.0 if hand > 2 else 2.0
    if move.verb == "skip":
        return 1.0
    return 0.0


def choose(state: SkylinesState, cat: Catalog, seat: int, moves: list[Move], rng: Rng) -> Move:
    """The best-valued legal move, with a little noise so bots do not all play alike."""
    words = Table(state, seat)
    builds = _builds(words) if any(move.verb == "build" for move in moves) else {}
    scored = [(_value(words, builds, move) + 3 * rng.random(), i) for i, move in enumerate(moves)]
    return moves[max(scored)[1]]
