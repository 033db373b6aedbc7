"""/stats and /leaderboard: this chat's finished games, wins and openskill ratings."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.context import Context, SharedVerb
from bot.ratings import ordinal
from bot.replies import Public, Reply
from games.base import Arg, RuleError
from games.registry import GAMES, engine_for
from storage.models import Rating

LEADERBOARD_LINES = 10
_MENTION = re.compile(r"^<@!?(\d+)>$")


def _title(game: str) -> str:
    return engine_for(game).title if game in GAMES else game


def _rating(row: Rating) -> str:
    return f"rating {row.mu:.1f} ±{row.sigma:.1f}" if row.rated else "not rated yet"


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
            raise RuleError(f"Several players here are called {wanted}; use a mention.")
        found = [r for r in rows if r.user_id in ids]
    if not found:
        raise RuleError(f"{wanted} has no finished game in this chat.")
    return found[0].name, found


async def stats(ctx: Context) -> list[Reply]:
    rows = await ctx.repo.chat_ratings(ctx.inv.platform, ctx.inv.chat_id)
    name, mine = _player(rows, ctx)
    if not mine:
        return [Public(f"{name} has no finished game in this chat yet.")]
    games, wins = sum(r.games for r in mine), sum(r.wins for r in mine)
    lines = [f"{name}: {games} game(s), {wins} win(s) in this chat."]
    for row in mine:
        lines.append(
            f"  {_title(row.game)}: {row.games} game(s), {row.wins} win(s), {_rating(row)}"
        )
    return [Public("\n".join(lines))]


def _board(game: str, rows: Sequence[Rating]) -> list[str]:
    ranked = sorted((r for r in rows if r.rated), key=lambda r: (-ordinal(r), r.name))
    lines = [f"{_title(game)} leaderboard:"]
    for place, row in enumerate(ranked[:LEADERBOARD_LINES], start=1):
        lines.append(
            f"  {place}. {row.name}: {row.mu:.1f} ±{row.sigma:.1f} ({row.rated} rated game(s))"
        )
    return lines


async def leaderboard(ctx: Context) -> list[Reply]:
    """Ratings of this chat, best first by mu - 3 sigma; bots' and abandoned games never count."""
    game = ctx.inv.args[0].lower() if ctx.inv.args else None
    if game is not None and game not in GAMES:
        raise RuleError(f"There is no game '{ctx.inv.args[0]}'; choose one of: {', '.join(GAMES)}.")
    if game is None and ctx.table is not None:
        game = ctx.table.game
    rows = await ctx.repo.chat_ratings(ctx.inv.platform, ctx.inv.chat_id, game)
    games = sorted({r.game for r in rows if r.rated})
    if not games:
        scope = f"{_title(game)} " if game else ""
        return [Public(f"No rated {scope}games in this chat yet (games with bots do not count).")]
    lines: list[str] = []
    for key in games:
        lines += _board(key, [r for r in rows if r.game == key])
    lines.append("Sorted by rating minus three times its uncertainty.")
    return [Public("\n".join(lines))]


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "stats",
        "Games, wins and ratings of a player in this chat (yours by default).",
        stats,
        args=(Arg("PLAYER", "player", "A player's name.", required=False),),
        role="info",
        examples=("/stats", "/stats Ann"),
    ),
    SharedVerb(
        "leaderboard",
        "This chat's ratings for a game (openskill; games with bots do not count).",
        leaderboard,
        args=(Arg("GAME", "choice", "The game.", required=False, choices=tuple(GAMES)),),
        role="info",
        examples=("/leaderboard", "/leaderboard gotown"),
    ),
)
