"""Refused commands, at every point of whole games, raise RuleError and change nothing
(through games.replay.apply, which owns the turn check and the rollback)."""

from __future__ import annotations

import copy
from collections.abc import Sequence

import pytest

from games.base import Action, Event, Rng, RuleError, State
from games.replay import apply
from games.skylines import ENGINE
from tests.support import random_play

BAD = [
    ("draw", ["row", "9"]),
    ("advance", ["sideways"]),
    ("tuck", ["Nowhere"]),
    ("discard", ["Nowhere"]),
    ("mayor", ["99"]),
    ("achieve", ["Nowhere"]),
    ("steal", ["Zed"]),
    ("take", ["Nowhere"]),
    ("declare", ["Castle"]),
    ("city", ["Nowhere"]),
    ("build", ["Nowhere", "left"]),
    ("fly", []),
]


def bad_commands(state: State, seat: int) -> list[tuple[str, list[str]]]:
    found = list(BAD)
    hand = state["hands"][seat]
    if hand:
        found.append(("build", [*hand[0].split(), "over", "99"]))
        found.append(("build", [*hand[0].split(), "right", "pay", "Nowhere"]))
    for move in ENGINE.legal(state, seat):
        if move.verb == "build" and "pay" in move.args:
            found.append(("build", list(move.args[:-1])))  # one payment word short
            break
    if state["program"] is not None:
        found.append(("done", []))
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_refused_commands_leave_the_state_untouched(players: int) -> None:
    tried = 0

    def check(state: State, events: Sequence[Event]) -> None:
        nonlocal tried
        waiting = ENGINE.waiting(state)
        if not waiting:
            return
        seat = waiting[0]
        others = [s for s in range(len(state["names"])) if s not in waiting]
        rng = Rng("refusals", 7)
        before = copy.deepcopy(state)
        commands = [(seat, c) for c in bad_commands(state, seat)]
        commands += [(s, ("done", [])) for s in others]
        for who, (verb, args) in commands:
            if ENGINE.legal(state, who) and (verb, tuple(args)) in {
                (m.verb, m.args) for m in ENGINE.legal(state, who)
            }:
                continue
            with pytest.raises(RuleError):
                apply(ENGINE, state, Action(who, verb, tuple(args)), rng, state["names"][who])
            assert state == before, (verb, args)
            assert rng.position == 7
            tried += 1

    for seed in range(3):
        random_play(ENGINE, players, f"refuse-{seed}", on_step=check)
    assert tried > 500
