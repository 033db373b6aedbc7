"""Towers of floors: how a floor is written for everyone, and how players name floors and targets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import RuleError, State, seat_by_name
from games.gotown.cards import JOKER, kind

Floor = dict[str, Any]
"""{"cards": [id, id], "values": [int, int], "dog": id | None}; a joker's value is fixed at 9 - partner."""


def new_floor(cards: Sequence[str], values: Sequence[int]) -> Floor:
    return {"cards": list(cards), "values": list(values), "dog": None}


def card_text(card: str, value: int) -> str:
    """A tower card as everyone sees it: a number, or a joker with the value it stands for."""
    return f"?={value}" if kind(card) == JOKER else str(value)


def floor_text(floor: Floor) -> str:
    return "+".join(card_text(c, v) for c, v in zip(floor["cards"], floor["values"], strict=True))


def floor_cards(floor: Floor) -> list[str]:
    """Every physical card a floor holds, its dog included."""
    return floor["cards"] + ([floor["dog"]] if floor["dog"] else [])


def split_floor(words: Sequence[str]) -> tuple[list[str], int | None]:
    """Strip a trailing 'floor N' (or a bare trailing number after other words) from the words."""
    rest = list(words)
    if len(rest) >= 2 and rest[-2].casefold() == "floor":
        if not rest[-1].isdigit():
            raise RuleError(f"'floor {rest[-1]}' is not a floor number; floors count from 1 up.")
        return rest[:-2], int(rest[-1])
    if len(rest) >= 2 and rest[-1].isdigit():
        return rest[:-1], int(rest[-1])
    return rest, None


def target_seat(state: State, words: Sequence[str], example: str) -> int:
    """The player named by the words; a missing name is refused with an example."""
    if not words:
        raise RuleError(f"Name a player, e.g. {example}.")
    return seat_by_name(state["names"], " ".join(words))


def check_top(state: State, seat: int, floor: int | None, action: str, done: str) -> None:
    """Only a top floor can be robbed or destroyed: refuse a named lower floor."""
    tower = state["towers"][seat]
    name = state["names"][seat]
    if not tower:
        raise RuleError(f"{name} has no floor to {action}; choose a player with a tower.")
    if floor is not None and floor != len(tower):
        raise RuleError(
            f"Only a top floor can be {done}: {name}'s top floor is floor "
            f"{len(tower)}, not floor {floor}."
        )
