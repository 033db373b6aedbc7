"""Random and bot games: they end with one winner, conserve the 54 cards and replay exactly."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.base import Event
from games.gotown import ENGINE
from games.gotown.state import GoTownState
from tests.games.gotown.helpers import assert_conserved
from tests.support import random_play


def check_step(state: GoTownState, events: Sequence[Event]) -> None:
    assert_conserved(state)
    assert sum(len(tower) for tower in state["towers"]) * 2 <= 54


def finish(players: int, seed: str, *, bots: bool, short: bool = False) -> None:
    play = random_play(ENGINE, players, seed, {"short": short}, bots=bots, on_step=check_step)
    outcome = ENGINE.outcome(play.state)
    assert outcome is not None and len(outcome.winners) == 1
    winner = outcome.winners[0]
    goal = 4 if short else 5
    assert outcome.scores[winner] == goal
    assert all(score < goal for seat, score in outcome.scores.items() if seat != winner)
    assert ENGINE.waiting(play.state) == []


@pytest.mark.parametrize("block", range(4))
def test_random_legal_games_end_with_one_winner(block: int) -> None:
    """200 distinct seeds over 2-4 players (a quarter of them short games)."""
    for index in range(block * 50, block * 50 + 50):
        finish(2 + index % 3, f"random-{index}", bots=False, short=index % 4 == 0)


def test_bot_games_end_with_one_winner() -> None:
    for index in range(30):
        finish(2 + index % 3, f"bots-{index}", bots=True)
