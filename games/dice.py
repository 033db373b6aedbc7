"""Dice expressions in d20 notation, rolled on the table's Rng so that every roll is seeded and replayable."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import d20
import d20.expression
from d20 import diceast

from games.base import Rng, RuleError

MAX_DICE = 1000
MAX_SIDES = 1_000_000
MAX_LENGTH = 200
EXAMPLES = "/roll 2d6+1, /roll 4d6kh3, /roll 1d20 attack, /roll 8d6ro1, /roll 3d6e6"

_patch_lock = threading.Lock()
_DROP = re.compile(r"(?<=[\d)])d(?=[hl]\d)", re.IGNORECASE)
"""d20 spells "drop highest/lowest" as ph/pl; players also type the common dh/dl."""


class _RngAsRandom:
    """The slice of the `random` module d20 calls, served from a table's Rng."""

    def __init__(self, rng: Rng) -> None:
        self._rng = rng

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        count = (stop - start + step - 1) // step
        return start + step * self._rng.randbelow(count)


@contextmanager
def _rolling_with(rng: Rng) -> Iterator[None]:
    """d20 draws from its module-level `random`; point it at the table's Rng for one roll."""
    with _patch_lock:
        original = d20.expression.random
        d20.expression.random = _RngAsRandom(rng)  # type: ignore[assignment]
        try:
            yield
        finally:
            d20.expression.random = original


@dataclass(frozen=True)
class DiceRoll:
    expression: str
    total: int
    detail: str
    comment: str | None

    def describe(self, who: str) -> str:
        note = f" ({self.comment})" if self.comment else ""
        return f"{who} rolls{note}: {self.detail}"


def _check_limits(node: diceast.Node) -> int:
    """Refuse oversized dice before anything is rolled; returns the number of dice asked for."""
    count = 0
    if isinstance(node, diceast.Dice):
        if node.size != "%" and node.size > MAX_SIDES:
            raise RuleError(f"A die may have at most {MAX_SIDES:,} sides; try /roll 1d100.")
        count += node.num
    for child in node.children:
        count += _check_limits(child)
    return count


def roll(expression: str, rng: Rng) -> DiceRoll:
    """Parse, check the limits, and roll on `rng`; every refusal is a RuleError."""
    text = expression.strip()
    if not text:
        raise RuleError(f"Say what to roll, for example {EXAMPLES}.")
    if len(text) > MAX_LENGTH:
        raise RuleError(f"A dice expression may be at most {MAX_LENGTH} characters long.")
    roller = d20.Roller(d20.RollContext(max_rolls=MAX_DICE))
    try:
        tree = roller.parse(_DROP.sub("p", text), allow_comments=True)
        if _check_limits(tree) > MAX_DICE:
            raise RuleError(f"At most {MAX_DICE:,} dice per roll; try fewer dice.")
        with _rolling_with(rng):
            result = roller.roll(tree, stringifier=d20.SimpleStringifier())
    except d20.TooManyRolls as error:
        raise RuleError(
            f"That roll needs more than {MAX_DICE:,} dice (rerolls and explosions count)."
        ) from error
    except d20.RollSyntaxError as error:
        raise RuleError(f"I cannot read '{text}' as dice; try {EXAMPLES}.") from error
    except d20.RollError as error:
        raise RuleError(f"That roll cannot be made: {error}.") from error
    except RecursionError as error:
        raise RuleError("That expression is nested too deeply to roll.") from error
    return DiceRoll(text, int(result.total), result.result, result.comment)
