"""Turn timers: one SQL deadline per idle human seat, kept in step after every command and
fired by a sweep (a reminder at half time, then a bot moves for the seat)."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta
from typing import Any

from bot.durations import format_duration
from bot.pipeline import act, begin, play
from bot.replies import Public, Reply
from games.base import RuleError
from games.i18n import _, _n
from games.registry import engine_for
from storage.models import Deadline, TableStatus
from storage.rows import Table
from storage.work import Work

log = logging.getLogger(__name__)

TIMEOUTS_TO_BOT = 2
"""Consecutive timeouts after which a bot keeps the seat for the rest of the game."""
MAX_TIMEOUT_MOVES = 50
"""Moves a timed-out seat's bot may make before the seat's clock simply starts again."""


def mention(table: Table, seat: int) -> tuple[str, str] | None:
    player = table.seats[seat]
    return (player.user_id, player.name) if player.user_id and not player.is_bot else None


def kicked(settings: dict[str, object], seat: int) -> bool:
    """Whether the players asked for a bot in this seat (it takes it at the seat's timeout)."""
    kick = settings.get("kick")
    return isinstance(kick, dict) and kick.get("seat") == seat and bool(kick.get("passed"))


def _humans(table: Table, seats: list[int]) -> list[int]:
    return [s for s in seats if s < len(table.seats) and not table.seats[s].is_bot]


async def reschedule(repo: Work, table: Table, now: datetime, active: int | None) -> None:
    """After a command: every human seat the game waits on has a deadline; one that acted
    (`active`) starts afresh and is forgiven its timeouts; seats no longer waited on lose theirs."""
    settings: dict[str, Any] = table.settings
    changes: dict[str, Any] = {}
    running = table.status == TableStatus.ACTIVE and table.state is not None
    waiting = sorted(engine_for(table.game).waiting(table.state)) if running else []
    if waiting != settings.get("waiting", []):
        changes |= {"waiting": waiting, "nudged": False}
    if active is not None:
        strikes = settings.get("strikes") or {}
        if str(active) in strikes:
            changes["strikes"] = {k: v for k, v in strikes.items() if k != str(active)}
        kick = settings.get("kick")
        if kick and kick.get("seat") == active:
            changes["kick"] = None
    seconds = int(settings.get("turn_time") or 0) if running else 0
    if seconds or settings.get("timed"):  # else no seat has or gets a deadline
        timed = await _move_deadlines(repo, table, now, active, waiting, seconds)
        if timed is not None:
            changes["timed"] = timed
    if changes:
        repo.update_settings(table, **changes)


async def _move_deadlines(
    repo: Work,
    table: Table,
    now: datetime,
    active: int | None,
    waiting: list[int],
    seconds: int,
) -> list[int] | None:
    """The human seats waited on get a deadline (the one that acted a fresh one), the rest lose
    theirs; the seats that have one now, when they are not those `timed` in the settings."""
    timed = set(_humans(table, waiting)) if seconds else set()
    before = set(table.settings.get("timed") or [])
    restart = {active} & timed if active is not None else set()
    fresh = (timed - before) | restart
    if (before - timed) | fresh:  # a fresh seat's old row goes too, whatever `timed` said
        await repo.delete_deadlines(table.id, sorted((before - timed) | fresh))
    for seat in sorted(fresh):
        repo.add_deadline(
            table, seat, now + timedelta(seconds=seconds / 2), now + timedelta(seconds=seconds)
        )
    return sorted(timed) if timed != before else None


async def fire(
    repo: Work,
    table: Table,
    row: Deadline,
    now: datetime,
    *,
    board_default: str,
    timeouts_to_bot: int = TIMEOUTS_TO_BOT,
) -> list[Reply]:
    """A due deadline, under the chat's lock: the reminder, or the timeout of every seat of the
    table whose time is up (a simultaneous phase times out each seat that still owes a choice)."""
    engine = engine_for(table.game)
    waiting = engine.waiting(table.state) if table.status == TableStatus.ACTIVE else []
    if row.seat not in _humans(table, waiting):
        await repo.delete_deadlines(table.id, [row.seat])
        timed = [s for s in table.settings.get("timed") or [] if s != row.seat]
        repo.update_settings(table, timed=timed)
        return []
    rows = await repo.deadlines(table.id)
    if row.kind == "remind" and now < row.due_at:
        owing = _humans(table, waiting)
        reminded = [r for r in rows if r.seat in owing and _reminder_due(r, now)]
        replies = _remind(table, reminded, now)
        for reminder in reminded:
            repo.set_deadline(reminder)
        return replies
    due = [r for r in rows if r.due_at <= now or r.id == row.id]
    seats = [r.seat for r in due if r.seat in _humans(table, waiting)]
    await repo.delete_deadlines(table.id, [r.seat for r in due])
    timed = [s for s in table.settings.get("timed") or [] if s not in {r.seat for r in due}]
    strikes = dict(table.settings.get("strikes") or {})
    handed = False
    turn = begin(repo, table, board_default)
    for seat in seats:
        player = table.seats[seat]
        strikes[str(seat)] = count = strikes.get(str(seat), 0) + 1
        who = mention(table, seat)
        text = _("{name}'s time is up; a bot moves for them.", name=player.name)
        if kicked(table.settings, seat):
            player.is_bot = True
            handed = True
            text = _(
                "{name}'s time is up; as the players asked, a bot plays their seat from now on.",
                name=player.name,
            )
        elif count >= timeouts_to_bot:
            player.is_bot = True
            text = _n(
                "{name}'s time is up again ({n} turn in a row); a bot plays their seat for the "
                "rest of the game.",
                "{name}'s time is up again ({n} turns in a row); a bot plays their seat for the "
                "rest of the game.",
                count,
                name=player.name,
            )
        turn.replies.append(Public(text, mentions=(who,) if who else ()))
        for _attempt in range(MAX_TIMEOUT_MOVES):
            if turn.engine.outcome(turn.state) is not None:
                break
            if seat not in turn.engine.waiting(turn.state):
                break
            fork = turn.rng.fork(f"timeout{seat}:{table.version}")
            move = await asyncio.to_thread(turn.engine.bot_move, turn.state, seat, fork)
            try:
                await act(turn, seat, move.verb, move.args, cause="timeout", atomic=True)
            except RuleError as error:  # a bot's bad move must not wedge the deadline
                log.warning("%s bot move /%s refused at a timeout", table.game, move.verb)
                log.debug("the refused move: %s (%s)", move, error)  # its args may be hidden
                break
    repo.update_settings(table, timed=timed, strikes=strikes)
    if handed:
        repo.update_settings(table, kick=None)
    return await play(turn)


def _reminder_due(row: Deadline, now: datetime) -> bool:
    return row.kind == "remind" and row.fire_at <= now < row.due_at


def _remind(table: Table, rows: list[Deadline], now: datetime) -> list[Reply]:
    """One reminder for every seat at half time now (a simultaneous phase names them all)."""
    for row in rows:
        row.kind, row.fire_at, row.claimed_until = "timeout", row.due_at, None
    seats = [r.seat for r in rows]
    named = [table.seats[s].name for s in seats]
    names = (
        _("{names} and {last}", names=", ".join(named[:-1]), last=named[-1])
        if len(named) > 1
        else named[0]
    )
    left = format_duration((min(r.due_at for r in rows) - now).total_seconds())
    title = engine_for(table.game).title
    who = tuple(m for m in (mention(table, s) for s in seats) if m)
    text = _(
        "{names}, {game} is waiting for you; a bot moves for you in {left}.",
        names=names,
        game=title,
        left=left,
    )
    return [Public(text, mentions=who)]
