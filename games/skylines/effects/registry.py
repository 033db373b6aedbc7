"""The one list of effect kinds, and the calls that send a step to its kind.

A new kind of card effect is a module beside this one (a `Kind` with its fields, what it does
and how it is answered) and one line in KINDS."""

from __future__ import annotations

from typing import Any

from games.base import Args, Move, RuleError
from games.i18n import _, joined, said
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.effects import (
    advance,
    build,
    claim,
    copy,
    declare,
    discard,
    draw,
    look,
    reveal,
    steal,
    tuck,
)
from games.skylines.effects.base import COMMON, COMMON_SUMMARY, Env, Kind, amount, holds, optional
from games.skylines.program import pop
from games.skylines.state import SkylinesState, Step

KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        draw.KIND,
        tuck.KIND,
        discard.KIND,
        advance.KIND,
        build.KIND,
        claim.KIND,
        steal.KIND,
        declare.KIND,
        reveal.KIND,
        look.KIND,
        copy.KIND,
    )
}

MAX_STEPS = 8  # steps in one effect list
MAX_DEPTH = 3  # 'each' and 'then' inside each other

SUMMARY = joined(
    [
        _("Effect vocabulary (each mayor action is a list of steps, done in order):"),
        *(_("- {rule}", rule=said(kind.summary)) for kind in KINDS.values()),
        _("- {rule}", rule=said(COMMON_SUMMARY)),
    ],
    "\n",
)


def kind_of(step: Step) -> Kind:
    return KINDS[step["do"]]


# checking a card file ---------------------------------------------------------------------


def fail(where: str, field: str, must: str) -> RuleError:
    return RuleError(
        _("Card file: {where}, field '{field}' {must}.", where=where, field=field, must=must)
    )


def check_steps(
    steps: Any, where: str, path: str, types: tuple[str, ...], sites: tuple[str, ...]
) -> None:
    """Refuse, naming the card and field, any effect that is not a list of known steps."""

    def nested(value: Any, at: str) -> None:
        if at.count("[") > MAX_DEPTH:
            raise fail(where, at, _("nests steps more than {most} deep", most=MAX_DEPTH))
        check_steps(value, where, at, types, sites)

    env = Env(types, sites, nested)
    if not isinstance(steps, list):
        raise fail(where, path, _("must be a list of steps"))
    if len(steps) > MAX_STEPS:
        raise fail(
            where,
            path,
            _("has {count} steps; at most {most} are allowed", count=len(steps), most=MAX_STEPS),
        )
    for index, step in enumerate(steps):
        _check_step(step, where, f"{path}[{index}]", env)


def _check_step(step: Any, where: str, path: str, env: Env) -> None:
    if not isinstance(step, dict):
        raise fail(where, path, _("must be an object with a 'do' field"))
    do = step.get("do")
    kind = KINDS.get(do) if isinstance(do, str) else None
    if kind is None:
        raise fail(where, f"{path}.do", _("must be one of {choices}", choices=", ".join(KINDS)))
    for key in sorted(kind.required):
        if key not in step:
            raise fail(where, f"{path}.{key}", _("is missing"))
    for key, value in step.items():
        if key == "do":
            continue
        spec = kind.fields.get(key) or COMMON.get(key)
        if spec is None:
            raise fail(
                where, f"{path}.{key}", _("is not a field of a '{kind}' step", kind=kind.name)
            )
        problem = spec.problem(value, env, f"{path}.{key}")
        if problem is not None:
            raise fail(where, f"{path}.{key}", problem)
    broken = kind.check(step)
    if broken is not None:
        raise fail(where, f"{path}.{broken[0]}", broken[1])


# running a step ---------------------------------------------------------------------------


def start(t: Context, seat: int, step: Step) -> bool:
    """Set a step's count when it comes up; False if it does not apply (its 'if' fails, or 0)."""
    step["started"] = True
    cond = step.get("if")
    if cond is not None and not holds(t.state, t.cat, seat, cond):
        return False
    step["done"] = 0
    return kind_of(step).prepare(t, seat, step, amount(t.state, t.cat, seat, step))


def auto(t: Context, seat: int, step: Step) -> bool:
    return kind_of(step).auto(t, seat, step)


def answers(state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
    """Every answer the current step accepts (without /skip): none means it cannot be done."""
    return kind_of(step).moves(state, cat, seat, step)


def moves(state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
    """Every answer the current step accepts, with /skip when the player may stop."""
    found = answers(state, cat, seat, step)
    return [*found, Move("skip")] if optional(step) else found


def answer_verb(state: SkylinesState, step: Step) -> str:
    return kind_of(step).answer_verb(state, step)


def answer(t: Context, seat: int, step: Step, args: Args) -> None:
    kind_of(step).answer(t, seat, step, args)


def prompt(state: SkylinesState, step: Step) -> str:
    """What the player must answer now, in words."""
    text = kind_of(step).prompt(state, step)
    return _("{prompt} (or /skip)", prompt=text) if optional(step) else text


def skip(t: Context, seat: int, step: Step) -> None:
    """Stop a 'may' or 'up to' step."""
    pop(t.state)
    t.say(_("{player} skips the rest of that part.", player=t.name(seat)))
    kind_of(step).skip(t, seat, step)
