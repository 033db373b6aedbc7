"""The shape of a GoTown state: plain JSON described with TypedDicts (keys kept as stored)."""

from __future__ import annotations

from typing import TypedDict


class Floor(TypedDict):
    """Two physical cards side by side; a joker's value is fixed at 9 minus its partner."""

    cards: list[str]  # physical ids such as "4#2" or "?#1"
    values: list[int]  # what each card counts, in the same order
    dog: str | None  # the guard dog's physical id


class Donut(TypedDict):
    """The donut truck on the table, until play returns to its owner."""

    card: str
    owner: int


class GoTownState(TypedDict):
    names: list[str]
    goal: int  # floors to win: 5, or 4 with the short option
    draw: list[str]  # the draw pile, top card last
    discard: list[str]  # the discard pile, top card last
    hands: list[list[str]]
    towers: list[list[Floor]]  # per seat, bottom floor first
    skips: list[list[str]]  # per seat, queued skipped turns: milkshake ids or "donut-truck"
    donut: Donut | None
    turn: int  # the seat to move
    winner: int | None
    changed: bool  # a card was played or drawn during the current turn
    quiet_turns: int  # turns in a row in which nothing was played or drawn
