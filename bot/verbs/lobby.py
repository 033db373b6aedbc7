"""Opening, joining, leaving and starting a table."""

from __future__ import annotations

from typing import Any

from bot.context import Context, SharedVerb, seat_of
from bot.options import parse_options
from bot.pipeline import begin, game_buttons, play
from bot.replies import Button, Public, Reply
from games.base import Arg, Option, Rng, RuleError
from games.registry import GAMES, engine_for
from storage.models import GameTable, TableStatus

LOBBY_BUTTONS = (Button("Join", "/join"), Button("Add a bot", "/addbot"), Button("Start", "/start"))
MAX_SEAT_NAME = 32


async def new(ctx: Context) -> list[Reply]:
    inv, table = ctx.inv, ctx.table
    if table is not None:
        title = engine_for(table.game).title
        raise RuleError(
            f"This chat already has a {title} table ({table.status}); finish it or /end it first."
        )
    if not inv.args:
        raise RuleError(f"Say which game: /new GAME, one of {', '.join(GAMES)}.")
    game = inv.args[0].lower()
    if game not in GAMES:
        raise RuleError(f"There is no game '{inv.args[0]}'; choose one of: {', '.join(GAMES)}.")
    engine = engine_for(game)
    options, settings = parse_options(engine, inv.args[1:], allow_files=inv.allow_files)
    options |= {o.name: ctx.chat.data.get(game, {}) for o in engine.options if o.kind == "chat"}
    engine.check_options(options)
    created = await ctx.repo.create_table(
        platform=inv.platform,
        chat_id=inv.chat_id,
        game=game,
        options=options,
        settings=settings,
        creator_id=inv.user_id,
    )
    ctx.repo.add_seat(created, _unique_name(created, inv.user_name), inv.user_id, False)
    shown = ", ".join(
        _option_text(o, options[o.name])
        for o in engine.options
        if options[o.name] and o.kind != "chat"
    )
    players = f"{engine.min_players}-{engine.max_players}"
    text = (
        f"{inv.user_name} opened a {engine.title} table ({players} players"
        f"{'; ' + shown if shown else ''}). /join to sit down, /addbot for a bot, /start to play."
    )
    return [Public(text, buttons=LOBBY_BUTTONS, version=created.version)]


def _option_text(option: Option, value: Any) -> str:
    if option.kind == "flag":
        return option.name
    return f"{option.name}=(file)" if option.kind == "file" else f"{option.name}={value}"


def _unique_name(table: GameTable, wanted: str) -> str:
    """Seat names are unique at a table (case-insensitively), so moves can name players."""
    taken = {s.name.casefold() for s in table.seats}
    name, n = " ".join(wanted.split())[:MAX_SEAT_NAME] or "Player", 2
    candidate = name
    while candidate.casefold() in taken:
        candidate = f"{name} ({n})"
        n += 1
    return candidate


def _room(ctx: Context, table: GameTable) -> None:
    engine = engine_for(table.game)
    if len(table.seats) >= engine.max_players:
        raise RuleError(
            f"{engine.title} seats at most {engine.max_players} players; the table is full."
        )


async def join(ctx: Context) -> list[Reply]:
    table = ctx.need_table(TableStatus.LOBBY)
    if seat_of(table, ctx.inv.user_id) is not None:
        raise RuleError("You are already seated; /start when everyone is in.")
    _room(ctx, table)
    seat = ctx.repo.add_seat(table, _unique_name(table, ctx.inv.user_name), ctx.inv.user_id, False)
    version = ctx.repo.bump(table)
    count = len(table.seats)
    return [Public(f"{seat.name} joins ({count} seated).", buttons=LOBBY_BUTTONS, version=version)]


async def addbot(ctx: Context) -> list[Reply]:
    table = ctx.need_table(TableStatus.LOBBY)
    ctx.need_seat(table)
    _room(ctx, table)
    bots = sum(1 for s in table.seats if s.is_bot)
    wanted = " ".join(ctx.inv.args) or f"Bot {bots + 1}"
    seat = ctx.repo.add_seat(table, _unique_name(table, wanted), None, True)
    version = ctx.repo.bump(table)
    text = f"{seat.name} (a bot) takes a seat ({len(table.seats)} seated)."
    return [Public(text, buttons=LOBBY_BUTTONS, version=version)]


async def leave(ctx: Context) -> list[Reply]:
    table = ctx.need_table()
    seat = table.seats[ctx.need_seat(table)]
    ctx.repo.bump(table)
    if table.status == TableStatus.LOBBY:
        await ctx.repo.remove_seat(table, seat)
        if not any(not s.is_bot for s in table.seats):
            table.status = TableStatus.FINISHED
            return [Public(f"{seat.name} leaves; no player is left, so the table is closed.")]
        return [Public(f"{seat.name} leaves ({len(table.seats)} seated).", version=table.version)]
    seat.is_bot, seat.user_id = True, None
    turn = begin(ctx.repo, table, ctx.board_default)
    turn.replies.append(Public(f"{seat.name} left the game; a bot plays their seat from now on."))
    return await play(turn)


async def start(ctx: Context) -> list[Reply]:
    table = ctx.need_table(TableStatus.LOBBY)
    ctx.need_seat(table)
    engine = engine_for(table.game)
    count = len(table.seats)
    if not engine.min_players <= count <= engine.max_players:
        raise RuleError(
            f"{engine.title} needs {engine.min_players} to {engine.max_players} players and "
            f"{count} {'is' if count == 1 else 'are'} seated; /join or /addbot first."
        )
    seed = ctx.new_seed()
    rng = Rng(seed)
    names = [s.name for s in table.seats]
    state, events = engine.setup(names, table.options, rng)
    table.seed, table.commitment = seed, Rng.commitment(seed)
    table.status = TableStatus.ACTIVE
    ctx.repo.save_state(table, state, rng.position)
    ctx.repo.bump(table)
    turn = begin(ctx.repo, table, ctx.board_default)
    turn.replies.append(
        Public(
            f"{engine.title} starts: {', '.join(names)}. Commitment sha256(seed) = "
            f"{table.commitment}; the seed is shown when the game ends.",
            buttons=game_buttons(engine),
            version=table.version,
        )
    )
    return await play(turn, events=events)


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "new",
        "Open a table for a game in this chat and sit at it.",
        new,
        args=(Arg("GAME", "choice", "The game to play.", choices=tuple(GAMES)),),
        grammar="GAME [--option value]",
        examples=("/new gotown", "/new gotown --short", "/new papercraft --points 400"),
    ),
    SharedVerb("join", "Sit at the table that is waiting for players.", join, examples=("/join",)),
    SharedVerb(
        "leave",
        "Leave the table; in a running game a bot takes over your seat.",
        leave,
        examples=("/leave",),
    ),
    SharedVerb(
        "addbot",
        "Seat a bot player before the game starts.",
        addbot,
        args=(Arg("NAME", "word", "The bot's name.", required=False),),
        examples=("/addbot", "/addbot Robo"),
    ),
    SharedVerb(
        "start",
        "Start the game; the channel sees the commitment sha256(seed).",
        start,
        examples=("/start",),
    ),
)
