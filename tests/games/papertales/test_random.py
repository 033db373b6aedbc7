"""Random legal play from many seeds always finishes, replays exactly and conserves the 81 cards."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.i18n import say
from games.base import Event, State
from games.papertales import ENGINE
from games.papertales.catalog import BUILDINGS, UNITS
from tests.games.papertales.helpers import conserved
from tests.support import random_play

SEEDS = 60
"""Random games per table size: each game also replays and conserves the cards at every step."""


def _check_cards(state: State, _events: Sequence[Event]) -> None:
    assert conserved(state), "a card was lost or duplicated"
    assert all(p["lp"] >= 0 for p in state["players"])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_replay_and_conserve_cards(players: int) -> None:
    finished = 0
    for seed in range(SEEDS):
        play = random_play(ENGINE, players, f"rand-{players}-{seed}", on_step=_check_cards)
        outcome = ENGINE.outcome(play.state)
        assert outcome is not None and outcome.winners
        assert play.state["turn"] == 4
        finished += 1
    assert finished == SEEDS


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bot_games_finish_with_a_winner(players: int) -> None:
    for seed in range(10):
        play = random_play(ENGINE, players, f"bot-{players}-{seed}", bots=True)
        outcome = ENGINE.outcome(play.state)
        assert outcome is not None
        best = max(p["lp"] for p in play.state["players"])
        assert all(play.state["players"][w]["lp"] == best for w in outcome.winners)
        assert best > 0


def test_polish_game_names_no_card_or_building_in_english() -> None:
    english = [u.name for u in UNITS if u.name != u.pl] + [b.name for b in BUILDINGS]
    for seed in range(3):
        play = random_play(ENGINE, 3, f"pl-game-{seed}", {}, bots=True)
        text = "\n".join(say(e.text, "pl") for e in play.events)
        assert "Rycerz" in text or "Rolnik" in text or "Drwal" in text
        for word in english:
            assert word not in text, word
