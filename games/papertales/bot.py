"""A simple greedy bot for every choice: strong cards, fill the spots, build when possible."""

from __future__ import annotations

from typing import Any

from games.base import Move, Rng, State
from games.papertales.build import options
from games.papertales.cards import unit, words
from games.papertales.choices import candidates, entry_for
from games.papertales.deploy import free, planned_cost

# Units that like age tokens: they gain from them, so Time Master and Alchemist aim there.
LIKES_TOKENS = (
    "Relic of Wisdom",
    "Adventurer",
    "Militiaman",
    "Salamander",
    "Colossus",
    "Giant Snake",
    "Strategist",
)
BACK_ROW = ("Archer", "Strategist", "Farmer", "Miner", "Woodcutter", "Forest Spirit", "Peddler")


def value(card: int) -> float:
    """A rough worth of a card for drafting and deploying: strength, resources, cheapness."""
    u = unit(card)
    return u.strength + 1.5 * sum(u.produces.values()) - 0.5 * max(u.cost, 0) + 2.0


def bot_move(state: State, seat: int, rng: Rng, legal: list[Move]) -> Move:
    """Draft the best card, fill free spots with affordable units, build when possible."""
    p = state["players"][seat]
    phase = state["phase"]
    if phase == "recruit":
        pick = max(p["packet"], key=value)
        rest = [c for c in p["packet"] if c != pick]
        if len(state["names"]) == 2 and rest:
            return Move("draft", (*words(pick), "discard", *words(min(rest, key=value))))
        return Move("draft", words(pick))
    if phase == "deploy":
        budget = p["gold"] + sum(1 for c, _ in p["plan"]["new"] if unit(c).cost < 0)
        budget -= max(planned_cost(p), 0)
        for card in sorted(p["hand"], key=value, reverse=True):
            if unit(card).cost <= budget:
                rows = ["back", "front"] if unit(card).name in BACK_ROW else ["front", "back"]
                row = next((r for r in rows if free(p, r) > 0), None)
                if row:
                    return Move("deploy", (*words(card), row))
        if p["kept"] is None and p["hand"]:
            return Move("keep", words(max(p["hand"], key=value)))
        return Move("ready")
    entry = entry_for(state, seat)
    if entry is not None:
        choice = _choose(state, seat, entry)
        return Move("choose", words(choice) if choice is not None else ("none",))
    if phase == "build":
        found = sorted(options(p), key=lambda o: (not o[2], -o[1]))
        if found:
            building, level, upgrade = found[0]
            return (
                Move("upgrade", (building,)) if upgrade else Move("build", (building, str(level)))
            )
        return Move("pass")
    return rng.choice(legal)


def _choose(state: State, seat: int, entry: dict[str, Any]) -> int | None:
    """Tokens go to units that profit from them or die anyway; the Healer saves the best non-Sculptor."""
    cards = candidates(state, entry)
    if entry["kind"] == "heal":
        keep = [c for c in cards if unit(c).name != "Sculptor"]
        return max(keep, key=value) if keep else None
    p = state["players"][seat]
    liked = [c for c in cards if unit(c).name in LIKES_TOKENS]
    if liked:
        return liked[0]
    doomed = [s["card"] for s in p["units"] if s["age"] >= 1]
    source: int = entry["source"]
    return doomed[0] if doomed else source
