"""The shape of a PaperTown game's state: plain JSON, described for mypy."""

from __future__ import annotations

from typing import Literal, TypedDict

PowerId = Literal["bank", "branch", "bakery", "building", "bribery"]
ObjectiveId = Literal["harbor", "horizontal", "vertical", "bigger", "old-town", "broadway"]
Difficulty = Literal["easy", "normal", "hard"]
Phase = Literal["roll", "mark", "over"]
"""Derived, not stored (flow.phase): before the roll, marking after the roll (or Bribery), over."""


class Special(TypedDict):
    """A special block: its cell (flat index) and the power it gives."""

    cell: int
    power: PowerId


class Sheet(TypedDict):
    """The shared sheet. colours is one letter per block, row by row (see sheet.py)."""

    rows: int
    cols: int
    colours: str
    specials: list[Special]
    powers: list[PowerId]  # the footer's power cards, in the order their blocks first appear
    objectives: list[ObjectiveId]


class Options(TypedDict):
    solo: bool
    solo_16: bool
    difficulty: Difficulty
    die: bool
    water: bool
    own_banks: bool


class Participant(TypedDict):
    """A player or (solo) a virtual player; seat is the seat that acts for it."""

    name: str
    tag: str
    seat: int
    quota: int
    virtual: bool


class PaperTownState(TypedDict):
    names: list[str]
    options: Options
    sheet: Sheet
    players: list[Participant]
    owner: list[int | None]  # per cell: the participant who marked it
    claims: list[int | None]  # per special block: the participant who claimed it
    turn: int  # turns played; the participant to move is turn % len(players)
    turns: int  # boxes on the time track
    rolled: str | None  # this turn's colour letter
    base: int  # normal marks made this turn
    used: dict[str, int]  # power id -> uses this turn
    marked: list[int]  # cells marked this turn, in order
    deck: list[str]  # colour cards left in the deck (empty: the next roll reshuffles)
