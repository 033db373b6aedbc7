"""Phase 2 after everyone is ready: reveal, pay (or choose what to discard), reveal abilities,
every-Deployment abilities, and the abilities that wait for the very end of the phase."""

from __future__ import annotations

from games.base import Event, Rng, RuleError, public
from games.papertales.catalog import Effect, building_label, labels, lbl, match_card, unit
from games.papertales.choices import ask, owed, prompt_pending
from games.papertales.effects import Kingdom
from games.papertales.kingdom import apply_gain
from games.papertales.moves import candidates, entry_for
from games.papertales.piles import draw
from games.papertales.state import NewCard, PaperTalesState, UnitSlot

QUANTITY_WORDS = {
    "level2": "level-2 buildings",
    "age": "age tokens",
    "kingdom_age": "age tokens in the kingdom",
    "wood": "Wood",
    "food": "Food",
    "crystal": "Crystal",
}


def plural(n: int, word: str) -> str:
    """'1 age token', '2 age tokens'."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def reveal(state: PaperTalesState, order: list[int]) -> list[Event]:
    """Everyone is ready: reveal every plan in this order (the conflict order, kept for the
    reveal abilities); those who can pay pay at once, the others are asked what to discard."""
    state["order"] = order
    events = [public(f"Everyone is ready: the deployments of turn {state['turn']} are revealed.")]
    for seat in state["order"]:
        events.append(_reveal_seat(state, seat))
    state["phase"] = "pay"
    return events + prompt_pending(state)


def _new_item(state: PaperTalesState, n: NewCard) -> str:
    cost = unit(n["card"]).cost
    gold_word = f"gains {-cost} gold" if cost < 0 else f"{cost} gold"
    return f"{lbl(state, n['card'])} ({n['row']}, {gold_word})"


def _reveal_seat(state: PaperTalesState, seat: int) -> Event:
    """Apply one seat's plan: discards, moves, negative costs; pay all, or ask what to discard."""
    p = state["players"][seat]
    rows = p["plan"]["rows"]
    parts: list[str] = []
    for slot in list(p["units"]):
        where = rows.get(str(slot["card"]))
        if where == "discard":
            p["units"].remove(slot)
            state["discard"].append(slot["card"])
            parts.append(f"discards {lbl(state, slot['card'])} from play")
        elif where in ("front", "back") and where != slot["row"]:
            slot["row"] = "front" if where == "front" else "back"
            parts.append(f"moves {lbl(state, slot['card'])} to the {where}")
    new = p["plan"]["new"]
    p["gold"] += sum(-unit(n["card"]).cost for n in new if unit(n["card"]).cost < 0)
    p["unpaid"] = list(new)
    shown = ", ".join(_new_item(state, n) for n in new) or "no new unit"
    state["discard"] += p["hand"]
    dropped = len(p["hand"])
    p["hand"] = []
    p["plan"] = {"new": [], "rows": {}}
    name = state["names"][seat]
    text = f"{name} reveals {shown}"
    if parts:
        text += "; " + "; ".join(parts)
    kept = "keeps 1 card for next turn" if p["kept"] is not None else "keeps no card"
    text += f"; {kept}, discards {dropped} from hand"
    cost = owed(state, seat)
    if cost <= p["gold"]:
        _pay_all(state, seat)
        return public(text + f"; {p['gold']} gold left.", reveals=True)
    state["pending"].append({"seat": seat, "kind": "pay", "source": None, "tokens": 0})
    return public(
        text + f"; the new units cost {cost} gold and {name} has {p['gold']}, "
        "so they choose which to discard.",
        reveals=True,
    )


def _pay_all(state: PaperTalesState, seat: int) -> None:
    """Pay for every revealed unit and put it into play."""
    p = state["players"][seat]
    for n in p["unpaid"]:
        p["gold"] -= max(unit(n["card"]).cost, 0)
        p["units"].append({"card": n["card"], "row": n["row"], "age": 0})
        p["fresh"].append(n["card"])
    p["unpaid"] = []


def act_pay_discard(state: PaperTalesState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """Discard one revealed unit its owner cannot pay for; once the rest is affordable, pay."""
    entry = entry_for(state, seat)
    if entry is None or entry["kind"] != "pay":
        raise RuleError("You have paid for your units; nothing to discard now.")
    p = state["players"][seat]
    card = match_card(
        " ".join(args),
        candidates(state, entry),
        "among your unpaid units",
        any_copy=False,
        secret=False,
    )
    p["unpaid"] = [n for n in p["unpaid"] if n["card"] != card]
    state["discard"].append(card)
    name = state["names"][seat]
    text = f"{name} cannot pay for every new unit and discards {lbl(state, card)}"
    if owed(state, seat) > p["gold"]:
        return [public(text + "."), *ask(state, seat)]
    state["pending"].remove(entry)
    paid = ", ".join(_new_item(state, n) for n in p["unpaid"]) or "nothing"
    _pay_all(state, seat)
    return [public(text + f"; pays for {paid}; {p['gold']} gold left.")]


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
    who = f"{state['names'][seat]}'s {lbl(state, slot['card'])}"
    amount = Kingdom(p).amount(effect, slot)
    if effect.action == "upgrade":
        flipped = [b for b, level in p["buildings"].items() if level == 1]
        for b in flipped:
            p["buildings"][b] = 2
        shown = ", ".join(building_label(b, state["lang"]) for b in flipped) or "none"
        return [public(f"{who} flips {len(flipped)} buildings to level 2: {shown}.")]
    if effect.action == "age" and amount:
        if effect.on == "chosen":
            state["pending"].append(
                {"seat": seat, "kind": "age", "source": slot["card"], "tokens": amount}
            )
            return []
        if effect.on == "self":
            slot["age"] += amount
            return [public(f"{who} takes {plural(amount, 'age token')}.")]
        others = [s for s in p["units"] if s is not slot]
        for s in others:
            s["age"] += amount
        return [
            public(
                f"{who} puts {plural(amount, 'age token')} on each of {len(others)} other units."
            )
        ]
    if effect.action in ("lp", "gold") and amount:
        return [public(f"{who}: {gain_text(state, seat, effect, amount)}.")]
    return []


def gain_text(state: PaperTalesState, seat: int, effect: Effect, amount: int) -> str:
    """Apply an LP or gold entry and say it, with what it was counted by."""
    p = state["players"][seat]
    done = apply_gain(p, effect.action, amount)
    what = "LP" if effect.action == "lp" else "gold"
    counted = ", ".join(
        f"{Kingdom(p).quantity(q, None)} {QUANTITY_WORDS.get(q, q)}" for q in effect.per
    )
    verb = f"costs {-done}" if amount < 0 else f"gives {done}"
    note = f" ({counted})" if counted else ""
    total = p["lp"] if effect.action == "lp" else p["gold"]
    return f"{verb} {what}{note}; {total} {what} now"


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
    who = f"{state['names'][seat]}'s {lbl(state, shifter)}"
    skipped = f" (flipping past {labels(state, flipped)})" if flipped else ""
    if found is None:
        p["units"].remove(slot)
        return [
            public(f"{who} finds no card costing {max_cost} or less and is discarded{skipped}.")
        ]
    slot["card"] = found
    slot["age"] = 1
    p["fresh"].append(found)
    events = [public(f"{who} becomes {lbl(state, found)} with 1 age token{skipped}.")]
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
                    who = f"{state['names'][seat]}'s {lbl(state, card)}"
                    events.append(public(f"{who} {gain_text(state, seat, effect, amount)}."))
    return events
