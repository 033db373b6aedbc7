"""Building a card: where it may go, what it costs after discounts, how it is paid, what it gains."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.base import Move, RuleError
from games.i18n import _, _n, joined
from games.skylines import city
from games.skylines.cards import TRACKS, Catalog
from games.skylines.city import Target
from games.skylines.context import Context
from games.skylines.decks import refill_row
from games.skylines.parse import HAND_HINT, WORDS, keyword, number, take_name, words
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


def moves(state: SkylinesState, cat: Catalog, seat: int, rule: Step) -> list[Move]:
    """Every affordable card and spot, each with one way to pay (the cheapest printed cards)."""
    found: list[Move] = []
    where = rule.get("where", "any")
    spots = city.targets(state, seat, where)
    if not spots or not _candidates(state, cat, seat, rule):
        return []
    icons = [(t, city.around(state, cat, seat, t)) for t in spots]
    less, free = int(rule.get("discount", 0)), bool(rule.get("free", False))
    bonus = city.passive(state, cat, seat, "cost")
    for card, slot in _candidates(state, cat, seat, rule):
        pool = sorted(_pool(state, seat, card, slot), key=lambda c: (cat.card(c).cost, c))
        source = [cat.label(card)] if slot is None else [WORDS["row"], str(slot + 1)]
        for target, near in icons:
            cost = city.cost(cat, card, near, less, free, bonus)
            if cost <= len(pool):
                pay = cat.labels(pool[:cost])
                rest = [*city.label(target), *([WORDS["pay"], *pay] if pay else [])]
                label = _("Build {card} {rest}", card=cat.short(card), rest=joined(rest, " "))
                found.append(Move("build", (*source, *rest), label))
    return found


def _target(
    state: SkylinesState, seat: int, parts: list[str], i: int, where: str
) -> tuple[Target, int]:
    size = len(city.spots(state, seat))
    word = keyword(parts[i]) if i < len(parts) else "pay"
    if word == "pay":
        if where == "over":
            raise RuleError(_("Say which building to build over, e.g. 'over 2'."))
        return ("right", -1), i
    if word in ("left", "right"):
        return (word, -1), i + 1
    if word in ("over", "gap") and i + 1 < len(parts):
        return (word, number(parts[i + 1], 1, size, _("position in your city"))), i + 2
    raise RuleError(
        _("Say where to build: 'over N', 'left', 'right' or 'gap N', then 'pay CARD ...'.")
    )


def _source(
    state: SkylinesState, cat: Catalog, seat: int, parts: list[str], rule: Step
) -> tuple[str, int | None, int]:
    """The card named first (a hand card or 'row N'): the card, its row slot, the next word."""
    source = rule.get("from", "hand")
    hand = cat.labels(state["hands"][seat])
    found = take_name(parts, 0, hand) if source in ("hand", "hand_or_row") else None
    if found is not None:
        return found[0], None, found[1]
    if source in ("row", "hand_or_row") and parts[:1] and keyword(parts[0]) == "row":
        if len(parts) < 2 or not state["row"]:
            raise RuleError(_("Give the card row slot to build from, e.g. '/build row 2 left'."))
        slot = number(parts[1], 1, len(state["row"]), _("card row slot"))
        return state["row"][slot], slot, 2
    if source == "hand":
        raise RuleError(_("Name a card in your hand to build, then where; {hint}.", hint=HAND_HINT))
    if source == "row":
        raise RuleError(
            _("Name 'row N' (a card row slot) to build, then where; {hint}.", hint=HAND_HINT)
        )
    raise RuleError(
        _("Name a card in your hand or 'row N' to build, then where; {hint}.", hint=HAND_HINT)
    )


def _payment(cat: Catalog, parts: list[str], i: int, pool: list[str]) -> list[str]:
    """The cards named after 'pay' (each taken out of `pool`), from word `i` on."""
    pay: list[str] = []
    if i < len(parts):
        if keyword(parts[i]) != "pay":
            raise RuleError(_("After the spot, write 'pay' and the hand cards to discard."))
        i += 1
        while i < len(parts):
            named = take_name(parts, i, cat.labels(pool))
            if named is None:
                raise RuleError(
                    _(
                        "That is not a card you can pay with: pay with other cards of your "
                        "hand, each named once; {hint}.",
                        hint=HAND_HINT,
                    )
                )
            pay.append(named[0])
            pool.remove(named[0])
            i = named[1]
    return pay


def parse(state: SkylinesState, cat: Catalog, seat: int, args: Sequence[str], rule: Step) -> Plan:
    """Read '/build CARD|row N [over N|left|right|gap N] [pay CARD...]' and check it all."""
    parts = words(args)
    card, slot, i = _source(state, cat, seat, parts, rule)
    wanted = rule.get("type")
    if wanted is not None and cat.card(card).type != wanted:
        raise RuleError(_("This action builds only a {type} card.", type=cat.label(wanted)))
    where = rule.get("where", "any")
    target, i = _target(state, seat, parts, i, where)
    if target not in city.targets(state, seat, where):
        raise RuleError(
            _(
                "You cannot build at '{spot}'; you may build at: {spots}.",
                spot=" ".join(city.label(target)),
                spots=city.labels(city.targets(state, seat, where)),
            )
        )
    cost = price(state, cat, seat, card, target, rule)
    pool = _pool(state, seat, card, slot)
    pay = _payment(cat, parts, i, pool)
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
    return Plan(card, slot, target, cost, tuple(pay))


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
