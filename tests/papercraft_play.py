"""A Papercraft battle a test can play through any adapter: an army whose first attack phase
offers 32 moves (the bot's army is the seeded one: the referee's `seed="fixed"` sequence, one seed
for the chat's first command and one at /start), and a simple choice of move."""

from __future__ import annotations

ARMY = ("Steam Ram", "Miguel The Magical Magician", "Trained Black Bear Guard", "Marsh Lantern")
OPTIONS = "--points 300 --rounds 1"
LONG_PHASE = 32
MAX_MOVES = 120


def choose(moves: list[str]) -> str:
    """Place, skip movement, attack with the first weapon offered, then end the phase."""
    for prefix in ("/place", "/attack"):
        found = [m for m in moves if m.startswith(prefix)]
        if found:
            return found[0]
    return "/done" if "/done" in moves else moves[0]
