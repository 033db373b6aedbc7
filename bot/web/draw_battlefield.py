"""A battlefield for the web, to scale: the table in inches with lines every 6, each unit's base
its real size where it stands, in its owner's colour and pattern with its front edge thick,
units off the table (or every unit, when players measure) side by side below, and a numbered
list that says each unit's owner, hit points and state."""

from __future__ import annotations

from collections.abc import Iterator
from html import escape

from bot.i18n import say
from bot.web.colours import INK, PAPER, ink_on, seat_colour
from bot.web.marks import CORPSE, GROUND, seat_swatch
from games.base import Battlefield, Figure
from games.i18n import _

SCALE = 10.0
"""Drawing units per inch."""
RULE_EVERY = 6
RULER = 16.0
"""Room left of and below the table for its rulers' numbers."""
SPACING = 4.0
"""Between bases drawn side by side."""
LINE_UP = 18.0
"""Inches across a row of bases when players measure (no table to match): small bases stay
big enough to see on a phone."""
PATTERNS = (
    "",
    '<pattern id="bf-p1" width="4" height="4" patternUnits="userSpaceOnUse"'
    ' patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="4" stroke="#000"'
    ' stroke-width="1.2"/></pattern>',
    '<pattern id="bf-p2" width="4" height="4" patternUnits="userSpaceOnUse">'
    '<circle cx="2" cy="2" r="0.9" fill="#000"/></pattern>',
    '<pattern id="bf-p3" width="4" height="4" patternUnits="userSpaceOnUse">'
    '<path d="M0 0H4M0 0V4" stroke="#000" stroke-width="0.8"/></pattern>',
)
"""A seat's pattern over its colour (the first seat's is plain): owners told apart without
colour."""


def base_box(field: Battlefield, figure: Figure) -> tuple[float, float, float, float]:
    """A placed unit's base in the drawing: left, top, width, height (y grows down the page,
    away from the far edge)."""
    assert figure.x is not None and figure.y is not None
    left = (figure.x - figure.width / 2) * SCALE
    top = (field.depth - figure.y - figure.depth / 2) * SCALE
    return left, top, figure.width * SCALE, figure.depth * SCALE


def _front(figure: Figure, left: float, top: float, wide: float, high: float) -> str:
    """The base's front edge, drawn thick: which way the unit faces."""
    right, bottom = left + wide, top + high
    x1, y1, x2, y2 = {
        "N": (left, top, right, top),
        "S": (left, bottom, right, bottom),
        "E": (right, top, right, bottom),
        "W": (left, top, left, bottom),
    }.get(figure.facing, (left, top, right, top))
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{INK}"'
        ' stroke-width="2.5"/>'
    )


def _base(figure: Figure, number: int, box: tuple[float, float, float, float], lang: str) -> str:
    left, top, wide, high = box
    at = f"{left:.1f}", f"{top:.1f}", f"{wide:.1f}", f"{high:.1f}"
    frame = f'x="{at[0]}" y="{at[1]}" width="{at[2]}" height="{at[3]}"'
    colour = CORPSE if figure.dead else seat_colour(figure.seat)
    parts = [f'<rect {frame} fill="{colour}"/>']
    pattern = PATTERNS[figure.seat % len(PATTERNS)]
    if figure.dead:
        right, bottom = left + wide, top + high
        parts.append(
            f'<path d="M{left:.1f} {top:.1f}L{right:.1f} {bottom:.1f}M{right:.1f} {top:.1f}'
            f'L{left:.1f} {bottom:.1f}" stroke="{INK}" stroke-width="1"/>'
        )
    elif pattern:
        parts.append(f'<rect {frame} fill="url(#bf-p{figure.seat % len(PATTERNS)})"/>')
    parts.append(_front(figure, left, top, wide, high))
    size = max(5.0, min(12.0, 0.7 * min(wide, high)))
    ink = ink_on(colour)
    halo = PAPER if ink == INK else INK
    parts.append(
        f'<text x="{left + wide / 2:.1f}" y="{top + high / 2 + size / 3:.1f}" font-size="{size:.0f}"'
        f' fill="{ink}" font-weight="bold" paint-order="stroke" stroke="{halo}"'
        f' stroke-width="2">{number}</text>'
    )
    return (
        f'<g class="unit" data-number="{number}" data-seat="{figure.seat}"'
        f' data-box="{" ".join(at)}"><title>{escape(_said(figure, number, lang))}</title>'
        f"{''.join(parts)}</g>"
    )


def _inches(value: float) -> str:
    """A length as the table's rules write it: 4, 2.5."""
    return f"{value:g}"


def _said(figure: Figure, number: int, lang: str) -> str:
    """A unit in words: its number, name, owner, hit points, state, base and where it stands."""
    said = say(
        _(
            '{number}. {unit} ({player}): {hp}/{most} HP, {status}; base {width}x{depth}"',
            number=number,
            unit=figure.name,
            player=figure.player,
            hp=figure.hp,
            most=figure.max_hp,
            status=figure.status,
            width=_inches(figure.width),
            depth=_inches(figure.depth),
        ),
        lang,
    )
    if figure.x is None or figure.y is None:
        return said
    where = _(
        "at {x},{y} facing {facing}", x=_inches(figure.x), y=_inches(figure.y), facing=figure.facing
    )
    return f"{said}, {say(where, lang)}"


def _rulers(field: Battlefield) -> Iterator[str]:
    wide, deep = field.width * SCALE, field.depth * SCALE
    yield f'<rect x="0" y="0" width="{wide:.0f}" height="{deep:.0f}" fill="{GROUND}"/>'
    for inch in range(0, int(field.width) + 1, RULE_EVERY):
        x = inch * SCALE
        yield f'<line x1="{x:.0f}" y1="0" x2="{x:.0f}" y2="{deep:.0f}" stroke="#b8ae94"/>'
        yield f'<text x="{x:.0f}" y="{deep + 11:.0f}" fill="#444444">{inch}</text>'
    for inch in range(0, int(field.depth) + 1, RULE_EVERY):
        y = deep - inch * SCALE
        yield f'<line x1="0" y1="{y:.0f}" x2="{wide:.0f}" y2="{y:.0f}" stroke="#b8ae94"/>'
        yield f'<text x="-8" y="{y + 3:.0f}" fill="#444444">{inch}</text>'


def _across(field: Battlefield) -> float:
    """The drawing's width: the table's, else a row of bases' (and at least the widest base)."""
    room = field.width if field.positions else LINE_UP
    return max([room, *(f.width for f in field.figures)]) * SCALE


def _side_by_side(
    field: Battlefield, figures: list[tuple[int, Figure]], top: float, lang: str
) -> tuple[list[str], float]:
    """Bases drawn in rows as wide as the drawing, each to scale; returns them and the bottom."""
    room = _across(field)
    drawn, x, y, row = [], 0.0, top, 0.0
    for number, figure in figures:
        wide, high = figure.width * SCALE, figure.depth * SCALE
        if x and x + wide > room:
            x, y, row = 0.0, y + row + SPACING, 0.0
        drawn.append(_base(figure, number, (x, y, wide, high), lang))
        x, row = x + wide + SPACING, max(row, high)
    return drawn, y + row


def _label(field: Battlefield, lang: str) -> str:
    """What the drawing is: the table and its lines, else the bases alone."""
    if not field.positions:
        return say(_("Each base, to scale:"), lang)
    said = _(
        'Battlefield {width}x{depth}", lines every {every}"',
        width=_inches(field.width),
        depth=_inches(field.depth),
        every=RULE_EVERY,
    )
    return say(said, lang)


def battlefield_svg(field: Battlefield, lang: str) -> str:
    """The battlefield as a figure: the drawing (each base named for screen readers) and the
    numbered list of units in words."""
    numbered = list(enumerate(field.figures, start=1))
    placed = [(n, f) for n, f in numbered if field.positions and f.x is not None]
    beside = [(n, f) for n, f in numbered if (n, f) not in placed]
    parts: list[str] = []
    bottom, left = 0.0, -2.0
    if field.positions:
        parts += _rulers(field)
        parts += (_base(f, n, base_box(field, f), lang) for n, f in placed)
        bottom, left = field.depth * SCALE + RULER, -RULER
    if beside and field.positions:
        heading = say(_("Not on the table, to scale:"), lang)
        parts.append(
            f'<text x="0" y="{bottom + 9:.0f}" text-anchor="start" fill="{INK}">'
            f"{escape(heading)}</text>"
        )
        bottom += 14
    if beside:
        drawn, bottom = _side_by_side(field, beside, bottom, lang)
        parts += drawn
    label = _label(field, lang)
    words = "".join(
        f"<li>{seat_swatch(f.seat)} {escape(_said(f, n, lang))}</li>" for n, f in numbered
    )
    return (
        f'<figure class="battlefield"><figcaption>{escape(label)}</figcaption>'
        f'<svg viewBox="{left:.0f} -4 {_across(field) - left + 10:.0f} {bottom + 8:.0f}"'
        f' role="group" aria-label="{escape(label)}"><defs>{"".join(PATTERNS)}</defs>'
        f'{"".join(parts)}</svg><ul class="units">{words}</ul></figure>'
    )
