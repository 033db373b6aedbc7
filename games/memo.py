"""The one memo game code keeps between calls: bounded (the oldest value goes first), and safe to
share between threads.

Game code runs on more than one thread (views beside the event loop, bots in worker threads), so
a memo shared by calls is a `Memo`, never a plain dict, and what it keeps never changes once
made (str, tuple, frozen dataclass, read-only mapping): every caller is handed the same value."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """Values (never None) by key; past `limit` keys the oldest goes. A read takes no lock (a
    dict read is one step); keeping and evicting take it, so they never interleave."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a memo keeps at least one value")
        self.limit = limit
        self._kept: dict[K, V] = {}  # in the order kept: the first key is the oldest
        self._lock = threading.Lock()
        self.find: Callable[[K], V | None] = self._kept.get
        """The value kept for a key, else None (the dict's own read: hot callers call it, then
        `keep` what they make, and build no `make` for a value already kept)."""

    def keep(self, key: K, value: V) -> V:
        """Keep `value` for `key`, unless another thread kept one meanwhile: the one kept."""
        with self._lock:
            kept = self._kept.setdefault(key, value)
            if len(self._kept) > self.limit:
                del self._kept[next(iter(self._kept))]
        return kept

    def get(self, key: K, make: Callable[[K], V]) -> V:
        """The value kept for `key`, else `make(key)`'s, kept. It is made outside the lock (making
        may use other memos); when two threads make it at once, both get the first one kept."""
        found = self.find(key)
        return found if found is not None else self.keep(key, make(key))

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()

    def __len__(self) -> int:
        return len(self._kept)
