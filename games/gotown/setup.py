"""A new game: shuffle the 54 cards, deal 5 to each seat, greet the table, start the first turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event, Rng, RuleError, private, public, seat_by_name
from games.gotown import ABOUT
from games.gotown.catalog import full_deck
from games.gotown.flow import begin_turn, floors
from games.gotown.hands import hand_line
from games.gotown.state import GoTownState
from games.i18n import _

HAND_SIZE = 5
RANDOM = "random"
RANDOM_WORDS = (RANDOM, "losowo")
MIN_PLAYERS, MAX_PLAYERS = ABOUT.min_players, ABOUT.max_players


def new_game(
    names: Sequence[str], options: Mapping[str, Any], rng: Rng
) -> tuple[GoTownState, list[Event]]:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RuleError(
            _(
                "GoTown needs {low} to {high} players, not {n}.",
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
                n=len(names),
            )
        )
    deck = full_deck()
    rng.shuffle(deck)
    count = len(names)
    first, drawn = first_player(names, options.get("first"), rng)
    state: GoTownState = {
        "names": list(names),
        "goal": 4 if options.get("short") else 5,
        "draw": deck,
        "discard": [],
        "hands": [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(count)],
        "towers": [[] for _ in range(count)],
        "skips": [[] for _ in range(count)],
        "donut": None,
        "turn": 0,
        "winner": None,
        "changed": False,
        "quiet_turns": 0,
    }
    events = [
        public(
            _(
                "GoTown for {names}: each floor is two cards adding up to 9; the first to build "
                "{floors} wins. Everyone holds {n} cards.",
                names=", ".join(names),
                floors=floors(state["goal"]),
                n=HAND_SIZE,
            )
        )
    ]
    if drawn:
        events.append(public(_("{name} plays first, drawn at random.", name=names[first])))
    else:
        events.append(public(_("{name} plays first.", name=names[first])))
    events += [
        private(seat, _("Your opening hand: {cards}.", cards=hand_line(state, seat)))
        for seat in range(count)
    ]
    return state, events + begin_turn(state, first, rng)


def first_player(names: Sequence[str], wanted: Any, rng: Rng) -> tuple[int, bool]:
    """The seat that plays first and whether it was drawn: the rules let the players decide,
    so `--first NAME` names it and `random` (the default) draws it from the table's generator.
    A table opened before the option existed has none: its first seat starts, as it did."""
    if wanted is None:
        return 0, False
    text = str(wanted).strip()
    if text.casefold() in RANDOM_WORDS or not text:
        return rng.randbelow(len(names)), True
    return seat_by_name(names, text), False
