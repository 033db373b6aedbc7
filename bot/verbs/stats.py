"""/stats and /leaderboard: this chat's finished games, wins and openskill ratings."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.context import Context, SharedVerb
from bot.ratings import ranked
from bot.replies import Public, Reply
from games.base import Arg, RuleError
from games.i18n import _, _n, joined
from games.registry import GAMES, engine_for
from storage.models import Rating

LEADERBOARD_LINES = 10
_MENTION = re.compile(r"^<@!?(\d+)>$")


def _title(game: str) -> str:
    return engine_for(game).title if game in GAMES else game


def _rating(row: Rating) -> str:
    if not row.rated:
        return _("not rated yet")
    return _("rating {mu} ±{sigma}", mu=f"{row.mu:.1f}", sigma=f"{row.sigma:.1f}")


def _player(rows: Sequence[Rating], ctx: Context) -> tuple[str, list[Rating]]:
    """The sender, a Discord mention, or a name as seated in this chat (case-insensitive)."""
    wanted = " ".join(ctx.inv.args).strip().lstrip("@")
    if not wanted:
        mine = [r for r in rows if r.user_id == ctx.inv.user_id]
        return (mine[0].name if mine else ctx.inv.user_name), mine
    match = _MENTION.match(" ".join(ctx.inv.args).strip())
    if match:
        found = [r for r in rows if r.user_id == match.group(1)]
    else:
        ids = {r.user_id for r in rows if r.name.casefold() == wanted.casefold()}
        if len(ids) > 1:
            raise RuleError(
                _("Several players here are called {name}; use a mention.", name=wanted)
            )
        found = [r for r in rows if r.user_id in ids]
    if not found:
        raise RuleError(_("{name} has no finished game in this chat.", name=wanted))
    return found[0].name, found


async def stats(ctx: Context) -> list[Reply]:
    rows = await ctx.repo.chat_ratings(ctx.inv.platform, ctx.inv.chat_id)
    name, mine = _player(rows, ctx)
    if not mine:
        return [Public(_("{name} has no finished game in this chat yet.", name=name))]
    games, wins = sum(r.games for r in mine), sum(r.wins for r in mine)
    lines: list[str] = [
        _(
            "{name}: {games}, {wins} in this chat.",
            name=name,
            games=_games(games),
            wins=_wins(wins),
        )
    ]
    for row in mine:
        lines.append(
            _(
                "  {game}: {games}, {wins}, {rating}",
                game=_title(row.game),
                games=_games(row.games),
                wins=_wins(row.wins),
                rating=_rating(row),
            )
        )
    return [Public(joined(lines, "\n"))]


def _games(n: int) -> str:
    return _n("{n} game", "{n} games", n)


def _wins(n: int) -> str:
    return _n("{n} win", "{n} wins", n)


def _board(game: str, rows: Sequence[Rating]) -> list[str]:
    lines: list[str] = [_("{game} leaderboard:", game=_title(game))]
    for place, row in enumerate(ranked(rows)[:LEADERBOARD_LINES], start=1):
        lines.append(
            _n(
                "  {place}. {name}: {mu} ±{sigma} ({n} rated game)",
                "  {place}. {name}: {mu} ±{sigma} ({n} rated games)",
                row.rated,
                place=place,
                name=row.name,
                mu=f"{row.mu:.1f}",
                sigma=f"{row.sigma:.1f}",
            )
        )
    return lines


async def leaderboard(ctx: Context) -> list[Reply]:
    """Ratings of this chat, best first by mu - 3 sigma; bots' and abandoned games never count."""
    game = ctx.inv.args[0].lower() if ctx.inv.args else None
    if game is not None and game not in GAMES:
        raise RuleError(
            _(
                "There is no game '{game}'; choose one of: {games}.",
                game=ctx.inv.args[0],
                games=", ".join(GAMES),
            )
        )
    if game is None and ctx.table is not None:
        game = ctx.table.game
    rows = await ctx.repo.chat_ratings(ctx.inv.platform, ctx.inv.chat_id, game)
    games = sorted({r.game for r in rows if r.rated})
    if not games:
        if game:
            text = _(
                "No rated {game} games in this chat yet (games with bots do not count).",
                game=_title(game),
            )
        else:
            text = _("No rated games in this chat yet (games with bots do not count).")
        return [Public(text)]
    lines: list[str] = []
    for key in games:
        lines += _board(key, [r for r in rows if r.game == key])
    lines.append(_("Sorted by rating minus three times its uncertainty."))
    if ctx.leaderboard_url is not None:
        url = ctx.leaderboard_url(ctx.inv.platform, ctx.inv.chat_id)
        lines.append(_("Ratings over time: {url}", url=url))
    return [Public(joined(lines, "\n"))]


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "stats",
        _("Games, wins and ratings of a player in this chat (yours by default)."),
        stats,
        args=(Arg("PLAYER", "player", _("A player's name."), required=False),),
        role="info",
        examples=("/stats", "/stats Ann"),
    ),
    SharedVerb(
        "leaderboard",
        _("This chat's ratings for a game (openskill; games with bots do not count)."),
        leaderboard,
        args=(Arg("GAME", "choice", _("The game."), required=False, choices=tuple(GAMES)),),
        role="info",
        examples=("/leaderboard", "/leaderboard gotown"),
    ),
)
