"""Hand-built GoTown positions for rule tests, and the card-conservation check."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import pytest

from games.base import Action, Rng, RuleError
from games.gotown import ENGINE
from games.gotown.catalog import JOKER, full_deck, kind
from games.gotown.state import GoTownState
from games.replay import apply

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def arrange(
    players: int = 2,
    hands: Mapping[int, Sequence[str]] | None = None,
    towers: Mapping[int, Sequence[Sequence[str]]] | None = None,
    draw: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    rest: str | int = "draw",
    turn: int = 0,
    goal: int = 5,
) -> GoTownState:
    """A state with the named card kinds placed; the other cards go under `rest` (a pile or a seat).

    A tower floor is given as ("3", "?") or ("3", "?", "dog"); a joker takes 9 - partner.
    """
    pool = full_deck()

    def take(card_kind: str) -> str:
        card = next(card for card in pool if kind(card) == card_kind)
        pool.remove(card)
        return card

    def floor(spec: Sequence[str]) -> dict[str, Any]:
        pair = list(spec[:2])
        numbers = [int(k) for k in pair if k != JOKER]
        values = [int(k) if k != JOKER else 9 - numbers[0] for k in pair]
        dog = take("dog") if len(spec) > 2 else None
        return {"cards": [take(k) for k in pair], "values": values, "dog": dog}

    state: dict[str, Any] = {
        "names": NAMES[:players],
        "goal": goal,
        "hands": [[take(k) for k in (hands or {}).get(seat, ())] for seat in range(players)],
        "towers": [[floor(f) for f in (towers or {}).get(seat, ())] for seat in range(players)],
        "draw": [take(k) for k in draw or ()],
        "discard": [take(k) for k in discard],
        "skips": [[] for _ in range(players)],
        "donut": None,
        "turn": turn,
        "winner": None,
        "changed": False,
        "quiet_turns": 0,
    }
    if rest == "draw":
        state["draw"][:0] = pool
    elif rest == "discard":
        state["discard"][:0] = pool
    else:
        state["hands"][int(rest)] += pool
    return cast(GoTownState, state)


def all_cards(state: GoTownState) -> Counter[str]:
    """Every physical card wherever it lies: hands, towers and dogs, piles, skips, the donut."""
    found: list[str] = [*state["draw"], *state["discard"]]
    for hand in state["hands"]:
        found += hand
    for tower in state["towers"]:
        for level in tower:
            found += level["cards"] + ([level["dog"]] if level["dog"] else [])
    for queue in state["skips"]:
        found += [entry for entry in queue if "#" in entry]
    if state["donut"] is not None:
        found.append(state["donut"]["card"])
    return Counter(found)


def assert_conserved(state: GoTownState) -> None:
    assert all_cards(state) == Counter(full_deck())


def kinds(cards: Iterable[str]) -> list[str]:
    return sorted(kind(card) for card in cards)


def refused(state: GoTownState, seat: int, verb: str, args: list[str], match: str) -> None:
    """The move, applied as the referee applies it, raises RuleError with the given reason and
    leaves the state and the Rng untouched."""
    before = copy.deepcopy(state)
    rng = Rng("x")
    with pytest.raises(RuleError, match=match):
        apply(ENGINE, state, Action(seat, verb, tuple(args)), rng, state["names"][seat])
    assert state == before and rng.position == 0
