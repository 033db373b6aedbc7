"""What Papercraft players type: each verb's arguments and flags, the words typed between them
(at, to, none, add, remove) in both languages, and the readers of what a table names: its units,
their weapons and abilities, points on the table, inches, counts, facings and dice.

Handlers receive typed values: a unit as its English label (a unit on the table, or a unit kind
for /army and /place), inches as floats, a point as (x, y), a facing as N, E, S or W, dice as a
tuple of faces. games.args reads them by each verb's declared `Arg`s and writes them back."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from operator import itemgetter
from types import MappingProxyType
from typing import Any

import orjson

from games.args import Context, Reader, Reading, fold
from games.base import Arg, Flag
from games.i18n import Name, _, joined
from games.memo import Memo
from games.papercraft.board import catalog
from games.papercraft.catalog import ATTACK_TYPES, builtin_units
from games.papercraft.geometry import FACING_WORDS
from games.papercraft.names import ability_name, attack_type, named_piece, unit_name, weapon_name
from games.papercraft.state import PapercraftState, Unit
from games.papercraft.words import forms, key_of, norm

ADD = Name({"en": "add", "pl": "dodaj"})
REMOVE = Name({"en": "remove", "pl": "usuń"})
LIST = Name({"en": "list", "pl": "lista"})
SHOW = Name({"en": "show", "pl": "pokaż"})
AT = Name({"en": "at", "pl": "na"})
TO = Name({"en": "to", "pl": "do"})
NONE = Name({"en": "none", "pl": "nic"})
"""Words typed between a command's arguments, offered in the reader's language, read in either."""
UNIT_ACTIONS = {"add": ADD, "list": LIST, "show": SHOW, "remove": REMOVE}
"""/unit's action words (a chat's own units, read outside any table)."""
NOBODY = ""
"""The value of 'none' where units are named (/ability ... none): no unit has an empty label."""
SHOWN = 60
"""At most this many characters of what was typed are said back in a refusal."""
NUMBER = r"-?[0-9]{1,9}(?:\.[0-9]+)?"
POINT_RE = re.compile(rf"^\(?\s*({NUMBER})\s*[, ]\s*({NUMBER})\s*\)?$")
COUNT_RE = re.compile(r"[x×]?([0-9]+)[x×]?")
MOST = 10**9
"""A count of more digits than this reads as this many (an army refuses it by size)."""


def typed(words: Sequence[str]) -> str:
    """Words said back in a refusal, cut short."""
    text = " ".join(words)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


@dataclass(frozen=True)
class Index:
    """Names by the words that read as them, each English name's shown form, and every run of
    first words some name begins with (read-only: an index is remembered and shared)."""

    known: Mapping[tuple[str, ...], str]
    shown: Mapping[str, str]
    starts: frozenset[tuple[str, ...]]


def index(entries: Iterable[tuple[str, str]]) -> Index:
    """(shown name, English) entries indexed: every form of a shown name reads as its English."""
    known: dict[tuple[str, ...], str] = {}
    shown: dict[str, str] = {}
    for name, english in entries:
        shown.setdefault(english, name)
        for form in (*forms(name), english):
            known.setdefault(key_of(form), english)
    starts = frozenset(key[:n] for key in known for n in range(1, len(key) + 1))
    return Index(MappingProxyType(known), MappingProxyType(shown), starts)


@dataclass(frozen=True)
class Names(Reader):
    """Names a table knows (units, weapons, abilities) in any language, longest first, read as
    their English; an earlier index's reading first where two share words. A reading counts its
    words as `named`, so a longer whole name outranks a shorter one with a number after it
    ('Spear 5' is a unit before 'Spear' x5)."""

    parts: tuple[Index, ...]
    refuse: Callable[[Sequence[str]], str]

    @cached_property
    def merged(self) -> Index:
        """The parts as one index, an earlier part's entry kept where two share words."""
        known: dict[tuple[str, ...], str] = {}
        shown: dict[str, str] = {}
        for part in reversed(self.parts):
            known |= part.known
            shown |= part.shown
        starts = frozenset().union(*(part.starts for part in self.parts))
        return Index(MappingProxyType(known), MappingProxyType(shown), starts)

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        """Word by word while the words so far begin some name (a word of punctuation alone
        ends no reading); the longest reading first."""
        merged = self.merged
        found: list[Reading] = []
        wanted: tuple[str, ...] = ()
        for used, word in enumerate(words, 1):
            key = norm(word)
            if not key:
                continue
            wanted = (*wanted, key)
            if wanted not in merged.starts:
                break
            name = merged.known.get(wanted)
            if name is not None:
                found.append(Reading(name, used, used))
        yield from reversed(found)

    def format(self, value: Any, context: Context) -> str:
        return self.merged.shown.get(value, str(value))

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return self.refuse(words)


def _kinds(units: Iterable[str]) -> Index:
    return index((unit_name(kind), kind) for kind in units)


def _weapons(units: Iterable[Unit]) -> Index:
    return index((weapon_name(u, w), w["name"]) for u in units for w in u["attacks"])


def _abilities(units: Iterable[Unit]) -> Index:
    return index((ability_name(a), a["name"]) for u in units for a in u["abilities"])


@lru_cache(maxsize=256)
def _labels(pieces: tuple[tuple[str, str], ...]) -> Index:
    """The units on a table by their labels (label, kind), indexed once: labels never change
    once the armies are set, and every command reads them."""
    return index((named_piece(label, kind), label) for label, kind in pieces)


@cache
def _builtin() -> tuple[Index, Index, Index]:
    """The built-in units' names, weapons and abilities, indexed once (the data never changes)."""
    units = builtin_units()
    return _kinds(units), _weapons(units.values()), _abilities(units.values())


@dataclass(frozen=True)
class Targets(Reader):
    """Units named one after another (commas between them are read past), or 'none'."""

    units: Names
    none: bool = True

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        if self.none and norm(words[0]) in {norm(form) for form in forms(NONE)}:
            yield Reading(NOBODY, 1)
            return
        yield from self.units.readings(words, context)

    def format(self, value: Any, context: Context) -> str:
        return NONE if value == NOBODY else self.units.format(value, context)

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return self.units.refusal(words, context)


@dataclass(frozen=True)
class Listed(Reader):
    """A flag's list of units ('--also Grave Legion 1, Barrow Lich'), read up to the next flag."""

    units: Names

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        found: list[str] = []
        at = 0
        while at < len(words) and not words[at].startswith("--"):
            reading = next(self.units.readings(words[at:], context), None)
            if reading is None:
                return
            found.append(reading.value)
            at += reading.used
        if found:
            yield Reading(tuple(found), at)

    def format(self, value: Any, context: Context) -> str:
        return joined((self.units.format(unit, context) for unit in value), ", ")

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return self.units.refusal(words, context)


@dataclass(frozen=True)
class Inches(Reader):
    """A distance in inches: 6, 4.5, 6" or 6in, never negative; `what` names it in a refusal."""

    what: str

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        text = words[0].strip().rstrip('"').removesuffix("in").strip()
        if re.fullmatch(NUMBER, text) and not text.startswith("-"):
            yield Reading(round(float(text), 2), 1)

    def format(self, value: Any, context: Context) -> str:
        return f"{value:g}"

    def refusal(self, words: Sequence[str], context: Context) -> str:
        if re.fullmatch(NUMBER, words[0].rstrip('"').removesuffix("in")):
            return _("{what} cannot be negative.", what=self.what)
        return _(
            "{what} needs a number of inches, like 6 or 4.5; got '{text}'.",
            what=self.what,
            text=typed(words[:1]),
        )


@dataclass(frozen=True)
class Point(Reader):
    """A point on the table in inches from the bottom-left corner: '12,3', '12, 3' or '(12 3)';
    `keyword` is the word typed before it (at, to)."""

    keyword: str

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        for used in (2, 1):
            found = POINT_RE.match(" ".join(words[:used])) if len(words) >= used else None
            if found is not None:
                yield Reading((round(float(found[1]), 2), round(float(found[2]), 2)), used)

    def format(self, value: Any, context: Context) -> str:
        return f"{value[0]:g},{value[1]:g}"

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return _(
            "'{keyword} {text}' is not a point; write '{keyword} 12,3' "
            "or add a facing N, E, S or W.",
            keyword=self.keyword,
            text=typed(words),
        )


class Facing(Reader):
    """Which way a unit faces: N, E, S, W (or north, 90, ...)."""

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        found = FACING_WORDS.get(words[0].casefold())
        if found is not None:
            yield Reading(found, 1)

    def format(self, value: Any, context: Context) -> str:
        return str(value)

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return _("Facing '{facing}' is unknown; use N, E, S or W.", facing=typed(words[:1]))


class Count(Reader):
    """How many units /army adds or removes: 3, x3, 3x or ×3."""

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        found = COUNT_RE.fullmatch(words[0].casefold())
        if found is not None:
            digits = found[1]
            yield Reading(int(digits) if len(digits) <= len(str(MOST)) - 1 else MOST, 1)

    def format(self, value: Any, context: Context) -> str:
        return f"x{value}"

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return _("'{text}' is not a unit; /units lists them all.", text=typed(words))


class Faces(Reader):
    """Your own dice, in the order rolled: '4,3,5,3' (or '4 3 5 3'), read up to the next flag."""

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        faces: list[int] = []
        used = 0
        for word in words:
            parts = [part for part in word.split(",") if part]
            if not parts or not all(re.fullmatch("[0-9]{1,9}", part) for part in parts):
                break
            faces += [int(part) for part in parts]
            used += 1
        if faces:
            yield Reading(tuple(faces), used)

    def format(self, value: Any, context: Context) -> str:
        return ",".join(str(face) for face in value)

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return _("--dice takes the rolled faces separated by commas, like --dice 4,3,5,3.")


class AttackType(Reader):
    """An attack type in either language, by its first letters ('pierc', 'magiczne')."""

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        wanted = fold(words[0])[:5]
        found = [
            name
            for name in ATTACK_TYPES
            if wanted and any(fold(form).startswith(wanted) for form in forms(attack_type(name)))
        ]
        if len(found) == 1:
            yield Reading(found[0], 1)

    def format(self, value: Any, context: Context) -> str:
        return attack_type(value)

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return _("That is not one of: {choices}.", choices=joined(map(attack_type, ATTACK_TYPES)))


def not_a_unit(words: Sequence[str]) -> str:
    return _("'{text}' is not a unit; /units lists them all.", text=typed(words))


def not_known(words: Sequence[str]) -> str:
    return _("'{text}' is not a unit this chat knows; /units lists them.", text=typed(words))


def _not_an_attack(words: Sequence[str]) -> str:
    return _("'{text}' is not an attack of any unit here.", text=typed(words))


def _not_an_ability(words: Sequence[str]) -> str:
    return _("'{text}' is not an ability of any unit here.", text=typed(words))


@dataclass(frozen=True)
class Table(Context):
    """Reading at a Papercraft table (or among a chat's units outside one): the units on it by
    their labels, the unit kinds it may use, and their weapons and abilities by name."""

    units: Mapping[str, Unit] = field(default_factory=dict)
    labels: tuple[tuple[str, str], ...] = ()
    """The units on the table as (label, kind)."""
    unknown: Callable[[Sequence[str]], str] = not_a_unit
    made: Memo[tuple[Any, ...], Reader] = field(
        default_factory=lambda: Memo(64), compare=False, repr=False
    )
    """Each argument's reader, made once at this table (a move's offers write many)."""

    @cached_property
    def extra(self) -> dict[str, Unit]:
        """The units besides the built-in ones (a units file's, a chat's)."""
        builtin = builtin_units()
        return {name: unit for name, unit in self.units.items() if name not in builtin}

    @cached_property
    def unit_names(self) -> Names:
        return Names((_labels(self.labels), _builtin()[0], _kinds(self.extra)), self.unknown)

    @cached_property
    def weapons(self) -> Names:
        return Names((_builtin()[1], _weapons(self.extra.values())), _not_an_attack)

    @cached_property
    def abilities(self) -> Names:
        return Names((_builtin()[2], _abilities(self.extra.values())), _not_an_ability)

    def reader(self, arg: Arg) -> Reader:
        key = (arg.name, arg.kind, arg.literal, arg.repeat, arg.choices)
        found = self.made.find(key)
        return found if found is not None else self.made.keep(key, self._reader(arg))

    def _reader(self, arg: Arg) -> Reader:
        """The reader of an argument or flag by its name (inches, a count, a facing, a unit's
        weapons and abilities, 'none' among targets), else by its kind."""
        found = READERS.get(arg.name)
        if found is not None:
            return found
        if arg.kind == "cell":
            return Point(arg.literal)
        if arg.name == "WEAPON":
            return self.weapons
        if arg.name == "ABILITY":
            return self.abilities
        if arg.name == "also":
            return Listed(self.unit_names)
        if arg.kind == "unit":
            return Targets(self.unit_names) if arg.repeat else self.unit_names
        return super().reader(arg)

    def split(self, text: str) -> list[str]:
        """Words, a comma between two names parting them ('Legion 1,Barrow Lich'); a point
        ('12,3') and dice ('4,3,1') stay whole."""
        words: list[str] = []
        for word in text.split():
            if "," in word and not re.fullmatch(r"[0-9.,()\-]+", word):
                parts = word.split(",")
                words += [f"{part}," for part in parts[:-1] if part] + [parts[-1]] * bool(parts[-1])
            else:
                words.append(word)
        return words


READERS: dict[str, Reader] = {
    "xN": Count(),
    "INCHES": Inches(_("The distance")),
    "range": Inches("--range"),
    "move": Inches("--move"),
    "moved": Inches("--moved"),
    "FACING": Facing(),
    "type": AttackType(),
    "dice": Faces(),
}
"""Readers by argument or flag name: Papercraft's numbers are inches, a count or faces."""


LABEL = itemgetter("name", "kind")
_TABLES: Memo[tuple[Any, ...], Table] = Memo(256)
"""Reading contexts by what they read: the seated names, the units' labels and the table's own
unit kinds. Those change only while armies are mustered, and every command and offer reads."""


def table(state: PapercraftState) -> Table:
    """Reading at this table: its units on the table and the kinds it may use."""
    labels = tuple(map(LABEL, state["units"]))
    key = (tuple(state["names"]), labels, orjson.dumps(state["extra_units"]))
    found = _TABLES.find(key)
    if found is not None:
        return found
    units = MappingProxyType(catalog(state))  # kept and shared: read-only
    return _TABLES.keep(key, Table(key[0], units=units, labels=labels))


def chat(units: Mapping[str, Unit]) -> Table:
    """Reading among the units a chat knows (/attack and /ability outside a table)."""
    return Table(units=units, unknown=not_known)


DICE = Flag(
    "dice", "dice", _("Your own dice instead of the referee's, in the order rolled."), "a,b,..."
)
RANGE = Flag("range", "number", _("Inches to the target, edge to edge (without --positions)."), "N")
ATTACK_FLAGS = (
    RANGE,
    DICE,
    Flag("hug", None, _("Bear Hug: hold a Character or Large Unit instead of dealing damage.")),
    Flag(
        "type",
        "choice",
        _(
            "Attack type where the weapon has two: {types}.",
            types=joined(map(attack_type, ATTACK_TYPES)),
        ),
        "T",
    ),
    Flag(
        "also",
        "unit",
        _("Units a Fireball splashes, comma-separated (without --positions)."),
        "U, V",
    ),
)
ABILITY_FLAGS = (
    RANGE,
    Flag("move", "number", _("Inches a Gale moves (without --positions)."), "N"),
    DICE,
)
OUTSIDE_FLAGS = (
    Flag("moved", "number", _("Outside a table: inches the attacker moved this turn."), "N"),
    Flag("hp", "number", _("Outside a table: the target's HP now (default: full)."), "N"),
    Flag(
        "private",
        None,
        _("Outside a table: only you see the result; the chat sees that you rolled."),
    ),
)
PRIVATE = OUTSIDE_FLAGS[2]
OUTSIDE_ABILITY_FLAGS = (
    Flag("hp", "number", _("Outside a table: the named units' HP now (default: full)."), "N"),
    PRIVATE,
)
CHAT_ONLY = tuple(flag.name for flag in OUTSIDE_FLAGS)
"""Flags of /attack and /ability outside a table (--private is the bot's, as for /roll)."""
END_DICE = Flag("dice", "dice", _("Your own dice for end-of-turn burns."), "a,b,...")
ROUND_DICE = Flag("dice", "dice", _("Your own dice for end-of-round burns."), "a,b,...")

UNIT = Arg("UNIT", "unit", _("One of your units, by name (numbered when there are several)."))
POINT_HELP = _("Inches from the bottom-left corner (with --positions).")
FACING = Arg(
    "FACING", "choice", _("Which way it faces."), required=False, choices=("N", "E", "S", "W")
)
ARMY = (
    Arg("", "choice", _("Add or remove."), required=False, choices=(ADD, REMOVE)),
    Arg("UNIT", "unit", _("A unit from /units."), required=False),
    Arg("xN", "number", _("How many."), required=False),
)
PLACE = (UNIT, Arg("X,Y", "cell", POINT_HELP, required=False, literal=AT), FACING)
MOVE = (
    UNIT,
    Arg("X,Y", "cell", POINT_HELP, required=False, literal=TO),
    FACING,
    Arg("INCHES", "number", _("Inches moved (without --positions)."), required=False),
)
ATTACK = (
    Arg("ATTACKER", "unit", _("Your unit.")),
    Arg("TARGET", "unit", _("An enemy unit.")),
    Arg("WEAPON", "text", _("Which of its attacks (default: one that reaches)."), False),
)
ABILITY = (
    UNIT,
    Arg("ABILITY", "word", _("The ability's name, e.g. Rally Cry.")),
    Arg("TARGET", "unit", _("Units it names, comma-separated, or none."), False, repeat=True),
    Arg(
        "X,Y",
        "cell",
        _("Where Telekinesis or Gale goes (with --positions)."),
        False,
        literal=TO,
    ),
)
UNIT_VERB = (
    Arg("", "choice", _("What to do."), choices=tuple(UNIT_ACTIONS)),
    Arg(
        "STAT BLOCK",
        "text",
        _("The stat blocks (add) or the unit's name (show, remove)."),
        False,
    ),
)
