"""The shape of a Paper Skylines state: plain JSON, described here so mypy catches a misspelt key."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

Phase = Literal["city", "play", "over"]
"""city: everyone keeps one of two cities at once (simultaneous); play: one seat's turn; over."""


class Cond(TypedDict, total=False):
    drawn_type: str
    visible: str
    matched: bool


"""A step's 'if': the action drew a type, a type is visible in your city, or the tuck matched."""


class Per(TypedDict, total=False):
    """A step's 'per': its n counts once per icon (capped by max), plus a fixed amount."""

    count: Literal["visible", "beside", "site_top"]
    icon: str
    max: int
    plus: int


Step = TypedDict(
    "Step",
    {
        # printed on the card (effects/<kind>.py says which fields each kind takes)
        "do": str,
        "n": int,
        "from": str,
        "under": str,
        "track": str,
        "different": bool,
        "where": str,
        "discount": int,
        "free": bool,
        "type": "str | None",
        "what": str,
        "keep": int,
        "may": bool,
        "upto": bool,
        "if": Cond,
        "per": Per,
        "each": "list[Step]",
        "then": "list[Step]",
        # kept while the step runs
        "started": bool,
        "done": int,
        "left": int,
        "amount": int,
        "looked": bool,
    },
    total=False,
)
"""One part of an action, as the card data writes it, plus its progress while it runs."""


class Passive(TypedDict, total=False):
    """A city's passive: on an event, run steps (or lower a type's cost, on 'cost')."""

    on: str
    once_per_turn: bool
    effect: list[Step]
    type: str
    by: int


class Test(TypedDict, total=False):
    """An achievement's requirement: a measure of the claimer's city or tracks, at least min."""

    check: str
    min: int
    site: str


class Stack(TypedDict):
    """A building: cards built bottom to top, and cards tucked under it."""

    built: list[str]
    tucked: list[str]


class Memory(TypedDict):
    """What the running action remembers between its steps."""

    drawn: list[str]  # types of the cards drawn
    chosen: list[str]  # tracks chosen (for 'different')
    matched: bool  # the last tuck matched its top card's type
    declared: str | None  # the declared building type
    look: list[str]  # deck cards the player is looking at (private)
    victim: int | None  # whose hand the player is looking at
    under: list[int]  # buildings tucked under (for 'different')


class Program(TypedDict):
    """The action under way: its steps still to do (the first is current)."""

    seat: int
    source: str
    steps: list[Step]
    ctx: Memory


class Turn(TypedDict):
    seat: int
    actions: int
    once: list[str]  # city passives already used this turn
    last_track: str | None


class Points(TypedDict):
    """Where a seat's score came from (hopping makes up the rest)."""

    lines: int
    end: int
    stars: int
    chips: int
    awards: int


class Result(TypedDict):
    winners: list[int]
    detail: list[Any]  # games.i18n.to_json of each line, said in each reader's language


class SkylinesState(TypedDict):
    names: list[str]
    cards_file: str | None  # the group's own card file (JSON text), None for the sample
    phase: Phase
    offers: list[list[str]]  # the two cities offered to each seat
    city: list[str | None]  # the city each seat kept
    first: int
    level: int
    decks: dict[str, list[str]]  # level "1".."4" -> cards, top first
    seen_end: list[int]  # levels whose round-end card has been drawn
    row: list[str]
    discard: list[str]
    set_aside: list[str]
    hands: list[list[str]]
    cities: list[list[Stack | None]]  # None is a gap, a sprawl space
    mayor: list[int]  # the building each mayor stands on
    tracks: list[dict[str, int]]
    lines: list[dict[str, list[int]]]  # scoring lines each seat has scored, per track
    end_bonus: dict[str, int | None]  # who reached the end of each track first
    score: list[int]
    points: list[Points]
    claims: dict[str, list[int]]
    chips: dict[str, int]
    chip_owner: dict[str, int | None]
    turn: Turn
    turns: list[int]
    program: Program | None
    result: Result | None
