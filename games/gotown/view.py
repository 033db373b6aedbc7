"""What players see: towers with joker values and dogs, counts, skips, piles; a hand only to its owner."""

from __future__ import annotations

from games.base import TableBlock, Track, View
from games.gotown.catalog import name, names_of
from games.gotown.flow import plural, skip_name
from games.gotown.state import GoTownState
from games.gotown.towers import floor_text


def _skips(entries: list[str]) -> str:
    return ", ".join(skip_name(entry) for entry in entries) or "-"


def _tower_table(state: GoTownState, seat: int) -> TableBlock:
    tower = state["towers"][seat]
    rows = [
        [str(i + 1), floor_text(floor), "dog" if floor["dog"] else ""]
        for i, floor in reversed(list(enumerate(tower)))
    ]
    title = f"{state['names'][seat]}'s tower ({plural(len(tower), 'floor')}, top first)"
    return TableBlock(title, ["Floor", "Cards", "Guard"], rows)


def _status_line(state: GoTownState) -> str:
    names = state["names"]
    if state["winner"] is not None:
        return f"{names[state['winner']]} has won with {state['goal']} floors."
    turn = state["turn"]
    if state["skips"][turn]:
        return f"{names[turn]}'s turn: sitting out ({skip_name(state['skips'][turn][0])}), /done."
    return f"{names[turn]}'s turn."


def build_view(state: GoTownState, seat: int | None) -> View:
    names = state["names"]
    discard = state["discard"]
    top = f", top card {name(discard[-1])}" if discard else ""
    lines = [
        _status_line(state),
        f"First to {state['goal']} floors wins.",
        f"Draw pile: {plural(len(state['draw']), 'card')}. "
        f"Discard pile: {plural(len(discard), 'card')}{top}.",
    ]
    if state["donut"] is not None:
        lines.append(f"The donut truck of {names[state['donut']['owner']]} is on the table.")
    players = TableBlock(
        "Players",
        ["Player", "Floors", "Cards in hand", "Turns to sit out"],
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
    floors = Track(
        "Floors", state["goal"], {n: len(state["towers"][i]) for i, n in enumerate(names)}
    )
    hand = None if seat is None else names_of(state["hands"][seat])
    return View("GoTown", seat, lines, tables, tracks=[floors], hand=hand)
