"""Whole games by random legal moves and by bots: they end with a winner and replay exactly."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.base import Event, State
from games.papercraft import ENGINE
from games.papercraft.flow import reason_of
from tests.games.papercraft.helpers import options
from tests.support import random_play


class HpWatch:
    """HP may only rise in an action whose text says the unit regains HP (Field Repair, Siphon Life)."""

    def __init__(self) -> None:
        self.last: dict[int, int] = {}

    def __call__(self, state: State, events: Sequence[Event]) -> None:
        text = "\n".join(e.text for e in events)
        for unit in state["units"]:
            before = self.last.get(unit["id"], unit["hp"])
            if unit["hp"] > before:
                assert f"{unit['name']} regains" in text, f"{unit['name']} healed without a heal"
            assert 0 <= unit["hp"] <= unit["max_hp"]
            self.last[unit["id"]] = unit["hp"]


def _finish(state: State) -> None:
    result = ENGINE.outcome(state)
    assert result is not None and result.winners
    assert set(result.scores) == set(range(len(state["names"])))
    standing = {u["owner"] for u in state["units"] if not u["dead"]}
    if not state["options"]["rounds"]:
        assert standing <= set(result.winners)


def test_random_play_without_positions_90_seeds() -> None:
    for seed in range(90):
        players = 2 + seed % 3
        play = random_play(ENGINE, players, f"p{seed}", options(points=150), on_step=HpWatch())
        _finish(play.state)


def test_random_play_with_positions_and_the_round_limit() -> None:
    for seed in range(25):
        play = random_play(
            ENGINE, 2, f"r{seed}", options(points=150, positions=True, rounds=8), on_step=HpWatch()
        )
        _finish(play.state)


def test_random_play_with_positions_and_no_round_limit() -> None:
    for seed in range(15):
        play = random_play(
            ENGINE, 2, f"n{seed}", options(points=150, positions=True), on_step=HpWatch()
        )
        _finish(play.state)


def test_teams_play_to_the_end() -> None:
    for seed in range(10):
        play = random_play(
            ENGINE, 3, f"t{seed}", options(points=150, teams="2v1"), on_step=HpWatch()
        )
        _finish(play.state)


@pytest.mark.parametrize("positions", [False, True])
def test_bots_finish_default_size_battles(positions: bool) -> None:
    for seed in range(3):
        play = random_play(
            ENGINE, 2, f"b{seed}", options(positions=positions), bots=True, on_step=HpWatch()
        )
        _finish(play.state)
        assert sum(1 for a in play.actions if a.verb == "attack") > 0


def test_round_limit_ends_on_surviving_points() -> None:
    play = random_play(ENGINE, 2, "limit", options(points=60, rounds=1))
    result = ENGINE.outcome(play.state)
    assert result is not None
    best = max(result.scores.values())
    if "most surviving points" in reason_of(play.state):
        assert {s for s, v in result.scores.items() if v == best} == set(result.winners)
