"""What players see: armies while building, then a roster with HP bars and, if tracked, positions."""

from __future__ import annotations

from functools import lru_cache

from games.base import Battlefield, Cell, Figure, Grid, Meter, TableBlock, View, evolve
from games.i18n import N_, _, joined, said
from games.papercraft.army import army_points, army_text
from games.papercraft.board import centre, free, pieces, rect, size, tracked
from games.papercraft.flow import reason_of
from games.papercraft.geometry import Rect
from games.papercraft.names import ability_name, both, named_piece, piece_name
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
    if piece["dead"] or piece["reserve"] or not piece["placed"]:
        return _status(
            piece["dead"], piece["corpse"], piece["reserve"], piece["placed"], 0, 0, 0, 0, 0
        )
    return _status(
        piece["dead"],
        piece["corpse"],
        piece["reserve"],
        piece["placed"],
        piece["hugged_by"] is not None,
        piece["grappled"] is not None,
        piece["burning"] is not None,
        piece["rally"],
        piece["power"],
    )


@lru_cache(maxsize=256, typed=True)
def _status(
    dead: bool,
    corpse: bool,
    reserve: bool,
    placed: bool,
    hugged: bool,
    grappled: bool,
    burning: bool,
    rally: int,
    power: int,
) -> str:
    """A status text made once per combination (texts never change once made): every view
    shows one per unit."""
    if dead:
        return _("corpse") if corpse else _("removed")
    if reserve:
        return _("in reserve")
    if not placed:
        return _("to place")
    notes: list[str] = [_("alive")]
    if hugged:
        notes.append(_("hugged"))
    if grappled:
        notes.append(_("grappled"))
    if burning:
        notes.append(_("burning"))
    if rally:
        notes.append(_("rally +{bonus}", bonus=rally))
    if power:
        notes.append(joined((ability_name("The Power"), f"x{power}"), " "))
    return joined(notes)


@lru_cache(maxsize=1024)
def _title(label: str, kind: str, player: str) -> str:
    """A unit and its player, made once (a text never changes once made)."""
    return _("{unit} ({player})", unit=named_piece(label, kind), player=player)


class _Pieces:
    """What several parts of one view say about each unit, worked out once per view."""

    def __init__(self, state: State) -> None:
        units = pieces(state)
        players = state["names"]
        self.names = [piece_name(p) for p in units]
        self.notes = [status(p) for p in units]
        self.titles = [_title(p["name"], p["kind"], players[p["owner"]]) for p in units]
        shown = tracked(state)
        self.rects = [rect(state, p) if shown and p["placed"] else None for p in units]


def _roster(state: State, known: _Pieces) -> TableBlock:
    header: list[str] = [_("Unit"), _("Player"), _("HP"), _("Moved"), _("Attacked")]
    shown = tracked(state)
    header += [_("Position")] if shown else []
    header.append(_("Status"))
    players, names = state["names"], known.names
    rows = []
    for k, piece in enumerate(pieces(state)):
        row = [names[k], players[piece["owner"]], f"{piece['hp']}/{piece['max_hp']}"]
        row.append(f'{piece["moved"]:g}"' if piece["moved"] else "-")
        if piece["in_place"]:
            row.append(ability_name(piece["in_place"]) or "-")
        elif piece["targets"]:
            row.append(joined([names[t] for t in piece["targets"]]) or "-")
        else:
            row.append("-")
        if shown:
            row.append("{:g},{:g}".format(*centre(piece)) if piece["placed"] else "-")
        row.append(known.notes[k])
        rows.append(row)
    return TableBlock(_("Roster"), header, rows)


def _positions(state: State, known: _Pieces) -> TableBlock:
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
    players = state["names"]
    rows = []
    for k, piece in enumerate(pieces(state)):
        box = known.rects[k]
        if box is None:
            continue
        x0, y0, x1, y1 = box
        x, y = centre(piece)
        rows.append(
            [
                known.names[k],
                players[piece["owner"]],
                str(piece["owner"]),
                f"{x:g}",
                f"{y:g}",
                f"{x1 - x0:g}",
                f"{y1 - y0:g}",
                piece["facing"],
                known.notes[k],
            ]
        )
    return TableBlock(_("Positions"), header, rows, in_image=False)  # the picture draws them


@lru_cache(maxsize=12)
def _squares(depth: int, width: int, colour: str) -> tuple[Cell, ...]:
    """Every square of a table in one colour, made once per table size and colour and shared by
    views (a Cell is frozen: a labelled square is a Cell of its own)."""
    return tuple(Cell(r, c, colour) for r in range(depth) for c in range(width))


@lru_cache(maxsize=16)
def _rulers(depth: int, width: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Row and column labels, every six inches."""
    rows = tuple(str(depth - r) if (depth - r) % 6 == 0 else "" for r in range(depth))
    return rows, tuple(str(c) if c % 6 == 0 else "" for c in range(width))


@lru_cache(maxsize=4096)
def _cover(box: Rect, depth: int, width: int) -> tuple[int, int, int]:
    """The squares whose centres a template covers, a block of them: its top left square's
    index, how many columns and rows (worked out again only when a unit moves)."""
    left, bottom, right, top = box
    span = range(max(0, int(left) - 1), min(width, int(right) + 1))
    cols = [col for col in span if left <= col + 0.5 <= right]
    span = range(max(0, int(bottom) - 1), min(depth, int(top) + 1))
    rows = [row for row in span if bottom <= row + 0.5 <= top]
    if not cols or not rows:
        return 0, 0, 0
    return (depth - 1 - rows[-1]) * width + cols[0], len(cols), len(rows)


@lru_cache(maxsize=1024)
def _initials(name: str) -> str:
    """A unit's mark on the battlefield: the first letters of its name's first three words."""
    return "".join(word[0] for word in name.split())[:3]


def _battlefield(state: State, known: _Pieces) -> Grid:
    """One square per inch, each unit's template filled in its owner's colour, corpses grey."""
    width, depth = state["options"]["table"]
    cells = list(_squares(depth, width, GROUND))
    labels: dict[int, Cell] = {}  # the labelled squares: Cells of their own
    legend: dict[str, str] = {}
    for k, piece in enumerate(pieces(state)):
        box = known.rects[k]
        if box is None or (piece["dead"] and not piece["corpse"]):
            continue
        colour = CORPSE if piece["dead"] else SEAT_COLOURS[piece["owner"] % len(SEAT_COLOURS)]
        painted = _squares(depth, width, colour)
        top_left, wide, high = _cover(box, depth, width)
        for start in range(top_left, top_left + high * width, width):
            cells[start : start + wide] = painted[start : start + wide]
        for i, cell in labels.items():  # a labelled square keeps its label in the new colour
            down, across = divmod(i - top_left, width)
            if 0 <= down < high and 0 <= across < wide:
                cells[i] = labels[i] = evolve(cell, colour=colour)
        x, y = centre(piece)
        r, c = depth - 1 - min(depth - 1, int(y)), min(width - 1, int(x))
        i = r * width + c
        label = _initials(piece["name"])
        cells[i] = labels[i] = evolve(cells[i], label=label)
        legend[label] = known.titles[k]
    row_labels, col_labels = _rulers(depth, width)
    return Grid(
        depth,
        width,
        cells,
        row_labels=list(row_labels),
        col_labels=list(col_labels),
        legend=legend,
        in_text=False,
        in_web=False,  # the web page draws the battlefield to scale (`_figures`)
    )


def _figures(state: State, known: _Pieces) -> Battlefield:
    """Each unit's base to scale, on the table where it stands (else beside it), for renderers
    that can draw it so; a unit removed without a corpse is gone."""
    width, depth = state["options"]["table"]
    figures = []
    for k, piece in enumerate(pieces(state)):
        if piece["dead"] and not piece["corpse"]:
            continue
        wide, deep = size(state, piece)
        x, y = centre(piece) if known.rects[k] is not None else (None, None)
        figures.append(
            Figure(
                known.names[k],
                state["names"][piece["owner"]],
                piece["owner"],
                wide,
                deep,
                piece["hp"],
                piece["max_hp"],
                known.notes[k],
                x,
                y,
                facing=piece["facing"],
                dead=piece["dead"],
            )
        )
    return Battlefield(width, depth, figures, positions=tracked(state))


def _pending(state: State) -> list[str]:
    names = state["names"]
    return [
        _("Waiting for {player} to aim the death rockets.", player=names[pending["seat"]])
        for pending in state["pending"]
    ]


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
    elif phase == "battle" and free(state):
        lines.append(
            _(
                "Round {round}, free play: any player may /move, /attack or /ability with their "
                "own units; /round ends the round.",
                round=state["round"],
            )
        )
        lines += _pending(state)
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
        lines += _pending(state)
    elif state["result"] is not None:
        winners = both(names[s] for s in state["result"]["winners"])
        lines.append(
            _("Game over: {players} won ({reason}).", players=winners, reason=reason_of(state))
        )
    return lines


def view(state: State, seat: int | None, *, figures: bool = False) -> View:
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
        if tracked(state):  # the empty battlefield the armies will stand on
            empty = _Pieces(state)
            result.grids.append(_battlefield(state, empty))
            result.battlefield = _figures(state, empty) if figures else None
        return result
    known = _Pieces(state)
    result.tables.append(_roster(state, known))
    if tracked(state):
        result.tables[-1].in_image = False  # the picture has the battlefield and HP bars
        result.tables.append(_positions(state, known))
        result.grids.append(_battlefield(state, known))
    result.battlefield = _figures(state, known) if figures else None
    result.meters = [
        Meter(known.titles[k], p["hp"], p["max_hp"], known.notes[k])
        for k, p in enumerate(pieces(state))
    ]
    return result
