"""The card data (data/cards.json): units and buildings with their effects, and the names players type."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from games.base import RuleError
from games.i18n import Name, _, joined

RESOURCES = ("wood", "food", "crystal")

HOOKS = (
    "produce",
    "strength",
    "income",
    "wars",
    "reveal",
    "reveal_last",
    "deployment",
    "aging",
    "death",
    "end",
    "construction",
)
"""When an effect applies: always (produce), in a phase, on reveal (once; reveal_last at the very
end of that Deployment), every Deployment, every Aging, when the unit dies, at game end."""

ACTIONS = {
    "produce": ("gain",),
    "strength": ("set", "add"),
    "income": ("gold",),
    "wars": ("lp", "gold"),
    "reveal": ("age", "upgrade", "shapeshift", "lp", "gold"),
    "reveal_last": ("lp", "gold"),
    "deployment": ("age", "lp", "gold"),
    "aging": ("lp", "gold", "save"),
    "death": ("lp", "gold"),
    "end": ("lp", "gold"),
    "construction": ("gold_for", "no_land_cost"),
}

UNIT_QUANTITIES = ("age", "row")
KINGDOM_QUANTITIES = (
    *RESOURCES,
    "kingdom_age",
    "level2",
    "strong_units",
    "income",
    "wars",
    "dying_age",
)
# What a hook may read without going round in a circle (resources feed strength, income feeds Ogre...).
FORBIDDEN = {
    "produce": (*RESOURCES, "income", "strong_units", "wars", "dying_age"),
    "strength": ("strong_units", "wars", "dying_age"),
    "income": ("income", "strong_units", "wars", "dying_age"),
}
OPERATORS = (">=", "<=", "==", "!=", ">", "<")
TARGETS = ("self", "others", "chosen")


@dataclass(frozen=True)
class Condition:
    """'QUANTITY OP VALUE', e.g. 'age >= 1' or 'row == front'."""

    quantity: str
    op: str
    value: int | str

    def holds(self, actual: int | str) -> bool:
        if isinstance(self.value, str) or isinstance(actual, str):
            same = actual == self.value
            return same if self.op == "==" else not same
        a, b = int(actual), self.value
        return {
            ">=": a >= b,
            "<=": a <= b,
            "==": a == b,
            "!=": a != b,
            ">": a > b,
            "<": a < b,
        }[self.op]


@dataclass(frozen=True)
class Effect:
    """One entry of a hook: an action, its number, what it is multiplied by, when it applies."""

    action: str
    n: int = 0
    per: tuple[str, ...] = ()
    when: tuple[Condition, ...] = ()
    gain: Mapping[str, int] = field(default_factory=dict)  # produce: resources
    on: str = "self"  # age: which units take the tokens
    save: tuple[Condition, ...] = ()  # save: which dying units may be saved
    resources: tuple[str, ...] = ()  # gold_for: resources gold may stand in for


Hooks = Mapping[str, tuple[Effect, ...]]


@dataclass(frozen=True)
class Unit:
    """One distinct unit card (several physical copies may exist)."""

    name: str
    pl: str
    copies: int
    cost: int
    strength: int
    produces: Mapping[str, int]
    effects: Hooks
    fights_from_back: bool
    dies_at: int | None
    ability: str
    trigger: str
    ability_pl: str = ""

    def hook(self, name: str) -> tuple[Effect, ...]:
        return self.effects.get(name, ())


@dataclass(frozen=True)
class Building:
    """One building card: level 1 and level 2 sides."""

    name: str
    pl: str
    lp: tuple[int, int]
    need: tuple[Mapping[str, int], Mapping[str, int]]
    gold_option: tuple[int | None, int | None]
    produces: tuple[Mapping[str, int], Mapping[str, int]]
    effects: tuple[Hooks, Hooks]
    ability: tuple[str, str]
    ability_pl: tuple[str, str] = ("", "")

    def hook(self, level: int, name: str) -> tuple[Effect, ...]:
        return self.effects[level - 1].get(name, ())


class DataError(ValueError):
    """The card data is malformed; the message names the card and the field."""


def _condition(text: Any, where: str, hook: str) -> Condition:
    parts = str(text).split()
    if len(parts) != 3 or parts[1] not in OPERATORS:
        raise DataError(f"{where}: condition '{text}' is not 'QUANTITY OP VALUE'.")
    quantity, op, raw = parts
    _check_quantity(quantity, where, hook)
    value: int | str = int(raw) if raw.lstrip("-").isdigit() else raw
    return Condition(quantity, op, value)


def _check_quantity(quantity: str, where: str, hook: str) -> None:
    if quantity not in UNIT_QUANTITIES + KINGDOM_QUANTITIES:
        raise DataError(f"{where}: unknown quantity '{quantity}'.")
    if quantity in FORBIDDEN.get(hook, ()):
        raise DataError(f"{where}: the {hook} hook cannot depend on '{quantity}'.")


def _listed(raw: Any) -> list[Any]:
    if raw is None:
        return []
    return list(raw) if isinstance(raw, list) else [raw]


def _effect(raw: Mapping[str, Any], where: str, hook: str, unit_scope: bool) -> Effect:
    allowed = ACTIONS[hook]
    actions = [k for k in raw if k in allowed]
    extra = set(raw) - set(allowed) - {"per", "if", "on"}
    if len(actions) != 1 or extra:
        raise DataError(f"{where}: an entry needs one action of {', '.join(allowed)}: {raw}.")
    action = actions[0]
    value = raw[action]
    per = tuple(str(q) for q in _listed(raw.get("per")))
    for quantity in per:
        _check_quantity(quantity, where, hook)
    when = tuple(_condition(c, where, hook) for c in _listed(raw.get("if")))
    used = [*per, *(c.quantity for c in when)]
    if not unit_scope and any(q in UNIT_QUANTITIES for q in used):
        raise DataError(f"{where}: a building has no '{' '.join(used)}' of its own.")
    on = str(raw.get("on", "self"))
    if on not in TARGETS:
        raise DataError(f"{where}: 'on' must be one of {', '.join(TARGETS)}.")
    if action == "gain":
        gain = {str(r): int(n) for r, n in dict(value).items()}
        if set(gain) - set(RESOURCES):
            raise DataError(f"{where}: gain names an unknown resource: {value}.")
        return Effect(action, 0, per, when, gain=gain)
    if action == "save":
        saved = tuple(_condition(c, where, hook) for c in _listed(value))
        return Effect(action, 0, per, when, save=saved)
    if action == "gold_for":
        named = tuple(str(r) for r in _listed(value))
        if set(named) - set(RESOURCES):
            raise DataError(f"{where}: gold_for names an unknown resource: {value}.")
        return Effect(action, 0, per, when, resources=named)
    if action in ("upgrade", "no_land_cost"):
        return Effect(action, 1, per, when)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(f"{where}: {action} needs a whole number, not {value!r}.")
    return Effect(action, value, per, when, on=on)


def _hooks(raw: Mapping[str, Any], where: str, unit_scope: bool) -> Hooks:
    unknown = set(raw) - set(HOOKS)
    if unknown:
        raise DataError(f"{where}: unknown hook {', '.join(sorted(unknown))}.")
    return {
        hook: tuple(
            _effect(entry, f"{where} {hook}", hook, unit_scope) for entry in _listed(entries)
        )
        for hook, entries in raw.items()
    }


def parse_unit(u: Mapping[str, Any]) -> Unit:
    """One unit entry of the data, checked; DataError names the card and the field."""
    where = str(u.get("name", "?"))
    try:
        return Unit(
            u["name"],
            u["pl"],
            int(u["copies"]),
            int(u["cost"]),
            int(u["strength"]),
            dict(u.get("produces") or {}),
            _hooks(u.get("effects") or {}, where, True),
            bool(u.get("fights_from_back", False)),
            u.get("dies_at", 1),
            u.get("ability", ""),
            u.get("trigger", ""),
            u.get("ability_pl", ""),
        )
    except (KeyError, TypeError) as error:
        raise DataError(f"{where}: missing or bad field {error}.") from error


def parse_building(b: Mapping[str, Any]) -> Building:
    """One building entry of the data, checked."""
    where = str(b.get("name", "?"))
    try:
        levels = list(b.get("effects") or [{}, {}])
        polish = list(b.get("ability_pl") or ["", ""])
        return Building(
            b["name"],
            b["pl"],
            (int(b["lp"][0]), int(b["lp"][1])),
            (dict(b["need"][0]), dict(b["need"][1])),
            (b["gold_option"][0], b["gold_option"][1]),
            (dict(b["produces"][0]), dict(b["produces"][1])),
            (
                _hooks(levels[0], f"{where} level 1", False),
                _hooks(levels[1], f"{where} level 2", False),
            ),
            (b["ability"][0], b["ability"][1]),
            (str(polish[0]), str(polish[1])),
        )
    except (KeyError, TypeError, IndexError) as error:
        raise DataError(f"{where}: missing or bad field {error}.") from error


def _load() -> tuple[list[Unit], list[Building]]:
    """Read units and buildings from data/cards.json."""
    path = resources.files(__package__).joinpath("data", "cards.json")
    raw = json.loads(path.read_text("utf-8"))
    return [parse_unit(u) for u in raw["units"]], [parse_building(b) for b in raw["buildings"]]


UNITS, BUILDINGS = _load()
BUILDING_BY_NAME: dict[str, Building] = {b.name: b for b in BUILDINGS}

# Card ids 0..80: the copies of each unit in data order. CARD_UNIT[id] is its unit.
CARD_UNIT: list[Unit] = [u for u in UNITS for _ in range(u.copies)]
_COPY: list[int] = [k + 1 for u in UNITS for k in range(u.copies)]
DECK_SIZE = len(CARD_UNIT)


def unit(card: int) -> Unit:
    """The unit printed on a card id."""
    return CARD_UNIT[card]


def name(card: int) -> str:
    """The English unit name of a card id (copies share it)."""
    return CARD_UNIT[card].name


def label(card: int, lang: str = "en") -> str:
    """The unique printed label of a card, e.g. 'Knight 2' (the copy number only when copies > 1)."""
    u = CARD_UNIT[card]
    base = u.pl if lang == "pl" else u.name
    return base if u.copies == 1 else f"{base} {_COPY[card]}"


_CARD_NAMES = [Name({"en": label(c, "en"), "pl": label(c, "pl")}) for c in range(DECK_SIZE)]
_NAMES = {u.name: Name({"en": u.name, "pl": u.pl}) for u in UNITS} | {
    b.name: Name({"en": b.name, "pl": b.pl}) for b in BUILDINGS
}


def card_name(card: int) -> str:
    """A card's label, said in each reader's language (the data's English and Polish names)."""
    return _CARD_NAMES[card]


def card_names(cards: Sequence[int]) -> str:
    """Several labels joined for a message ('nothing' when there are none)."""
    return joined((_CARD_NAMES[c] for c in cards), empty=_("nothing"))


def words(card: int) -> tuple[str, ...]:
    """A card as a Move argument: the label, one word per language (what a press sends is the
    English label, which the Polish one also parses back to)."""
    return (_CARD_NAMES[card],)


def local(english: str) -> str:
    """A unit or building named by its English data name, said in the reader's language;
    'base' is an amount's own part (the 2 gold of Income)."""
    return _NAMES.get(english) or (_("base") if english == "base" else english)


def building_name(building: str) -> str:
    """A building's name in the reader's language."""
    return _NAMES[building]


def fold(text: str) -> str:
    """Case- and accent-insensitive form, so 'lowca' matches 'Łowca'."""
    if text.isascii():
        return " ".join(text.casefold().split())
    text = text.casefold().replace("ł", "l")
    decomposed = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


_FOLDED_LABELS = [(fold(label(c, "en")), fold(label(c, "pl"))) for c in range(DECK_SIZE)]
_FOLDED_NAMES = [(fold(u.name), fold(u.pl)) for u in CARD_UNIT]


def _matches(wanted: str, candidates: Sequence[int], any_copy: bool) -> int | list[int]:
    """The card the folded words name among the candidates (label, then name, then name prefix);
    else the cards they fit (several: they are ambiguous; none: nothing fits)."""
    for card in candidates:
        if wanted in _FOLDED_LABELS[card]:
            return card
    for exact in (True, False):
        if exact:
            found = [c for c in candidates if wanted in _FOLDED_NAMES[c]]
        else:
            found = [c for c in candidates if any(n.startswith(wanted) for n in _FOLDED_NAMES[c])]
        if len({CARD_UNIT[c].name for c in found}) == 1 and (any_copy or len(found) == 1):
            return found[0]
        if len(found) > 1:
            return found
    return []


def find_card(text: str, candidates: Sequence[int], *, any_copy: bool) -> int | None:
    """The card the typed words name, as `match_card` reads them; None where it refuses them
    (words read a run at a time try many runs that name nothing: no refusal is made for them)."""
    wanted = fold(text)
    found = _matches(wanted, candidates, any_copy) if wanted else []
    return found if isinstance(found, int) else None


def match_card(
    text: str, candidates: Sequence[int], where: str, *, any_copy: bool, secret: bool
) -> int:
    """Resolve typed words to one card among candidates (label, then name, then name prefix).

    `where` says where the cards are ("in your hand"). With any_copy, a bare name picks the first
    matching copy (hand cards are interchangeable). A refusal may reach a group chat: with secret
    candidates it names none of them, nor repeats the typed words, and points to /hand instead.
    """
    wanted = fold(text)
    if not wanted:
        raise RuleError(_("Name the card {where}.", where=where))
    found = _matches(wanted, candidates, any_copy)
    if isinstance(found, int):
        return found
    if found:
        if secret:
            raise RuleError(
                _(
                    "That name fits several cards {where}; type the full label (see /hand).",
                    where=where,
                )
            )
        raise RuleError(
            _(
                "That name fits several cards {where}; type one of: {options}.",
                where=where,
                options=card_names(found),
            )
        )
    if secret:
        raise RuleError(_("No card {where} has that name; /hand shows them.", where=where))
    options = joined((_CARD_NAMES[c] for c in candidates), empty=_("none"))
    raise RuleError(
        _("No card {where} has that name; choose one of: {options}.", where=where, options=options)
    )


def match_building(text: str) -> str:
    """Resolve a typed building name (English or Polish, exact or a unique prefix); the refusal
    does not repeat the words, which may name a hidden card."""
    wanted = fold(text)
    tests: tuple[Callable[[str], bool], ...] = (
        lambda n: n == wanted,
        lambda n: bool(wanted) and n.startswith(wanted),
    )
    for test in tests:
        found = [b.name for b in BUILDINGS if test(fold(b.name)) or test(fold(b.pl))]
        if len(found) == 1:
            return found[0]
    options = joined(_NAMES[b.name] for b in BUILDINGS)
    raise RuleError(
        _("That is not one of your buildings; choose one of: {options}.", options=options)
    )
