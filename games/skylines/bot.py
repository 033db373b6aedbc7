"""A simple bot: claim what it can, build what pays best, use its mayor, and keep cards coming."""

from __future__ import annotations

from games.base import Args, Move, Rng
from games.skylines.cards import TRACKS, Catalog
from games.skylines.grammar import Pick
from games.skylines.reading import Table
from games.skylines.state import SkylinesState
from games.skylines.verbs import VERBS

BUILD = next(verb for verb in VERBS if verb.name == "build")


def _build_value(cat: Catalog, build: Args) -> float:
    info = cat.card(build.one("CARD", Pick).card)
    paid = len(build.many("pay", str))
    return 20.0 + 3 * sum(info.gains) + 2 * info.level + 2 * info.landmark - 2 * paid


def _value(words: Table, move: Move) -> float:
    state, cat, seat = words.state, words.cat, words.seat
    hand = len(state["hands"][seat])
    if move.verb == "achieve":
        return 100.0
    if move.verb == "build":
        return _build_value(cat, words.read(BUILD, move.args))
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
    scored = [(_value(words, move) + 3 * rng.random(), i) for i, move in enumerate(moves)]
    return moves[max(scored)[1]]
