"""A /unit add file saved with a UTF-8 byte-order mark is read like any other: each of its stat
blocks is added (the mark is not taken for a letter of the first unit's name)."""

from __future__ import annotations

from bot.commands.parse import Invocation
from bot.referee import Referee

STAT = '{name}\n{points} Points\nLiving, Infantry\nHP = 20\nMovement = 4"\nDodge Bonus = +0\n'
STAT += "Armor = Light\nSpears\nType = Pierce\nRange = Melee\nHit Bonus = +1\nDamage = 1D6"


async def test_a_unit_file_with_a_byte_order_mark_adds_each_block(referee: Referee) -> None:
    blocks = "\n".join(STAT.format(name=f"Pike {n}", points=10 + n) for n in range(2))
    inv = Invocation(
        "test", "bom", "u1", "Ann", "unit", ["add"], attachment=("units.txt", "\ufeff" + blocks)
    )
    [added] = await referee.handle(inv)
    assert added.text.startswith("Added 2 units for this chat"), added.text
    shown = await referee.handle(Invocation("test", "bom", "u1", "Ann", "unit", ["show", "Pike 0"]))
    assert shown[0].text.startswith("Pike 0: 10 pts"), shown[0].text
