"""End-of-game money: the sheet's three objectives plus the Bank, per participant."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache

from games.i18n import Joined, _, _n
from games.memo import Memo
from games.papertown.catalog import OBJECTIVES, POWERS
from games.papertown.participants import name_of, names_and, who
from games.papertown.sheet import OLD_TOWN, WATER, neighbours
from games.papertown.state import ObjectiveId, PaperTownState, Sheet

BANK_MONEY = 3


@lru_cache(maxsize=64)
def _touching(colours: str, rows: int, cols: int, colour: str) -> frozenset[int]:
    """The cells of a sheet with a neighbour of this colour (a sheet never changes)."""
    table = neighbours(rows, cols)
    return frozenset(i for i in range(rows * cols) if any(colours[n] == colour for n in table[i]))


def _touching_count(sheet: Sheet, cells: set[int], colour: str) -> int:
    return len(cells & _touching(sheet["colours"], sheet["rows"], sheet["cols"], colour))


def largest_group(sheet: Sheet, cells: set[int]) -> int:
    """Size of the biggest group of own blocks connected through the 6 hex neighbours."""
    table = neighbours(sheet["rows"], sheet["cols"])
    left = set(cells)
    best = 0
    while left:
        stack = [left.pop()]
        size = 1
        while stack:
            for n in table[stack.pop()]:
                if n in left:
                    left.remove(n)
                    stack.append(n)
                    size += 1
        if size > best:
            best = size
    return best


def objective_score(sheet: Sheet, objective: ObjectiveId, cells: set[int]) -> int:
    """Money one objective pays for a participant's set of blocks."""
    cols = sheet["cols"]
    if objective == "harbor":
        return _touching_count(sheet, cells, WATER)
    if objective == "old-town":
        return _touching_count(sheet, cells, OLD_TOWN)
    if objective == "horizontal":
        return len({cell // cols for cell in cells})
    if objective == "vertical":
        return len({cell % cols for cell in cells})
    if objective == "bigger":
        return largest_group(sheet, cells) // 2
    per_row: dict[int, int] = {}
    for cell in cells:
        per_row[cell // cols] = per_row.get(cell // cols, 0) + 1
    return 2 * max(per_row.values(), default=0)


def bank_score(
    sheet: Sheet, claims: Sequence[int | None], p: int, cells: set[int], own_only: bool
) -> int:
    """3 per Bank block touching p's blocks (only Banks p claimed, in the own-banks variant)."""
    table = neighbours(sheet["rows"], sheet["cols"])
    total = 0
    for special, claimer in zip(sheet["specials"], claims, strict=True):
        if special["power"] != "bank" or (own_only and claimer != p):
            continue
        if any(n in cells for n in table[special["cell"]]):
            total += BANK_MONEY
    return total


def breakdown(state: PaperTownState, p: int) -> list[int]:
    """Money per objective (in sheet order), then the Bank."""
    cells = {i for i, who in enumerate(state["owner"]) if who == p}
    return _parts(state, p, cells)


MONEY_MEMO_LIMIT = 4096
_MONEY: Memo[Hashable, tuple[int, ...]] = Memo(MONEY_MEMO_LIMIT)
"""Breakdowns by sheet, Bank claims and a participant's blocks: a move changes one
participant's blocks, and every view shows everyone's money."""


def breakdowns(state: PaperTownState) -> list[list[int]]:
    """Every participant's `breakdown`, their blocks found in one pass over the sheet."""
    cells: list[set[int]] = [set() for _ in state["players"]]
    for i, owner in enumerate(state["owner"]):
        if owner is not None:
            cells[owner].add(i)
    sheet = state["sheet"]
    fixed = (
        sheet["colours"],
        sheet["rows"],
        sheet["cols"],
        tuple(sheet["objectives"]),
        tuple((special["cell"], special["power"]) for special in sheet["specials"]),
        tuple(state["claims"]),
        state["options"]["own_banks"],
    )
    money = []
    for p, own in enumerate(cells):
        key = (fixed, p, frozenset(own))
        found = _MONEY.find(key)
        if found is None:
            found = _MONEY.keep(key, tuple(_parts(state, p, own)))
        money.append(list(found))
    return money


def _parts(state: PaperTownState, p: int, cells: set[int]) -> list[int]:
    sheet = state["sheet"]
    parts = [objective_score(sheet, objective, cells) for objective in sheet["objectives"]]
    parts.append(bank_score(sheet, state["claims"], p, cells, state["options"]["own_banks"]))
    return parts


def total(state: PaperTownState, p: int) -> int:
    return sum(breakdown(state, p))


def powers_held(state: PaperTownState, p: int) -> int:
    """Ticked power boxes: the tie-break."""
    return sum(1 for claimer in state["claims"] if claimer == p)


def breakdown_line(state: PaperTownState, p: int) -> str:
    """One participant's money, objective by objective, for the final events and outcome."""
    parts = breakdown(state, p)
    titles = [OBJECTIVES[o].title for o in state["sheet"]["objectives"]] + [POWERS["bank"].title]
    if "bank" not in state["sheet"]["powers"]:
        parts, titles = parts[:-1], titles[:-1]
    items = Joined(
        (Joined((title, str(money)), " ") for title, money in zip(titles, parts, strict=True)),
        " + ",
    )
    return _n(
        "{name}: {items} = {total} Million; {n} special power.",
        "{name}: {items} = {total} Million; {n} special powers.",
        powers_held(state, p),
        name=who(state, p),
        items=items,
        total=sum(parts),
    )


def ranking(state: PaperTownState) -> tuple[list[int], dict[int, int], list[str]]:
    """Winners (seats), money per seat and the breakdown lines of the finished game."""
    players = state["players"]
    money = [total(state, p) for p in range(len(players))]
    lines = [breakdown_line(state, p) for p in range(len(players))]
    if state["options"]["solo"]:
        rivals = sum(money[1:])
        won = money[0] > rivals
        told = dict(
            name=name_of(players[0]), mine=money[0], v1=money[1], v2=money[2], rivals=rivals
        )
        if won:
            verdict = _(
                "{name} wins: {mine} against the virtual players' {v1} + {v2} = {rivals} "
                "(needs more than {rivals}).",
                **told,
            )
        else:
            verdict = _(
                "{name} does not win: {mine} against the virtual players' {v1} + {v2} = {rivals} "
                "(needs more than {rivals}).",
                **told,
            )
        lines.append(verdict)
        return ([0] if won else []), {0: money[0]}, lines
    best = max(money)
    leaders = [p for p in range(len(players)) if money[p] == best]
    if len(leaders) > 1:
        most = max(powers_held(state, p) for p in leaders)
        leaders = [p for p in leaders if powers_held(state, p) == most]
        names = names_and([name_of(players[p]) for p in leaders])
        if len(leaders) > 1:
            tie = _(
                "Tied at {best}: most special powers ({most}) for {names}, a shared win.",
                best=best,
                most=most,
                names=names,
            )
        else:
            tie = _(
                "Tied at {best}: most special powers ({most}) for {names}.",
                best=best,
                most=most,
                names=names,
            )
        lines.append(tie)
    return leaders, {p: money[p] for p in range(len(players))}, lines
