"""The shape of a Paper Tales table: plain JSON, described for mypy."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

Phase = Literal["recruit", "deploy", "pay", "time", "alch", "build", "heal", "over"]
"""recruit: drafting; deploy: face-down planning; pay: a player short of gold picks what to
discard; time: reveal choices (Time Master); alch: every-Deployment choices (Master Alchemist);
build: Construction; heal: Aging saves (Mystical Healer); over: the game has ended."""

Row = Literal["front", "back"]
PendingKind = Literal["age", "save", "pay"]


class UnitSlot(TypedDict):
    """A unit in play: its card, its row and the age tokens on it."""

    card: int
    row: Row
    age: int


class NewCard(TypedDict):
    """A card placed face down this Deployment (or revealed and not yet paid for)."""

    card: int
    row: Row


class Plan(TypedDict):
    """A seat's secret Deployment: new face-down cards, and row changes or discards (by card id)."""

    new: list[NewCard]
    rows: dict[str, str]


class Player(TypedDict):
    gold: int
    lp: int
    hand: list[int]
    packet: list[int]
    picked: bool
    kept: int | None
    units: list[UnitSlot]
    buildings: dict[str, int]
    plan: Plan
    unpaid: list[NewCard]
    ready: bool
    fresh: list[int]
    dying: list[int]


class Pending(TypedDict):
    """One open choice: age tokens to place (source card), a unit to save, or a unit to discard."""

    seat: int
    kind: PendingKind
    source: int | None
    tokens: int


class PaperTalesState(TypedDict):
    names: list[str]
    lang: str  # kept for old snapshots; names are said in each reader's language
    turn: int
    phase: Phase
    deck: list[int]
    discard: list[int]
    pending: list[Pending]
    order: list[int]
    players: list[Player]
    final: list[Any]  # final scoring lines, as games.i18n.to_json() messages
    pay_in_order: NotRequired[bool]  # begun before d96ec98: new units are paid for in order
