"""Building a card: where it may go, what it costs after discounts, how it is paid, what it gains."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.args import write
from games.base import Args, Move, RuleError
from games.i18n import _, _n, joined
from games.skylines import city
from games.skylines.cards import TRACKS, Catalog
from games.skylines.city import Target
from games.skylines.context import Context
from games.skylines.decks import refill_row
from games.skylines.grammar import BUILD, NOT_PAYABLE, Pick, said, spots_said, writer
from games.skylines.program import fire
from games.skylines.state import SkylinesState, Step
from games.skylines.tracks import advance

BASIC: Step = {"from": "hand", "where": "any"}
"""The basic Build action, written as a build step: a hand card, anywhere."""


@dataclass(frozen=True)
class Plan:
    card: str
    slot: int | None  # card row slot, or None for a hand card
    target: Target
    cost: int
    pay: tuple[str, ...]


def _candidates(
    state: SkylinesState, cat: Catalog, seat: int, rule: Step
) -> list[tuple[str, int | None]]:
    source = rule.get("from", "hand")
    found: list[tuple[str, int | None]] = []
    if source in ("hand", "hand_or_row"):
        found += [(card, None) for card in state["hands"][seat]]
    if source in ("row", "hand_or_row"):
        found += [(card, slot) for slot, card in enumerate(state["row"])]
    wanted = rule.get("type")
    return [(c, s) for c, s in found if wanted is None or cat.card(c).type == wanted]


def price(
    state: SkylinesState, cat: Catalog, seat: int, card: str, target: Target, rule: Step
) -> int:
    icons = city.around(state, cat, seat, target)
    less, free = int(rule.get("discount", 0)), bool(rule.get("free", False))
    return city.cost(cat, card, icons, less, free, city.passive(state, cat, seat, "cost"))


def _pool(state: SkylinesState, seat: int, card: str, slot: int | None) -> list[str]:
    pool = list(state["hands"][seat])
    if slot is None:
        pool.remove(card)
    return pool


def options(state: SkylinesState, cat: Catalog, seat: int, rule: Step) -> list[dict[str, Any]]:
    """Every affordable card and spot as a build's typed values, each with one way to pay (the
    cheapest printed cards)."""
    found: list[dict[str, Any]] = []
    where = rule.get("where", "any")
    spots = city.targets(state, seat, where)
    if not spots or not _candidates(state, cat, seat, rule):
        return []
    icons = [(t, city.around(state, cat, seat, t)) for t in spots]
    less, free = int(rule.get("discount", 0)), bool(rule.get("free", False))
    bonus = city.passive(state, cat, seat, "cost")
    for card, slot in _candidates(state, cat, seat, rule):
        pool = sorted(_pool(state, seat, card, slot), key=lambda c: (cat.card(c).cost, c))
        for target, near in icons:
            cost = city.cost(cat, card, near, less, free, bonus)
            if cost <= len(pool):
                values: dict[str, Any] = {"CARD": Pick(card, slot), "where": target}
                if cost:
                    values["pay"] = tuple(pool[:cost])
                found.append(values)
    return found


def moves(state: SkylinesState, cat: Catalog, seat: int, rule: Step) -> list[Move]:
    """Every affordable card and spot, each with one way to pay, as the grammar writes them."""
    words = writer(cat, state["names"])
    found: list[Move] = []
    for values in options(state, cat, seat, rule):
        typed = write(BUILD, values, words)
        card = cat.short(values["CARD"].card)
        found.append(
            Move("build", typed, _("Build {card} {rest}", card=card, rest=joined(typed[1:], " ")))
        )
    return found


def plan(state: SkylinesState, cat: Catalog, seat: int, args: Args, rule: Step) -> Plan:
    """Check a build as read ('/build CARD|row N [over N|left|right|gap N] [pay CARD...]') in
    full: the card the action builds, a spot open to it, and exactly its cost paid."""
    pick = args.one("CARD", Pick)
    card, slot = pick.card, pick.slot
    wanted = rule.get("type")
    if wanted is not None and cat.card(card).type != wanted:
        raise RuleError(_("This action builds only a {type} card.", type=cat.label(wanted)))
    where = rule.get("where", "any")
    target: Target = args.values.get("where", ("right", -1))
    if "where" not in args.values and where == "over":
        raise RuleError(_("Say which building to build over, e.g. 'over 2'."))
    if target not in city.targets(state, seat, where):
        raise RuleError(
            _(
                "You cannot build at '{spot}'; you may build at: {spots}.",
                spot=" ".join(said(target)),
                spots=spots_said(city.targets(state, seat, where)),
            )
        )
    cost = price(state, cat, seat, card, target, rule)
    pool = _pool(state, seat, card, slot)
    pay = args.many("pay", str)
    for paid in pay:
        if paid not in pool:
            raise RuleError(NOT_PAYABLE)
        pool.remove(paid)
    if len(pay) != cost:
        if cost > len(pay) + len(pool):
            raise RuleError(
                _n(
                    "That card costs {cost} {spot} and you have only {n} other card to pay with.",
                    "That card costs {cost} {spot} and you have only {n} other cards to pay with.",
                    len(pay) + len(pool),
                    cost=cost,
                    spot=city.spoken(target),
                )
            )
        raise RuleError(
            _n(
                "That card costs {n} {spot} after discounts; name exactly {n} hand card after "
                "'pay'.",
                "That card costs {n} {spot} after discounts; name exactly {n} hand cards after "
                "'pay'.",
                cost,
                spot=city.spoken(target),
            )
        )
    return Plan(card, slot, target, cost, pay)


def execute(t: Context, seat: int, plan: Plan) -> None:
    """Place the card, discard the payment, take its gains, then the city's build bonuses."""
    state = t.state
    hand = state["hands"][seat]
    if plan.slot is None:
        hand.remove(plan.card)
    else:
        state["row"].pop(plan.slot)
    for card in plan.pay:
        hand.remove(card)
        state["discard"].append(card)
    city.place(state, seat, plan.card, plan.target)
    params = {
        "player": t.name(seat),
        "card": t.cat.label(plan.card),
        "spot": city.spoken(plan.target),
        "cost": plan.cost,
        "cards": t.cat.listed(plan.pay),
    }
    if plan.slot is not None and plan.pay:
        text = _(
            "{player} builds {card} from the card row {spot} for {cost}, paying with {cards}.",
            **params,
        )
    elif plan.slot is not None:
        text = _("{player} builds {card} from the card row {spot} for {cost}.", **params)
    elif plan.pay:
        text = _("{player} builds {card} {spot} for {cost}, paying with {cards}.", **params)
    else:
        text = _("{player} builds {card} {spot} for {cost}.", **params)
    t.say(text)
    for track, gain in zip(TRACKS, t.cat.card(plan.card).gains, strict=True):
        if gain:
            advance(t, seat, track, gain)
    fire(t, seat, "build_over" if plan.target[0] == "over" else "sprawl")
    if plan.slot is not None:
        refill_row(t)
