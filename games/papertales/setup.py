"""A new table: the shuffled deck, each seat's opening purse, the greeting and the first packets."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Event, Rng, public
from games.i18n import _
from games.papertales.catalog import DECK_SIZE
from games.papertales.draft import start_recruitment
from games.papertales.state import PaperTalesState, Player

START_GOLD = 3


def new_player() -> Player:
    """A seat at the start: 3 gold, 0 LP, nothing in play."""
    return {
        "gold": START_GOLD,
        "lp": 0,
        "hand": [],
        "packet": [],
        "picked": False,
        "kept": None,
        "units": [],
        "buildings": {},
        "plan": {"new": [], "rows": {}},
        "unpaid": [],
        "ready": False,
        "fresh": [],
        "dying": [],
    }


def new_state(names: Sequence[str], lang: str, rng: Rng) -> PaperTalesState:
    """The whole table at the start, with the shuffled draw pile."""
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    return {
        "names": list(names),
        "lang": lang,
        "turn": 1,
        "phase": "recruit",
        "deck": deck,
        "discard": [],
        "pending": [],
        "order": [],
        "players": [new_player() for _ in names],
        "final": [],
    }


def opening(names: Sequence[str], lang: str, rng: Rng) -> tuple[PaperTalesState, list[Event]]:
    """Greet the table and deal the first packets."""
    state = new_state(names, lang, rng)
    events = [
        public(
            _(
                "Paper Tales for {n} players: {names}. Everyone starts with {gold} gold and 0 LP; "
                "4 turns of Recruitment, Deployment, Wars, Income, Construction, Aging.",
                n=len(names),
                names=", ".join(names),
                gold=START_GOLD,
            )
        )
    ]
    return state, events + start_recruitment(state, rng)
