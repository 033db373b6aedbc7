"""The bot: builds, steals from the leader, hits the leader, guards its top, robs, else passes
(unless a full hand would stall the table, when it plays any card it can)."""

from __future__ import annotations

from games.base import Move, Rng
from games.gotown.catalog import JOKER
from games.gotown.flow import START_DRAW_LIMIT
from games.gotown.grammar import context
from games.gotown.moves import DONE, held_kinds, legal_moves, opponents, play_move
from games.gotown.state import GoTownState


def _leader(state: GoTownState, seat: int) -> int:
    """The opponent with the most floors (the nearest in turn order on a tie)."""
    return max(opponents(state, seat), key=lambda other: len(state["towers"][other]))


def bot_choice(state: GoTownState, seat: int, rng: Rng) -> Move:
    """Build, steal (from the leader first), hit the leader, guard the top, rob, stall, else pass."""
    moves = legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    leader = state["names"][_leader(state, seat)]
    builds = [move for move in moves if move.verb == "build"]
    if builds:
        plain = [move for move in builds if JOKER not in move.args]
        return (plain or builds)[0]
    steals = [move for move in moves if move.verb == "steal"]
    if steals:
        return next((move for move in steals if move.args[-1] == leader), steals[0])
    plays = {move.args: move for move in moves if move.verb == "play"}
    words, first = context(state), _leader(state, seat)
    lure = [play_move(words, "bone", first, len(state["towers"][first]))]
    preferred = [
        play_move(words, "hammer", first),
        play_move(words, "wreck", first),
        *(lure if "hammer" in held_kinds(state, seat) else []),
        play_move(words, "dog", floor=len(state["towers"][seat])),
        play_move(words, "superthief"),
        play_move(words, "milkshake", first),
        play_move(words, "donut"),
    ]
    for wanted in preferred:
        if wanted.args in plays:
            return plays[wanted.args]
    thieves = [move for move in plays.values() if move.args[0] == "thief"]
    if thieves:
        return rng.choice(thieves)
    if len(state["hands"][seat]) >= START_DRAW_LIMIT and plays:
        return _unblock(state, seat, list(plays.values()), rng)
    return DONE


def _unblock(state: GoTownState, seat: int, plays: list[Move], rng: Rng) -> Move:
    """A full hand draws nothing and a card it could play keeps the 8-card limit in force, so
    passing would stall the table: play one, luring a dog from its own tower only as a last
    resort."""
    own = state["names"][seat]
    kinder = [move for move in plays if move.args[:2] != ("bone", own)]
    return rng.choice(kinder or plays)
