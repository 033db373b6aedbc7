"""Per-chat records and openskill ratings, updated in the transaction that stores a result."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from games.base import Outcome
from storage.models import Rating, Result
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
    """Ratings move only for games of humans (see `rated_seats`)."""
    return rated_seats([(seat.user_id, seat.is_bot) for seat in table.seats])


def rated_seats(seats: Sequence[tuple[str | None, bool]]) -> bool:
    """No bot seat (a seat handed to a bot counts as abandoned), every seat a different person."""
    users = [user for user, _bot in seats]
    return (
        len(users) >= 2
        and all(not bot and user for user, bot in seats)
        and len(set(users)) == len(users)
    )


def ranked(rows: Iterable[Rating]) -> list[Rating]:
    """The leaderboard's order: rated players only, best first by `ordinal`, then by name."""
    return sorted((r for r in rows if r.rated), key=lambda r: (-ordinal(r), r.name))


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


@dataclass
class RatingHistory:
    """One game's ratings in one chat over time: after each rated game (numbered from 1), the
    rating of each player of that game."""

    games: int = 0
    names: dict[str, str] = field(default_factory=dict)
    """Each player's name at their last rated game."""
    points: dict[str, list[tuple[int, float, float]]] = field(default_factory=dict)
    """(game number, mu, sigma) of each player, in order."""
    now: dict[str, Rating] = field(default_factory=dict)

    def rating(self, user_id: str) -> Rating:
        row = self.now.get(user_id)
        if row is None:
            row = self.now[user_id] = Rating(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA, rated=0)
        return row


def history(results: Iterable[Result]) -> dict[str, RatingHistory]:
    """Each game's ratings over time, rated again from a chat's results in order by `rate`, as
    `record_result` rated them (a result stored without sides: every seat on its own)."""
    games: dict[str, RatingHistory] = {}
    for result in results:
        seats = [seat for seat in result.seats if isinstance(seat, dict)]
        if len(seats) != len(result.seats) or not rated_seats(
            [(seat.get("user_id"), bool(seat.get("bot"))) for seat in seats]
        ):
            continue
        kept = games.setdefault(result.game, RatingHistory())
        kept.games += 1
        users = [str(seat["user_id"]) for seat in seats]
        rows = {position: kept.rating(user) for position, user in enumerate(users)}
        scores = {
            position: float(seat.get("score", result.scores.get(str(seat.get("name")), 0)))
            for position, seat in enumerate(seats)
        }
        side_of = [int(seat.get("side", position)) for position, seat in enumerate(seats)]
        rate(Outcome(list(result.winners), scores), side_of, rows)
        for user, seat in zip(users, seats, strict=True):
            kept.names[user] = str(seat.get("name", user))
            row = kept.now[user]
            kept.points.setdefault(user, []).append((kept.games, row.mu, row.sigma))
    return games
