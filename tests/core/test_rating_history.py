"""Ratings over time, rated again from stored results: the same numbers `record_result` left,
teams moving together, a result stored before seats kept their score and side still read."""

from __future__ import annotations

from bot.ratings import DEFAULT_MU, DEFAULT_SIGMA, history, rate
from games.base import Outcome
from storage.models import Rating, Result


def result(game: str, winners: list[int], seats: list[dict[str, object]]) -> Result:
    scores = {str(seat["name"]): seat.get("score", 0) for seat in seats}
    return Result(game=game, winners=winners, scores=scores, seats=seats)


def seat(name: str, score: int, side: int | None = None, bot: bool = False) -> dict[str, object]:
    kept: dict[str, object] = {"name": name, "bot": bot, "user_id": f"u:{name}", "score": score}
    if side is not None:
        kept["side"] = side
    return kept


def fresh() -> Rating:
    return Rating(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA, rated=0)


def test_teams_move_together_and_bot_games_are_left_out() -> None:
    teams = [seat("Ann", 5, 0), seat("Bob", 1, 1), seat("Cid", 5, 0), seat("Dee", 2, 1)]
    with_bot = [seat("Ann", 9), seat("Bot 1", 0, bot=True)]
    over_time = history([result("papercraft", [0, 2], teams), result("papercraft", [0], with_bot)])
    kept = over_time["papercraft"]
    rows = {position: fresh() for position in range(4)}
    rate(Outcome([0, 2], {0: 5, 1: 1, 2: 5, 3: 2}), [0, 1, 0, 1], rows)
    assert kept.games == 1
    assert kept.points["u:Ann"] == [(1, rows[0].mu, rows[0].sigma)]
    assert kept.points["u:Ann"] == kept.points["u:Cid"], "teammates move together"
    assert kept.points["u:Bob"][0][1] < DEFAULT_MU
    assert "u:Bot 1" not in kept.points


def test_an_older_result_reads_its_scores_by_name() -> None:
    old = [
        {"name": "Ann", "bot": False, "user_id": "u:Ann"},
        {"name": "Bob", "bot": False, "user_id": "u:Bob"},
    ]
    stored = Result(game="race", winners=[], scores={"Ann": 1, "Bob": 7}, seats=old)
    kept = history([stored])["race"]
    assert kept.points["u:Bob"][0][1] > DEFAULT_MU > kept.points["u:Ann"][0][1]
