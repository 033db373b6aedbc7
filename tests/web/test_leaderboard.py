"""A chat's leaderboard page after a few finished games: the ranking `/leaderboard` says, each
player's rating after each rated game, nobody without a rated game, forged links refused."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from bot.ratings import DEFAULT_MU, DEFAULT_SIGMA, model
from bot.web import links
from tests.web.conftest import Bot
from tests.web.test_pages import fetch

GAMES = (("Ann", "Bob"), ("Bob", "Ann"), ("Ann", "Bob"))
"""(winner, loser) of each Race to 3, the winner seated first (seat 0 moves first)."""


def race(bot: Bot, winner: str, loser: str) -> None:
    bot.say(f"{winner}: /new race --goal 3")
    bot.say(f"{loser}: /join")
    bot.say(f"{winner}: /start")
    bot.say(f"{winner}: /step 3")


def cells(html: str, table: str) -> list[list[str]]:
    """The rows of the table with this class, each cell's text."""
    body = html.split(f'class="{table}"', 1)[1].split("</table>", 1)[0]
    return [
        [
            unescape(re.sub("<[^>]+>", "", cell))
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", body)
    ]


def played(bot: Bot) -> tuple[str, list[str]]:
    """Three rated games of Ann and Bob, one of Cid against a bot (not rated) and Dee seated at
    a game not finished; then /leaderboard: its page's link and its text's lines."""
    for winner, loser in GAMES:
        race(bot, winner, loser)
    bot.say("Cid: /new race --goal 3")
    bot.say("Cid: /addbot")
    bot.say("Cid: /start")
    bot.say("Cid: /step 3")
    bot.say("Dee: /new race --goal 3")
    bot.say("Eve: /join")
    bot.say("Dee: /start")
    bot.say("Dee: /leaderboard race")
    record: dict[str, Any] = bot.records()[-1]
    return record["page"], record["text"].splitlines()


def test_the_page_ranks_as_leaderboard_says_and_draws_each_rating_in_order(bot: Bot) -> None:
    url, said = played(bot)
    status, html = fetch(url)
    assert status == 200
    ranking = cells(html, "ranking")
    assert [row[1] for row in ranking[1:]] == ["Ann", "Bob"]
    for (place, name, rating, games), line in zip(ranking[1:], said[1:3], strict=True):
        assert line == f"  {place}. {name}: {rating} ({games} rated games)"
    for absent in ("Cid", "Dee", "Eve", "Bot 1"):
        assert absent not in html, f"{absent} has no rated game"
    points = cells(html, "points")
    assert points[0] == ["After game", "Ann", "Bob"]
    assert [row[0] for row in points[1:]] == ["1", "2", "3"]
    plackett_luce = model()
    ann, bob = (plackett_luce.rating(DEFAULT_MU, DEFAULT_SIGMA) for _ in range(2))
    for row, (winner, _loser) in zip(points[1:], GAMES, strict=True):
        first, second = (ann, bob) if winner == "Ann" else (bob, ann)
        [[first], [second]] = plackett_luce.rate([[first], [second]], ranks=[1, 2])
        ann, bob = (first, second) if winner == "Ann" else (second, first)
        assert row[1:] == [f"{ann.mu:.1f} ±{ann.sigma:.1f}", f"{bob.mu:.1f} ±{bob.sigma:.1f}"]
    assert ranking[1][2] == points[-1][1] and ranking[2][2] == points[-1][2]
    markers = re.findall(r"<title>(Ann|Bob) after game (\d)", html)
    expected = [(name, str(n)) for name in ("Ann", "Bob") for n in (1, 2, 3)]
    assert markers == expected, "every point of the chart is named in words"


def test_a_forged_or_foreign_leaderboard_link_is_refused(bot: Bot) -> None:
    url, _said = played(bot)
    token = url.rsplit("/", 1)[1]
    body, _, mac = token.partition(".")
    other = links.sign_chat(b"another secret", "console", "console")
    player = links.sign(bot.web.secret, links.Player(1, "console:ann", "Ann", 2**40))
    elsewhere = links.sign_chat(bot.web.secret, "console", "another chat")
    for refused in (f"{body}.{mac[::-1]}", other, player, "x", f"{body}."):
        status, html = fetch(f"{bot.web.public_url}/l/{refused}")
        assert status == 403 and "Ann" not in html, refused
    status, html = fetch(f"{bot.web.public_url}/l/{elsewhere}")
    assert status == 200 and "Ann" not in html and "No rated games" in html


def test_the_page_fits_a_phone_and_its_table_opens_by_keyboard(bot: Bot, phone: Any) -> None:
    url, _said = played(bot)
    page = phone.new_page()
    page.goto(url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    chart = page.locator("svg.chart").bounding_box()
    assert chart is not None and chart["width"] <= 390 and chart["height"] > 100
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.locator("table.points").is_visible(), "the chart's table opens from the keyboard"
    page.screenshot(path="/tmp/leaderboard.png", full_page=True)


def test_a_platform_bots_leaderboard_reply_carries_the_link(bot: Bot) -> None:
    bot.referee.leaderboard_url = bot.web.leaderboard_url
    _url, said = played(bot)
    assert said[-1].startswith("Ratings over time: ")
    status, html = fetch(said[-1].split(": ", 1)[1])
    assert status == 200 and "Ann" in html
