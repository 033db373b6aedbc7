"""What players see: armies while building, then a roster with HP bars and, if tracked, positions."""

from __future__ import annotations

from games.base import Cell, Grid, Meter, TableBlock, View
from games.i18n import N_, _, joined, said
from games.papercraft.army import army_points, army_text
from games.papercraft.board import centre, owner_name, pieces, rect, tracked
from games.papercraft.flow import reason_of
from games.papercraft.names import ability_name, both, piece_name
from games.papercraft.state import PapercraftState, Piece

State = PapercraftState

STEPS = {
    "escape": N_("Bear Hug escape roll"),
    "move": N_("movement phase"),
    "attack": N_("attack phase"),
    "ending": N_("turn, ending"),
}
SEAT_COLOURS = ("#d64545", "#3b6fd6", "#3f9e4d", "#c98a12")
GROUND, CORPSE = "#efe9d8", "#8c8c8c"


def status(piece: Piece) -> str:
    if piece["dead"]:
        return _("corpse") if piece["corpse"] else _("removed")
    if piece["reserve"]:
        return _("in reserve")
    if not piece["placed"]:
        return _("to place")
    notes: list[str] = [_("alive")]
    if piece["hugged_by"] is not None:
        notes.append(_("hugged"))
    if piece["grappled"] is not None:
        notes.append(_("grappled"))
    if piece["burning"] is not None:
        notes.append(_("burning"))
    if piece["rally"]:
        notes.append(_("rally +{bonus}", bonus=piece["rally"]))
    if piece["power"]:
        notes.append(joined((ability_name("The Power"), f"x{piece['power']}"), " "))
    return joined(notes)


def _roster(state: State) -> TableBlock:
    header: list[str] = [_("Unit"), _("Player"), _("HP"), _("Moved"), _("Attacked")]
    header += [_("Position")] if tracked(state) else []
    header.append(_("Status"))
    rows = []
    for piece in pieces(state):
        row = [piece_name(piece), owner_name(state, piece), f"{piece['hp']}/{piece['max_hp']}"]
        row.append(f'{piece["moved"]:g}"' if piece["moved"] else "-")
        if piece["in_place"]:
            attacked = ability_name(piece["in_place"])
        else:
            attacked = joined(piece_name(pieces(state)[t]) for t in piece["targets"])
        row.append(attacked or "-")
        if tracked(state):
            row.append("{:g},{:g}".format(*centre(piece)) if piece["placed"] else "-")
        row.append(status(piece))
        rows.append(row)
    return TableBlock(_("Roster"), header, rows)


def _positions(state: State) -> TableBlock:
    """Enough for a renderer to draw the battlefield: centre, template size, facing, owner, status."""
    header: list[str] = [
        _("Unit"),
        _("Player"),
        _("Seat"),
        "X",
        "Y",
        _("W"),
        _("H"),
        _("Facing"),
        _("Status"),
    ]
    rows = []
    for piece in pieces(state):
        if not piece["placed"]:
            continue
        x0, y0, x1, y1 = rect(state, piece)
        x, y = centre(piece)
        rows.append(
            [
                piece_name(piece),
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
    return TableBlock(_("Positions"), header, rows)


def _battlefield(state: State) -> Grid:
    """One square per inch, each unit's template filled in its owner's colour, corpses grey."""
    width, depth = state["options"]["table"]
    cells = {(r, c): Cell(r, c, GROUND) for r in range(depth) for c in range(width)}
    legend: dict[str, str] = {}
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
        legend[middle.label] = _(
            "{unit} ({player})", unit=piece_name(piece), player=owner_name(state, piece)
        )
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
    lines: list[str] = [
        _(
            'Table {width}x{depth}", {points} points per side.',
            width=width,
            depth=depth,
            points=state["options"]["points"],
        )
    ]
    if phase == "army":
        waiting = [names[s] for s in range(len(names)) if not state["ready"][s]]
        lines.append(
            _(
                "Army building: /army add UNIT, /units, then /ready. Waiting for: {players}.",
                players=", ".join(waiting),
            )
        )
    elif phase == "place" and state["placer"] is not None:
        lines.append(_("Placement: {player} places a unit next.", player=names[state["placer"]]))
    elif phase == "battle" and state["active"] is not None:
        limit = state["options"]["rounds"]
        step = said(STEPS[state["step"]]) if state["step"] in STEPS else _("turn")
        player = names[state["active"]]
        if limit:
            lines.append(
                _(
                    "Round {round} of {limit}: {player}'s {step}.",
                    round=state["round"],
                    limit=limit,
                    player=player,
                    step=step,
                )
            )
        else:
            lines.append(
                _(
                    "Round {round}: {player}'s {step}.",
                    round=state["round"],
                    player=player,
                    step=step,
                )
            )
        for pending in state["pending"]:
            lines.append(
                _("Waiting for {player} to aim the death rockets.", player=names[pending["seat"]])
            )
    elif state["result"] is not None:
        winners = both(names[s] for s in state["result"]["winners"])
        lines.append(
            _("Game over: {players} won ({reason}).", players=winners, reason=reason_of(state))
        )
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
                _("yes") if state["ready"][s] else _("no"),
            ]
            for s, name in enumerate(state["names"])
        ]
        header: list[str] = [_("Player"), _("Army"), _("Points"), _("Ready")]
        result.tables.append(TableBlock(_("Armies"), header, rows))
        return result
    result.tables.append(_roster(state))
    if tracked(state):
        result.tables.append(_positions(state))
        result.grids.append(_battlefield(state))
    result.meters = [
        Meter(
            _("{unit} ({player})", unit=piece_name(p), player=owner_name(state, p)),
            p["hp"],
            p["max_hp"],
            status(p),
        )
        for p in pieces(state)
    ]
    return result
