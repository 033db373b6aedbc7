"""/roll: dice in d20 notation, on the table's generator during a game, else the chat's."""

from __future__ import annotations

from bot.context import Context, SharedVerb, seat_of
from bot.pipeline import begin, play
from bot.replies import Public, Reply
from games import dice
from games.base import Arg, Rng
from games.replay import DICE_VERB
from storage.models import TableStatus


def rolls_dice(ctx: Context) -> bool:
    """`/roll EXPR` always rolls dice; a bare `/roll` at a running table is the game's own roll."""
    table = ctx.table
    return bool(ctx.inv.args) or table is None or table.status != TableStatus.ACTIVE


async def roll(ctx: Context) -> list[Reply]:
    inv, table = ctx.inv, ctx.table
    expression = " ".join(inv.args)
    active = table is not None and table.status == TableStatus.ACTIVE
    seat = seat_of(table, inv.user_id) if table is not None and active else None
    if table is None or seat is None:
        rng = Rng(ctx.chat.seed, ctx.chat.rng_position)
        text = dice.roll(expression, rng).describe(inv.user_name)
        ctx.chat.rng_position = rng.position
        ctx.repo.add_roll(inv.platform, inv.chat_id, inv.user_name, text)
        return [Public(text)]
    dice.roll(expression, Rng("check"))  # refuse a bad expression before touching the table
    return await play(begin(ctx.repo, table, ctx.board_default), [(seat, DICE_VERB, [expression])])


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "roll",
        "Roll dice in d20 notation; a bare /roll makes the game's own roll.",
        roll,
        args=(Arg("EXPR", "dice", "Dice such as 2d6+1 or 4d6kh3.", required=False),),
        examples=("/roll 2d6+1", "/roll 4d6kh3", "/roll 1d20+5 attack", "/roll 3d6e6"),
    ),
)
