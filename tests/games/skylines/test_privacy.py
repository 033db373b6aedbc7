"""Refusals may be shown in the group chat: none may name a hidden card (a hand card, a deck
card being looked at, a city offered but not shown), whatever the player typed. They point to
/hand instead, and the player's own view shows what they may choose from."""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence

from games.base import Action, Event, Rng, RuleError, State
from games.replay import apply
from games.skylines import ENGINE
from games.skylines.cards import ROUND_END
from tests.games.skylines.helpers import act, new_game, on_top, set_city, set_hand
from tests.support import random_play


def hidden(state: State) -> set[str]:
    """Every card name nobody may read in the channel now."""
    names = {card for hand in state["hands"] for card in hand}
    names |= {card for deck in state["decks"].values() for card in deck if card != ROUND_END}
    kept = {c for c in state["city"] if c} if state["phase"] != "city" else set()
    names |= {c for offer in state["offers"] for c in offer if c not in kept}
    if state["program"] is not None:
        names |= set(state["program"]["ctx"]["look"])
    return names


def mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w']){re.escape(name)}(?![\w'])", text) is not None


def probes(state: State, seat: int) -> list[tuple[str, tuple[str, ...]]]:
    """Commands that provoke every kind of refusal, typed with hidden card names."""
    mine = state["hands"][seat] or ["Diner"]
    h, h2 = mine[0].split(), mine[-1].split()
    deck = next((c for c in state["decks"][str(state["level"])] if c != ROUND_END), "Hotel")
    others = [c for s, hand in enumerate(state["hands"]) if s != seat for c in hand] or ["Lofts"]
    d, o = deck.split(), others[0].split()
    look = state["program"]["ctx"]["look"] if state["program"] else []
    seen = look[0].split() if look else d
    found: list[list[str]] = [
        ["build"],
        ["build", "nonsense"],
        ["build", *h],
        ["build", *h, "over", "99"],
        ["build", *h, "gap", "1"],
        ["build", *h, "sideways"],
        ["build", *h, "right", "wait", *h2],
        ["build", *h, "right", "pay", *h],
        ["build", *h, "right", "pay", "nonsense"],
        ["build", *h, "right", "pay", *h2, *h2],
        ["build", *h, "left", "pay", *o],
        ["build", *d, "right"],
        ["build", "row", "9"],
        ["tuck"],
        ["tuck", "nonsense"],
        ["tuck", *h, *h2],
        ["tuck", *h, "under", "99"],
        ["tuck", *h, "over", "1"],
        ["tuck", "row", "9"],
        ["discard"],
        ["discard", "nonsense"],
        ["discard", *h, *h2],
        ["discard", *d],
        ["advance", *h],
        ["draw", *h],
        ["draw", "row", *h],
        ["achieve", *h],
        ["mayor", *h],
        ["steal", *h],
        ["steal", *o],
        ["steal", *o, "9"],
        ["take", *h],
        ["take", *d],
        ["take", *o],
        ["take", *seen, *h],
        ["declare", *h],
        ["city", *h],
        ["city", "nonsense"],
        ["skip"],
        ["done", *h],
        ["fly", *h],
    ]
    return [(words[0], tuple(words[1:])) for words in found]


def refusals(state: State, seat: int) -> list[str]:
    """Every refusal the probes get through apply(), which must leave the state alone."""
    texts = []
    legal = {(m.verb, m.args) for m in ENGINE.legal(state, seat)}
    for verb, args in probes(state, seat):
        if (verb, args) in legal:
            continue
        trial, rng = copy.deepcopy(state), Rng("probe")
        try:
            apply(ENGINE, trial, Action(seat, verb, args), rng, state["names"][seat])
        except RuleError as error:
            texts.append(str(error))
    return texts


def assert_private(state: State, texts: Sequence[str]) -> None:
    secret = hidden(state)
    for text in texts:
        for name in secret:
            assert not mentions(text, name), (name, text)


def test_no_refusal_names_a_hidden_card_in_whole_games() -> None:
    seen: set[str] = set()
    steps = 0

    def check(state: State, events: Sequence[Event]) -> None:
        nonlocal steps
        steps += 1
        if ENGINE.outcome(state) is not None or (steps % 3 and state["program"] is None):
            return  # every action part, and every third turn start
        for seat in range(len(state["names"])):
            texts = refusals(state, seat)
            assert_private(state, texts)
            seen.update(re.sub(r"\d+", "N", text) for text in texts)

    for players in (2, 3, 4):
        random_play(ENGINE, players, f"probing-{players}", on_step=check)
    assert len(seen) > 40, sorted(seen)


def test_the_reported_refusals_point_to_hand() -> None:
    state, rng = new_game()
    set_hand(state, 0, "Pocket Park", "Diner")
    for line in ("/build", "/discard nonsense", "/tuck Diner Pocket Park"):
        verb, *args = line.lstrip("/").split()
        try:
            apply(ENGINE, state, Action(0, verb, tuple(args)), rng, "Ann")
        except RuleError as error:
            text = str(error)
        else:
            raise AssertionError(line)
        assert "/hand" in text and "Diner" not in text and "Pocket Park" not in text, text


def test_looking_at_cards_or_a_hand_keeps_them_out_of_refusals() -> None:
    state, rng = new_game()
    on_top(state, 1, "Diner", "Bakery")
    set_city(state, 0, [["Ironvale"], ["Fire Station"]])
    set_hand(state, 0)
    act(state, 0, "/mayor 2", rng)
    texts = refusals(state, 0)
    assert any("/hand" in text for text in texts)
    assert_private(state, texts)
    assert "Diner" in " ".join(ENGINE.view(state, 0).lines)  # the looker's own view
    assert "Diner" not in str(ENGINE.view(state, None).to_json())

    state, rng = new_game()
    state["level"] = 4
    set_city(state, 0, [["Ironvale"], ["Observatory"]])
    set_hand(state, 1, "Diner", "Hotel")
    act(state, 0, "/mayor 2", rng)
    act(state, 0, "/steal Bob", rng)
    texts = refusals(state, 0)
    assert_private(state, texts)
    assert "Bob's hand: Diner, Hotel" in " ".join(ENGINE.view(state, 0).lines)
    assert "Hotel" not in str(ENGINE.view(state, 1).lines)


def test_the_city_offer_stays_out_of_refusals() -> None:
    rng = Rng("offers")
    state, _ = ENGINE.setup(["Ann", "Bob"], {}, rng)
    for seat in (0, 1):
        assert_private(state, refusals(state, seat))
    assert state["offers"][0][0] in " ".join(ENGINE.view(state, 0).lines)
