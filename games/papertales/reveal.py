"""Phase 2 after everyone is ready: reveal, pay (or choose what to discard), reveal abilities,
every-Deployment abilities, and the abilities that wait for the very end of the phase."""

from __future__ import annotations

from collections.abc import Callable

from games.base import Args, Event, Rng, RuleError, public
from games.i18n import _, _n, joined
from games.papertales.catalog import Effect, building_name, card_name, card_names, unit
from games.papertales.choices import ask, owed, prompt_pending
from games.papertales.effects import Kingdom
from games.papertales.kingdom import apply_gain
from games.papertales.moves import entry_for
from games.papertales.piles import draw
from games.papertales.state import NewCard, PaperTalesState, Player, UnitSlot
from games.papertales.texts import amount_of, gold, lp, row, tokens

QUANTITIES: dict[str, Callable[[int], str]] = {
    "level2": lambda n: _n("{n} level-2 building", "{n} level-2 buildings", n),
    "age": tokens,
    "kingdom_age": lambda n: _n("{n} age token in the kingdom", "{n} age tokens in the kingdom", n),
    "wood": lambda n: amount_of(n, "wood"),
    "food": lambda n: amount_of(n, "food"),
    "crystal": lambda n: amount_of(n, "crystal"),
    "strong_units": lambda n: _n("{n} unit of strength 3+", "{n} units of strength 3+", n),
    "income": lambda n: _n("{n} gold of Income", "{n} gold of Income", n),
    "wars": lambda n: _n("{n} War won", "{n} Wars won", n),
    "dying_age": lambda n: _n("{n} age token on the dying", "{n} age tokens on the dying", n),
}
"""What an amount was counted by, said with its number ('2 Food', '3 age tokens')."""


def whose(state: PaperTalesState, seat: int, card: int) -> str:
    """'Ann's Knight 2'."""
    return _("{name}'s {card}", name=state["names"][seat], card=card_name(card))


def reveal(state: PaperTalesState, order: list[int]) -> list[Event]:
    """Everyone is ready: reveal every plan in this order (the conflict order, kept for the
    reveal abilities); those who can pay pay at once, the others are asked what to discard."""
    state["order"] = order
    events = [
        public(
            _(
                "Everyone is ready: the deployments of turn {turn} are revealed.",
                turn=state["turn"],
            )
        )
    ]
    for seat in state["order"]:
        events.append(_reveal_seat(state, seat))
    state["phase"] = "pay"
    return events + prompt_pending(state)


def _new_item(n: NewCard) -> str:
    cost = unit(n["card"]).cost
    card, where = card_name(n["card"]), row(n["row"])
    if cost < 0:
        return _("{card} ({row}, gains {gold})", card=card, row=where, gold=gold(-cost))
    return _("{card} ({row}, {gold})", card=card, row=where, gold=gold(cost))


def _reveal_seat(state: PaperTalesState, seat: int) -> Event:
    """Apply one seat's plan: discards, moves, negative costs; pay all, or ask what to discard."""
    p = state["players"][seat]
    rows = p["plan"]["rows"]
    name = state["names"][seat]
    parts: list[str] = []
    for slot in list(p["units"]):
        where = rows.get(str(slot["card"]))
        if where == "discard":
            p["units"].remove(slot)
            state["discard"].append(slot["card"])
            parts.append(_("discards {card} from play", card=card_name(slot["card"])))
        elif where in ("front", "back") and where != slot["row"]:
            slot["row"] = "front" if where == "front" else "back"
            parts.append(
                _("moves {card} to the {row}", card=card_name(slot["card"]), row=row(where))
            )
    new = p["plan"]["new"]
    p["gold"] += sum(-unit(n["card"]).cost for n in new if unit(n["card"]).cost < 0)
    p["unpaid"] = list(new)
    shown = joined((_new_item(n) for n in new), empty=_("no new unit"))
    if state.get("pay_in_order"):
        parts += _pay_in_order(state, seat)
    state["discard"] += p["hand"]
    dropped = len(p["hand"])
    p["hand"] = []
    p["plan"] = {"new": [], "rows": {}}
    if p["kept"] is not None:
        kept = _n(
            "keeps 1 card for next turn, discards {n} from hand",
            "keeps 1 card for next turn, discards {n} from hand",
            dropped,
        )
    else:
        kept = _n(
            "keeps no card, discards {n} from hand",
            "keeps no card, discards {n} from hand",
            dropped,
        )
    said = [_("{name} reveals {shown}", name=name, shown=shown), *parts, kept]
    cost = owed(state, seat)
    if cost <= p["gold"]:
        _pay_all(state, seat)
        said.append(_("{gold} left.", gold=gold(p["gold"])))
        return public(joined(said, "; "), reveals=True)
    state["pending"].append({"seat": seat, "kind": "pay", "source": None, "tokens": 0})
    said.append(
        _(
            "the new units cost {cost} and {name} has {gold}, so they choose which to discard.",
            cost=gold(cost),
            name=name,
            gold=gold(p["gold"]),
        )
    )
    return public(joined(said, "; "), reveals=True)


def _pay_all(state: PaperTalesState, seat: int) -> None:
    """Pay for every revealed unit and put it into play."""
    p = state["players"][seat]
    for n in p["unpaid"]:
        _into_play(p, n)
    p["unpaid"] = []


def _pay_in_order(state: PaperTalesState, seat: int) -> list[str]:
    """The rule of a game begun before d96ec98 (it keeps the rules it began with): each revealed
    unit in the order placed is paid for while the gold lasts, else discarded."""
    p = state["players"][seat]
    said: list[str] = []
    for n in p["unpaid"]:
        cost = unit(n["card"]).cost
        if cost <= p["gold"]:
            _into_play(p, n)
        else:
            state["discard"].append(n["card"])
            said.append(
                _(
                    "cannot pay {cost} for {card} and discards it",
                    cost=gold(cost),
                    card=card_name(n["card"]),
                )
            )
    p["unpaid"] = []
    return said


def _into_play(p: Player, n: NewCard) -> None:
    p["gold"] -= max(unit(n["card"]).cost, 0)
    p["units"].append({"card": n["card"], "row": n["row"], "age": 0})
    p["fresh"].append(n["card"])


def act_pay_discard(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Discard one revealed unit its owner cannot pay for; once the rest is affordable, pay."""
    entry = entry_for(state, seat)
    if entry is None or entry["kind"] != "pay":
        raise RuleError(_("You have paid for your units; nothing to discard now."))
    p = state["players"][seat]
    card = args.one("UNIT", int)
    p["unpaid"] = [n for n in p["unpaid"] if n["card"] != card]
    state["discard"].append(card)
    name = state["names"][seat]
    if owed(state, seat) > p["gold"]:
        text = _(
            "{name} cannot pay for every new unit and discards {card}.",
            name=name,
            card=card_name(card),
        )
        return [public(text), *ask(state, seat)]
    state["pending"].remove(entry)
    paid = joined((_new_item(n) for n in p["unpaid"]), empty=_("nothing"))
    _pay_all(state, seat)
    text = _(
        "{name} cannot pay for every new unit and discards {card}; pays for {paid}; {gold} left.",
        name=name,
        card=card_name(card),
        paid=paid,
        gold=gold(p["gold"]),
    )
    return [public(text)]


def flip_all(state: PaperTalesState, rng: Rng) -> list[Event]:
    """Everyone has paid: reveal abilities in the reveal order, then ask the choices."""
    events: list[Event] = []
    for seat in state["order"]:
        for card in list(state["players"][seat]["fresh"]):
            events += flip(state, seat, card, rng)
    state["phase"] = "time"
    return events + prompt_pending(state)


def _slot(state: PaperTalesState, seat: int, card: int) -> UnitSlot | None:
    """The unit slot holding a card, if it is still in play."""
    return next((s for s in state["players"][seat]["units"] if s["card"] == card), None)


def flip(state: PaperTalesState, seat: int, card: int, rng: Rng) -> list[Event]:
    """Resolve one revealed unit's once-only Deployment abilities."""
    events: list[Event] = []
    for effect in unit(card).hook("reveal"):
        slot = _slot(state, seat, card)
        if slot is None:
            break
        if effect.action == "shapeshift":
            return events + _shapeshift(state, seat, slot, effect.n, rng)
        events += apply_entry(state, seat, slot, effect)
    return events


def apply_entry(state: PaperTalesState, seat: int, slot: UnitSlot, effect: Effect) -> list[Event]:
    """Carry out one Deployment entry of a unit: age tokens (itself, the others, or a unit its
    owner chooses), building upgrades, LP or gold."""
    p = state["players"][seat]
    who = whose(state, seat, slot["card"])
    amount = Kingdom(p).amount(effect, slot)
    if effect.action == "upgrade":
        flipped = [b for b, level in p["buildings"].items() if level == 1]
        for b in flipped:
            p["buildings"][b] = 2
        shown = joined((building_name(b) for b in flipped), empty=_("none"))
        text = _n(
            "{who} flips {n} building to level 2: {shown}.",
            "{who} flips {n} buildings to level 2: {shown}.",
            len(flipped),
            who=who,
            shown=shown,
        )
        return [public(text)]
    if effect.action == "age" and amount:
        if effect.on == "chosen":
            state["pending"].append(
                {"seat": seat, "kind": "age", "source": slot["card"], "tokens": amount}
            )
            return []
        if effect.on == "self":
            slot["age"] += amount
            return [public(_("{who} takes {tokens}.", who=who, tokens=tokens(amount)))]
        others = [s for s in p["units"] if s is not slot]
        for s in others:
            s["age"] += amount
        text = _n(
            "{who} puts {tokens} on each of {n} other unit.",
            "{who} puts {tokens} on each of {n} other units.",
            len(others),
            who=who,
            tokens=tokens(amount),
        )
        return [public(text)]
    if effect.action in ("lp", "gold") and amount:
        gain = gain_text(state, seat, effect, amount)
        return [public(_("{who}: {gain}.", who=who, gain=gain))]
    return []


def gain_text(state: PaperTalesState, seat: int, effect: Effect, amount: int) -> str:
    """Apply an LP or gold entry and say it, with what it was counted by."""
    p = state["players"][seat]
    done = apply_gain(p, effect.action, amount)
    say = lp if effect.action == "lp" else gold
    kingdom = Kingdom(p)
    counted = joined(QUANTITIES[q](int(kingdom.quantity(q, None))) for q in effect.per)
    note = _(" ({counted})", counted=counted) if counted else ""
    total = say(p["lp"] if effect.action == "lp" else p["gold"])
    if amount < 0:
        return _("costs {amount}{note}; {total} now", amount=say(-done), note=note, total=total)
    return _("gives {amount}{note}; {total} now", amount=say(done), note=note, total=total)


def _shapeshift(
    state: PaperTalesState, seat: int, slot: UnitSlot, max_cost: int, rng: Rng
) -> list[Event]:
    """Flip deck cards until one costs max_cost or less; it replaces the unit with 1 token."""
    p = state["players"][seat]
    shifter = slot["card"]
    flipped: list[int] = []
    found = None
    while found is None:
        if not state["deck"] and not any(unit(c).cost <= max_cost for c in state["discard"]):
            break
        card = draw(state, rng)
        if card is None:
            break
        if unit(card).cost <= max_cost:
            found = card
        else:
            flipped.append(card)
            state["discard"].append(card)
    state["discard"].append(shifter)
    p["fresh"].remove(shifter)
    who = whose(state, seat, shifter)
    skipped = _(" (flipping past {cards})", cards=card_names(flipped)) if flipped else ""
    if found is None:
        p["units"].remove(slot)
        text = _(
            "{who} finds no card costing {n} or less and is discarded{skipped}.",
            who=who,
            n=max_cost,
            skipped=skipped,
        )
        return [public(text)]
    slot["card"] = found
    slot["age"] = 1
    p["fresh"].append(found)
    text = _(
        "{who} becomes {card} with {tokens}{skipped}.",
        who=who,
        card=card_name(found),
        tokens=tokens(1),
        skipped=skipped,
    )
    events = [public(text)]
    return events + flip(state, seat, found, rng)


def start_every_deployment(state: PaperTalesState) -> list[Event]:
    """Abilities that act in every Deployment (not only on reveal), then their choices."""
    state["phase"] = "alch"
    events: list[Event] = []
    for seat, p in enumerate(state["players"]):
        for slot in list(p["units"]):
            for effect in unit(slot["card"]).hook("deployment"):
                events += apply_entry(state, seat, slot, effect)
    return events + prompt_pending(state)


def end_of_deployment(state: PaperTalesState) -> list[Event]:
    """Abilities of this turn's revealed units that wait for the very end of the phase."""
    events = []
    for seat, p in enumerate(state["players"]):
        for card in p["fresh"]:
            slot = _slot(state, seat, card)
            for effect in unit(card).hook("reveal_last") if slot is not None else ():
                amount = Kingdom(p).amount(effect, slot)
                if amount:
                    gain = gain_text(state, seat, effect, amount)
                    events.append(
                        public(_("{who} {gain}.", who=whose(state, seat, card), gain=gain))
                    )
    return events
