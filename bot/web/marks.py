"""What goes with a colour on the web pages so it is never alone: each seat's token shape (its
colour is bot.web.colours'), each kind's (a building type's) colour and symbol."""

from __future__ import annotations

from bot.web.colours import INK, seat_colour

SEAT_SHAPES = ("circle", "square", "diamond", "triangle", "cross", "star")
"""A seat's token shape, which tells seats apart without their colour."""
KIND_COLOURS = ("#56B4E9", "#E69F00", "#F0E442", "#009E73", "#CC79A7", "#D55E00", "#BBBBBB")
KIND_SYMBOLS = ("●", "■", "▲", "◆", "✚", "⬟", "▼")
"""A kind's (a building type's) symbol, drawn beside its name on its colour."""
GROUND = "#EFE9D8"
CORPSE = "#8C8C8C"


def kind_of(kinds: list[str], kind: str) -> int:
    """A kind's place in its set, which picks its colour and symbol (an unknown kind: the last)."""
    return kinds.index(kind) if kind in kinds else len(KIND_COLOURS) - 1


def _points(x: float, y: float, r: float, corners: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{x + r * dx:.1f},{y + r * dy:.1f}" for dx, dy in corners)


SHAPE_CORNERS: dict[str, tuple[tuple[float, float], ...]] = {
    "diamond": ((0, -1), (1, 0), (0, 1), (-1, 0)),
    "triangle": ((0, -1.1), (1, 0.75), (-1, 0.75)),
    "cross": (
        *((-0.35, -1), (0.35, -1), (0.35, -0.35), (1, -0.35), (1, 0.35), (0.35, 0.35)),
        *((0.35, 1), (-0.35, 1), (-0.35, 0.35), (-1, 0.35), (-1, -0.35), (-0.35, -0.35)),
    ),
    "star": (
        *((0, -1), (0.3, -0.3), (1, -0.2), (0.45, 0.25), (0.6, 1), (0, 0.55)),
        *((-0.6, 1), (-0.45, 0.25), (-1, -0.2), (-0.3, -0.3)),
    ),
}
"""Each shape's corners around its centre, in radii."""


def seat_token(seat: int, x: float, y: float, r: float) -> str:
    """A seat's token: its shape in its colour, outlined in ink."""
    colour, shape = seat_colour(seat), SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    paint = f'fill="{colour}" stroke="{INK}" stroke-width="1"'
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {paint}/>'
    if shape == "square":
        side = 1.7 * r
        return (
            f'<rect x="{x - side / 2:.1f}" y="{y - side / 2:.1f}" width="{side:.1f}"'
            f' height="{side:.1f}" {paint}/>'
        )
    return f'<polygon points="{_points(x, y, r, SHAPE_CORNERS[shape])}" {paint}/>'


def seat_swatch(seat: int) -> str:
    """A seat's token beside its name in a list (the words say who it is)."""
    return (
        '<svg class="swatch" viewBox="0 0 12 12" aria-hidden="true">'
        f"{seat_token(seat, 6, 6, 5)}</svg>"
    )
