"""Questions about the battlefield: whose unit, which side, where it stands, what it can do."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import RuleError
from games.i18n import _
from games.papercraft.catalog import BLOCKING_CORPSES, builtin_units, templates
from games.papercraft.geometry import Buckets, Rect, footprint, gap, rect_at
from games.papercraft.names import named_piece, piece_name, pieces_named
from games.papercraft.state import Ability, Effect, PapercraftState, Piece, Unit

State = PapercraftState


def kind(state: State, piece: Piece) -> Unit:
    return state["extra_units"].get(piece["kind"]) or builtin_units()[piece["kind"]]


def catalog(state: State) -> dict[str, Unit]:
    return {**builtin_units(), **state["extra_units"]}


def side(state: State, seat: int) -> int:
    return state["teams"][seat]


def allied(state: State, seat: int, other: int) -> bool:
    return side(state, seat) == side(state, other)


def pieces(state: State) -> list[Piece]:
    return state["units"]


def alive(state: State) -> list[Piece]:
    """Units still in the battle: not dead and not left in reserve."""
    return [p for p in state["units"] if not p["dead"] and not p["reserve"]]


def standing(state: State) -> list[Piece]:
    """Living units on the table: the ones that block lines of fire (corpses never do)."""
    return [p for p in alive(state) if p["placed"]]


def power(state: State, piece: Piece, effect: Effect) -> Ability | None:
    """The unit's ability the referee enforces with this effect, if it has one."""
    for entry in kind(state, piece)["abilities"]:
        if entry.get("effect") == effect:
            return entry
    return None


def tracked(state: State) -> bool:
    return state["options"]["positions"]


def free(state: State) -> bool:
    """Free play: any seat acts with its own units at any time; /round starts the next round."""
    return state["options"].get("free", False)


def centre(piece: Piece) -> tuple[float, float]:
    x, y = piece["x"], piece["y"]
    if x is None or y is None:
        raise RuleError(_("{unit} is not on the table.", unit=piece_name(piece)))
    return x, y


def size(state: State, piece: Piece) -> tuple[float, float]:
    return footprint(templates()[kind(state, piece)["template"]], piece["facing"])


def rect(state: State, piece: Piece) -> Rect:
    x, y = centre(piece)
    return rect_at(x, y, *size(state, piece))


def table_rect(state: State) -> Rect:
    width, depth = state["options"]["table"]
    return (0.0, 0.0, float(width), float(depth))


def blocks_movement(state: State, piece: Piece) -> bool:
    """Living units block, and so do Large Unit, Small Building and Titan corpses (ruling 4)."""
    if not piece["placed"] or piece["reserve"]:
        return False
    if not piece["dead"]:
        return True
    return piece["corpse"] and kind(state, piece)["template"] in BLOCKING_CORPSES


def chosen(label: str, choices: Sequence[Piece], what: str) -> Piece:
    """The unit of `choices` with this label; else a refusal listing them (the label names a
    unit elsewhere, or a unit kind)."""
    for piece in choices:
        if piece["name"] == label:
            return piece
    raise RuleError(
        _(
            "'{text}' is not {what}; choose one of: {units}.",
            text=named_piece(label, label.rstrip(" 0123456789") or label),
            what=what,
            units=pieces_named(choices) if choices else _("none"),
        )
    )


def nothing(choices: Sequence[Piece], what: str) -> RuleError:
    """No unit named where one is needed."""
    names = pieces_named(choices) if choices else _("none")
    return RuleError(_("'nothing' is not {what}; choose one of: {units}.", what=what, units=names))


def owner_name(state: State, piece: Piece) -> str:
    return state["names"][piece["owner"]]


def surviving_points(state: State, seat: int) -> int:
    return sum(kind(state, p)["points"] for p in alive(state) if p["owner"] == seat)


class Field:
    """Where everything stands now, bucketed: one snapshot serves many range and path checks."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.blocking = Buckets()  # living units and large corpses: stop movement
        self.standing = Buckets()  # living units: stop lines of fire
        self.pieces = {piece["id"]: piece for piece in state["units"]}
        for piece in state["units"]:
            if not blocks_movement(state, piece):
                continue
            box = rect(state, piece)
            self.blocking.add(piece["id"], box)
            if not piece["dead"]:
                self.standing.add(piece["id"], box)

    def rect(self, piece: Piece) -> Rect:
        return self.blocking.rects.get(piece["id"]) or rect(self.state, piece)

    def around(self, piece: Piece, inches: float) -> list[int]:
        """Ids of living units that may be within this many inches of the piece (edge to edge)."""
        x0, y0, x1, y1 = self.rect(piece)
        return self.standing.near((x0 - inches, y0 - inches, x1 + inches, y1 + inches))

    def enemies_within(self, piece: Piece, inches: float) -> list[Piece]:
        """Living enemy units within this many inches, edge to edge, nearest first."""
        here, team = self.rect(piece), side(self.state, piece["owner"])
        found = []
        for ident in self.around(piece, inches):
            other = self.pieces[ident]
            if side(self.state, other["owner"]) != team:
                distance = gap(here, self.standing.rects[ident])
                if distance <= inches + 1e-9:
                    found.append((distance, ident, other))
        return [other for _, _, other in sorted(found, key=lambda f: (f[0], f[1]))]

    def nearest_enemy(self, piece: Piece) -> Piece | None:
        """The closest living enemy (edge to edge), lowest id on a tie."""
        here, team = self.rect(piece), side(self.state, piece["owner"])
        best: tuple[float, int] | None = None
        for ident, box in self.standing.rects.items():
            if side(self.state, self.pieces[ident]["owner"]) == team:
                continue
            dx = max(0.0, box[0] - here[2], here[0] - box[2])
            dy = max(0.0, box[1] - here[3], here[1] - box[3])
            key = (dx * dx + dy * dy, ident)
            if best is None or key < best:
                best = key
        return None if best is None else self.pieces[best[1]]
