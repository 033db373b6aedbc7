"""A simple greedy bot for every choice: strong cards, fill the spots, build when possible.
Its tastes come from the card effects, never from card names."""

from __future__ import annotations

from games.args import offer
from games.base import Move, Rng
from games.papertales import grammar
from games.papertales.catalog import unit
from games.papertales.costs import affordable
from games.papertales.effects import gains_from_dying, likes_tokens
from games.papertales.kingdom import free, planned_cost
from games.papertales.moves import (
    candidates,
    context,
    entry_for,
    legal,
    pay_default,
    two_players,
)
from games.papertales.state import PaperTalesState, Pending, Row


def value(card: int) -> float:
    """A rough worth of a card for drafting and deploying: strength, resources, cheapness."""
    u = unit(card)
    return u.strength + 1.5 * sum(u.produces.values()) - 0.5 * max(u.cost, 0) + 2.0


def back_row(card: int) -> bool:
    """Units that lose nothing in the Back: they fight from there, or they are weak producers."""
    u = unit(card)
    return u.fights_from_back or (bool(u.produces) and u.strength <= 3)


def bot_move(state: PaperTalesState, seat: int, rng: Rng) -> Move:
    """Draft the best card, fill free spots with affordable units, build when possible; an open
    choice gets its default (the unit to discard when short of gold) or a sensible target."""
    p = state["players"][seat]
    phase = state["phase"]
    said = context(state, seat)
    if phase == "recruit":
        pick = max(p["packet"], key=value)
        rest = [c for c in p["packet"] if c != pick]
        if two_players(state) and rest:
            other = min(rest, key=value)
            return offer("draft", grammar.DRAFT, {"CARD": pick, "OTHER": other}, said)
        return offer("draft", grammar.DRAFT, {"CARD": pick}, said)
    if phase == "deploy":
        budget = p["gold"] - planned_cost(p)
        for card in sorted(p["hand"], key=value, reverse=True):
            if unit(card).cost <= budget:
                rows: list[Row] = ["back", "front"] if back_row(card) else ["front", "back"]
                row = next((r for r in rows if free(p, r) > 0), None)
                if row:
                    return offer("deploy", grammar.DEPLOY, {"CARD": card, "ROW": row}, said)
        if p["kept"] is None and p["hand"]:
            return offer("keep", grammar.KEEP, {"CARD": max(p["hand"], key=value)}, said)
        return Move("ready")
    entry = entry_for(state, seat)
    if entry is not None:
        if entry["kind"] == "pay":
            return offer("discard", grammar.DISCARD_UNIT, {"UNIT": pay_default(state, seat)}, said)
        choice = _choose(state, seat, entry)
        return offer(
            "choose", grammar.CHOOSE, {"UNIT": grammar.NO_CARD if choice is None else choice}, said
        )
    if phase == "build":
        found = sorted(affordable(p), key=lambda o: (not o[2], -o[1]))
        if found:
            building, level, upgrade = found[0]
            verb, args = ("upgrade", grammar.UPGRADE) if upgrade else ("build", grammar.BUILD)
            return offer(verb, args, {"BUILDING": building, "LEVEL": str(level)}, said)
        return Move("pass")
    return rng.choice(legal(state, seat))


def _choose(state: PaperTalesState, seat: int, entry: Pending) -> int | None:
    """Tokens go to units that profit from them or die anyway; a save goes to the best unit
    whose own death does not pay."""
    cards = candidates(state, entry)
    if entry["kind"] == "save":
        keep = [c for c in cards if not gains_from_dying(c)]
        return max(keep, key=value) if keep else None
    p = state["players"][seat]
    liked = [c for c in cards if likes_tokens(c)]
    if liked:
        return liked[0]
    doomed = [s["card"] for s in p["units"] if s["age"] >= 1]
    return doomed[0] if doomed else entry["source"]
