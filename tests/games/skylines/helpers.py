"""Exact positions for the rules tests: hands, cities, decks, levels and tracks set by hand."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Event, Rng, State
from games.skylines import ENGINE
from games.skylines.catalog import load

CAT = load(None)
NAMES = ["Ann", "Bob", "Cid", "Dee"]
DEFAULT_CITIES = ("Ironvale", "Harborview", "Foundry Flats", "Greenhollow")


def new_game(
    players: int = 2, cities: Sequence[str] = DEFAULT_CITIES, seed: str = "fixed"
) -> tuple[State, Rng]:
    """A game in play, Ann first, each seat holding the given city."""
    rng = Rng(seed)
    state, _ = ENGINE.setup(NAMES[:players], {"cards": None, "first": "Ann"}, rng)
    for seat in range(players):
        state["offers"][seat] = [cities[seat]]
        ENGINE.act(state, seat, "city", cities[seat].split(), rng)
    return state, rng


def free(state: State, card: str) -> None:
    """Take a card out of wherever it is, so a test can put it somewhere else."""
    piles = [*state["decks"].values(), state["row"], state["discard"], state["set_aside"]]
    piles += state["hands"]
    piles += [s[key] for city in state["cities"] for s in city if s is not None for key in s]
    for pile in piles:
        while card in pile:
            pile.remove(card)


def give(state: State, seat: int, *cards: str) -> None:
    for card in cards:
        free(state, card)
        state["hands"][seat].append(card)


def set_hand(state: State, seat: int, *cards: str) -> None:
    state["discard"].extend(state["hands"][seat])
    state["hands"][seat] = []
    give(state, seat, *cards)


def set_city(
    state: State,
    seat: int,
    stacks: Sequence[Sequence[str] | None],
    mayor: int = 0,
    tucked: dict[int, list[str]] | None = None,
) -> None:
    """Lay out a city: each stack lists its built cards bottom to top (None is a gap)."""
    tucked = tucked or {}
    for stack in stacks:
        for card in stack or ():
            if card not in CAT.cities:
                free(state, card)
    for cards in tucked.values():
        for card in cards:
            free(state, card)
    state["cities"][seat] = [
        None if stack is None else {"built": list(stack), "tucked": list(tucked.get(i, []))}
        for i, stack in enumerate(stacks)
    ]
    state["mayor"][seat] = mayor


def on_top(state: State, level: int, *cards: str) -> None:
    """Put cards on top of a level's deck, first named on top."""
    for card in cards:
        free(state, card)
    state["decks"][str(level)][0:0] = list(cards)


def set_row(state: State, *cards: str) -> None:
    state["discard"].extend(state["row"])
    state["row"] = []
    for card in cards:
        free(state, card)
        state["row"].append(card)


def actions(state: State, count: int) -> None:
    state["turn"]["actions"] = count


def act(state: State, seat: int, line: str, rng: Rng) -> list[Event]:
    verb, *args = line.lstrip("/").split()
    return ENGINE.act(state, seat, verb, args, rng)


def public_text(events: Sequence[Event]) -> str:
    return "\n".join(e.text for e in events if e.to is None)
