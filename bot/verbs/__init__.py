"""Every shared verb, grouped by concern (lobby, play, information, dice), and the routing of
an invocation to a shared verb, a chat-scoped game verb, or the table's game."""

from __future__ import annotations

from bot.context import Context, SharedVerb
from bot.pipeline import begin, bots_owe_a_move, resume_bots
from bot.replies import Reply
from bot.verbs import chat_settings, dice, info, lobby, play, presence, stats
from games.base import find_verb
from storage.models import TableStatus

DECLARED: tuple[SharedVerb, ...] = (
    *lobby.VERBS,
    *play.VERBS,
    *presence.VERBS,
    *info.VERBS,
    *stats.VERBS,
    *chat_settings.VERBS,
    *dice.VERBS,
)
SHARED: tuple[SharedVerb, ...] = tuple(
    entry for verb in DECLARED for entry in (verb, *verb.alias_entries())
)
"""Every shared verb, each alias (/r) right after the verb it stands for."""
SHARED_NAMES = frozenset(verb.name for verb in SHARED)


async def route(ctx: Context) -> list[Reply]:
    """Bots that still owe moves (a crash came between their transactions) go first, unless the
    game is ended (whatever its state: /end asks the engine nothing it need not)."""
    if ctx.inv.verb == "end" or not bots_owe_a_move(ctx.table):
        return await dispatch(ctx)
    assert ctx.table is not None
    resumed = await resume_bots(begin(ctx.repo, ctx.table, ctx.board_default))
    if ctx.table.status != TableStatus.ACTIVE:
        ctx.table = None
    return resumed + await dispatch(ctx)


async def dispatch(ctx: Context) -> list[Reply]:
    declared = find_verb(SHARED, ctx.inv.verb)
    if isinstance(declared, SharedVerb) and declared.alias_of:
        ctx.inv.verb = declared.alias_of  # a bare /r at a running table is the game's own /roll
        declared = find_verb(SHARED, ctx.inv.verb)
    if declared is not None and declared.handler is not None:
        if declared.name != "roll" or dice.rolls_dice(ctx):
            return await declared.handler(ctx)
        return await play.game_verb(ctx)
    engine = play.chat_engine(ctx)
    if engine is not None:
        return await play.chat_verb(ctx, engine)
    return await play.game_verb(ctx)
