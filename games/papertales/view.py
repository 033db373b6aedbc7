"""What each seat sees: every kingdom publicly; hand, packet, kept card and plan only to the owner."""

from __future__ import annotations

from games.base import TableBlock, Track, View
from games.papertales.catalog import building_label, labels, lbl
from games.papertales.kingdom import layout, resources
from games.papertales.moves import waiting
from games.papertales.state import PaperTalesState, Player

PHASE_TITLES = {
    "recruit": "Recruitment",
    "deploy": "Deployment",
    "pay": "Deployment (paying for revealed units)",
    "time": "Deployment (reveal choices)",
    "alch": "Deployment (every-Deployment choices)",
    "build": "Construction",
    "heal": "Aging (saving choices)",
    "over": "game over",
}


def _units(state: PaperTalesState, p: Player, row: str) -> str:
    """One row of a kingdom with age tokens."""
    cells = [
        lbl(state, s["card"]) + (f" ({s['age']} age)" if s["age"] else "")
        for s in p["units"]
        if s["row"] == row
    ]
    return ", ".join(cells) or "-"


def render(state: PaperTalesState, seat: int | None) -> View:
    """Build the View for one seat or the public."""
    names = state["names"]
    players = state["players"]
    lang = state["lang"]
    owing = set(waiting(state))
    title = f"Paper Tales, turn {state['turn']} of 4: {PHASE_TITLES[state['phase']]}"
    rows = []
    for i, p in enumerate(players):
        res = resources(p)
        built = ", ".join(
            f"{building_label(b, lang)} {level}" for b, level in p["buildings"].items()
        )
        status = "choosing" if i in owing else "done" if state["phase"] != "over" else ""
        rows.append(
            [
                names[i],
                str(p["lp"]),
                str(p["gold"]),
                _units(state, p, "front"),
                _units(state, p, "back"),
                built or "-",
                f"{res['wood']}/{res['food']}/{res['crystal']}",
                status,
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
    for i, p in enumerate(players):
        if p["unpaid"]:
            shown = ", ".join(f"{lbl(state, n['card'])} ({n['row']})" for n in p["unpaid"])
            view.lines.append(f"{names[i]} revealed and has not paid yet: {shown}.")
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
