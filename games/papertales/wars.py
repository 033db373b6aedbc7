"""Phases 3 and 4, Wars and Income: automatic, announced as a table."""

from __future__ import annotations

from typing import Any

from games.base import Event, State, public
from games.papertales.cards import local
from games.papertales.kingdom import add_lp, count, income, resources, strength, strong_units
from games.papertales.table import lbl

Player = dict[str, Any]
WAR_LP = 3


def plural(n: int, word: str) -> str:
    """'1 war', '2 wars'."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def wars_won(strengths: list[int], seat: int) -> int:
    """Wars this seat wins against its neighbours (ties both win; 2 players: double strength = 2)."""
    n = len(strengths)
    mine = strengths[seat]
    if n == 2:
        theirs = strengths[1 - seat]
        if mine < theirs:
            return 0
        if mine >= 2 * theirs and not (mine == 0 and theirs == 0):
            return 2
        return 1
    neighbours = {(seat + 1) % n, (seat - 1) % n}
    return sum(1 for other in neighbours if mine >= strengths[other])


def war_rewards(p: Player, wins: int) -> tuple[int, int, list[tuple[int, str]]]:
    """LP and gold from wars won and from every Wars ability (buildings pay win or lose)."""
    res = resources(p)
    lp = WAR_LP * wins
    parts = [(lp, f"for {plural(wins, 'war')}")] if wins else []
    for unit_name in ("Commander", "Colossus"):
        bonus = count(p, unit_name) * wins
        if bonus:
            lp += bonus
            parts.append((bonus, unit_name))
    if count(p, "Master Alchemist") and wins and res["crystal"]:
        bonus = count(p, "Master Alchemist") * res["crystal"] * wins
        lp += bonus
        parts.append((bonus, "Master Alchemist"))
    gold = count(p, "Rogue") * wins
    b = p["buildings"]
    bonuses = (
        ("Temple", 2),
        ("Mine", 2 * res["crystal"]),
        ("Tavern", res["food"]),
        ("Barracks", strong_units(p) if b.get("Barracks") == 2 else 0),
    )
    for building, bonus in bonuses:
        if b.get(building) == 2 and bonus:
            lp += bonus
            parts.append((bonus, building))
    return lp, gold, parts


def resolve_wars(state: State) -> list[Event]:
    """Compare strengths with the neighbours and pay every Wars ability."""
    players = state["players"]
    names = state["names"]
    lang = state["lang"]
    power = [strength(p) for p in players]
    strengths = [s for s, _ in power]
    lines = [f"Turn {state['turn']}, Wars:"]
    for seat, p in enumerate(players):
        wins = wars_won(strengths, seat)
        lp, gold, parts = war_rewards(p, wins)
        add_lp(p, lp)
        p["gold"] += gold
        detail = f"{names[seat]}: strength {strengths[seat]}"
        if power[seat][1]:
            shown = [
                f"{local('Barracks', lang) if c is None else lbl(state, c)}: {value}"
                for c, value in power[seat][1]
            ]
            detail += f" ({', '.join(shown)})"
        detail += f", {plural(wins, 'war')} won, +{lp} LP"
        if parts:
            detail += f" ({', '.join(f'{n} {local(src, lang)}' for n, src in parts)})"
        if gold:
            detail += f", +{gold} gold ({local('Rogue', lang)})"
        lines.append(detail + f"; {p['lp']} LP.")
    return [public("\n".join(lines))]


def resolve_income(state: State) -> list[Event]:
    """2 gold plus every Income ability, announced per player."""
    lines = [f"Turn {state['turn']}, Income:"]
    for seat, p in enumerate(state["players"]):
        gold, parts = income(p)
        p["gold"] += gold
        shown = " + ".join(f"{n} {local(src, state['lang'])}" for n, src in parts)
        lines.append(f"{state['names'][seat]}: +{gold} gold ({shown}); {p['gold']} gold.")
    return [public("\n".join(lines), board=True)]
