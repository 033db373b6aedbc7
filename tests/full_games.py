"""Full games through any adapter's fake: every game's options for a quick but complete game,
players with real-looking ids and hostile names, and each human's next move chosen as the game's
own bot would choose it (so every game ends)."""

from __future__ import annotations

from bot.referee import Referee
from games.base import Rng
from games.registry import engine_for
from storage.models import TableStatus

GAMES = {
    "gotown": "gotown --short",
    "papertown": "papertown",
    "papertales": "papertales",
    "papercraft": "papercraft --points 300 --rounds 1",
    "skylines": "skylines",
}
BOTS = {"gotown": 1, "papertales": 1, "skylines": 2}
"""Bots seated beside the two humans: the largest boards (a full Skylines table)."""
HOSTILE = ("Bob & <Co>", "Zoë 🌸")
MAX_COMMANDS = 600


async def next_move(
    referee: Referee, platform: str, chat: str, step: int
) -> tuple[str, str, bool] | None:
    """(user id, command, whether it is a secret pick) of a human the game waits on, chosen as
    its bot would; None once the table's game is over."""
    table = await referee.store.queries.open_table(platform, chat)
    if table is None or table.status != TableStatus.ACTIVE or table.state is None:
        return None
    engine = engine_for(table.game)
    waiting = [s for s in engine.waiting(table.state) if not table.seats[s].is_bot]
    assert waiting, "the game waits on nobody who can move"
    seat = waiting[step % len(waiting)]
    move = engine.bot_move(table.state, seat, Rng(f"move{step}", 0))
    user = table.seats[seat].user_id
    assert user is not None
    return user, move.text, engine.secret(table.state, seat, move.verb)
