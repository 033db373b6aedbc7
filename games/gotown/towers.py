"""Towers of floors: how a floor is written for everyone, and which floor may be hit."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import RuleError
from games.gotown.catalog import JOKER, kind
from games.gotown.state import Floor, GoTownState
from games.i18n import _


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
        if action == "rob":
            raise RuleError(
                _("{name} has no floor to rob; choose a player with a tower.", name=name)
            )
        raise RuleError(
            _("{name} has no floor to destroy; choose a player with a tower.", name=name)
        )
    if floor is not None and floor != len(tower):
        params = {"name": name, "top": len(tower), "floor": floor}
        if done == "robbed":
            raise RuleError(
                _(
                    "Only a top floor can be robbed: {name}'s top floor is floor {top}, not floor {floor}.",
                    **params,
                )
            )
        raise RuleError(
            _(
                "Only a top floor can be destroyed: {name}'s top floor is floor {top}, not floor {floor}.",
                **params,
            )
        )
