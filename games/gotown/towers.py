"""Towers of floors: how a floor is written for everyone, and which floor may be hit."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import RuleError
from games.gotown.catalog import JOKER, kind
from games.gotown.state import Floor, GoTownState


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


def check_top(state: GoTownState, seat: int, floor: int | None, action: str, done: str) -> None:
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
