"""A new game: shuffle the 54 cards, deal 5 to each seat, greet the table, start the first turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event, Rng, RuleError, private, public
from games.gotown import ABOUT
from games.gotown.catalog import full_deck
from games.gotown.flow import begin_turn, floors
from games.gotown.hands import hand_line
from games.gotown.state import GoTownState
from games.i18n import _

HAND_SIZE = 5
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
    events += [
        private(seat, _("Your opening hand: {cards}.", cards=hand_line(state, seat)))
        for seat in range(count)
    ]
    return state, events + begin_turn(state, 0, rng)
