"""No pick, hand card, kept card or face-down deployment reaches anyone else before its reveal."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from games.base import Event, State
from games.papertales import ENGINE
from games.papertales.catalog import DECK_SIZE, label
from tests.games.papertales.helpers import act, hand, kingdom, ready_all, table, to_deployment
from tests.support import random_play

SEEDS = 8


def held(state: State) -> list[set[int]]:
    """Each seat's hidden hand cards (its picks) and kept card."""
    found = []
    for p in state["players"]:
        cards = set(p["hand"])
        if p["kept"] is not None:
            cards.add(p["kept"])
        found.append(cards)
    return found


def face_down(state: State) -> list[set[int]]:
    return [{n["card"] for n in p["plan"]["new"]} for p in state["players"]]


def in_play(state: State) -> set[int]:
    return {s["card"] for p in state["players"] for s in p["units"]}


def test_no_label_is_part_of_another() -> None:
    labels = [label(c) for c in range(DECK_SIZE)]
    assert len(set(labels)) == DECK_SIZE
    for a in labels:
        assert not any(a != b and a in b for b in labels), a


class LeakWatch:
    """Remembers each seat's secrets before a step, then scans the step's events and views."""

    def __init__(self, players: int) -> None:
        self.held: list[set[int]] = [set() for _ in range(players)]
        self.down: list[set[int]] = [set() for _ in range(players)]
        self.steps = 0

    def __call__(self, state: State, events: Sequence[Event]) -> None:
        held_now, down_now = held(state), face_down(state)
        revealed = state["phase"] != "deploy"  # face-down cards of the last step are public now
        shown = in_play(state)
        views = {
            viewer: json.dumps(ENGINE.view(state, viewer).to_json())
            for viewer in [None, *range(len(held_now))]
        }
        for seat in range(len(held_now)):
            hidden = self.held[seat] | held_now[seat] | down_now[seat]
            if not revealed:
                hidden |= self.down[seat]
            names = [label(c) for c in hidden - shown]
            for event in events:
                if event.to != seat:
                    for name in names:
                        assert name not in event.text, f"{name} of seat {seat} leaked"
            secret_now = [label(c) for c in held_now[seat] | down_now[seat]]
            for viewer, text in views.items():
                if viewer != seat:
                    for name in secret_now:
                        assert name not in text, f"{name} of {seat} seen by {viewer}"
        self.held, self.down = held_now, down_now
        self.steps += 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_never_leak_secrets(players: int) -> None:
    for seed in range(SEEDS):
        watch = LeakWatch(players)
        random_play(ENGINE, players, f"leak-{players}-{seed}", on_step=watch)
        assert watch.steps > 20


def test_public_view_has_no_hand() -> None:
    state, _ = table(3)
    hand(state, 0, ["Demon"])
    public = ENGINE.view(state, None)
    assert public.hand is None
    assert "Demon" not in json.dumps(public.to_json())
    assert ENGINE.view(state, 0).hand == ["Demon (cost 2, str 7)"]


def test_deploy_choices_are_private_until_everyone_is_ready() -> None:
    state, rng = table(3)
    kingdom(state, 0, ["Knight 1"])
    hand(state, 0, ["Kraken", "Knight 2"])
    kingdom(state, 0, gold=6)
    to_deployment(state)
    events = act(state, rng, 0, "/deploy Kraken back")
    events += act(state, rng, 0, "/move Knight 1 back")
    events += act(state, rng, 0, "/keep Knight 2")
    events += act(state, rng, 0, "/ready")
    assert all(e.to == 0 for e in events if "Kraken" in e.text or "Knight" in e.text)
    assert all(e.reveals is False for e in events if e.to == 0)
    public = json.dumps(ENGINE.view(state, None).to_json())
    assert "Kraken" not in public
    own = json.dumps(ENGINE.view(state, 0).to_json())
    assert "Kraken" in own and "Knight 2" in own
    # Knight 1 is still shown in the Front until the reveal: its move is secret too.
    front = ENGINE.view(state, None).tables[0].rows[0][3]
    assert front == "Knight 1 (str 4)"
    events = ready_all(state, rng)
    revealed = [e for e in events if e.to is None and "Kraken" in e.text]
    assert revealed and revealed[0].reveals is True
    assert all("Knight 2" not in e.text for e in events if e.to is None)
