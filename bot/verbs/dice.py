"""/roll (and /r), /gmroll: dice in d20 notation on the table's generator during a game, else the
chat's; a user's own saved rolls; private rolls. A roll is shown in the style of the platform
it answers, and the log keeps every die (a private roll's result stays out of public /history)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.commands.parse import split_args
from bot.context import Context, SharedVerb, seat_of
from bot.i18n import Audience, say
from bot.pipeline import act, begin, log_language, play
from bot.replies import Private, Public, Reply
from bot.verbs.info import recent_lines
from games import dice
from games.base import Arg, Flag, Rng, RuleError
from games.i18n import Joined, _, _n
from games.replay import DICE_VERB
from storage.models import TableStatus
from storage.reads import Queries
from storage.work import Work

STYLES: dict[str, dice.Style] = {"discord": "discord", "telegram": "telegram"}
"""The platforms with markup of their own; the console and the test platforms use plain marks."""
PRIVATE_FLAG = "--private"
SUBCOMMANDS = ("save", "list", "forget", "log")
POLISH_WORDS = {"zapisz": "save", "lista": "list", "zapomnij": "forget", "dziennik": "log"}
"""The words of /roll in Polish, read as their English (a saved roll may take neither)."""
INLINE_CHAT = "inline:"
"""The chat of one user's inline rolls: `inline:USER` (seeded and logged like any chat)."""
MAX_SAVED = 50
NAME_LIMIT = 32
_NAME = re.compile(rf"[a-z][a-z0-9_-]{{0,{NAME_LIMIT - 1}}}")
_RESERVED = frozenset(
    {*SUBCOMMANDS, *POLISH_WORDS, "private", "adv", "advantage", "dis", "disadv"}
    | {"disadvantage", "help"}
)


def private_note(name: str) -> str:
    return _("{name} rolled dice privately.", name=name)


def inline_only_dice() -> str:
    return _("Inline I only roll dice: type 2d6+1, or the name of one of your saved rolls.")


def inline_chat(user_id: int | str) -> str:
    """The chat whose generator rolls one user's inline rolls."""
    return f"{INLINE_CHAT}{user_id}"


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
    """A command whose answer goes only to its sender (adapters that must reach them first):
    /gmroll, and any roll with --private (/roll, Papercraft's /attack and /ability)."""
    return verb.lower() == GMROLL or split_private(args)[1]


async def resolve(
    repo: Work | Queries, platform: str, user_id: str, args: Sequence[str]
) -> Request:
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
    word = subcommand(args)
    if word is not None:
        if private:
            raise RuleError(_("{flag} goes with a roll: /roll NAME {flag}.", flag=PRIVATE_FLAG))
        return await ROLL_WORDS[word](ctx, args[1:])
    return await roll_dice(ctx, args, private=private)


def subcommand(args: Sequence[str]) -> str | None:
    """The /roll word the arguments start with (`save`, or Polish `zapisz`), else None."""
    first = args[0].lower() if args else ""
    word = POLISH_WORDS.get(first, first)
    return word if word in SUBCOMMANDS else None


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
        number = None
        if inv.chat_id.startswith(INLINE_CHAT):  # the roller's sequence: a deleted one leaves a gap
            number = await ctx.repo.count_rolls(inv.platform, inv.chat_id) + 1
        full = numbered(result.render(name, "console", full=True), number)
        log_roll(ctx, full, private=private)
        return shown(ctx, result, private=private, number=number)
    turn = begin(ctx.repo, table, ctx.board_default)
    # the draws apply() is about to make, read off a copy of the table's generator
    rng = Rng(turn.rng.seed, turn.rng.position)
    result = request.named(dice.roll(request.expression, rng))
    logged = [request.expression, PRIVATE_FLAG] if private else [request.expression]
    summary = say(
        private_note(name) if private else result.render(name, "console", full=True),
        log_language(table),
    )
    mark = len(turn.replies)
    await act(turn, seat, DICE_VERB, logged, summary=summary)
    assert turn.rng.position == rng.position, "the logged roll is the roll shown"
    turn.replies[mark:] = shown(ctx, result, private=private, version=table.version)
    return await play(turn)


def chat_log_language(ctx: Context) -> str:
    """The language of a roll outside a game in /history: the table's, else the chat's (as the
    log of a game is written in its table's), never one reader's platform locale."""
    table = ctx.table
    settings = table.settings if table is not None else {}
    options = table.options if table is not None else {}
    return Audience.of_chat(settings, options, ctx.chat.settings).public()


def log_roll(ctx: Context, full: str, *, private: bool) -> None:
    """A roll outside a game into the chat's log, said in its language; a private one's result
    only as the row's secret."""
    inv, name = ctx.inv, ctx.inv.user_name
    lang = chat_log_language(ctx)
    if private:
        note = say(private_note(name), lang)
        secret = say(full, lang)
        ctx.repo.add_roll(inv.platform, inv.chat_id, name, note, user_id=inv.user_id, secret=secret)
    else:
        ctx.repo.add_roll(inv.platform, inv.chat_id, name, say(full, lang), user_id=inv.user_id)


def numbered(text: str, number: int | None) -> str:
    """`#37 Ann rolls: ...`: an inline roll with its place in the roller's sequence."""
    return text if number is None else Joined((f"#{number}", text), " ")


def shown(
    ctx: Context,
    result: dice.DiceRoll,
    *,
    private: bool,
    version: int | None = None,
    number: int | None = None,
) -> list[Reply]:
    """The roll in the platform's style; a private one only to its roller, the chat told of it.
    A marked text, said at the edge; HTML is said here, as the edge leaves HTML as it is (the
    roller reads both in the command's language)."""
    inv = ctx.inv
    style = style_for(inv.platform)
    text = numbered(result.render(inv.user_name, style), number)
    html = style == "telegram"
    if html:
        text = say(text, ctx.lang)
    return answered(ctx, text, private=private, version=version, html=html)


def answered(
    ctx: Context, text: str, *, private: bool, version: int | None = None, html: bool = False
) -> list[Reply]:
    """A result for the chat, or only for its roller with the chat told that they rolled."""
    inv = ctx.inv
    if not private:
        return [Public(text, version=version, html=html)]
    note = Public(private_note(inv.user_name), version=version)
    return [note, Private(inv.user_id, inv.user_name, text, version=version, html=html)]


# ----- saved rolls -------------------------------------------------------------------------------


def check_name(word: str) -> str:
    name = word.lower()
    if not _NAME.fullmatch(name):
        raise RuleError(
            _(
                "A saved roll's name is a letter and then up to {most} letters, digits, "
                "- or _, such as attack or fire-bolt.",
                most=NAME_LIMIT - 1,
            )
        )
    if name in _RESERVED:
        raise RuleError(_("/roll uses the word {name} itself; pick another name.", name=name))
    if _is_notation(name):
        raise RuleError(
            _("{name} is dice notation itself; pick a word, such as attack.", name=name)
        )
    return name


async def save(ctx: Context, args: Sequence[str]) -> list[Reply]:
    if len(args) < 2:
        raise RuleError(_("Say a name and the dice: /roll save attack 1d20+5."))
    inv = ctx.inv
    name, expression = check_name(args[0]), " ".join(args[1:])
    if len(expression) > dice.MAX_LENGTH:
        raise dice.too_long()
    dice.roll(expression, Rng("check"))  # refuse what cannot be rolled, saying where
    mine = await ctx.repo.saved_rolls(inv.platform, inv.user_id)
    if len(mine) >= MAX_SAVED and all(saved.name != name for saved in mine):
        raise RuleError(
            _n(
                "You have {n} saved roll, the most there may be; "
                "/roll forget NAME makes room (/roll list shows them).",
                "You have {n} saved rolls, the most there may be; "
                "/roll forget NAME makes room (/roll list shows them).",
                MAX_SAVED,
            )
        )
    await ctx.repo.save_roll(inv.platform, inv.user_id, name, expression)
    saved = _(
        "{name} saved /roll {roll}: {expression}",
        name=inv.user_name,
        roll=name,
        expression=expression,
    )
    return [Public(saved)]


async def forget(ctx: Context, args: Sequence[str]) -> list[Reply]:
    if len(args) != 1:
        raise RuleError(_("Say which saved roll to forget: /roll forget attack."))
    inv, name = ctx.inv, args[0].lower()
    if not await ctx.repo.forget_roll(inv.platform, inv.user_id, name):
        raise RuleError(
            _(
                "You have no saved roll called {name}; /roll list shows yours.",
                name=name[:NAME_LIMIT],
            )
        )
    return [Public(_("{name} forgot /roll {roll}.", name=inv.user_name, roll=name))]


async def listing(ctx: Context, args: Sequence[str]) -> list[Reply]:
    if args:
        raise RuleError(_("/roll list takes nothing more; it lists your saved rolls."))
    inv = ctx.inv
    mine = await ctx.repo.saved_rolls(inv.platform, inv.user_id)
    if not mine:
        none = _(
            "{name} has no saved rolls; /roll save attack 1d20+5 saves one.", name=inv.user_name
        )
        return [Public(none)]
    head = _(
        "{name}'s saved rolls ({count} of {most}):",
        name=inv.user_name,
        count=len(mine),
        most=MAX_SAVED,
    )
    lines = [head, *(f"  {saved.name}: {saved.expression}" for saved in mine)]
    return [Public(Joined(lines, "\n"))]


async def inline_log(ctx: Context, args: Sequence[str]) -> list[Reply]:
    """`/roll log inline`: the sender's inline rolls, numbered, in a private chat with the bot, so
    a roll deleted from a chat still shows as a gap in the numbers."""
    if [a.lower() for a in args] != ["inline"]:
        raise RuleError(_("/roll log inline lists your inline rolls; it takes nothing else."))
    inv = ctx.inv
    if not inv.private:
        raise RuleError(
            _(
                "Your inline rolls are listed in a private chat with me: send /roll log inline there."
            )
        )
    lines = await recent_lines(ctx.repo, inv.platform, inline_chat(inv.user_id))
    if not lines:
        return [Public(_("{name} has made no inline rolls yet.", name=inv.user_name))]
    head = _("{name}'s inline rolls, newest last:", name=inv.user_name)
    return [Public(Joined((head, *lines), "\n"))]


ROLL_WORDS = {"save": save, "forget": forget, "list": listing, "log": inline_log}
"""/roll WORD ...: saved rolls, and the log of inline rolls."""


async def inline_title(repo: Work | Queries, platform: str, user_id: str, text: str) -> str:
    """What `@bot TEXT` would roll (a saved name resolved), checked without rolling it."""
    args, private = split_private(split_args(text))
    if private or not args or subcommand(args) is not None:
        raise RuleError(inline_only_dice())
    request = await resolve(repo, platform, user_id, args)
    dice.roll(request.expression, Rng("check"))
    return request.title


GMROLL = "gmroll"
EXPR = Arg(
    "EXPR", "dice", _("Dice such as 2d6+1 or 4d6kh3, or a saved roll's name."), required=False
)
VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "roll",
        _("Roll dice in d20 notation; a bare /roll makes the game's own roll."),
        roll,
        args=(EXPR,),
        flags=(
            Flag("private", None, _("Only you see the result; the chat sees that you rolled.")),
        ),
        examples=(
            "/roll 2d6+1",
            "/roll 4d6kh3",
            _("/roll 1d20+5 attack"),
            "/roll 1d20 --private",
            _("/roll save attack 1d20+5"),
            _("/roll attack"),
            _("/roll list"),
            _("/roll forget attack"),
        ),
        aliases=("r",),
    ),
    SharedVerb(
        GMROLL,
        _("Roll dice only you see; the chat sees that you rolled."),
        gmroll,
        args=(replace(EXPR, required=True),),
        examples=("/gmroll 1d20", _("/gmroll attack")),
    ),
)
