"""Refusals may reach a group chat: none lists the sender's hand, and apart from "You hold no X"
none depends on which cards the sender holds."""

from __future__ import annotations

import copy

from games.base import Action, Rng, RuleError
from games.gotown import ENGINE
from games.gotown.catalog import NUMBERS, ORDER, SPECIALS
from games.gotown.hands import hand_line
from games.gotown.state import GoTownState
from games.replay import apply
from tests.games.gotown.helpers import arrange

NAMES = ["Bot 1", "Ann's 🐱", "Ann", "Ann 2"]
HOLD_NO = "You hold no "


def commands(names: list[str]) -> list[tuple[str, tuple[str, ...]]]:
    """Every build pair, steals and plays against every player and floor 1, and some garbage."""
    cards = [*NUMBERS, "?", "dog"]
    found = [("build", (a, b)) for a in cards for b in [*cards, "hammer"]]
    for card in cards:
        found.append(("steal", (card,)))
        for name in names:
            found += [
                ("steal", (card, "from", name)),
                ("steal", (card, "from", name, "floor", "1")),
            ]
    for special in SPECIALS:
        found += [("play", (special,)), ("play", (special, "1")), ("play", (special, "floor", "x"))]
        for name in names:
            found += [("play", (special, name)), ("play", (special, name, "floor", "1"))]
    found += [("build", ()), ("build", ("4", "5", "1")), ("build", ("banana",)), ("steal", ())]
    found += [("play", ()), ("play", ("4",)), ("play", ("zz", "top")), ("discard", ("4",))]
    return found


def outcome(state: GoTownState, seat: int, verb: str, args: tuple[str, ...]) -> str | None:
    """The refusal text, or None when the move is accepted (on a copy)."""
    trial = copy.deepcopy(state)
    try:
        apply(ENGINE, trial, Action(seat, verb, args), Rng("r"), trial["names"][seat])
    except RuleError as error:
        return str(error)
    return None


def holding_everything(state: GoTownState, seat: int) -> GoTownState:
    """The same table with the sender holding two of every kind of card."""
    twin = copy.deepcopy(state)
    twin["hands"][seat] = [f"{kind}#x{copy_}" for kind in ORDER for copy_ in (1, 2)]
    return twin


def check_refusals(state: GoTownState) -> int:
    seat = state["turn"]
    names = state["names"]
    secret = hand_line(state, seat)
    twin = holding_everything(state, seat)
    checked = 0
    for verb, args in commands(names):
        text = outcome(state, seat, verb, args)
        if text is None:
            continue
        checked += 1
        assert "Your hand" not in text, text
        if len(state["hands"][seat]) >= 2:
            assert secret not in text, (secret, text)
        if not text.startswith(HOLD_NO):
            assert outcome(twin, seat, verb, args) == text, (verb, args)
    return checked


def test_no_refusal_lists_the_hand_or_depends_on_it_over_random_games() -> None:
    total = 0
    for index in range(4):
        players = 2 + index % 3
        rng = Rng(f"refusals-{index}")
        state, _ = ENGINE.setup(NAMES[:players], {"short": False}, rng)
        chooser = Rng(f"refusals-{index}/chooser")
        step = 0
        while ENGINE.outcome(state) is None:
            seat = state["turn"]
            if step % 12 == 0 and not state["skips"][seat]:
                total += check_refusals(state)
            move = chooser.choice(ENGINE.legal(state, seat))
            apply(ENGINE, state, Action(seat, move.verb, move.args), rng, NAMES[seat])
            step += 1
    assert total > 2000


def test_a_missing_card_is_named_alone() -> None:
    state = arrange(hands={0: ["1", "2", "3", "dog"]}, towers={1: [("4", "5")]})
    for verb, args, text in (
        ("build", ("4", "5"), "You hold no 4; /hand shows your cards."),
        ("steal", ("5", "from", "Bob"), "You hold no 5; /hand shows your cards."),
        ("play", ("hammer", "Bob"), "You hold no jack-hammer; /hand shows your cards."),
    ):
        assert outcome(state, 0, verb, args) == text


def test_rule_checks_come_before_the_hand_check() -> None:
    """Whether or not the sender holds a dog, /play dog without a floor gets the same answer."""
    for hand in (["dog"], ["4"]):
        state = arrange(hands={0: hand})
        assert (
            outcome(state, 0, "play", ("dog",))
            == "You have no floor to guard yet; build one first."
        )
