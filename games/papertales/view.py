"""What each seat sees: every kingdom publicly; hand, packet, kept card and plan only to the owner."""

from __future__ import annotations

from functools import lru_cache

from games.base import Holding, Piece, TableBlock, Track, View
from games.i18n import N_, _, from_json, joined, said
from games.papertales.catalog import building_name, card_name, unit
from games.papertales.faces import in_play, short, shorts
from games.papertales.grammar import ROW_WORDS
from games.papertales.kingdom import layout, resources
from games.papertales.moves import waiting
from games.papertales.state import PaperTalesState, Player
from games.papertales.texts import PHASES, amount_of


def row_word(row: str) -> str:
    return ROW_WORDS["front" if row == "front" else "back"]


PHASE_TITLES = {
    "recruit": PHASES["recruit"],
    "deploy": PHASES["deploy"],
    "pay": N_("Deployment (paying for revealed units)"),
    "time": N_("Deployment (reveal choices)"),
    "alch": N_("Deployment (every-Deployment choices)"),
    "build": PHASES["build"],
    "heal": N_("Aging (saving choices)"),
    "over": N_("game over"),
}


def _units(p: Player, row: str) -> str:
    """One row of a kingdom with age tokens."""
    return _row_text(tuple((s["card"], s["age"]) for s in p["units"] if s["row"] == row))


@lru_cache(maxsize=1024)
def _row_text(units: tuple[tuple[int, int], ...]) -> str:
    """`_units` by each unit's card and age tokens, made once (texts never change once made):
    every view shows every row, and a row changes at a few moves."""
    return joined((in_play(card, age) for card, age in units), empty="-")


@lru_cache(maxsize=1024)
def _built(buildings: tuple[tuple[str, int], ...]) -> str:
    """A kingdom's buildings with their levels, made once per set of them."""
    return joined(
        (joined((building_name(b), str(level)), " ") for b, level in buildings), empty="-"
    )


@lru_cache(maxsize=1024)
def _piece(card: int, age: int) -> Piece:
    """A unit in a kingdom as a drawn card: cost, strength, what it produces and its age."""
    u = unit(card)
    notes = [amount_of(n, r) for r, n in u.produces.items()]
    if age:
        notes.append(_("{n} age", n=age))
    return Piece(card_name(card), u.cost, u.strength, joined(notes, empty=""))


def kingdom(p: Player, seat: int, name: str) -> Holding:
    """A kingdom as the web draws it: its units in play, row by row, and its buildings."""
    rows = [
        (title, [_piece(s["card"], s["age"]) for s in p["units"] if s["row"] == row])
        for row, title in (("front", _("Front")), ("back", _("Back")))
    ]
    built = [
        Piece(building_name(b), note=_("level {n}", n=level)) for b, level in p["buildings"].items()
    ]
    return Holding(seat, _("{name}'s kingdom", name=name), [*rows, (_("Buildings"), built)])


def render(state: PaperTalesState, seat: int | None, *, figures: bool = False) -> View:
    """Build the View for one seat or the public."""
    names = state["names"]
    players = state["players"]
    owing = set(waiting(state))
    title = _(
        "Paper Tales, turn {turn} of 4: {phase}",
        turn=state["turn"],
        phase=said(PHASE_TITLES[state["phase"]]),
    )
    rows: list[list[str]] = []
    for i, p in enumerate(players):
        res = resources(p)
        built = _built(tuple(p["buildings"].items()))
        status = _("choosing") if i in owing else _("done") if state["phase"] != "over" else ""
        rows.append(
            [
                names[i],
                str(p["lp"]),
                str(p["gold"]),
                _units(p, "front"),
                _units(p, "back"),
                built,
                f"{res['wood']}/{res['food']}/{res['crystal']}",
                status,
            ]
        )
    header: list[str] = [
        _("Player"),
        _("LP"),
        _("Gold"),
        _("Front"),
        _("Back"),
        _("Buildings"),
        _("Wood/Food/Crystal"),
        _("Status"),
    ]
    view = View(
        title=title,
        seat=seat,
        tables=[TableBlock(_("Kingdoms"), header, rows)],
        tracks=[
            Track(
                _("Legend Points"),
                max(40, *(p["lp"] for p in players)),
                {names[i]: p["lp"] for i, p in enumerate(players)},
            )
        ],
        holdings=[kingdom(p, i, names[i]) for i, p in enumerate(players)] if figures else [],
    )
    view.lines.append(
        _(
            "Draw pile {deck} cards, discard pile {discard}.",
            deck=len(state["deck"]),
            discard=len(state["discard"]),
        )
    )
    for i, p in enumerate(players):
        if p["unpaid"]:
            shown = joined(
                _("{card} ({row})", card=card_name(n["card"]), row=row_word(n["row"]))
                for n in p["unpaid"]
            )
            view.lines.append(
                _("{name} revealed and has not paid yet: {cards}.", name=names[i], cards=shown)
            )
    view.lines += [from_json(line) for line in state["final"]]
    if seat is not None:
        p = players[seat]
        view.hand = [short(c) for c in p["hand"]]
        if p["packet"]:
            view.lines.append(_("Your packet: {cards}.", cards=shorts(p["packet"])))
        if p["kept"] is not None:
            view.lines.append(_("Kept for next turn: {card}.", card=card_name(p["kept"])))
        if state["phase"] == "deploy":
            plan = joined(
                (
                    _("{card} {row} (face down)", card=card_name(c), row=row_word(row))
                    if new
                    else _("{card} {row}", card=card_name(c), row=row_word(row))
                    for c, row, new in layout(p)
                ),
                empty=_("empty"),
            )
            view.lines.append(_("Your planned kingdom: {plan}.", plan=plan))
    return view
