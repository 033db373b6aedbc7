"""The basic actions and the mayor action, each checked in full before it costs an action, and
each verb's handler: a basic action when no action is under way, else an answer to its part."""

from __future__ import annotations

from collections.abc import Callable

from games.base import Args, Event, MoveHandler, Rng, RuleError
from games.i18n import _, joined
from games.skylines import building, city
from games.skylines.achievements import claim, claimable
from games.skylines.cards import TRACK_NAMES, Catalog
from games.skylines.catalog import catalog_of
from games.skylines.context import Context
from games.skylines.decks import can_draw, draw_deck, draw_row
from games.skylines.effects import registry
from games.skylines.effects.base import optional
from games.skylines.flow import choose_city
from games.skylines.grammar import Pick
from games.skylines.program import begin, current, fire, push, this_stack, tuck_card
from games.skylines.state import SkylinesState
from games.skylines.tracks import advance, at_end

BasicAction = Callable[[Context, int, Args], None]
DRAW_WORDS = _("Write '/draw deck' or '/draw row N' (N is the card row slot).")


def mayor_spots(state: SkylinesState, cat: Catalog, seat: int) -> list[int]:
    """Top cards the mayor may move to: another one than now (ruling 9), with a mayor action."""
    here = this_stack(state, seat)
    return [i for i, name in city.tops(state, seat) if i != here and cat.card(name).effect]


def no_mayor_spot(state: SkylinesState, cat: Catalog, seat: int) -> str:
    where = joined((str(i + 1) for i in mayor_spots(state, cat, seat)), empty=_("none"))
    return _(
        "Move your mayor to another top card with a mayor action: /mayor N, N one of: {where}.",
        where=where,
    )


def _build(t: Context, seat: int, args: Args) -> None:
    plan = building.plan(t.state, t.cat, seat, args, building.BASIC)
    begin(t.state, seat, "build")
    building.execute(t, seat, plan)


def _tuck(t: Context, seat: int, args: Args) -> None:
    state = t.state
    card = args.one("CARD", Pick).card
    begin(state, seat, "tuck")
    state["hands"][seat].remove(card)
    tuck_card(t, seat, card, this_stack(state, seat), "from hand")


def _discard(t: Context, seat: int, args: Args) -> None:
    state, cat = t.state, t.cat
    card = args.one("CARD", str)
    begin(state, seat, card)
    state["hands"][seat].remove(card)
    state["discard"].append(card)
    t.say(
        _(
            "{player} discards {card} to take its action: {text}",
            player=t.name(seat),
            card=cat.label(card),
            text=cat.card(card).text,
        )
    )
    fire(t, seat, "basic_discard")
    push(state, cat.card(card).effect)


def _advance(t: Context, seat: int, args: Args) -> None:
    chosen = args.one("TRACK", str)
    if at_end(t.state, t.cat, seat, chosen):
        raise RuleError(
            _(
                "You are at the end of {track} and cannot advance on it further.",
                track=TRACK_NAMES[chosen],
            )
        )
    begin(t.state, seat, "advance")
    advance(t, seat, chosen, 1)
    fire(t, seat, "basic_advance")


def _draw(t: Context, seat: int, args: Args) -> None:
    state = t.state
    source, slot = args.one("source", str), args.maybe("slot", int)
    if source == "deck" and slot is None:
        if not can_draw(state, t.cat, state["level"]):
            raise RuleError(_("The deck is empty; draw from the card row instead."))
        begin(state, seat, "draw")
        draw_deck(t, seat, state["level"])
    elif source == "row" and slot is not None:
        begin(state, seat, "draw")
        draw_row(t, seat, slot)
    else:
        raise RuleError(DRAW_WORDS)
    fire(t, seat, "basic_draw")


def _achieve(t: Context, seat: int, args: Args) -> None:
    state, cat = t.state, t.cat
    name = args.one("NAME", str)
    label = cat.label(name)
    if seat in state["claims"][name]:
        raise RuleError(
            _(
                "You have already claimed {name}; each achievement once per player.",
                name=label,
            )
        )
    if name not in claimable(state, cat, seat):
        raise RuleError(
            _(
                "You do not meet {name} yet: {requirement}",
                name=label,
                requirement=cat.achievement(name).text,
            )
        )
    begin(state, seat, "achieve")
    claim(t, seat, name)


def _mayor(t: Context, seat: int, args: Args) -> None:
    state, cat = t.state, t.cat
    index = args.one("BUILDING", int)
    if index not in mayor_spots(state, cat, seat):
        raise RuleError(no_mayor_spot(state, cat, seat))
    name = city.top_of(state, seat, index)
    begin(state, seat, name)
    state["mayor"][seat] = index
    t.say(
        _(
            "{player} moves the mayor to {card} (building {n}): {text}",
            player=t.name(seat),
            card=cat.label(name),
            n=index + 1,
            text=cat.card(name).text,
        )
    )
    push(state, cat.card(name).effect)


def _done(t: Context, seat: int, args: Args) -> None:
    t.state["turn"]["actions"] = 0
    t.say(_("{player} ends the turn.", player=t.name(seat)))


BASICS: dict[str, BasicAction] = {
    "build": _build,
    "tuck": _tuck,
    "discard": _discard,
    "advance": _advance,
    "draw": _draw,
    "achieve": _achieve,
    "mayor": _mayor,
    "done": _done,
}
"""The verbs that take a basic or mayor action when no action is under way."""


def gate(state: SkylinesState, seat: int, verb: str) -> None:
    """Refuse a verb the moment does not take, before its words are read: the city comes
    first; a verb that only answers a part of an action needs one waiting; an action under way
    takes only its answer (or /skip of a part one may skip)."""
    if verb == "city":
        if state["phase"] != "city":
            raise RuleError(_("Cities are already chosen; play has begun."))
        if state["city"][seat] is not None:
            raise RuleError(_("You have already kept a city; wait for the others to choose."))
        return
    if state["phase"] == "city":
        raise RuleError(_("First keep one of your two cities with /city NAME."))
    step = current(state)
    if step is None:
        if verb not in BASICS:
            raise RuleError(
                _(
                    "/{verb} answers a part of an action, and none is waiting; take an action.",
                    verb=verb,
                )
            )
    elif not (verb == "skip" and optional(step)) and registry.answer_verb(state, step) != verb:
        raise RuleError(
            _("Finish the current action first: {prompt}.", prompt=registry.prompt(state, step))
        )


def _handler(verb: str) -> MoveHandler[SkylinesState]:
    """A verb's handler, once gate() let it through: its basic action when no action is under
    way, else its answer to the part that waits (flow.run, in the engine's after(), goes on)."""

    def handle(state: SkylinesState, seat: int, args: Args, rng: Rng) -> list[Event]:
        t = Context(state, catalog_of(state), rng)
        step = current(state)
        if step is None:
            BASICS[verb](t, seat, args)
        elif verb == "skip":
            registry.skip(t, seat, step)
        else:
            registry.answer(t, seat, step, args)
        return t.out

    return handle


def on_city(state: SkylinesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    t = Context(state, catalog_of(state), rng)
    choose_city(t, seat, args.one("CARD", str))
    return t.out


on_build = _handler("build")
on_tuck = _handler("tuck")
on_discard = _handler("discard")
on_advance = _handler("advance")
on_draw = _handler("draw")
on_achieve = _handler("achieve")
on_mayor = _handler("mayor")
on_done = _handler("done")
on_steal = _handler("steal")
on_take = _handler("take")
on_declare = _handler("declare")
on_skip = _handler("skip")
