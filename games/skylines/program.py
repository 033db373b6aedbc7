"""The running action: its queue of effect steps, its memory, and the small shared effects."""

from __future__ import annotations

from collections.abc import Sequence

from games.i18n import N_, _, said
from games.skylines import city
from games.skylines.context import Context
from games.skylines.state import Memory, SkylinesState, Step

TUCKED = {
    "from hand": N_("from hand"),
    "from the deck": N_("from the deck"),
    "from the card row": N_("from the card row"),
    "stolen": N_("stolen"),
}
"""Where a tucked card came from, as the announcement says it."""


def begin(state: SkylinesState, seat: int, source: str) -> None:
    """Start one action (basic or mayor): it costs one of the turn's actions."""
    state["turn"]["actions"] -= 1
    state["program"] = {
        "seat": seat,
        "source": source,
        "steps": [],
        "ctx": {
            "drawn": [],
            "chosen": [],
            "matched": False,
            "declared": None,
            "look": [],
            "victim": None,
            "under": [],
        },
    }


def current(state: SkylinesState) -> Step | None:
    program = state["program"]
    if program is None or not program["steps"]:
        return None
    return program["steps"][0]


def ctx(state: SkylinesState) -> Memory:
    program = state["program"]
    assert program is not None, "no action is under way"
    return program["ctx"]


def push(state: SkylinesState, steps: Sequence[Step]) -> None:
    """New steps (sub-steps, triggered passives, a copied action) run next."""
    program = state["program"]
    assert program is not None, "no action is under way"
    program["steps"][0:0] = [step.copy() for step in steps]


def pop(state: SkylinesState) -> None:
    program = state["program"]
    assert program is not None, "no action is under way"
    program["steps"].pop(0)


def fire(t: Context, seat: int, event: str) -> None:
    """Queue the city's passive for this event, if the city is a top card and it is still unused."""
    passive = city.passive(t.state, t.cat, seat, event)
    if passive is None:
        return
    used = t.state["turn"]["once"]
    if passive.get("once_per_turn"):
        if event in used:
            return
        used.append(event)
    name = t.state["city"][seat] or ""
    t.say(_("{city} (city bonus): {text}", city=t.cat.label(name), text=t.cat.cities[name].text))
    push(t.state, passive.get("effect", []))


def this_stack(state: SkylinesState, seat: int) -> int:
    """'This card' is always the card your mayor stands on (ruling 10)."""
    return state["mayor"][seat]


def tuck_card(t: Context, seat: int, card: str, index: int, source: str) -> None:
    stack = city.spots(t.state, seat)[index]
    assert stack is not None
    stack["tucked"].append(card)
    top = stack["built"][-1]
    t.say(
        _(
            "{player} tucks {card} ({source}) under {top}.",
            player=t.name(seat),
            card=t.cat.label(card),
            source=said(TUCKED[source]),
            top=t.cat.label(top),
        ),
        reveal=source == "from the deck",
    )
    memory = ctx(t.state)
    memory["under"].append(index)
    memory["matched"] = t.cat.card(card).type == t.cat.card(top).type
    fire(t, seat, "tuck")
