"""Turn timers, /nudge, /kick, /rematch, /stats, /leaderboard and /settings through the console
(its simulated clock moves only with /wait) and through the referee directly."""

from __future__ import annotations

import io
from datetime import datetime, timedelta

import pytest
from sqlalchemy import text

from bot.adapters.console import Console
from bot.cli import make_referee
from bot.commands.parse import Invocation
from bot.durations import format_duration, parse_duration
from bot.ratings import DEFAULT_MU, DEFAULT_SIGMA, model, rate, sides, team_ranks
from bot.referee import Referee
from games.base import Outcome, RuleError
from storage.db import create_engine
from storage.models import Rating
from tests.core.transcript import channel, lines, outcome, run_lines, to

RACE = """
Ann: /new race --goal 20 --turn-time 2m
Bob: /join
Ann: /start
"""
T0 = datetime(2030, 1, 1, 12, 0)


def mentioned(records: list[dict], name: str) -> list[str]:
    return [r["text"] for r in records if name in r.get("mentions", [])]


def nudged(records: list[dict], name: str) -> list[str]:
    return [t for t in mentioned(records, name) if "nudges you" in t]


async def test_reminder_at_half_time_then_a_timeout_move_then_a_bot(console: Console) -> None:
    started = await run_lines(console, RACE)
    assert any("Each turn has 2m." in t for t in channel(started))
    records = await run_lines(console, "Ann: /wait 59s")
    assert channel(records) == []
    records = await run_lines(console, "Ann: /wait 1s")
    assert mentioned(records, "Ann") == ["Ann, Race is waiting for you; a bot moves for you in 1m."]
    records = await run_lines(console, "Ann: /wait 1m\nAnn: /status")
    texts = lines(records)
    assert texts[0] == "Ann's time is up; a bot moves for them."
    assert texts[1].startswith(("Ann steps to", "Ann draws a card."))
    assert mentioned(records, "Bob"), "Bob's turn has come: he is pinged"
    assert "2. Bob <- to act" in channel(records)[-1] and "Ann (bot)" not in texts[-1]
    records = await run_lines(console, "Bob: /step 1\nBob: /wait 2m\nBob: /status")
    assert channel(records)[1].startswith("Ann, Race is waiting for you")
    assert channel(records)[2].startswith("Ann's time is up again (2 turns in a row)")
    assert "1. Ann (bot)" in channel(records)[-1]


async def test_a_player_who_plays_again_is_forgiven_and_timers_restart(console: Console) -> None:
    await run_lines(console, RACE)
    await run_lines(console, "Ann: /wait 2m")  # Ann times out once; Bob's clock starts now
    records = await run_lines(console, "Bob: /wait 1m30s\nBob: /step 1")
    assert mentioned(records, "Bob")  # reminded at 1m; he plays before 2m
    records = await run_lines(console, "Ann: /step 1\nBob: /wait 1m59s")
    assert [t for t in lines(records) if "time is up" in t] == []
    records = await run_lines(console, "Ann: /wait 1s")
    assert lines(records)[0] == "Bob's time is up; a bot moves for them."
    records = await run_lines(console, "Ann: /wait 2m")  # Ann's second timeout, not in a row
    assert [t for t in lines(records) if "time is up" in t] == [
        "Ann's time is up; a bot moves for them."
    ]


async def test_a_simultaneous_phase_times_out_each_seat_that_owes_a_choice(
    console: Console,
) -> None:
    await run_lines(console, "Ann: /new secret --turn-time 1m\nBob: /join\nCid: /join\nAnn: /start")
    records = await run_lines(console, "Ann: /pick 5\nAnn: /wait 30s")
    assert [(r["text"], r["mentions"]) for r in records if "mentions" in r] == [
        ("Bob and Cid, Secret is waiting for you; a bot moves for you in 30s.", ["Bob", "Cid"])
    ]
    records = await run_lines(console, "Ann: /wait 30s")
    texts = lines(records)
    assert "Bob's time is up; a bot moves for them." in texts
    assert "Cid's time is up; a bot moves for them." in texts
    assert any(t.startswith("Revealed: Ann 5") for t in texts)
    assert [t for t in texts if "Ann's time" in t] == []


async def test_a_deadline_passed_while_down_fires_once_at_the_next_start(db_url: str) -> None:
    now = [T0]
    first = await make_referee(db_url, seed="r")
    first.clock = lambda: now[0]
    for user, verb, *args in (("a", "new", "race", "--turn-time", "10m"), ("b", "join"),
                              ("a", "start")):  # fmt: skip
        await first.handle(Invocation("test", "down", user, user, verb, list(args)))
    await first.close()

    now[0] = T0 + timedelta(hours=1)
    second = await make_referee(db_url, seed="r")
    second.clock = lambda: now[0]
    try:
        fired = await second.sweep()
        again = await second.sweep()
        assert [n.chat_id for n in fired] == ["down"]
        texts = [line for r in fired[0].replies for line in r.text.split("\n")]
        assert texts[0] == "a's time is up; a bot moves for them."
        assert not any("waiting for you" in t for t in texts)  # the late reminder is skipped
        assert again == []
        assert await timeout_actions(db_url) == 1
    finally:
        await second.close()


async def timeout_actions(db_url: str) -> int:
    engine = create_engine(db_url)
    async with engine.connect() as connection:
        count = await connection.execute(
            text("select count(*) from actions where cause = 'timeout'")
        )
        value = int(count.scalar_one())
    await engine.dispose()
    return value


async def test_nudge_mentions_whoever_the_game_waits_on_once_per_turn(console: Console) -> None:
    await run_lines(console, "Ann: /new race\nBob: /join\nAnn: /start")
    records = await run_lines(console, "Bob: /nudge\nBob: /nudge\nAnn: /nudge")
    assert nudged(records, "Ann") == ["Ann: Bob nudges you, the game is waiting for you."]
    assert to(records, "Bob") == [
        "Someone has nudged already this turn; a turn timer does the rest."
    ]
    assert to(records, "Ann")[0].startswith("Someone has nudged already")
    records = await run_lines(console, "Ann: /step 1\nAnn: /nudge\nBob: /step 1\nBob: /nudge")
    assert nudged(records, "Bob") == ["Bob: Ann nudges you, the game is waiting for you."]
    assert nudged(records, "Ann") == ["Ann: Bob nudges you, the game is waiting for you."]


async def test_kick_is_a_vote_of_the_other_seated_humans(console: Console) -> None:
    await run_lines(console, "Ann: /new race\nBob: /join\nCid: /join\nAnn: /start\nAnn: /step 1")
    records = await run_lines(console, "Ann: /kick Bob\nBob: /kick Bob\nDee: /kick Bob")
    assert channel(records)[0].startswith("Ann votes to hand Bob's seat to a bot; 1 more vote")
    assert to(records, "Bob")[0].startswith("There is no player 'Bob' to choose")
    assert to(records, "Dee")[0].startswith("You are not seated")
    records = await run_lines(console, "Cid: /kick bob\nCid: /status")
    assert channel(records)[0] == (
        "Cid asks for a bot in Bob's seat, but this table has no turn timer, so Bob keeps it; "
        "the players may /end the game instead."
    ), "a majority never seats a bot before the player's timer has run out"
    assert "2. Bob <- to act" in channel(records)[-1]


async def test_a_kick_vote_lapses_when_the_player_plays(console: Console) -> None:
    await run_lines(console, "Ann: /new race\nBob: /join\nCid: /join\nAnn: /start\nAnn: /step 1")
    await run_lines(console, "Ann: /kick Bob\nBob: /step 1")
    records = await run_lines(console, "Cid: /kick Bob")
    assert channel(records)[0].startswith("Cid votes to hand Bob's seat to a bot; 1 more vote")


async def win(console: Console, winner: str, loser: str) -> None:
    """A Race to 3 that `winner` wins; `winner` moves first."""
    records = await run_lines(console, f"{winner}: /step 3")
    assert outcome(records)["outcome"]["winners"] == [winner]


async def test_rematch_stats_and_leaderboard_after_a_few_games(console: Console) -> None:
    await run_lines(console, "Ann: /new race --goal 3\nBob: /join\nAnn: /start")
    await win(console, "Ann", "Bob")
    records = await run_lines(console, "Bob: /rematch")
    assert channel(records)[0].startswith("Bob asks for a rematch of Race: Ann (press Join), Bob.")
    records = await run_lines(console, "Bob: /start")  # Ann did not confirm: left out
    assert to(records, "Bob") == [
        "Race needs 2 to 4 players and 1 is seated; /join or /addbot first."
    ]
    records = await run_lines(console, "Ann: /join\nAnn: /start")
    assert channel(records)[0] == "Ann is in for the rematch. Everyone is in; /start."
    assert any(t.startswith("Race starts: Ann, Bob.") for t in channel(records))
    await run_lines(console, "Ann: /step 1")
    records = await run_lines(console, "Bob: /step 3")
    assert outcome(records)["outcome"]["winners"] == ["Bob"]
    await run_lines(console, "Ann: /rematch\nBob: /join\nAnn: /start")
    await win(console, "Ann", "Bob")
    # A game with a bot counts as a game but moves no rating.
    await run_lines(console, "Ann: /new race --goal 3\nAnn: /addbot\nAnn: /start")
    await win(console, "Ann", "Bot 1")

    stats = channel(await run_lines(console, "Bob: /stats Ann"))[0].splitlines()
    assert stats[0] == "Ann: 4 games, 3 wins in this chat."
    assert stats[1].startswith("  Race: 4 games, 3 wins, rating ")
    mine = channel(await run_lines(console, "Bob: /stats"))[0]
    assert mine.startswith("Bob: 3 games, 1 win in this chat.")
    board = channel(await run_lines(console, "Bob: /leaderboard race"))[0].splitlines()
    assert board[0] == "Race leaderboard:"
    assert board[1].startswith("  1. Ann: ") and board[1].endswith("(3 rated games)")
    assert board[2].startswith("  2. Bob: ") and board[2].endswith("(3 rated games)")
    ann, bob = (float(line.split(": ")[1].split(" ")[0]) for line in board[1:3])
    assert ann > DEFAULT_MU > bob
    assert "Bot 1" not in "\n".join(board)
    nobody = channel(await run_lines(console, "Bob: /leaderboard secret"))[0]
    assert nobody.startswith("No rated Secret games in this chat yet")


async def test_teams_share_a_rank_and_the_best_score_orders_the_rest() -> None:
    assert sides({"teams": [0, 1, 0, 1]}, 4) == [0, 1, 0, 1]
    assert sides({"names": ["a", "b"]}, 2) == [0, 1]
    outcome = Outcome([1, 3], {0: 5, 1: 9, 2: 7, 3: 1})
    assert team_ranks(outcome, [0, 1, 0, 1]) == {1: 1, 0: 2}
    free_for_all = Outcome([0], {0: 9, 1: 4, 2: 6, 3: 6})
    assert team_ranks(free_for_all, [0, 1, 2, 3]) == {0: 1, 1: 4, 2: 2, 3: 2}


async def test_a_team_win_moves_both_teammates_up_and_both_opponents_down() -> None:
    rows = {
        seat: Rating(user_id=str(seat), name=str(seat), games=1, wins=0, rated=0,
                     mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)
        for seat in range(4)
    }  # fmt: skip
    rate(Outcome([0, 2], {0: 30, 1: 10, 2: 30, 3: 10}), sides({"teams": [0, 1, 0, 1]}, 4), rows)
    assert rows[0].mu == rows[2].mu > DEFAULT_MU > rows[1].mu == rows[3].mu
    assert all(row.rated == 1 and row.sigma < DEFAULT_SIGMA for row in rows.values())


async def test_settings_are_per_chat_and_override_the_config(console: Console) -> None:
    records = await run_lines(console, "Ann: /settings")
    assert channel(records)[0].splitlines()[1:5] == [
        "  board: auto (default)",
        "  language: en (default)",
        "  turn-time: off (default)",
        "  games: all",
    ]
    records = await run_lines(
        console,
        "Ann: /settings board image\nAnn: /settings language de\n"
        "Ann: /settings turn-time 5m\nAnn: /settings games race, gotown\nAnn: /settings colour red\n"
        "Ann: /settings language pl",
    )
    assert channel(records) == [
        "Ann set board to image for this chat.",
        "Ann set turn-time to 5m for this chat.",
        "Ann set games to gotown, race for this chat.",
        "Ann ustawia język na pl dla tego czatu.",  # from now on the chat speaks Polish
    ]
    assert to(records, "Ann") == [
        "language must be one of: en, pl.",
        "There is no setting colour; the settings are board, language, turn-time, games.",
    ]
    records = await run_lines(console, "Ann: /new secret\nAnn: /new race\nBob: /join\nAnn: /start")
    assert to(records, "Ann") == ["W tym czacie gra się tylko w: gotown, race (zobacz /settings)."]
    assert any("Każda tura trwa 5m." in t for t in channel(records))
    board = await console.referee.handle(
        Invocation("console", "console", "console:ann", "Ann", "board", [])
    )
    assert board[0].image, "the chat's board setting wins over the config's auto"
    records = await run_lines(console, "Ann: /settings board default\nAnn: /settings")
    assert "  plansza: automatyczna (domyślnie)" in channel(records)[1]


async def test_only_an_admin_changes_settings(referee: Referee) -> None:
    def inv(*args: str, admin: bool) -> Invocation:
        return Invocation("test", "adm", "u1", "Una", "settings", list(args), admin=admin)

    refused = await referee.handle(inv("board", "image", admin=False))
    assert refused[0].text.startswith("Only an admin of this chat can change its settings")
    shown = await referee.handle(inv(admin=False))
    assert "  board: auto (default)" in shown[0].text
    assert (await referee.handle(inv("board", "image", admin=True)))[0].text == (
        "Una set board to image for this chat."
    )


def test_durations() -> None:
    assert [parse_duration(t) for t in ("90s", "10m", "1h30m", "2", "off")] == [
        90,
        600,
        5400,
        120,
        0,
    ]
    assert format_duration(5400) == "1h30m" and format_duration(0) == "off"
    for bad in ("soon", "5s", "8d", "10m5", "9" * 4301, "9" * 4301 + "m"):  # past int()
        with pytest.raises(RuleError):
            parse_duration(bad)


async def test_console_wait_refuses_a_bad_duration(console: Console) -> None:
    records = await run_lines(console, "Ann: /wait later")
    assert to(records, "Ann") == ["'later' is not a duration; write e.g. 90s, 10m, 2h, 1d or off."]
    assert isinstance(console.out, io.StringIO)


def test_a_new_players_rating_is_openskills_own_default() -> None:
    """The defaults are written out (openskill loads only when a game ends); they must stay the
    model's, so a rating read back and one the model starts agree."""
    from openskill.models import PlackettLuce

    fresh = PlackettLuce().rating()
    assert (fresh.mu, fresh.sigma) == (DEFAULT_MU, DEFAULT_SIGMA)
    assert (model().mu, model().sigma) == (fresh.mu, fresh.sigma)
