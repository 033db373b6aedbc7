"""Per-chat records and openskill ratings, updated in the transaction that stores a result."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from games.base import Outcome
from storage.models import Rating
from storage.rows import Table
from storage.work import Work

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3
"""A new player's rating: openskill's own defaults, given to the model explicitly."""


@cache
def model() -> PlackettLuce:
    """openskill's model, loaded when a game first ends: its compiled module is ~25 ms of a
    console start that only a rated result needs."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)


def ordinal(rating: Rating) -> float:
    """The conservative estimate (mu - 3 sigma) leaderboards sort by."""
    return rating.mu - 3 * rating.sigma


def sides(state: Any, seats: int) -> list[int]:
    """Each seat's side: the game's `teams` (Papercraft 2v2), else every seat alone."""
    teams = state.get("teams") if isinstance(state, dict) else None
    if isinstance(teams, list) and len(teams) == seats:
        return [int(team) for team in teams]
    return list(range(seats))


def team_ranks(outcome: Outcome, side_of: Sequence[int]) -> dict[int, int]:
    """Rank 1 for the winners' sides, then the others by their best score (ties share a rank)."""
    won = {side_of[seat] for seat in outcome.winners}
    best: dict[int, float] = {}
    for seat, side in enumerate(side_of):
        best[side] = max(best.get(side, float("-inf")), float(outcome.scores.get(seat, 0)))
    ranks = {side: 1 for side in won}
    for side, score in best.items():
        if side not in won:
            ranks[side] = 2 + sum(1 for o, s in best.items() if o not in won and s > score)
    return ranks


def rated(table: Table) -> bool:
    """Ratings move only for games of humans: no bot seat (a seat handed to a bot counts as
    abandoned), every seat a different person."""
    users = [seat.user_id for seat in table.seats]
    return (
        len(users) >= 2
        and all(not seat.is_bot and seat.user_id for seat in table.seats)
        and len(set(users)) == len(users)
    )


async def record_result(repo: Work, table: Table, outcome: Outcome, state: Any) -> None:
    """Count the game and the wins of each human seat; move ratings when the game is rated."""
    humans = [seat for seat in table.seats if not seat.is_bot and seat.user_id]
    if not humans:
        return
    ids = [seat.user_id for seat in humans if seat.user_id]
    known = await repo.ratings(table.platform, table.chat_id, table.game, ids)
    rows: dict[int, Rating] = {}
    for seat in humans:
        assert seat.user_id is not None
        row = known.get(seat.user_id)
        if row is None:
            row = Rating(
                platform=table.platform,
                chat_id=table.chat_id,
                game=table.game,
                user_id=seat.user_id,
                name=seat.name,
                games=0,
                wins=0,
                rated=0,
                mu=DEFAULT_MU,
                sigma=DEFAULT_SIGMA,
            )
            repo.add_rating(row)
            known[seat.user_id] = row
        row.name = seat.name
        row.games += 1
        row.wins += seat.position in outcome.winners
        rows[seat.position] = row
    if rated(table):
        rate(outcome, sides(state, len(table.seats)), rows)


def rate(outcome: Outcome, side_of: list[int], rows: dict[int, Rating]) -> None:
    """Plackett-Luce over the sides: teammates move together, every seat's mu and sigma updated."""
    order = sorted(set(side_of))
    if len(order) < 2:
        return
    ranks = team_ranks(outcome, side_of)
    members = [[seat for seat in range(len(side_of)) if side_of[seat] == side] for side in order]
    plackett_luce = model()
    teams = [[plackett_luce.rating(rows[s].mu, rows[s].sigma) for s in group] for group in members]
    new = plackett_luce.rate(teams, ranks=[ranks[side] for side in order])
    for group, ratings in zip(members, new, strict=True):
        for seat, rating in zip(group, ratings, strict=True):
            rows[seat].mu, rows[seat].sigma = rating.mu, rating.sigma
            rows[seat].rated += 1
