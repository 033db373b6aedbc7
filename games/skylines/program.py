"""The running action: its queue of effect steps, its memory, and the small shared effects."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import State
from games.skylines import city
from games.skylines.catalog import TRACKS, Catalog
from games.skylines.table import Table
from games.skylines.tracks import add_score

Step = dict[str, Any]


def begin(state: State, seat: int, source: str) -> None:
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


def current(state: State) -> Step | None:
    program = state["program"]
    if program is None or not program["steps"]:
        return None
    step: Step = program["steps"][0]
    return step


def ctx(state: State) -> dict[str, Any]:
    memory: dict[str, Any] = state["program"]["ctx"]
    return memory


def push(state: State, steps: Sequence[Step]) -> None:
    """New steps (sub-steps, triggered passives, a copied action) run next."""
    state["program"]["steps"][0:0] = [dict(step) for step in steps]


def pop(state: State) -> None:
    state["program"]["steps"].pop(0)


def fire(t: Table, seat: int, event: str) -> None:
    """Queue the city's passive for this event, if the city is a top card and it is still unused."""
    passive = city.passive(t.state, t.cat, seat, event)
    if passive is None:
        return
    used: list[str] = t.state["turn"]["once"]
    if passive.get("once_per_turn"):
        if event in used:
            return
        used.append(event)
    t.say(f"{t.state['city'][seat]} (city bonus): {t.cat.cities[t.state['city'][seat]].text}")
    push(t.state, passive["effect"])


def this_stack(state: State, seat: int) -> int:
    """'This card' is always the card your mayor stands on (ruling 10)."""
    index: int = state["mayor"][seat]
    return index


def tuck_card(t: Table, seat: int, card: str, index: int, source: str) -> None:
    stack = city.spots(t.state, seat)[index]
    assert stack is not None
    stack["tucked"].append(card)
    top = stack["built"][-1]
    t.say(f"{t.name(seat)} tucks {card} ({source}) under {top}.", reveal=source == "from the deck")
    memory = t.state["program"]["ctx"]
    memory["under"].append(index)
    memory["matched"] = t.cat.card(card).type == t.cat.card(top).type
    fire(t, seat, "tuck")


def claimable(state: State, cat: Catalog, seat: int) -> list[str]:
    """Achievements this seat meets now and has not claimed (checked when claiming, ruling 16)."""
    types = city.visible_types(state, cat, seat)
    sites = city.top_sites(state, cat, seat)
    mine = state["tracks"][seat]
    measures = {
        "types_visible": lambda test: len(+types),
        "height": lambda test: city.tallest(state, seat),
        "landmarks_visible": lambda test: city.landmarks(state, cat, seat),
        "site_top": lambda test: sites[test["site"]],
        "tracks_all": lambda test: min(mine[track] for track in TRACKS),
    }
    return [
        a.name
        for a in cat.achievements
        if seat not in state["claims"][a.name]
        and measures[a.test["check"]](a.test) >= a.test["min"]
    ]


def claim(t: Table, seat: int, name: str) -> None:
    state = t.state
    achievement = t.cat.achievement(name)
    first = not state["claims"][name]
    state["claims"][name].append(seat)
    state["points"][seat]["stars"] += achievement.stars
    t.say(f"{t.name(seat)} claims the achievement {name}.")
    add_score(t, seat, achievement.stars, f"the achievement {name}")
    if first and name in state["chips"]:
        state["chip_owner"][name] = seat
        t.say(f"{t.name(seat)} is first there and takes its face-down bonus chip.")
        t.tell(seat, f"Your bonus chip from {name} is worth {state['chips'][name]} at game end.")
    fire(t, seat, "claim")
