"""Hands and the draw order stay secret: public output depends only on public facts."""

from __future__ import annotations

import copy
import json
from collections import Counter

from games.base import Event, Move, Rng
from games.gotown import ENGINE
from games.gotown.state import GoTownState
from tests.games.gotown.helpers import arrange
from tests.support import names_for


def scrambled(state: GoTownState, keep: int | None, seed: str) -> GoTownState:
    """The same public position with hidden cards dealt differently (keep: a hand left alone)."""
    other = copy.deepcopy(state)
    seats = [seat for seat in range(len(state["names"])) if seat != keep]
    pool = other["draw"] + [card for seat in seats for card in other["hands"][seat]]
    Rng(seed).shuffle(pool)
    other["draw"] = pool[: len(other["draw"])]
    pool = pool[len(other["draw"]) :]
    for seat in seats:
        size = len(other["hands"][seat])
        other["hands"][seat], pool = pool[:size], pool[size:]
    return other


def public_json(state: GoTownState) -> str:
    return json.dumps(ENGINE.view(state, None).to_json())


def public_events(events: list[Event]) -> list[tuple[str, bool]]:
    return [(event.text, event.board) for event in events if event.to is None]


def check_private_notices(
    before: GoTownState, after: GoTownState, seat: int, events: list[Event]
) -> None:
    """Whoever gained a card, or lost one to someone else, hears about it privately."""
    told = {event.to for event in events if event.to is not None}
    for other in range(len(after["names"])):
        old, new = Counter(before["hands"][other]), Counter(after["hands"][other])
        gained = bool(new - old)
        robbed = other != seat and bool(old - new)
        if gained or robbed:
            assert other in told, (other, events)


def play_and_compare(players: int, seed: str) -> int:
    """Random legal play; before every move compare against a scrambled twin. Returns moves made."""
    rng = Rng(seed)
    state, _ = ENGINE.setup(names_for(players), {"short": False}, rng)
    chooser = Rng(seed + "/chooser")
    moves = 0
    while ENGINE.outcome(state) is None:
        seat = state["turn"]
        view = ENGINE.view(state, None)
        assert view.hand is None and "#" not in public_json(state)
        assert public_json(scrambled(state, None, f"{seed}/{moves}/all")) == public_json(state)
        move: Move = chooser.choice(ENGINE.legal(state, seat))
        twin = scrambled(state, seat, f"{seed}/{moves}")
        before = copy.deepcopy(state)
        twin_rng = Rng(rng.seed, rng.position)
        events = ENGINE.act(state, seat, move.verb, list(move.args), rng)
        twin_events = ENGINE.act(twin, seat, move.verb, list(move.args), twin_rng)
        assert public_events(events) == public_events(twin_events), move.text
        check_private_notices(before, state, seat, events)
        moves += 1
    return moves


def test_public_view_and_events_ignore_hidden_cards_over_random_games() -> None:
    total = sum(play_and_compare(2 + index % 3, f"privacy-{index}") for index in range(30))
    assert total > 30 * 20


def test_thief_public_line_never_names_the_stolen_card() -> None:
    shown = {"4": "4", "?": "?", "milkshake": "milkshake", "donut": "donut truck"}
    for stolen, label in shown.items():
        state = arrange(hands={0: ["thief"], 1: [stolen]})
        events = ENGINE.act(state, 0, "play", ["thief", "Bob"], Rng("x"))
        public = " ".join(text for text, _ in public_events(events))
        assert public == "Ann plays a thief and takes a card from Bob's hand."
        secret = next(event.text for event in events if event.to == 0)
        assert secret == f"You take a {label} from Bob. Your hand: {label}."
        assert label not in public


def test_hand_is_shown_only_to_its_owner() -> None:
    state = arrange(hands={0: ["4", "?", "dog"], 1: ["8"]})
    assert ENGINE.view(state, 0).hand == ["4", "?", "dog"]
    assert ENGINE.view(state, 1).hand == ["8"]
    public = ENGINE.view(state, None)
    assert public.hand is None
    players = public.tables[0]
    assert players.rows[0][:3] == ["> Ann", "0", "3"] and players.rows[1][:3] == ["Bob", "0", "1"]


def test_public_view_shows_towers_dogs_skips_piles_and_the_donut() -> None:
    state = arrange(
        players=3, hands={0: ["donut"]}, towers={1: [("3", "?", "dog")]}, discard=["bone"]
    )
    ENGINE.act(state, 0, "play", ["donut"], Rng("x"))
    view = ENGINE.view(state, None)
    text = public_json(state)
    assert "Discard pile: 1 card, top card bone." in view.lines[2]
    assert any("donut truck of Ann is on the table" in line for line in view.lines)
    assert view.tables[1].rows == [["1", "3+?=6", "dog"]]
    assert [row[3] for row in view.tables[0].rows] == ["-", "donut truck", "donut truck"]
    assert "Draw pile: " in text and view.tracks[0].positions == {"Ann": 0, "Bob": 1, "Cid": 0}
