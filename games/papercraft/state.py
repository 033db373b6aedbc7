"""The shape of Papercraft's state and data: plain JSON, described for mypy."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

Phase = Literal["army", "place", "battle", "over"]
"""army: buy units and /ready; place: one unit at a time; battle: turns; over: a side has won."""

Step = Literal["escape", "move", "attack", "ending"]
"""A battle turn: Bear Hug escapes (only when a unit is held), movement, attack; 'ending' is a
turn that is over but waits (for a destroyed Otoro's rockets) before the next one starts."""

Facing = Literal["N", "E", "S", "W"]

Effect = Literal[
    "wear_and_tear",
    "fire_rockets",
    "grapple",
    "bear_hug",
    "fireball",
    "telekinesis",
    "the_power",
    "pass_through",
    "gale",
    "rally_cry",
    "charge",
    "emplaced",
    "field_repair",
    "quake_stomp",
    "halve_damage",
    "pack_hunt",
    "siphon_life",
]
"""The rule the referee applies for an ability; its numbers are the ability's other keys."""


class Weapon(TypedDict):
    name: str
    types: list[str]
    range: int  # inches; melee attacks reach 1" unless the stat block says more (ruling 5)
    melee: bool
    hit: int
    damage: str  # dice such as 2d6+2
    note: NotRequired[str]


class Ability(TypedDict):
    """An ability as its stat block gives it; without `effect` the referee only shows its text."""

    name: str
    text: str
    effect: NotRequired[Effect]
    reach: NotRequired[int]  # inches, edge to edge
    dice: NotRequired[str]  # damage, healing or distance rolled
    damage_type: NotRequired[str]  # the attack type its damage counts as (armour chart)
    hit: NotRequired[int]  # hit bonus of the ability's own to-hit roll
    hit_on: NotRequired[int]  # a d6 of this or more hits
    bonus: NotRequired[int]  # hit bonus given
    multiplier: NotRequired[int]
    targets: NotRequired[int]  # at most this many units named
    divisor: NotRequired[int]  # halving (2): damage, movement or healing divided, rounded down
    min_move: NotRequired[int]
    self_damage: NotRequired[int]
    escape_on: NotRequired[int]  # d6 + dodge of this or more escapes
    uses: NotRequired[int]  # per game
    on_death: NotRequired[bool]
    duration: NotRequired[Literal["attack phase"]]
    primary: NotRequired[str]  # only units of this primary type
    templates: NotRequired[list[str]]  # only units of these templates
    exclude: NotRequired[list[str]]  # templates it may not pass


class Unit(TypedDict):
    name: str
    label: str  # provenance shown in listings
    nation: str | None
    points: int
    primary: str
    template: str
    hp: int
    move: int
    dodge: int
    armor: str
    attacks: list[Weapon]
    abilities: list[Ability]
    source: str | None
    provenance: str


class Burn(TypedDict):
    """A Fireball's flames on a unit: they burn at the end of its owner's next turn unless it moves."""

    turn: int  # turn number of the splash
    dice: str
    damage_type: str


class Piece(TypedDict):
    """One unit of one army: on the table once placed."""

    id: int
    name: str  # as players type it; numbered when a unit appears more than once
    kind: str  # the Unit's name
    owner: int
    hp: int
    max_hp: int
    placed: bool
    reserve: bool  # fitted nowhere in its start zone: it sits the battle out
    x: float | None  # centre in inches from the bottom-left corner (with --positions)
    y: float | None
    facing: Facing
    dead: bool
    corpse: bool
    moved: float  # inches this turn
    targets: list[int]  # unit ids attacked this turn
    in_place: str | None  # the ability used in place of attacking this turn
    rally: int
    power: int  # hit bonus multiplier from The Power (0: none)
    grappled: int | None  # turn number of the grapple
    hugged_by: int | None
    hugging: int | None
    burning: Burn | None  # set by a Fireball splash
    uses: dict[str, int]  # once-per-game abilities used; free play: round of the escape roll


class Options(TypedDict):
    points: int
    table: list[int]  # width, depth in inches
    positions: bool
    rounds: int
    free: NotRequired[bool]  # free play: no turn order, phases or placement (tables since --free)


class Pending(TypedDict):
    """A destroyed Otoro whose owner must name the units its rockets reach."""

    unit: int
    seat: int


class Result(TypedDict):
    winners: list[int]
    reason: Any  # the message, as games.i18n.to_json keeps it (said again in any language)


class PapercraftState(TypedDict):
    names: list[str]
    options: Options
    teams: list[int]  # side of each seat
    extra_units: dict[str, Unit]  # from --units and /unit add
    phase: Phase
    armies: list[dict[str, int]]  # unit name -> count, per seat
    ready: list[bool]
    placement_dice: list[list[int]]  # own dice given with /ready --dice, per seat
    units: list[Piece]
    order: list[int]  # placement order, then turn order
    placer: int | None
    active: int | None
    step: Step | None
    round: int
    turn_no: int
    pending: list[Pending]
    result: Result | None
