"""Phases 3 and 4, Wars and Income: automatic, announced as a table."""

from __future__ import annotations

from games.base import Event, public
from games.i18n import _, joined
from games.papertales.catalog import card_name, local
from games.papertales.effects import Kingdom
from games.papertales.kingdom import add_lp
from games.papertales.state import PaperTalesState, Player
from games.papertales.texts import gold, lp, wars

WAR_LP = 3
WARS_SOURCE = "wars"
"""The source name of the LP for Wars won in war_rewards' parts."""


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
        parts.insert(0, (WAR_LP * wins, "lp", WARS_SOURCE))
    return WAR_LP * wins + lp, gold, parts


def resolve_wars(state: PaperTalesState) -> list[Event]:
    """Compare strengths with the neighbours and pay every Wars ability."""
    players = state["players"]
    names = state["names"]
    power = [Kingdom(p).strength() for p in players]
    strengths = [s for s, _parts in power]
    lines: list[str] = [_("Turn {turn}, Wars:", turn=state["turn"])]
    for seat, p in enumerate(players):
        wins = wars_won(strengths, seat)
        won_lp, won_gold, parts = war_rewards(p, wins)
        add_lp(p, won_lp)
        p["gold"] += won_gold
        shown = joined(
            joined((card_name(c) if isinstance(c, int) else local(c), f": {value}"), "")
            for c, value in power[seat][1]
        )
        said: list[str] = [
            _("{name}: strength {strength}", name=names[seat], strength=strengths[seat])
            if not shown
            else _(
                "{name}: strength {strength} ({parts})",
                name=names[seat],
                strength=strengths[seat],
                parts=shown,
            ),
            _("{wars} won", wars=wars(wins)),
        ]
        if won_lp:
            said.append(_("+{lp} ({sources})", lp=lp(won_lp), sources=_sources(parts, "lp")))
        else:
            said.append(joined(("+", lp(0)), ""))
        if won_gold:
            said.append(
                _("+{gold} ({sources})", gold=gold(won_gold), sources=_sources(parts, "gold"))
            )
        lines.append(joined((joined(said), "; ", lp(p["lp"]), "."), ""))
    return [public(joined(lines, "\n"))]


def _source(source: str, n: int) -> str:
    if source == WARS_SOURCE:
        return _("{n} for {wars}", n=n, wars=wars(n // WAR_LP))
    return joined((str(n), local(source)), " ")


def _sources(parts: list[tuple[int, str, str]], kind: str) -> str:
    return joined(_source(source, n) for n, k, source in parts if k == kind)


def resolve_income(state: PaperTalesState) -> list[Event]:
    """2 gold plus every Income ability, announced per player."""
    lines: list[str] = [_("Turn {turn}, Income:", turn=state["turn"])]
    for seat, p in enumerate(state["players"]):
        earned, parts = Kingdom(p).income()
        p["gold"] += earned
        shown = joined((joined((str(n), local(src)), " ") for n, src in parts), " + ")
        lines.append(
            _(
                "{name}: +{earned} ({parts}); {gold}.",
                name=state["names"][seat],
                earned=gold(earned),
                parts=shown,
                gold=gold(p["gold"]),
            )
        )
    return [public(joined(lines, "\n"), board=True)]
