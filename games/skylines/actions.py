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
from games.skylines.parse import hand_card, keyword, number, one_name, track, words
from games.skylines.program import begin, current, fire, push, this_stack, tuck_card
from games.skylines.state import SkylinesState
from games.skylines.tracks import advance, at_end

BasicAction = Callable[[Context, int, list[str]], None]


def mayor_spots(state: SkylinesState, cat: Catalog, seat: int) -> list[int]:
    """Top cards the mayor may move to: another one than now (ruling 9), with a mayor action."""
    here = this_stack(state, seat)
    return [i for i, name in city.tops(state, seat) if i != here and cat.card(name).effect]


def _build(t: Context, seat: int, parts: list[str]) -> None:
    plan = building.parse(t.state, t.cat, seat, parts, building.BASIC)
    begin(t.state, seat, "build")
    building.execute(t, seat, plan)


def _tuck(t: Context, seat: int, parts: list[str]) -> None:
    state = t.state
    card = hand_card(t.cat.labels(state["hands"][seat]), parts, "tuck")
    begin(state, seat, "tuck")
    state["hands"][seat].remove(card)
    tuck_card(t, seat, card, this_stack(state, seat), "from hand")


def _discard(t: Context, seat: int, parts: list[str]) -> None:
    state, cat = t.state, t.cat
    card = hand_card(cat.labels(state["hands"][seat]), parts, "discard")
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


def _advance(t: Context, seat: int, parts: list[str]) -> None:
    chosen = track(parts)
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


def _draw(t: Context, seat: int, parts: list[str]) -> None:
    state = t.state
    if [keyword(w) for w in parts] == ["deck"]:
        if not can_draw(state, t.cat, state["level"]):
            raise RuleError(_("The deck is empty; draw from the card row instead."))
        begin(state, seat, "draw")
        draw_deck(t, seat, state["level"])
    elif len(parts) == 2 and keyword(parts[0]) == "row" and state["row"]:
        slot = number(parts[1], 1, len(state["row"]), _("card row slot"))
        begin(state, seat, "draw")
        draw_row(t, seat, slot)
    else:
        raise RuleError(_("Write '/draw deck' or '/draw row N' (N is the card row slot)."))
    fire(t, seat, "basic_draw")


def _achieve(t: Context, seat: int, parts: list[str]) -> None:
    state, cat = t.state, t.cat
    achievements = cat.labels(a.name for a in cat.achievements)
    name = one_name(parts, achievements, _("an achievement"))
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


def _mayor(t: Context, seat: int, parts: list[str]) -> None:
    state, cat = t.state, t.cat
    spots = mayor_spots(state, cat, seat)
    if len(parts) != 1 or not parts[0].isdigit() or int(parts[0]) - 1 not in spots:
        where = joined((str(i + 1) for i in spots), empty=_("none"))
        raise RuleError(
            _(
                "Move your mayor to another top card with a mayor action: /mayor N, N one of: "
                "{where}.",
                where=where,
            )
        )
    index = int(parts[0]) - 1
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


def _done(t: Context, seat: int, parts: list[str]) -> None:
    t.state["turn"]["actions"] = 0
    t.say(_("{player} ends the turn.", player=t.name(seat)))


def _handler(verb: str, basic: BasicAction | None) -> MoveHandler[SkylinesState]:
    """A verb's handler: its basic action when no action is under way, else its answer to the
    part of the action that waits (flow.run, in the engine's after(), goes on from there)."""

    def handle(state: SkylinesState, seat: int, args: Args, rng: Rng) -> list[Event]:
        if state["phase"] == "city":
            raise RuleError(_("First keep one of your two cities with /city NAME."))
        t = Context(state, catalog_of(state), rng)
        step = current(state)
        if step is None:
            if basic is None:
                raise RuleError(
                    _(
                        "/{verb} answers a part of an action, and none is waiting; take an action.",
                        verb=verb,
                    )
                )
            basic(t, seat, words(args.words))
        elif verb == "skip" and optional(step):
            registry.skip(t, seat, step)
        elif registry.answer_verb(state, step) == verb:
            registry.answer(t, seat, step, words(args.words))
        else:
            raise RuleError(
                _(
                    "Finish the current action first: {prompt}.",
                    prompt=registry.prompt(state, step),
                )
            )
        return t.out

    return handle


def on_city(state: SkylinesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    t = Context(state, catalog_of(state), rng)
    choose_city(t, seat, words(args.words))
    return t.out


on_build = _handler("build", _build)
on_tuck = _handler("tuck", _tuck)
on_discard = _handler("discard", _discard)
on_advance = _handler("advance", _advance)
on_draw = _handler("draw", _draw)
on_achieve = _handler("achieve", _achieve)
on_mayor = _handler("mayor", _mayor)
on_done = _handler("done", _done)
on_steal = _handler("steal", None)
on_take = _handler("take", None)
on_declare = _handler("declare", None)
on_skip = _handler("skip", None)
