"""Paper Tales' state versions (see games.versions): what changed, and the way between."""

from __future__ import annotations

from typing import Any

from games.versions import Step


def new_cards_as_records(state: Any) -> Any:
    """2: a card placed this Deployment is {card, row}, no longer a [card, row] pair."""
    for player in state["players"]:
        plan = player["plan"]
        plan["new"] = [
            {"card": c[0], "row": c[1]} if isinstance(c, list) else c for c in plan["new"]
        ]
    return state


def unpaid_cards(state: Any) -> Any:
    """3: a player who cannot pay for every revealed unit chooses which to discard (the pay
    phase): each player's unpaid cards and the order of the seats still to pay. No way back:
    the rules changed, so older exports are verified by an older release."""
    state.setdefault("order", [])
    for player in state["players"]:
        player.setdefault("unpaid", [])
    return state


VERSIONS = (
    Step(new_cards_as_records, None, since="c71495c"),  # no way back past the next step anyway
    Step(unpaid_cards, None, since="d96ec98"),
)
