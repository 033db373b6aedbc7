"""What players see: armies while building, then a roster with HP bars and, if tracked, positions."""

from __future__ import annotations

from games.base import Cell, Grid, Meter, TableBlock, View
from games.papercraft.army import army_points, army_text
from games.papercraft.board import centre, owner_name, pieces, rect, tracked
from games.papercraft.state import PapercraftState, Piece

State = PapercraftState

STEPS = {
    "escape": "Bear Hug escape roll",
    "move": "movement phase",
    "attack": "attack phase",
    "ending": "turn, ending",
}
SEAT_COLOURS = ("#d64545", "#3b6fd6", "#3f9e4d", "#c98a12")
GROUND, CORPSE = "#efe9d8", "#8c8c8c"


def status(piece: Piece) -> str:
    if piece["dead"]:
        return "corpse" if piece["corpse"] else "removed"
    if piece["reserve"]:
        return "in reserve"
    if not piece["placed"]:
        return "to place"
    notes = ["alive"]
    if piece["hugged_by"] is not None:
        notes.append("hugged")
    if piece["grappled"] is not None:
        notes.append("grappled")
    if piece["burning"] is not None:
        notes.append("burning")
    if piece["rally"]:
        notes.append(f"rally +{piece['rally']}")
    if piece["power"]:
        notes.append(f"The Power x{piece['power']}")
    return ", ".join(notes)


def _roster(state: State) -> TableBlock:
    header = ["Unit", "Player", "HP", "Moved", "Attacked"]
    header += ["Position"] if tracked(state) else []
    header.append("Status")
    rows = []
    for piece in pieces(state):
        row = [piece["name"], owner_name(state, piece), f"{piece['hp']}/{piece['max_hp']}"]
        row.append(f'{piece["moved"]:g}"' if piece["moved"] else "-")
        attacked = piece["in_place"] or ", ".join(
            pieces(state)[t]["name"] for t in piece["targets"]
        )
        row.append(attacked or "-")
        if tracked(state):
            row.append("{:g},{:g}".format(*centre(piece)) if piece["placed"] else "-")
        row.append(status(piece))
        rows.append(row)
    return TableBlock("Roster", header, rows)


def _positions(state: State) -> TableBlock:
    """Enough for a renderer to draw the battlefield: centre, template size, facing, owner, status."""
    header = ["Unit", "Player", "Seat", "X", "Y", "W", "H", "Facing", "Status"]
    rows = []
    for piece in pieces(state):
        if not piece["placed"]:
            continue
        x0, y0, x1, y1 = rect(state, piece)
        x, y = centre(piece)
        rows.append(
            [
                piece["name"],
                owner_name(state, piece),
                str(piece["owner"]),
                f"{x:g}",
                f"{y:g}",
                f"{x1 - x0:g}",
                f"{y1 - y0:g}",
                piece["facing"],
                status(piece),
            ]
        )
    return TableBlock("Positions", header, rows)


def _battlefield(state: State) -> Grid:
    """One square per inch, each unit's template filled in its owner's colour, corpses grey."""
    width, depth = state["options"]["table"]
    cells = {(r, c): Cell(r, c, GROUND) for r in range(depth) for c in range(width)}
    legend = {}
    for piece in pieces(state):
        if not piece["placed"] or (piece["dead"] and not piece["corpse"]):
            continue
        left, bottom, right, top = rect(state, piece)
        colour = CORPSE if piece["dead"] else SEAT_COLOURS[piece["owner"] % len(SEAT_COLOURS)]
        for col in range(max(0, int(left) - 1), min(width, int(right) + 1)):
            for row in range(max(0, int(bottom) - 1), min(depth, int(top) + 1)):
                if left <= col + 0.5 <= right and bottom <= row + 0.5 <= top:
                    cells[(depth - 1 - row, col)].colour = colour
        x, y = centre(piece)
        middle = cells[(depth - 1 - min(depth - 1, int(y)), min(width - 1, int(x)))]
        middle.label = "".join(word[0] for word in piece["name"].split())[:3]
        legend[middle.label] = f"{piece['name']} ({owner_name(state, piece)})"
    return Grid(
        depth,
        width,
        list(cells.values()),
        row_labels=[str(depth - r) if (depth - r) % 6 == 0 else "" for r in range(depth)],
        col_labels=[str(c) if c % 6 == 0 else "" for c in range(width)],
        legend=legend,
        in_text=False,
    )


def _headline(state: State) -> list[str]:
    names = state["names"]
    phase = state["phase"]
    width, depth = state["options"]["table"]
    lines = [f'Table {width}x{depth}", {state["options"]["points"]} points per side.']
    if phase == "army":
        waiting = [names[s] for s in range(len(names)) if not state["ready"][s]]
        lines.append(
            "Army building: /army add UNIT, /units, then /ready. Waiting for: "
            + ", ".join(waiting)
            + "."
        )
    elif phase == "place" and state["placer"] is not None:
        lines.append(f"Placement: {names[state['placer']]} places a unit next.")
    elif phase == "battle" and state["active"] is not None:
        limit = state["options"]["rounds"]
        of = f" of {limit}" if limit else ""
        step = STEPS.get(state["step"] or "", "turn")
        lines.append(f"Round {state['round']}{of}: {names[state['active']]}'s {step}.")
        for pending in state["pending"]:
            lines.append(f"Waiting for {names[pending['seat']]} to aim the death rockets.")
    elif state["result"] is not None:
        winners = " and ".join(names[s] for s in state["result"]["winners"])
        lines.append(f"Game over: {winners} won ({state['result']['reason']}).")
    return lines


def view(state: State, seat: int | None) -> View:
    """Everything in Papercraft is public, so every seat sees the same picture."""
    result = View(title="Papercraft", seat=seat, lines=_headline(state))
    if state["phase"] == "army":
        rows = [
            [
                name,
                army_text(state, s),
                str(army_points(state, s)),
                "yes" if state["ready"][s] else "no",
            ]
            for s, name in enumerate(state["names"])
        ]
        result.tables.append(TableBlock("Armies", ["Player", "Army", "Points", "Ready"], rows))
        return result
    result.tables.append(_roster(state))
    if tracked(state):
        result.tables.append(_positions(state))
        result.grids.append(_battlefield(state))
    result.meters = [
        Meter(f"{p['name']} ({owner_name(state, p)})", p["hp"], p["max_hp"], status(p))
        for p in pieces(state)
    ]
    return result
