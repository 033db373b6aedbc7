"""A player's city for the web: its buildings side by side (wrapping on a phone), each a stack of
its cards from the ground up, every card named with its type's symbol and colour, the mayor's
building and the cards tucked under said in words."""

from __future__ import annotations

from html import escape

from bot.i18n import say
from bot.web.colours import INK
from bot.web.marks import KIND_COLOURS, KIND_SYMBOLS, kind_of
from games.base import City, Lot
from games.i18n import _

LOTS = "display:flex;flex-wrap:wrap;align-items:flex-end;gap:.3rem;list-style:none;padding:0;margin:.2rem 0"
LOT = "flex:0 0 5.6rem;display:flex;flex-direction:column"
FLOORS = "display:flex;flex-direction:column-reverse;list-style:none;padding:0;margin:0"
FLOOR = f"border:1px solid {INK};border-bottom:0;padding:.1rem .2rem;font-size:.8rem;line-height:1.15;color:{INK};overflow-wrap:anywhere"
GROUND = f"border-top:3px solid {INK};margin:0;font-size:.8rem;text-align:center"
GAP = f"border:1px dashed {INK};padding:.1rem .2rem;font-size:.8rem;min-height:2rem"


def _floor(city: City, name: str, kind: str, level: int) -> str:
    k = kind_of(city.kinds, kind)
    colour, symbol = KIND_COLOURS[k % len(KIND_COLOURS)], KIND_SYMBOLS[k % len(KIND_SYMBOLS)]
    return (
        f'<li class="floor" data-level="{level}" data-kind="{k}"'
        f' style="{FLOOR};background:{colour}"><span aria-hidden="true">{symbol}</span>'
        f" {escape(name)} <small>({escape(kind)})</small></li>"
    )


def _lot(city: City, number: int, lot: Lot, lang: str) -> str:
    notes = [str(number)]
    if lot.mayor:
        mayor = say(_("mayor"), lang)
        notes.append(f'★<span class="sr"> {escape(mayor)}</span>')
    if lot.tucked:
        tucked = say(_("{n} tucked under", n=lot.tucked), lang)
        notes.append(f'<abbr title="{escape(tucked)}">+{lot.tucked}</abbr>')
        notes.append(f'<span class="sr"> {escape(tucked)}</span>')
    if lot.floors:
        floors = "".join(
            _floor(city, name, kind, level)
            for level, (name, kind) in enumerate(zip(lot.floors, lot.kinds, strict=True), start=1)
        )
        body = f'<ol class="floors" style="{FLOORS}">{floors}</ol>'
    else:
        gap = say(_("gap: a sprawl space"), lang)
        body = f'<div class="gap" style="{GAP}">{escape(gap)}</div>'
    return (
        f'<li class="lot" data-lot="{number}" style="{LOT}">{body}'
        f'<p class="ground" style="{GROUND}">{" ".join(notes)}</p></li>'
    )


def city_html(city: City, lang: str) -> str:
    """The city as a figure: its title, its buildings (cards bottom to top), and its types'
    symbols and colours in words."""
    lots = "".join(_lot(city, n, lot, lang) for n, lot in enumerate(city.lots, start=1))
    used = {kind for lot in city.lots for kind in lot.kinds}
    legend = "".join(
        f'<li><span style="background:{KIND_COLOURS[k % len(KIND_COLOURS)]};border:1px solid'
        f' {INK};padding:0 .2rem" aria-hidden="true">{KIND_SYMBOLS[k % len(KIND_SYMBOLS)]}</span>'
        f" {escape(kind)}</li>"
        for k, kind in enumerate(city.kinds)
        if kind in used
    )
    said = escape(say(_("Buildings, cards from the ground up"), lang))
    return (
        f'<figure class="city"><figcaption><b>{escape(city.title)}</b></figcaption>'
        + (f'<ol class="lots" style="{LOTS}" aria-label="{said}">{lots}</ol>' if lots else "")
        + (f'<ul class="legend">{legend}</ul>' if legend else "")
        + "</figure>"
    )
