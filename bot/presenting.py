"""A command's replies made off the event loop while its commit waits for the disk: one helper
thread, fed in order, owned by the referee."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from queue import SimpleQueue
from typing import Any

from storage.store import Ran

log = logging.getLogger(__name__)


class Made:
    """The outcome of work done in the helper thread: a lock held until it is set (a
    concurrent.futures.Future's condition and bookkeeping cost several microseconds a move)."""

    __slots__ = ("_error", "_ran", "_set", "_started", "_value")

    def __init__(self) -> None:
        self._set = threading.Lock()
        self._set.acquire()
        self._value: Any = None
        self._error: BaseException | None = None
        self._started: float | None = None
        self._ran: float | None = None

    def run(self, work: Callable[[], Any]) -> None:
        self._started = started = time.perf_counter()
        try:
            self._value = work()
        except BaseException as error:
            self._error = error
        finally:
            self._ran = time.perf_counter() - started
            self._set.release()

    def ran(self) -> float:
        """Seconds the work has run so far (all of it once done; 0 before it starts)."""
        if self._ran is not None:
            return self._ran
        started = self._started
        return 0.0 if started is None else time.perf_counter() - started

    async def result(self) -> Any:
        """The outcome, its error raised; the loop never blocks on the helper: work still queued
        there (other tables' jobs ahead of it) is waited for in an executor thread."""
        if self._set.acquire(blocking=False):
            self._set.release()
        else:
            await asyncio.get_running_loop().run_in_executor(None, self._wait)
        if self._error is not None:
            raise self._error
        return self._value

    def _wait(self) -> None:
        with self._set:
            pass


class Helper:
    """One thread for work off the event loop, fed by a queue of jobs in order."""

    def __init__(self) -> None:
        self._jobs: SimpleQueue[Callable[[], object] | None] = SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._count = threading.Lock()
        self._pending = 0
        """Jobs put and not yet done (read without a lock: a stale read only costs a hand-over)."""

    def idle(self) -> bool:
        return self._pending == 0

    def put(self, job: Callable[[], object]) -> bool:
        """A job for the thread; False (not taken) once it is closed."""
        if self._closed:
            return False
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="paperref-helper", daemon=True)
            self._thread.start()
        with self._count:
            self._pending += 1
        self._jobs.put(job)
        return True

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            try:
                job()
            except Exception:
                log.exception("work handed to the helper thread failed")
            finally:
                with self._count:
                    self._pending -= 1

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Every job put so far done (jobs run in order): for the tests and the bench, which must
        not measure beside it."""
        done = threading.Event()
        self.put(done.set)
        return done.wait(timeout) or self._thread is None

    def close(self) -> None:
        """Every job put so far is done first."""
        self._closed = True
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()


class Presenting:
    """One written command's replies (`make`): handed to the helper while the commit syncs, else
    made on the loop once it is written."""

    __slots__ = ("_helper", "_made", "_make")

    def __init__(self, helper: Helper, make: Callable[[], Any]) -> None:
        self._helper = helper
        self._make = make
        self._made: Made | None = None

    def while_syncing(self) -> Ran | None:
        """Called by the store just before its COMMIT waits for the disk (sqlite3 lets go of the
        GIL meanwhile): the helper makes the replies, if it is idle (a move never waits behind
        other tables' work). The store is told how to ask how long they took."""
        if not self._helper.idle():
            return None
        made = Made()
        make = self._make
        if not self._helper.put(lambda: made.run(make)):
            return None
        self._made = made
        return made.ran

    async def replies(self) -> Any:
        """What `make` made: from the helper if it was handed there, else made now."""
        if self._made is not None:
            return await self._made.result()
        return self._make()
