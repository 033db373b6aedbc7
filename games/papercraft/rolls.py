"""Dice for one command: the table's rng, or the player's own physical dice given with --dice."""

from __future__ import annotations

from games.base import Rng, RuleError
from games.i18n import _, joined
from games.papercraft.catalog import DiceExpr


class Dice:
    """Hands out d6 results in the order the rules roll them; with --dice no rng is touched."""

    def __init__(self, rng: Rng, given: list[int] | None) -> None:
        self.rng = rng
        self.given = given
        self.used = 0
        self.wanted: list[str] = []

    def roll(self, sides: int, why: str) -> int:
        self.wanted.append(why)
        if self.given is None:
            return self.rng.roll(sides)
        if self.used >= len(self.given):
            raise RuleError(
                _(
                    "--dice gave {n} numbers but this needs at least {wanted}, in this order: "
                    "{needs}.",
                    n=len(self.given),
                    wanted=len(self.wanted),
                    needs=joined(self.wanted),
                )
            )
        face = self.given[self.used]
        self.used += 1
        if not 1 <= face <= sides:
            raise RuleError(
                _(
                    "Die {index} of --dice is {face}, but a d{sides} shows 1 to {sides}.",
                    index=self.used,
                    face=face,
                    sides=sides,
                )
            )
        return face

    def take_all(self, sides: int, why: str) -> list[int] | None:
        """Every given die at once, for a roll made later (the placement roll): None if none."""
        if self.given is None:
            return None
        for index, face in enumerate(self.given):
            if not 1 <= face <= sides:
                raise RuleError(
                    _(
                        "Die {index} of --dice is {face}, but a d{sides} ({why}) shows 1 to {sides}.",
                        index=index + 1,
                        face=face,
                        sides=sides,
                        why=why,
                    )
                )
        self.used = len(self.given)
        return list(self.given)

    def skip_unrolled(self, count: int) -> None:
        """After a miss, accept damage dice the players rolled anyway (they are not used)."""
        if self.given is not None and len(self.given) - self.used == count:
            self.used += count

    def finish(self) -> None:
        """Refuse leftover --dice: the count must match what the command rolled."""
        if self.given is not None and self.used != len(self.given):
            needs = joined(self.wanted, empty=_("no dice"))
            raise RuleError(
                _(
                    "--dice gave {n} numbers but this used {used} ({needs}); give exactly those.",
                    n=len(self.given),
                    used=self.used,
                    needs=needs,
                )
            )

    def expr(self, expr: DiceExpr, why: str) -> tuple[int, str]:
        """Roll a damage expression; returns the total and its shown form '2d6+2 [5,3]+2=10'."""
        faces = [
            self.roll(expr.sides, _("{why} d{sides}", why=why, sides=expr.sides))
            for _face in range(expr.count)
        ]
        total = sum(faces) + expr.bonus
        bonus = f"{expr.bonus:+d}" if expr.bonus else ""
        return total, f"{expr} [{','.join(map(str, faces))}]{bonus}={total}"
