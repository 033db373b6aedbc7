"""Telegram's flood limits as the Bot API keeps them, for the fakes that stand in for it: new
messages at most 30 a second per bot and 20 a minute per group; past them a 429 with the whole
seconds to wait (`retry_after`). Its Window counts the fake Discord's global limit too."""

from __future__ import annotations

import math
import time
from collections import deque

SENDS = frozenset({"sendMessage", "sendPhoto", "sendDocument"})
"""The methods that make a new message (edits, pins and answers are not counted)."""
PER_BOT = (30, 1.0)
PER_GROUP = 20


class Window:
    """At most `limit` events in any `period` seconds."""

    def __init__(self, limit: int, period: float) -> None:
        self.limit, self.period = limit, period
        self.times: deque[float] = deque()

    def refuse(self, now: float) -> float:
        """0 when an event may happen now (it is counted), else the seconds to wait."""
        while self.times and self.times[0] <= now - self.period:
            self.times.popleft()
        if len(self.times) >= self.limit:
            return self.times[0] + self.period - now
        self.times.append(now)
        return 0.0


class FloodLimits:
    """One bot's counts. `minute`: how long a group's minute lasts, in seconds; the tests shorten
    it (with the bot's own pacing shortened alike) so a whole game fits in a test, and the counts
    stay Telegram's."""

    def __init__(self, minute: float = 60.0) -> None:
        self.minute = minute
        self.per_bot = Window(*PER_BOT)
        self.groups: dict[int, Window] = {}

    def refusal(self, method: str, chat: int | None) -> int:
        """0 when the request may go now (a new message is counted), else its `retry_after`."""
        if method not in SENDS:
            return 0
        now = time.monotonic()
        wait = self.per_bot.refuse(now)
        if wait == 0.0 and chat is not None and chat < 0:
            wait = self.groups.setdefault(chat, Window(PER_GROUP, self.minute)).refuse(now)
            if wait > 0:  # the bot's own count is given back: this message was not sent
                self.per_bot.times.pop()
        return 0 if wait <= 0 else max(1, math.ceil(wait))
