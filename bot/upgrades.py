"""Tables saved by an earlier release play on: their state is brought to the engine's current
version (games.versions) by the game's migrations, else by replaying the log under the current
rules; a table neither can bring back can still be closed with /end."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from games.base import Action, Engine, RuleError, copy_state
from games.i18n import _
from games.registry import engine_for
from games.replay import replay
from games.versions import FIRST, current, upgrade
from storage.models import ActionRow, TableStatus
from storage.rows import Table

log = logging.getLogger(__name__)

VERSION = "engine_version"
"""The table setting that holds the engine version its state was saved under (none: FIRST)."""

Actions = Callable[[int], Awaitable[Sequence[ActionRow]]]
"""A table's logged actions, for a replay."""


def version_of(table: Table) -> int:
    return int(table.settings.get(VERSION, FIRST))


def behind(table: Table | None) -> bool:
    """A running table whose state this release could not bring to its current version."""
    if table is None or table.status != TableStatus.ACTIVE or table.state is None:
        return False
    return version_of(table) < current(engine_for(table.game).versions)


async def upgraded(table: Table | None, actions: Actions) -> None:
    """Bring a running table read from the rows to its game's current version, in place (the
    next command that writes the table stores it); left behind when nothing brings it back."""
    if not behind(table):
        return
    assert table is not None and table.seed is not None  # a running table has a seed
    engine = engine_for(table.game)
    try:
        state = upgrade(copy_state(table.state), version_of(table), engine.versions)
    except (LookupError, TypeError, ValueError, AttributeError):
        state = None
    if state is None or not _plays(engine, state):
        names = [seat.name for seat in table.seats]
        logged = [Action(a.seat, a.verb, tuple(a.args)) for a in await actions(table.id)]
        try:
            state, rng = replay(engine, names, table.options, table.seed, logged)
        except (RuleError, LookupError, TypeError, ValueError):
            log.warning("table %s: its %s state cannot be brought back", table.id, table.game)
            return
        if rng.position != table.rng_position or not _plays(engine, state):
            log.warning("table %s: its log replays to another %s game", table.id, table.game)
            return
    table.state = state
    table.settings = {**table.settings, VERSION: current(engine.versions)}


def _plays(engine: Engine[Any], state: Any) -> bool:
    """Whether the engine can read the state: who it waits on and the public board."""
    try:
        engine.waiting(state)
        engine.view(state, None)
    except (LookupError, TypeError, ValueError, AttributeError):
        return False
    return True


def refuse_behind(table: Table | None, verb: str) -> None:
    """Only /end is left at a table that cannot be brought back (it closes it without a result)."""
    if verb != "end" and behind(table):
        raise RuleError(
            _(
                "This table was saved by an older release that this one cannot continue; "
                "/end closes it without a result."
            )
        )
