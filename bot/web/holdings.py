"""Each seat's part of the table drawn for the web (games.base.Holding): GoTown's towers as one
SVG skyline, each tower its owner's colour and as high as it is built, said floor by floor in
words; Paper Tales' kingdoms as rows of cards with cost and strength."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from bot.i18n import say
from bot.web.colours import ink_on, seat_colour
from games.base import Holding, Piece
from games.i18n import _

WIDE, GAP, FLOOR = 46.0, 12.0, 16.0
"""A tower's width, the space between towers and a floor's height, in SVG units."""
TOP, GROUND = 14.0, 26.0


def _floor_words(piece: Piece) -> str:
    return f"{piece.name} ({piece.note})" if piece.note else piece.name


def tower_words(tower: Holding, lang: str) -> str:
    """A tower in words: how high, and each floor from the ground up."""
    floors = [piece for _row, pieces in tower.rows for piece in pieces]
    if not floors:
        return say(_("{title}: not built yet.", title=tower.title), lang)
    return say(
        _(
            "{title}: {n} of {goal} floors, from the ground up: {floors}.",
            title=tower.title,
            n=len(floors),
            goal=tower.height,
            floors="; ".join(_floor_words(piece) for piece in floors),
        ),
        lang,
    )


def _tower(tower: Holding, left: float, ground: float, lang: str) -> str:
    colour = seat_colour(tower.seat)
    ink = ink_on(colour)
    floors = [piece for _row, pieces in tower.rows for piece in pieces]
    parts = []
    for number, piece in enumerate(floors, start=1):
        y = ground - number * FLOOR
        words = say(_("Floor {n}: {floor}", n=number, floor=_floor_words(piece)), lang)
        dog = (
            f'<circle cx="{left + WIDE - 5:.1f}" cy="{y + FLOOR / 2:.1f}" r="3" fill="{ink}"/>'
            if piece.note
            else ""
        )
        parts.append(
            f"<g><title>{escape(words)}</title>"
            f'<rect x="{left:.1f}" y="{y:.1f}" width="{WIDE}" height="{FLOOR}" fill="{colour}"/>'
            f'<text x="{left + WIDE / 2 - (3 if piece.note else 0):.1f}" y="{y + 11:.1f}"'
            f' fill="{ink}">{escape(piece.name[:8])}</text>{dog}</g>'
        )
    name = tower.title if len(tower.title) <= 10 else tower.title[:9] + "…"
    parts.append(
        f'<text x="{left + WIDE / 2:.1f}" y="{ground + 11:.1f}">{escape(name)}</text>'
        f'<text x="{left + WIDE / 2:.1f}" y="{ground + 21:.1f}">{len(floors)}/{tower.height}</text>'
    )
    return f"<g>{''.join(parts)}</g>"


def towers_svg(towers: Sequence[Holding], lang: str) -> str:
    """Every tower side by side on one ground line, the goal's height dashed across them."""
    tallest = max(max(t.height, sum(len(p) for _r, p in t.rows)) for t in towers)
    width = GAP + len(towers) * (WIDE + GAP)
    ground = TOP + tallest * FLOOR
    goal_y = ground - max(t.height for t in towers) * FLOOR
    goal = say(_("goal"), lang)
    drawn = "".join(
        _tower(tower, GAP + i * (WIDE + GAP), ground, lang) for i, tower in enumerate(towers)
    )
    label = say(_("Towers"), lang)
    words = "".join(f"<li>{escape(tower_words(t, lang))}</li>" for t in towers)
    return (
        f'<figure class="towers"><svg viewBox="0 0 {width:.0f} {ground + GROUND:.0f}"'
        f' style="max-width:{2 * width:.0f}px" role="img" aria-label="{escape(label)}">'
        f'<line x1="0" y1="{ground}" x2="{width:.0f}" y2="{ground}" stroke="#333"/>'
        f'<line x1="0" y1="{goal_y}" x2="{width:.0f}" y2="{goal_y}" stroke="#333"'
        f' stroke-dasharray="4 3"/><text x="2" y="{goal_y - 3}" text-anchor="start">'
        f"{escape(goal)}</text>{drawn}</svg>"
        f'<figcaption><ul class="legend">{words}</ul></figcaption></figure>'
    )


def card_html(piece: Piece, lang: str) -> str:
    numbers = []
    if piece.cost is not None:
        numbers.append(say(_("cost {n}", n=piece.cost), lang))
    if piece.strength is not None:
        numbers.append(say(_("strength {n}", n=piece.strength), lang))
    if piece.note:
        numbers.append(piece.note)
    said = "".join(f"<span>{escape(number)}</span>" for number in numbers)
    return f'<li class="card"><b>{escape(piece.name)}</b>{said}</li>'


def rows_html(holding: Holding, lang: str) -> str:
    """A seat's rows (a kingdom's front and back rows, its buildings) as cards."""
    empty = escape(say(_("(empty)"), lang))
    colour = seat_colour(holding.seat)
    rows = "".join(
        f'<div class="row"><h4>{escape(row)}</h4> '
        + (
            f'<ul class="cards">{"".join(card_html(p, lang) for p in pieces)}</ul>'
            if pieces
            else f"<span>{empty}</span>"
        )
        + "</div>"
        for row, pieces in holding.rows
    )
    return (
        f'<section class="holding" style="border-left-color:{colour}">'
        f"<h3>{escape(holding.title)}</h3>{rows}</section>"
    )


def holdings_html(holdings: Sequence[Holding], lang: str) -> str:
    towers = [h for h in holdings if h.tower]
    drawn = [towers_svg(towers, lang)] if towers else []
    drawn += [rows_html(h, lang) for h in holdings if not h.tower]
    return "".join(drawn)
