"""Whole games: random legal play and bots, 2-player and solo, always end with scores."""

from __future__ import annotations

import copy
from typing import Any

from games.base import Action, Rng, RuleError
from games.papertown import ENGINE
from games.papertown.participants import current
from games.replay import apply
from tests.support import random_play

from .helpers import act, new_game, rolled

SEEDS = 200
VARIANTS: list[dict[str, Any]] = [
    {},
    {"die": True},
    {"water": True},
    {"own-banks": True},
]
SOLO: list[dict[str, Any]] = [
    {"solo": True},
    {"solo": True, "difficulty": "easy", "die": True},
    {"solo": True, "difficulty": "hard", "water": True},
    {"solo": True, "solo-16": True, "own-banks": True},
]


def check_finished(players: int, seed: str, options: dict[str, Any], bots: bool = False) -> None:
    play = random_play(ENGINE, players, seed, options, bots=bots)
    result = ENGINE.outcome(play.state)
    assert result is not None
    assert set(result.scores) == set(range(players))
    assert play.state["turn"] == play.state["turns"]
    assert ENGINE.waiting(play.state) == []
    assert "The time track is full" in play.events[-1].text


def test_random_two_player_games_end_with_scores() -> None:
    for k in range(SEEDS):
        check_finished(2, f"two-{k}", VARIANTS[k % len(VARIANTS)])


def test_random_solo_games_end_with_scores() -> None:
    for k in range(SEEDS):
        check_finished(1, f"solo-{k}", SOLO[k % len(SOLO)])


def test_bot_games_end_with_scores() -> None:
    for k in range(8):
        check_finished(2, f"bot-{k}", VARIANTS[k % len(VARIANTS)], bots=True)
        check_finished(1, f"bot-solo-{k}", SOLO[k % len(SOLO)], bots=True)


def test_every_legal_move_is_accepted() -> None:
    state = new_game(["GG*GG", "GYYYG", "GGGGW"], specials="A3 bakery")
    state["claims"] = [0]
    rolled(state, "Y")
    for move in ENGINE.legal(state, 0):
        trial = copy.deepcopy(state)
        act(trial, 0, move.verb, *move.args)


# A2 is water: A1 touches it, C4 touches nothing but grey.
HARBOR = ["YWGG", "GGGG", "GGGY"]


def test_the_bot_marks_for_money_and_thriftily_for_virtual_players() -> None:
    state = new_game(HARBOR, objectives="harbor bigger vertical")
    rolled(state, "Y")
    assert ENGINE.bot_move(state, 0, Rng("bot")).args == ("A1",)
    solo = new_game(HARBOR, objectives="harbor bigger vertical", players=1, solo=True)
    solo["turn"] = 1
    rolled(solo, "Y")
    assert current(solo) == 1
    assert ENGINE.bot_move(solo, 0, Rng("bot")).args == ("C4",)


def test_apply_accepts_every_offered_move_and_a_refusal_changes_nothing() -> None:
    for players, options in ((2, {}), (1, {"solo": True, "difficulty": "hard"})):
        checked = 0

        def every_move(state: dict[str, Any], _events: Any, players: int = players) -> None:
            nonlocal checked
            if ENGINE.outcome(state) is not None:
                return
            for seat in range(players):
                for move in ENGINE.legal(state, seat):
                    trial = copy.deepcopy(state)
                    apply(ENGINE, trial, Action(seat, move.verb, move.args), Rng("x"), "Ann")
                    checked += 1
            before = copy.deepcopy(state)
            rng = Rng("refused")
            for verb, args in (("mark", ("A1", "A1")), ("done", ()), ("power", ("bank", "A1"))):
                try:
                    apply(ENGINE, state, Action(0, verb, args), rng, "Ann")
                except RuleError:
                    assert state == before and rng.position == 0
                else:
                    state.clear()
                    state.update(before)

        random_play(ENGINE, players, f"apply-{players}", options, bots=True, on_step=every_move)
        assert checked > 100
