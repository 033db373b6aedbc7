"""Phase 2, the reveal: pay costs, then flip abilities, the Alchemist, and the Kraken penalty last."""

from __future__ import annotations

from typing import Any

from games.base import Event, Rng, State, public
from games.papertales.cards import building_label, unit
from games.papertales.choices import prompt_pending
from games.papertales.kingdom import add_lp, count, resources
from games.papertales.table import conflict_order, draw, labels, lbl

Player = dict[str, Any]


def reveal(state: State, rng: Rng) -> list[Event]:
    """Everyone is ready: reveal and pay (leader first), then resolve flip abilities."""
    order = conflict_order(state, rng)
    events = [public(f"Everyone is ready: the deployments of turn {state['turn']} are revealed.")]
    for seat in order:
        events.append(_reveal_seat(state, seat))
    for seat in order:
        p = state["players"][seat]
        for card in list(p["fresh"]):
            events += flip(state, seat, card, rng)
    state["phase"] = "time"
    return events + prompt_pending(state)


def _reveal_seat(state: State, seat: int) -> Event:
    """Apply one seat's plan: discards, moves, then pay (Monkeys first) or discard."""
    p: Player = state["players"][seat]
    rows = p["plan"]["rows"]
    parts: list[str] = []
    for slot in list(p["units"]):
        where = rows.get(str(slot["card"]))
        if where == "discard":
            p["units"].remove(slot)
            state["discard"].append(slot["card"])
            parts.append(f"discards {lbl(state, slot['card'])} from play")
        elif where and where != slot["row"]:
            slot["row"] = where
            parts.append(f"moves {lbl(state, slot['card'])} to the {where}")
    new = p["plan"]["new"]
    p["gold"] += sum(1 for c, _ in new if unit(c).cost < 0)
    paid: list[str] = []
    for card, row in new:
        cost = unit(card).cost
        if cost < 0 or cost <= p["gold"]:
            p["gold"] -= max(cost, 0)
            p["units"].append({"card": card, "row": row, "age": 0})
            p["fresh"].append(card)
            gold_word = "gains 1 gold" if cost < 0 else f"{cost} gold"
            paid.append(f"{lbl(state, card)} ({row}, {gold_word})")
        else:
            state["discard"].append(card)
            parts.append(f"cannot pay {cost} gold for {lbl(state, card)} and discards it")
    state["discard"] += p["hand"]
    dropped = len(p["hand"])
    p["hand"] = []
    p["plan"] = {"new": [], "rows": {}}
    text = f"{state['names'][seat]} reveals {', '.join(paid) if paid else 'no new unit'}"
    if parts:
        text += "; " + "; ".join(parts)
    kept = "keeps 1 card for next turn" if p["kept"] is not None else "keeps no card"
    text += f"; {kept}, discards {dropped} from hand; {p['gold']} gold left."
    return public(text, reveals=True)


def _slot(p: Player, card: int) -> dict[str, Any] | None:
    """The unit slot holding a card, if it is still in play."""
    return next((s for s in p["units"] if s["card"] == card), None)


def flip(state: State, seat: int, card: int, rng: Rng) -> list[Event]:
    """Resolve one revealed unit's once-only Deployment ability."""
    p: Player = state["players"][seat]
    slot = _slot(p, card)
    if slot is None:
        return []
    who = f"{state['names'][seat]}'s {lbl(state, card)}"
    kind = unit(card).name
    if kind in ("Cave Spirit", "Veteran", "Demon"):
        slot["age"] += 1
        return [public(f"{who} takes 1 age token.")]
    if kind in ("Necromancer", "Kraken"):
        others = [s for s in p["units"] if s is not slot]
        for s in others:
            s["age"] += 1
        return [public(f"{who} puts 1 age token on each of {len(others)} other units.")]
    if kind == "Golem":
        flipped = [b for b, level in p["buildings"].items() if level == 1]
        for b in flipped:
            p["buildings"][b] = 2
        return [
            public(
                f"{who} flips {len(flipped)} buildings to level 2: {', '.join(building_label(b, state['lang']) for b in flipped) or 'none'}."
            )
        ]
    if kind == "Time Master":
        state["pending"].append({"seat": seat, "kind": "time", "source": card, "tokens": 2})
        return []
    if kind == "Shapeshifter":
        return _shapeshift(state, seat, slot, rng)
    return []


def _shapeshift(state: State, seat: int, slot: dict[str, Any], rng: Rng) -> list[Event]:
    """Flip deck cards until one costs 3 or less; it replaces the Shapeshifter with 1 token."""
    p: Player = state["players"][seat]
    shifter = slot["card"]
    flipped: list[int] = []
    found = None
    while found is None:
        if not state["deck"] and not any(unit(c).cost <= 3 for c in state["discard"]):
            break
        card = draw(state, rng)
        if card is None:
            break
        if unit(card).cost <= 3:
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
        return [public(f"{who} finds no card costing 3 or less and is discarded{skipped}.")]
    slot["card"] = found
    slot["age"] = 1
    p["fresh"].append(found)
    events = [public(f"{who} becomes {lbl(state, found)} with 1 age token{skipped}.")]
    return events + flip(state, seat, found, rng)


def start_alchemy(state: State) -> list[Event]:
    """Every Deployment, each Master Alchemist puts Food-many tokens on one of its owner's units."""
    state["phase"] = "alch"
    for seat, p in enumerate(state["players"]):
        food = resources(p)["food"]
        if food:
            for slot in p["units"]:
                if unit(slot["card"]).name == "Master Alchemist":
                    state["pending"].append(
                        {"seat": seat, "kind": "alch", "source": slot["card"], "tokens": food}
                    )
    return prompt_pending(state)


def kraken_penalty(state: State) -> list[Event]:
    """Applied at the very end of Deployment, after any Golem: -3 LP per level-2 building."""
    events = []
    for seat, p in enumerate(state["players"]):
        if any(unit(c).name == "Kraken" for c in p["fresh"]) and count(p, "Kraken"):
            level2 = sum(1 for level in p["buildings"].values() if level == 2)
            if level2:
                lost = -add_lp(p, -3 * level2)
                events.append(
                    public(
                        f"{state['names'][seat]}'s Kraken costs {lost} LP "
                        f"({level2} level-2 buildings); {p['lp']} LP now."
                    )
                )
    return events
