"""Phases 3 and 4, Wars and Income: automatic, announced as a table."""

from __future__ import annotations

from games.base import Event, public
from games.papertales.catalog import lbl, local
from games.papertales.effects import Kingdom
from games.papertales.kingdom import add_lp
from games.papertales.state import PaperTalesState, Player

WAR_LP = 3


def plural(n: int, word: str) -> str:
    """'1 war', '2 wars'."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def wars_won(strengths: list[int], seat: int) -> int:
    """Wars this seat wins against its neighbours (ties both win). With 2 players there is one
    War against the opponent, and at least twice their strength wins two (0 against 0: one)."""
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


def war_rewards(p: Player, wins: int) -> tuple[int, int, list[tuple[int, str, str]]]:
    """LP and gold from Wars won and from every Wars ability (some pay win or lose), with
    (amount, 'lp'|'gold', source) parts; the first part is the Wars themselves."""
    lp, gold, parts = Kingdom(p, wars=wins).gains("wars")
    if wins:
        parts.insert(0, (WAR_LP * wins, "lp", f"for {plural(wins, 'war')}"))
    return WAR_LP * wins + lp, gold, parts


def resolve_wars(state: PaperTalesState) -> list[Event]:
    """Compare strengths with the neighbours and pay every Wars ability."""
    players = state["players"]
    names = state["names"]
    lang = state["lang"]
    power = [Kingdom(p).strength() for p in players]
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
                f"{lbl(state, c) if isinstance(c, int) else local(c, lang)}: {value}"
                for c, value in power[seat][1]
            ]
            detail += f" ({', '.join(shown)})"
        detail += f", {plural(wins, 'war')} won, +{lp} LP"
        if lp:
            detail += f" ({_sources(parts, 'lp', lang)})"
        if gold:
            detail += f", +{gold} gold ({_sources(parts, 'gold', lang)})"
        lines.append(detail + f"; {p['lp']} LP.")
    return [public("\n".join(lines))]


def _sources(parts: list[tuple[int, str, str]], kind: str, lang: str) -> str:
    return ", ".join(f"{n} {local(source, lang)}" for n, k, source in parts if k == kind)


def resolve_income(state: PaperTalesState) -> list[Event]:
    """2 gold plus every Income ability, announced per player."""
    lines = [f"Turn {state['turn']}, Income:"]
    for seat, p in enumerate(state["players"]):
        gold, parts = Kingdom(p).income()
        p["gold"] += gold
        shown = " + ".join(f"{n} {local(src, state['lang'])}" for n, src in parts)
        lines.append(f"{state['names'][seat]}: +{gold} gold ({shown}); {p['gold']} gold.")
    return [public("\n".join(lines), board=True)]
