"""What each seat sees: every kingdom publicly; hand, packet, kept card and plan only to the owner."""

from __future__ import annotations

from typing import Any

from games.base import State, TableBlock, Track, View
from games.papertales.build import owes_build
from games.papertales.cards import building_label
from games.papertales.choices import entry_for
from games.papertales.deploy import layout, owes_ready
from games.papertales.draft import owes_pick
from games.papertales.kingdom import resources
from games.papertales.table import labels, lbl

PHASE_TITLES = {
    "recruit": "Recruitment",
    "deploy": "Deployment",
    "time": "Deployment (Time Master choices)",
    "alch": "Deployment (Master Alchemist choices)",
    "build": "Construction",
    "heal": "Aging (Mystical Healer choices)",
    "over": "game over",
}


def _units(state: State, p: dict[str, Any], row: str) -> str:
    """One row of a kingdom with age tokens."""
    cells = [
        lbl(state, s["card"]) + (f" ({s['age']} age)" if s["age"] else "")
        for s in p["units"]
        if s["row"] == row
    ]
    return ", ".join(cells) or "-"


def _status(state: State, seat: int) -> str:
    """Whether the seat still owes a choice."""
    if owes_pick(state, seat) or owes_ready(state, seat) or owes_build(state, seat):
        return "choosing"
    if entry_for(state, seat) is not None:
        return "choosing"
    return "done" if state["phase"] != "over" else ""


def render(state: State, seat: int | None) -> View:
    """Build the View for one seat or the public."""
    names = state["names"]
    players = state["players"]
    lang = state["lang"]
    title = f"Paper Tales, turn {state['turn']} of 4: {PHASE_TITLES[state['phase']]}"
    rows = []
    for i, p in enumerate(players):
        res = resources(p)
        built = ", ".join(
            f"{building_label(b, lang)} {level}" for b, level in p["buildings"].items()
        )
        rows.append(
            [
                names[i],
                str(p["lp"]),
                str(p["gold"]),
                _units(state, p, "front"),
                _units(state, p, "back"),
                built or "-",
                f"{res['wood']}/{res['food']}/{res['crystal']}",
                _status(state, i),
            ]
        )
    header = ["Player", "LP", "Gold", "Front", "Back", "Buildings", "Wood/Food/Crystal", "Status"]
    view = View(
        title=title,
        seat=seat,
        tables=[TableBlock("Kingdoms", header, rows)],
        tracks=[
            Track(
                "Legend Points",
                max(40, *(p["lp"] for p in players)),
                {names[i]: p["lp"] for i, p in enumerate(players)},
            )
        ],
    )
    view.lines.append(
        f"Draw pile {len(state['deck'])} cards, discard pile {len(state['discard'])}."
    )
    view.lines += state["final"]
    if seat is not None:
        p = players[seat]
        view.hand = [lbl(state, c) for c in p["hand"]]
        if p["packet"]:
            view.lines.append(f"Your packet: {labels(state, p['packet'])}.")
        if p["kept"] is not None:
            view.lines.append(f"Kept for next turn: {lbl(state, p['kept'])}.")
        if state["phase"] == "deploy":
            plan = [
                f"{lbl(state, c)} {row}" + (" (face down)" if new else "")
                for c, row, new in layout(p)
            ]
            view.lines.append(f"Your planned kingdom: {', '.join(plan) or 'empty'}.")
    return view
