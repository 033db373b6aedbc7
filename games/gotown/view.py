"""What players see: towers with joker values and dogs, counts, skips, piles; a hand only to its owner."""

from __future__ import annotations

from games.base import Holding, Piece, TableBlock, Track, View
from games.gotown.catalog import name, names_of
from games.gotown.flow import cards, floors, skip_name
from games.gotown.state import GoTownState
from games.gotown.towers import floor_text
from games.i18n import _, joined


def _skips(entries: list[str]) -> str:
    return joined((skip_name(entry) for entry in entries), empty="-")


def _tower_table(state: GoTownState, seat: int) -> TableBlock:
    tower = state["towers"][seat]
    rows: list[list[str]] = [
        [str(i + 1), floor_text(floor), _("dog") if floor["dog"] else ""]
        for i, floor in reversed(list(enumerate(tower)))
    ]
    title = _(
        "{name}'s tower ({floors}, top first)", name=state["names"][seat], floors=floors(len(tower))
    )
    return TableBlock(title, [_("Floor"), _("Cards"), _("Guard")], rows)


def _tower(state: GoTownState, seat: int) -> Holding:
    """A seat's tower as the web draws it: its floors from the ground up, in its owner's colour."""
    floors_up = [
        Piece(floor_text(floor), note=_("dog") if floor["dog"] else "")
        for floor in state["towers"][seat]
    ]
    name = state["names"][seat]
    return Holding(seat, name, [(_("Floors"), floors_up)], tower=True, height=state["goal"])


def _status_line(state: GoTownState) -> str:
    names = state["names"]
    if state["winner"] is not None:
        return _(
            "{name} has won with {goal} floors.", name=names[state["winner"]], goal=state["goal"]
        )
    turn = state["turn"]
    if state["skips"][turn]:
        return _(
            "{name}'s turn: sitting out ({card}), /done.",
            name=names[turn],
            card=skip_name(state["skips"][turn][0]),
        )
    return _("{name}'s turn.", name=names[turn])


def build_view(state: GoTownState, seat: int | None, *, figures: bool = False) -> View:
    names = state["names"]
    discard = state["discard"]
    piles = (
        _(
            "Draw pile: {draw}. Discard pile: {discard}, top card {top}.",
            draw=cards(len(state["draw"])),
            discard=cards(len(discard)),
            top=name(discard[-1]),
        )
        if discard
        else _(
            "Draw pile: {draw}. Discard pile: {discard}.",
            draw=cards(len(state["draw"])),
            discard=cards(len(discard)),
        )
    )
    lines = [_status_line(state), _("First to {goal} floors wins.", goal=state["goal"]), piles]
    if state["donut"] is not None:
        owner = names[state["donut"]["owner"]]
        lines.append(_("The donut truck of {name} is on the table.", name=owner))
    players = TableBlock(
        _("Players"),
        [_("Player"), _("Floors"), _("Hand"), _("Sits out")],
        [
            [
                ("> " if i == state["turn"] else "") + names[i],
                str(len(state["towers"][i])),
                str(len(state["hands"][i])),
                _skips(state["skips"][i]),
            ]
            for i in range(len(names))
        ],
    )
    tables = [players, *(_tower_table(state, i) for i in range(len(names)) if state["towers"][i])]
    track = Track(
        _("Floors"), state["goal"], {n: len(state["towers"][i]) for i, n in enumerate(names)}
    )
    hand = None if seat is None else names_of(state["hands"][seat])
    towers = [_tower(state, i) for i in range(len(names))] if figures else []
    return View("GoTown", seat, lines, tables, tracks=[track], hand=hand, holdings=towers)
