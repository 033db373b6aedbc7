"""Absent players: /nudge pings whoever the game waits on; /kick votes a seat over to a bot."""

from __future__ import annotations

from bot.context import Context, SharedVerb, seat_of
from bot.pipeline import begin, play
from bot.replies import Mention, Public, Reply
from bot.timers import mention
from games.base import Arg, RuleError, seat_by_name
from games.registry import engine_for
from storage.models import TableStatus


async def nudge(ctx: Context) -> list[Reply]:
    """Once per turn: the turn ends when the set of seats the game waits on changes."""
    table = ctx.need_table(TableStatus.ACTIVE)
    if table.settings.get("nudged"):
        raise RuleError("Someone has nudged already this turn; a turn timer does the rest.")
    waiting = engine_for(table.game).waiting(table.state)
    humans = [s for s in waiting if not table.seats[s].is_bot]
    if not humans:
        raise RuleError("The game waits on no player now; the bots move with the next command.")
    if humans == [seat_of(table, ctx.inv.user_id)]:
        raise RuleError("The game is waiting for you.")
    ctx.repo.update_settings(table, nudged=True, waiting=sorted(waiting))
    mentions: list[Mention] = [m for m in (mention(table, s) for s in humans) if m]
    names = ", ".join(table.seats[s].name for s in humans)
    return [
        Public(
            f"{names}: {ctx.inv.user_name} nudges you, the game is waiting for you.",
            mentions=tuple(mentions),
        )
    ]


async def kick(ctx: Context) -> list[Reply]:
    """The other seated humans vote; a strict majority of them hands the seat to a bot."""
    table = ctx.need_table(TableStatus.ACTIVE)
    voter = ctx.need_seat(table)
    if not ctx.inv.args:
        raise RuleError("Say whose seat a bot should take: /kick NAME.")
    names = [s.name for s in table.seats]
    target = seat_by_name(names, " ".join(ctx.inv.args), exclude=voter)
    player = table.seats[target]
    if player.is_bot:
        raise RuleError(f"{player.name} is already a bot.")
    others = {s.user_id for s in table.seats if not s.is_bot and s.user_id and s is not player}
    kick = table.settings.get("kick") or {}
    votes = set(kick.get("votes", [])) if kick.get("seat") == target else set()
    votes = (votes | {ctx.inv.user_id}) & others
    if len(votes) * 2 <= len(others):
        ctx.repo.update_settings(table, kick={"seat": target, "votes": sorted(votes)})
        need = len(others) // 2 + 1 - len(votes)
        return [
            Public(
                f"{ctx.inv.user_name} votes to hand {player.name}'s seat to a bot; {need} more "
                f"vote(s) needed (/kick {player.name}). {player.name} keeps the seat by playing.",
                mentions=tuple(m for m in (mention(table, target),) if m),
            )
        ]
    player.is_bot = True
    ctx.repo.update_settings(table, kick=None)
    ctx.repo.bump(table)
    turn = begin(ctx.repo, table, ctx.board_default)
    turn.replies.append(Public(f"The players voted: a bot plays {player.name}'s seat from now on."))
    return await play(turn)


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "nudge",
        "Remind whoever the game is waiting for (once per turn).",
        nudge,
        examples=("/nudge",),
    ),
    SharedVerb(
        "kick",
        "Vote to hand an absent player's seat to a bot (the other players decide).",
        kick,
        args=(Arg("NAME", "player", "The absent player."),),
        examples=("/kick Bob",),
    ),
)
