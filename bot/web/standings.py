"""What a chat's leaderboard page shows: per game, the stored ratings ranked as `/leaderboard`
ranks them, and each ranked player's rating after each rated game, rated again from the chat's
results. Free of aiohttp and HTML, so the referee builds it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import Audience
from bot.ratings import history, ranked
from games.registry import GAMES, engine_for
from storage.models import Rating, Result
from storage.rows import Chat


@dataclass(frozen=True)
class Standing:
    """One ranked player: their rating now, and after each rated game they played."""

    name: str
    mu: float
    sigma: float
    rated: int
    points: tuple[tuple[int, float, float], ...]
    """(the game's number among this chat's rated games of it, mu, sigma)."""


@dataclass(frozen=True)
class GameStandings:
    game: str
    title: str
    games: int
    """Rated games of it in this chat."""
    standings: tuple[Standing, ...]


@dataclass(frozen=True)
class LeaderboardPage:
    """What a chat's leaderboard page shows: each game with a rated player, by its key."""

    lang: str
    boards: tuple[GameStandings, ...]


def leaderboard_page(
    chat: Chat | None, rows: Sequence[Rating], results: Sequence[Result]
) -> LeaderboardPage:
    """The page's facts: the stored ratings ranked as `/leaderboard` ranks them, and their
    history rated again from the chat's results."""
    lang = Audience.of_chat({}, {}, chat.settings if chat is not None else {}, "").public()
    over_time = history(results)
    boards = []
    for game in sorted({r.game for r in rows if r.rated}):
        kept = over_time.get(game)
        standings = tuple(
            Standing(
                row.name,
                row.mu,
                row.sigma,
                row.rated,
                tuple(kept.points.get(row.user_id, ())) if kept is not None else (),
            )
            for row in ranked(r for r in rows if r.game == game)
        )
        title = engine_for(game).title if game in GAMES else game
        boards.append(GameStandings(game, title, kept.games if kept else 0, standings))
    return LeaderboardPage(lang, tuple(boards))
