"""Whole games: random legal play and bots always finish, replay matches, hands stay private."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

import pytest

from games.base import Event, State
from games.skylines import ENGINE
from tests.games.skylines.helpers import CAT
from tests.support import random_play


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_legal_play_finishes_and_replays(players: int) -> None:
    for seed in range(60):  # per table size; each game is also replayed
        play = random_play(ENGINE, players, f"random-{players}-{seed}")
        outcome = ENGINE.outcome(play.state)
        assert outcome is not None and outcome.winners
        assert 4 in play.state["seen_end"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_finish(players: int) -> None:
    for seed in range(25):  # 3,000 moves is far beyond a real game: a looping bot fails here
        play = random_play(ENGINE, players, f"bots-{players}-{seed}", bots=True, max_moves=3000)
        assert ENGINE.outcome(play.state) is not None


def secret_cards(state: State) -> set[str]:
    """Cards in hands, and cities offered but not (yet) kept or shown."""
    hidden = {card for hand in state["hands"] for card in hand}
    kept = {c for c in state["city"] if c}
    if state["phase"] == "city":
        kept = set()
    return hidden | {c for offer in state["offers"] for c in offer if c not in kept}


def mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w']){re.escape(name)}(?![\w'])", text) is not None


def test_no_public_event_or_view_shows_a_hand_card() -> None:
    checked = 0

    def check(state: State, events: Sequence[Event]) -> None:
        nonlocal checked
        secret = secret_cards(state)
        shown = [e.text for e in events if e.to is None]
        shown.append(json.dumps(ENGINE.view(state, None).to_json()))
        for text in shown:
            for name in secret:
                assert not mentions(text, name), (name, text)
        assert ENGINE.view(state, None).hand is None
        checked += 1

    for players in (2, 3, 4):
        for seed in range(8):
            random_play(ENGINE, players, f"privacy-{seed}", on_step=check)
    assert checked > 1000


def test_own_view_shows_own_hand_only() -> None:
    play = random_play(ENGINE, 2, "own-view", max_moves=5000)
    state = play.state
    for seat in (0, 1):
        hand = ENGINE.view(state, seat).hand
        assert hand is not None
        assert [h.split(" (")[0] for h in hand] == state["hands"][seat]
    assert all(CAT.card(c) for hand in state["hands"] for c in hand)
