"""What every kind of effect step is: the fields a card file gives it (checked when the file is
loaded), what it does by itself, the answers it takes from its player, and what they do.

A kind is one module beside this one holding one `Kind` subclass; registry.py lists them."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.args import offer
from games.base import Args, Move, RuleError
from games.i18n import N_, _
from games.skylines import city
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.grammar import DRAW, writer
from games.skylines.program import ctx, pop, this_stack
from games.skylines.state import Cond, Per, SkylinesState, Step

MAX_N = 20
"""The most cards, steps or tracks spaces one step may move; a card file may not ask for more."""


@dataclass(frozen=True)
class Env:
    """What a card file declares, which step values must name; `steps` checks nested steps."""

    types: tuple[str, ...]
    sites: tuple[str, ...]
    steps: Callable[[Any, str], None]


class Spec(ABC):
    """One field's allowed values; `problem` says what is wrong in the words of the refusal."""

    @abstractmethod
    def problem(self, value: Any, env: Env, path: str) -> str | None: ...


def whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


@dataclass(frozen=True)
class Choice(Spec):
    values: tuple[str, ...]

    def problem(self, value: Any, env: Env, path: str) -> str | None:
        if value in self.values:
            return None
        return _("must be one of {choices}", choices=", ".join(self.values))


@dataclass(frozen=True)
class Whole(Spec):
    low: int
    high: int
    nonzero: bool = False

    def problem(self, value: Any, env: Env, path: str) -> str | None:
        if whole(value, self.low, self.high) and not (self.nonzero and value == 0):
            return None
        if self.nonzero:
            return _(
                "must be a non-zero whole number from {low} to {high}", low=self.low, high=self.high
            )
        return _("must be a whole number from {low} to {high}", low=self.low, high=self.high)


class Boolean(Spec):
    def problem(self, value: Any, env: Env, path: str) -> str | None:
        return None if isinstance(value, bool) else _("must be true or false")


class TypeName(Spec):
    """A building type of the card file, or null for any."""

    def problem(self, value: Any, env: Env, path: str) -> str | None:
        if value is None or value in env.types:
            return None
        return _("must be null or one of {types}", types=", ".join(env.types))


class Steps(Spec):
    """Nested steps ('each', 'then'), checked like an effect."""

    def problem(self, value: Any, env: Env, path: str) -> str | None:
        env.steps(value, path)
        return None


class IfSpec(Spec):
    """'if': {drawn_type: T} | {visible: T} | {matched: true}."""

    def problem(self, value: Any, env: Env, path: str) -> str | None:
        if not isinstance(value, dict) or len(value) != 1:
            return _("must be an object with one of drawn_type, visible, matched")
        key, given = next(iter(value.items()))
        if key in ("drawn_type", "visible"):
            if given in env.types:
                return None
            return _("{key} must be one of {types}", key=key, types=", ".join(env.types))
        if key == "matched":
            return None if given is True else _("matched must be true")
        return _("must use drawn_type, visible or matched")


COUNTS = ("visible", "beside", "site_top")


class PerSpec(Spec):
    """'per': {count: visible|beside|site_top, icon: I, max?: M, plus?: P}."""

    def problem(self, value: Any, env: Env, path: str) -> str | None:
        if not isinstance(value, dict) or value.get("count") not in COUNTS:
            return _("count must be one of {counts}", counts=", ".join(COUNTS))
        icons = env.sites if value["count"] == "site_top" else env.types
        if value.get("icon") not in icons:
            return _("icon must be one of {icons}", icons=", ".join(icons))
        for key in value:
            if key not in ("count", "icon", "max", "plus"):
                return _("has an unknown field '{key}'", key=key)
        if "max" in value and not whole(value["max"], 1, MAX_N):
            return _("max must be a whole number from 1 to {most}", most=MAX_N)
        if "plus" in value and not whole(value["plus"], 0, MAX_N):
            return _("plus must be a whole number from 0 to {most}", most=MAX_N)
        return None


Fields = Mapping[str, "Spec"]
"""A kind's own fields and what each allows."""

COMMON: Fields = {
    "may": Boolean(),
    "upto": Boolean(),
    "if": IfSpec(),
    "per": PerSpec(),
}
"""Fields any step may carry: 'may' and 'upto' let the player stop, 'if' and 'per' condition
and count it."""

COMMON_SUMMARY = N_(
    "Any step may carry 'may' or 'upto' (you may stop or skip it), 'if' (drawn_type T | "
    "visible T | matched) and 'per' (count visible | beside | site_top of an icon, with max "
    "and plus)."
)

COUNT = Whole(1, MAX_N)


class Kind:
    """One kind of effect step. Subclasses set the class fields and override what they do."""

    name: ClassVar[str]
    verb: ClassVar[str] = ""  # the verb that answers it ("" when it never waits)
    fields: ClassVar[Fields] = {}
    required: ClassVar[frozenset[str]] = frozenset()
    title: ClassVar[str]  # what the step does, in a word or two (a marked msgid)
    summary: ClassVar[str]  # its line in /rules skylines effects (a marked msgid)

    def check(self, step: Mapping[str, Any]) -> tuple[str, str] | None:
        """A rule between fields (field, what it must be), after each field was checked."""
        return None

    def prepare(self, t: Context, seat: int, step: Step, total: int) -> bool:
        """Set the step's count when it comes up; False if there is nothing to do."""
        step["left"] = total
        return total > 0

    def auto(self, t: Context, seat: int, step: Step) -> bool:
        """Do what needs no choice; True when something happened (the step may be done)."""
        return False

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        """Every answer the step accepts now (without /skip)."""
        return []

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        """Check an answer, read as typed values, in full, then apply it."""
        raise RuleError(_("This part of the action needs no answer."))

    def answer_verb(self, state: SkylinesState, step: Step) -> str:
        return self.verb

    def prompt(self, state: SkylinesState, step: Step) -> str:
        """What its player must do now, as a clause after 'must now' (a marked text)."""
        return _("finish this part of the action")

    def skip(self, t: Context, seat: int, step: Step) -> None:
        """The player stops a 'may' or 'up to' step."""


def optional(step: Step) -> bool:
    return bool(step.get("may") or step.get("upto"))


def _count(state: SkylinesState, cat: Catalog, seat: int, per: Per) -> int:
    icon = per.get("icon", "")
    if per.get("count") == "visible":
        return city.visible_types(state, cat, seat)[icon]
    if per.get("count") == "site_top":
        return city.top_sites(state, cat, seat)[icon]
    here = this_stack(state, seat)
    stacks = city.spots(state, seat)
    return sum(
        city.type_icons(cat, stacks[j])[icon] for j in (here - 1, here + 1) if 0 <= j < len(stacks)
    )


def amount(state: SkylinesState, cat: Catalog, seat: int, step: Step) -> int:
    """n, times the 'per' count (capped by max) plus its 'plus'."""
    n = int(step.get("n", 1))
    per = step.get("per")
    if per is None:
        return n
    count = min(_count(state, cat, seat, per), per.get("max", 99))
    return n * count + int(per.get("plus", 0))


def holds(state: SkylinesState, cat: Catalog, seat: int, cond: Cond) -> bool:
    memory = ctx(state)
    if "drawn_type" in cond:
        return cond["drawn_type"] in memory["drawn"]
    if "visible" in cond:
        return city.visible_types(state, cat, seat)[cond["visible"]] > 0
    return bool(memory["matched"])


def finish_one(state: SkylinesState, step: Step) -> bool:
    """Count one answer; the step leaves the queue before its effects can queue new steps."""
    step["left"] -= 1
    step["done"] = step.get("done", 0) + 1
    if step["left"] <= 0:
        pop(state)
        return True
    return False


def draw_moves(state: SkylinesState, cat: Catalog, seat: int, *, deck: bool) -> list[Move]:
    """/draw deck (when `deck`) and /draw row N of each card row slot, as the grammar writes them."""
    words = writer(cat, state["names"])
    found = [offer("draw", DRAW, {"source": "deck"}, words)] if deck else []
    rows = [{"source": "row", "slot": slot} for slot in range(len(state["row"]))]
    return found + [offer("draw", DRAW, values, words) for values in rows]


def card_moves(verb: str, cat: Catalog, cards: list[str]) -> list[Move]:
    """A move per card, the card as its reader sees it (a press sends its English name)."""
    return [Move(verb, (cat.label(card),)) for card in cards]
