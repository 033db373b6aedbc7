"""Durations as players type them (90s, 10m, 1h30m, off): turn times, /settings, /wait."""

from __future__ import annotations

import re

from games.args import fold
from games.base import RuleError
from games.i18n import Name, _

MIN_TURN_TIME = 10
MAX_TURN_TIME = 7 * 24 * 3600
_UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_DURATION = re.compile(r"(\d{1,9})\s*([dhms])")
OFF_WORD = Name({"en": "off", "pl": "wył."})
OFF = ("off", "0", "none", "no", "wyl", "wyl.", "wylaczony", "brak", "nie")
"""What reads as no turn time (folded: `wył.` and `wyłączony` too)."""


def parse_duration(text: str, *, minimum: int = MIN_TURN_TIME, maximum: int = MAX_TURN_TIME) -> int:
    """`90s`, `10m`, `1h30m`, `2d` (or off) as seconds; a bare number is minutes."""
    raw = text.strip().lower().replace(" ", "")
    if fold(raw) in OFF:
        return 0
    if raw.isdigit():
        raw += "m"
    parts = _DURATION.findall(raw)
    if not parts or "".join(n + u for n, u in parts) != raw:
        raise RuleError(
            _("'{text}' is not a duration; write e.g. 90s, 10m, 2h, 1d or off.", text=text)
        )
    seconds = sum(int(n) * _UNITS[u] for n, u in parts)
    if not minimum <= seconds <= maximum:
        raise RuleError(
            _(
                "'{text}' is out of range: from {low} to {high} (or off).",
                text=text,
                low=format_duration(minimum),
                high=format_duration(maximum),
            )
        )
    return seconds


def format_duration(seconds: float) -> str:
    """Seconds as they are typed (`1h30m`); none is `off` in the reader's language."""
    left = max(round(seconds), 0)
    if left == 0:
        return OFF_WORD
    parts = []
    for unit, size in _UNITS.items():
        if left >= size:
            parts.append(f"{left // size}{unit}")
            left %= size
    return "".join(parts)
