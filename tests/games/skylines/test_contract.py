"""The engine contract: verbs declared once, moves go through games.replay.apply (turn check and
rollback), every offered move is accepted there, and the package has the shared shape."""

from __future__ import annotations

import copy
import importlib

import pytest

from games.base import Action, NotYourTurn, Rng, RuleError
from games.replay import apply
from games.skylines import ENGINE
from games.skylines.effects.registry import KINDS
from tests.support import names_for, random_play


def test_verbs_are_declared_once_with_handlers() -> None:
    for verb in ENGINE.verbs:
        assert verb.handler is not None, verb.name
        assert "\n" not in verb.help and len(verb.help) <= 100, verb.name
        assert verb.help.endswith("."), verb.name
    roles = {v.name: v.role for v in ENGINE.verbs}
    assert roles["done"] == "end_turn"
    assert {v for v, r in roles.items() if r == "end_turn"} == {"done"}
    assert ENGINE.verbs[1].usage.startswith("CARD|row N")  # /build keeps its grammar


def test_every_kind_answers_with_a_declared_verb() -> None:
    names = {v.name for v in ENGINE.verbs}
    for kind in KINDS.values():
        assert kind.verb == "" or kind.verb in names, kind.name
        assert kind.summary, kind.name


def test_package_shape() -> None:
    for module in (
        "engine",
        "verbs",
        "state",
        "setup",
        "flow",
        "moves",
        "bot",
        "view",
        "rules_text",
        "catalog",
    ):
        importlib.import_module(f"games.skylines.{module}")


def test_the_city_phase_is_simultaneous() -> None:
    rng = Rng("simultaneous")
    state, _ = ENGINE.setup(names_for(3), {}, rng)
    assert ENGINE.waiting(state) == [0, 1, 2]
    apply(ENGINE, state, Action(2, "city", tuple(state["offers"][2][0].split())), rng, "Cid")
    assert ENGINE.waiting(state) == [0, 1]
    with pytest.raises(NotYourTurn, match="waiting for Ann, Bob"):
        apply(ENGINE, state, Action(2, "city", tuple(state["offers"][2][1].split())), rng, "Cid")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_offered_move_is_accepted_and_a_refusal_changes_nothing(players: int) -> None:
    offered = 0
    for seed in range(3):
        rng = Rng(f"offered-{players}-{seed}")
        state, _ = ENGINE.setup(names_for(players), {}, rng)
        chooser = Rng(f"chooser-{seed}")
        while ENGINE.outcome(state) is None:
            seat = chooser.choice(ENGINE.waiting(state))
            moves = ENGINE.legal(state, seat)
            for move in chooser.sample(moves, 4):
                trial, trial_rng = copy.deepcopy(state), Rng(rng.seed, rng.position)
                apply(ENGINE, trial, Action(seat, move.verb, move.args), trial_rng, "x")
                offered += 1
            before, position = copy.deepcopy(state), rng.position
            with pytest.raises(RuleError):
                apply(ENGINE, state, Action(seat, "mayor", ("99",)), rng, "x")
            assert state == before and rng.position == position
            move = chooser.choice(moves)
            apply(ENGINE, state, Action(seat, move.verb, move.args), rng, "x")
    assert offered > 300


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_to_the_end_and_replay(players: int) -> None:
    for seed in range(3):
        play = random_play(ENGINE, players, f"contract-{seed}", bots=True, max_moves=3000)
        assert ENGINE.outcome(play.state) is not None
