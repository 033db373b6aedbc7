"""Paper Tales' state versions (see games.versions): what changed, and the way between."""

from __future__ import annotations

from typing import Any

from games.i18n import from_json
from games.versions import Step, unchanged


def package_shape(state: Any) -> Any:
    """2: a card placed this Deployment is {card, row}, no longer a [card, row] pair, and a unit
    to save from Aging is a pending "save", no longer a "heal"."""
    for player in state["players"]:
        plan = player["plan"]
        plan["new"] = [
            {"card": c[0], "row": c[1]} if isinstance(c, list) else c for c in plan["new"]
        ]
    state["pending"] = [_kind(entry, "heal", "save") for entry in state["pending"]]
    return state


def first_shape(state: Any) -> Any:
    for player in state["players"]:
        player["plan"]["new"] = [[c["card"], c["row"]] for c in player["plan"]["new"]]
    state["pending"] = [_kind(entry, "save", "heal") for entry in state["pending"]]
    return state


def _kind(entry: Any, old: str, new: str) -> Any:
    return {**entry, "kind": new} if entry["kind"] == old else entry


def unpaid_cards(state: Any) -> Any:
    """3: a player who cannot pay for every revealed unit chooses which to discard (the pay
    phase): each player's unpaid cards and the reveal order. A game begun before keeps paying
    in order, the rule it began with."""
    if "order" not in state:
        paying_in_order(state)
    state.setdefault("order", [])
    for player in state["players"]:
        player.setdefault("unpaid", [])
    return state


def paying_in_order(state: Any) -> Any:
    state["pay_in_order"] = True
    return state


def without_unpaid_cards(state: Any) -> Any:
    state.pop("pay_in_order", None)
    del state["order"]
    for player in state["players"]:
        del player["unpaid"]
    return state


def final_in_english(state: Any) -> Any:
    """1 to 3 kept the final scoring lines as their English text, not as messages (still said
    as they are)."""
    state["final"] = [str(from_json(line)) for line in state["final"]]
    return state


VERSIONS = (
    Step(package_shape, first_shape, since="c71495c"),
    Step(unpaid_cards, without_unpaid_cards, since="d96ec98", rules=paying_in_order),
    Step(unchanged, final_in_english, since="b33446c"),
)
