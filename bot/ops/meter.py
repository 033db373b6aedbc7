"""What the referee and the adapters count for the metrics endpoint: nothing until it is on, so
a start without it imports no metrics library."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TypeVar

from bot.commands.parse import Invocation
from bot.replies import Private, Reply
from bot.verbs import SHARED_NAMES

Owner = TypeVar("Owner")
Handle = Callable[[Owner, Invocation], Coroutine[Any, Any, list[Reply]]]


class Meter:
    """Counts nothing: the meter while no metrics endpoint is configured."""

    def command(self, kind: str, outcome: str, seconds: float) -> None:
        """One command handled: its verb kind, its outcome, its time at the referee."""

    def api_call(self, platform: str, method: str, status: int) -> None:
        """One request to a platform's API and its HTTP status (429: rate limited)."""

    def timers_due(self, count: int) -> None:
        """How many turn timers the last sweep found due."""

    def queue(self, name: str, depth: Callable[[], int]) -> None:
        """A queue whose depth is read at each scrape."""


class _Current:
    meter = Meter()


def meter() -> Meter:
    return _Current.meter


def use(new: Meter) -> Meter:
    """Make `new` the meter everything reports to; the one it replaces is returned."""
    old, _Current.meter = _Current.meter, new
    return old


def command_kind(inv: Invocation) -> str:
    """A shared verb by its name (a few dozen), every game verb as `game`: a bounded label."""
    return inv.verb if inv.verb in SHARED_NAMES else "game"


def outcome(replies: Sequence[Reply]) -> str:
    """ok, a refusal's reason (stale, turn, rule, error), or ignored (a redelivery, unanswered)."""
    if not replies:
        return "ignored"
    for reply in replies:
        if isinstance(reply, Private) and reply.refusal is not None:
            return str(reply.refusal.value)
    return "ok"


def measured(handle: Handle[Owner]) -> Handle[Owner]:
    """Counts and times each command `handle` answers."""

    @functools.wraps(handle)
    async def timed(owner: Owner, inv: Invocation) -> list[Reply]:
        started = time.perf_counter()
        replies = await handle(owner, inv)
        meter().command(command_kind(inv), outcome(replies), time.perf_counter() - started)
        return replies

    return timed
