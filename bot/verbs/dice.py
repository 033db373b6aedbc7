"""/roll (and /r), /gmroll: dice in d20 notation on the table's generator during a game, else the
chat's; a user's own saved rolls; private rolls. A roll is shown in the style of the platform
it answers, and the log keeps every die (a private roll's result stays out of public /history)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.commands.parse import split_args
from bot.context import Context, SharedVerb, seat_of
from bot.pipeline import act, begin, play
from bot.replies import Private, Public, Reply
from games import dice
from games.base import Arg, Flag, Rng, RuleError
from games.replay import DICE_VERB
from storage.models import TableStatus
from storage.repository import Repository

STYLES: dict[str, dice.Style] = {"discord": "discord", "telegram": "telegram"}
"""The platforms with markup of their own; the console and the test platforms use plain marks."""
PRIVATE_FLAG = "--private"
SUBCOMMANDS = ("save", "list", "forget")
MAX_SAVED = 50
NAME_LIMIT = 32
_NAME = re.compile(rf"[a-z][a-z0-9_-]{{0,{NAME_LIMIT - 1}}}")
_RESERVED = frozenset(
    {*SUBCOMMANDS, "private", "adv", "advantage", "dis", "disadv", "disadvantage", "help"}
)
PRIVATE_NOTE = "{name} rolled dice privately."
INLINE_ONLY_DICE = "Inline I only roll dice: type 2d6+1, or the name of one of your saved rolls."


def style_for(platform: str) -> dice.Style:
    return STYLES.get(platform, "console")


@dataclass(frozen=True)
class Request:
    """What to roll: the expression as the generator reads it, and the saved roll it came from."""

    expression: str
    name: str | None = None

    @property
    def title(self) -> str:
        return f"{self.name} ({self.expression})" if self.name else self.expression

    def named(self, result: dice.DiceRoll) -> dice.DiceRoll:
        """A saved roll shows its name as the comment unless its expression has one."""
        if self.name is None or result.comment:
            return result
        return replace(result, comment=self.name)


def split_private(args: Sequence[str]) -> tuple[list[str], bool]:
    rest = [a for a in args if a.lower() != PRIVATE_FLAG]
    return rest, len(rest) != len(args)


def is_private_roll(verb: str, args: Sequence[str]) -> bool:
    """A command whose answer goes only to its sender (adapters that must reach them first)."""
    roll_names = {VERBS[0].name, *VERBS[0].aliases}
    verb = verb.lower()
    return verb == GMROLL or (verb in roll_names and split_private(args)[1])


async def resolve(repo: Repository, platform: str, user_id: str, args: Sequence[str]) -> Request:
    """The words of a roll: notation, or a saved roll's name (then maybe more, e.g. `adv`).
    A saved name never shadows notation: what rolls as typed is rolled as typed."""
    text = " ".join(args)
    first = args[0].lower() if args else ""
    saved = await repo.saved_roll(platform, user_id, first) if _NAME.fullmatch(first) else None
    if saved is None or _is_notation(text):
        return Request(text)
    return Request(" ".join([saved.expression, *args[1:]]), saved.name)


def _is_notation(text: str) -> bool:
    try:
        dice.roll(text, Rng("check"))
    except RuleError:
        return False
    return True


def rolls_dice(ctx: Context) -> bool:
    """`/roll EXPR` always rolls dice; a bare `/roll` at a running table is the game's own roll."""
    table = ctx.table
    return bool(ctx.inv.args) or table is None or table.status != TableStatus.ACTIVE


async def roll(ctx: Context) -> list[Reply]:
    args, private = split_private(ctx.inv.args)
    if args and args[0].lower() in SUBCOMMANDS:
        if private:
            raise RuleError(f"{PRIVATE_FLAG} goes with a roll: /roll NAME {PRIVATE_FLAG}.")
        return await SAVED[args[0].lower()](ctx, args[1:])
    return await roll_dice(ctx, args, private=private)


async def gmroll(ctx: Context) -> list[Reply]:
    args, _ = split_private(ctx.inv.args)
    return await roll_dice(ctx, args, private=True)


async def roll_dice(ctx: Context, args: Sequence[str], *, private: bool) -> list[Reply]:
    inv, table, name = ctx.inv, ctx.table, ctx.inv.user_name
    request = await resolve(ctx.repo, inv.platform, inv.user_id, args)
    active = table is not None and table.status == TableStatus.ACTIVE
    seat = seat_of(table, inv.user_id) if table is not None and active else None
    if table is None or seat is None:
        rng = Rng(ctx.chat.seed, ctx.chat.rng_position)
        result = request.named(dice.roll(request.expression, rng))
        ctx.chat.rng_position = rng.position
        full = result.render(name, "console", full=True)
        if private:
            note = PRIVATE_NOTE.format(name=name)
            ctx.repo.add_roll(
                inv.platform, inv.chat_id, name, note, user_id=inv.user_id, secret=full
            )
        else:
            ctx.repo.add_roll(inv.platform, inv.chat_id, name, full, user_id=inv.user_id)
        return shown(ctx, result, private=private)
    turn = begin(ctx.repo, table, ctx.board_default)
    # the draws apply() is about to make, read off a copy of the table's generator
    rng = Rng(turn.rng.seed, turn.rng.position)
    result = request.named(dice.roll(request.expression, rng))
    logged = [request.expression, PRIVATE_FLAG] if private else [request.expression]
    summary = (
        PRIVATE_NOTE.format(name=name) if private else result.render(name, "console", full=True)
    )
    mark = len(turn.replies)
    await act(turn, seat, DICE_VERB, logged, summary=summary)
    assert turn.rng.position == rng.position, "the logged roll is the roll shown"
    turn.replies[mark:] = shown(ctx, result, private=private, version=table.version)
    return await play(turn)


def shown(
    ctx: Context, result: dice.DiceRoll, *, private: bool, version: int | None = None
) -> list[Reply]:
    """The roll in the platform's style; a private one only to its roller, the chat told of it."""
    inv = ctx.inv
    style = style_for(inv.platform)
    text = result.render(inv.user_name, style)
    html = style == "telegram"
    if not private:
        return [Public(text, version=version, html=html)]
    note = Public(PRIVATE_NOTE.format(name=inv.user_name), version=version)
    return [note, Private(inv.user_id, inv.user_name, text, version=version, html=html)]


# ----- saved rolls -------------------------------------------------------------------------------


def check_name(word: str) -> str:
    name = word.lower()
    if not _NAME.fullmatch(name):
        raise RuleError(
            f"A saved roll's name is a letter and then up to {NAME_LIMIT - 1} letters, digits, "
            "- or _, such as attack or fire-bolt."
        )
    if name in _RESERVED:
        raise RuleError(f"/roll uses the word {name} itself; pick another name.")
    if _is_notation(name):
        raise RuleError(f"{name} is dice notation itself; pick a word, such as attack.")
    return name


async def save(ctx: Context, args: Sequence[str]) -> list[Reply]:
    if len(args) < 2:
        raise RuleError("Say a name and the dice: /roll save attack 1d20+5.")
    inv = ctx.inv
    name, expression = check_name(args[0]), " ".join(args[1:])
    if len(expression) > dice.MAX_LENGTH:
        raise RuleError(f"A dice expression may be at most {dice.MAX_LENGTH} characters long.")
    dice.roll(expression, Rng("check"))  # refuse what cannot be rolled, saying where
    mine = await ctx.repo.saved_rolls(inv.platform, inv.user_id)
    if len(mine) >= MAX_SAVED and all(saved.name != name for saved in mine):
        raise RuleError(
            f"You have {MAX_SAVED} saved rolls, the most there may be; "
            "/roll forget NAME makes room (/roll list shows them)."
        )
    await ctx.repo.save_roll(inv.platform, inv.user_id, name, expression)
    return [Public(f"{inv.user_name} saved /roll {name}: {expression}")]


async def forget(ctx: Context, args: Sequence[str]) -> list[Reply]:
    if len(args) != 1:
        raise RuleError("Say which saved roll to forget: /roll forget attack.")
    inv, name = ctx.inv, args[0].lower()
    if not await ctx.repo.forget_roll(inv.platform, inv.user_id, name):
        raise RuleError(
            f"You have no saved roll called {name[:NAME_LIMIT]}; /roll list shows yours."
        )
    return [Public(f"{inv.user_name} forgot /roll {name}.")]


async def listing(ctx: Context, args: Sequence[str]) -> list[Reply]:
    if args:
        raise RuleError("/roll list takes nothing more; it lists your saved rolls.")
    inv = ctx.inv
    mine = await ctx.repo.saved_rolls(inv.platform, inv.user_id)
    if not mine:
        return [Public(f"{inv.user_name} has no saved rolls; /roll save attack 1d20+5 saves one.")]
    lines = [f"{inv.user_name}'s saved rolls ({len(mine)} of {MAX_SAVED}):"]
    lines += [f"  {saved.name}: {saved.expression}" for saved in mine]
    return [Public("\n".join(lines))]


SAVED = {"save": save, "forget": forget, "list": listing}


async def inline_title(repo: Repository, platform: str, user_id: str, text: str) -> str:
    """What `@bot TEXT` would roll (a saved name resolved), checked without rolling it."""
    args, private = split_private(split_args(text))
    if private or not args or args[0].lower() in SUBCOMMANDS:
        raise RuleError(INLINE_ONLY_DICE)
    request = await resolve(repo, platform, user_id, args)
    dice.roll(request.expression, Rng("check"))
    return request.title


GMROLL = "gmroll"
EXPR = Arg("EXPR", "dice", "Dice such as 2d6+1 or 4d6kh3, or a saved roll's name.", required=False)
VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "roll",
        "Roll dice in d20 notation; a bare /roll makes the game's own roll.",
        roll,
        args=(EXPR,),
        flags=(Flag("private", None, "Only you see the result; the chat sees that you rolled."),),
        examples=(
            "/roll 2d6+1",
            "/roll 4d6kh3",
            "/roll 1d20+5 attack",
            "/roll 1d20 --private",
            "/roll save attack 1d20+5",
            "/roll attack",
            "/roll list",
            "/roll forget attack",
        ),
        aliases=("r",),
    ),
    SharedVerb(
        GMROLL,
        "Roll dice only you see; the chat sees that you rolled.",
        gmroll,
        args=(replace(EXPR, required=True),),
        examples=("/gmroll 1d20", "/gmroll attack"),
    ),
)
