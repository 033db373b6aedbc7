"""Absent players: /nudge pings whoever the game waits on; /kick votes a seat over to a bot."""

from __future__ import annotations

from bot.context import Context, SharedVerb, seat_of
from bot.pipeline import begin, play
from bot.replies import Mention, Public, Reply
from bot.timers import mention
from games.base import Arg, RuleError, seat_by_name
from games.i18n import _, _n
from games.registry import engine_for
from storage.models import TableStatus


async def nudge(ctx: Context) -> list[Reply]:
    """Once per turn: the turn ends when the set of seats the game waits on changes."""
    table = ctx.need_table(TableStatus.ACTIVE)
    if table.settings.get("nudged"):
        raise RuleError(_("Someone has nudged already this turn; a turn timer does the rest."))
    waiting = engine_for(table.game).waiting(table.state)
    humans = [s for s in waiting if not table.seats[s].is_bot]
    if not humans:
        raise RuleError(_("The game waits on no player now; the bots move with the next command."))
    if humans == [seat_of(table, ctx.inv.user_id)]:
        raise RuleError(_("The game is waiting for you."))
    ctx.repo.update_settings(table, nudged=True, waiting=sorted(waiting))
    mentions: list[Mention] = [m for m in (mention(table, s) for s in humans) if m]
    names = ", ".join(table.seats[s].name for s in humans)
    return [
        Public(
            _(
                "{names}: {name} nudges you, the game is waiting for you.",
                names=names,
                name=ctx.inv.user_name,
            ),
            mentions=tuple(mentions),
        )
    ]


MIN_KICK_VOTES = 2
"""Votes a kick needs at least: at a table of two humans one player alone never takes the other's
seat; the other's turn timer decides."""


async def kick(ctx: Context) -> list[Reply]:
    """A majority of the other seated humans (at least two) votes; the seat goes to a bot only once
    the player's turn timer has run out: now if it already has, else at their next timeout."""
    table = ctx.need_table(TableStatus.ACTIVE)
    voter = ctx.need_seat(table)
    if not ctx.inv.args:
        raise RuleError(_("Say whose seat a bot should take: /kick NAME."))
    names = [s.name for s in table.seats]
    target = seat_by_name(names, " ".join(ctx.inv.args), exclude=voter)
    player = table.seats[target]
    if player.is_bot:
        raise RuleError(_("{name} is already a bot.", name=player.name))
    others = {s.user_id for s in table.seats if not s.is_bot and s.user_id and s is not player}
    kick = table.settings.get("kick") or {}
    votes = set(kick.get("votes", [])) if kick.get("seat") == target else set()
    votes = (votes | {ctx.inv.user_id}) & others
    need = max(len(others) // 2 + 1, MIN_KICK_VOTES)
    timed_out = int((table.settings.get("strikes") or {}).get(str(target), 0)) > 0
    if len(votes) >= need and timed_out:
        return await _hand_over(ctx, target)
    passed = len(votes) >= need or len(others) < MIN_KICK_VOTES
    ctx.repo.update_settings(table, kick={"seat": target, "votes": sorted(votes), "passed": passed})
    mentions = tuple(m for m in (mention(table, target),) if m)
    if passed:
        timer = bool(table.settings.get("turn_time"))
        text = (
            _(
                "{name} asks for a bot in {player}'s seat: it takes the seat when {player}'s turn "
                "timer runs out. {player} keeps the seat by playing.",
                name=ctx.inv.user_name,
                player=player.name,
            )
            if timer
            else _(
                "{name} asks for a bot in {player}'s seat, but this table has no turn timer, so "
                "{player} keeps it; the players may /end the game instead.",
                name=ctx.inv.user_name,
                player=player.name,
            )
        )
        return [Public(text, mentions=mentions)]
    return [
        Public(
            _n(
                "{name} votes to hand {player}'s seat to a bot; {n} more vote needed "
                "(/kick {player}). {player} keeps the seat by playing.",
                "{name} votes to hand {player}'s seat to a bot; {n} more votes needed "
                "(/kick {player}). {player} keeps the seat by playing.",
                need - len(votes),
                name=ctx.inv.user_name,
                player=player.name,
            ),
            mentions=mentions,
        )
    ]


async def _hand_over(ctx: Context, target: int) -> list[Reply]:
    table = ctx.need_table(TableStatus.ACTIVE)
    player = table.seats[target]
    player.is_bot = True
    ctx.repo.update_settings(table, kick=None)
    ctx.repo.bump(table)
    turn = begin(ctx.repo, table, ctx.board_default)
    turn.replies.append(
        Public(_("The players voted: a bot plays {name}'s seat from now on.", name=player.name))
    )
    return await play(turn)


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "nudge",
        _("Remind whoever the game is waiting for (once per turn)."),
        nudge,
        examples=("/nudge",),
    ),
    SharedVerb(
        "kick",
        _("Vote to hand an absent player's seat to a bot (the other players decide)."),
        kick,
        args=(Arg("NAME", "player", _("The absent player.")),),
        examples=("/kick Bob",),
    ),
)
