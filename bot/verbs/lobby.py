"""Opening, joining, leaving and starting a table."""

from __future__ import annotations

from typing import Any

from bot.board import into_new_board, lobby_board
from bot.context import Context, SharedVerb, seat_of
from bot.durations import format_duration, parse_duration
from bot.i18n import supported
from bot.options import TABLE_SETTINGS, parse_options
from bot.pipeline import begin, play
from bot.replies import Button, Public, Reply
from bot.upgrades import VERSION
from games.base import Arg, Option, Rng, RuleError
from games.i18n import _, _n, joined
from games.registry import GAMES, engine_for
from games.versions import current
from storage.models import TableStatus
from storage.rows import Table

LOBBY_BUTTONS = (
    Button(_("Join"), "/join"),
    Button(_("Add a bot"), "/addbot"),
    Button(_("Start"), "/start"),
)
MAX_SEAT_NAME = 32
STATUS = {
    TableStatus.LOBBY: _("waiting for players"),
    TableStatus.ACTIVE: _("playing"),
    TableStatus.FINISHED: _("finished"),
}


async def new(ctx: Context) -> list[Reply]:
    inv, table = ctx.inv, ctx.table
    if table is not None:
        title = engine_for(table.game).title
        raise RuleError(
            _(
                "This chat already has a {game} table ({status}); finish it or /end it first.",
                game=title,
                status=STATUS[table.status],
            )
        )
    if not inv.args:
        raise RuleError(_("Say which game: /new GAME, one of {games}.", games=", ".join(GAMES)))
    game = inv.args[0].lower()
    if game not in GAMES:
        raise RuleError(
            _(
                "There is no game '{game}'; choose one of: {games}.",
                game=inv.args[0],
                games=", ".join(GAMES),
            )
        )
    allowed(ctx, game)
    engine = engine_for(game)
    options, settings = parse_options(
        engine, inv.args[1:], allow_files=inv.allow_files, attachment=inv.attachment
    )
    raw_time = settings.pop("turn-time", None)
    settings["turn_time"] = parse_duration(raw_time) if raw_time is not None else None
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
    ctx.table = created  # its replies are in the table's language
    shown = joined(
        _option_text(o, options[o.name])
        for o in engine.options
        if options[o.name] and o.kind != "chat"
    )
    players = f"{engine.min_players}-{engine.seats(options)}"
    parts = [shown] if shown else []
    if settings.get("lang"):
        parts.append(_("language: {lang}", lang=settings["lang"]))
    text = _(
        "{name} opened a {game} table ({players} players{options}). /join to sit down, "
        "/addbot for a bot, /start to play.",
        name=inv.user_name,
        game=engine.title,
        players=players,
        options=joined(("; ", joined(parts, "; ")), "") if parts else "",
    )
    return lobby_replies(created, text)


def lobby_replies(table: Table, text: str) -> list[Reply]:
    """A lobby command's line, and the table's board (its seats, Join / Add a bot / Start)."""
    board = lobby_board(table, engine_for(table.game).title, LOBBY_BUTTONS)
    return into_new_board([Public(text, version=table.version), board])


def allowed(ctx: Context, game: str) -> None:
    """A chat's admins may limit the games offered (/settings games)."""
    games = ctx.chat.settings.get("games")
    if games and game not in games:
        raise RuleError(_("This chat plays only {games} (see /settings).", games=", ".join(games)))


def _option_text(option: Option, value: Any) -> str:
    """An option as a player types it at /new (`--points 150`, `--short`): the same words in
    every language."""
    if option.kind == "flag":
        return f"--{option.name}"
    if option.kind == "file":
        return _("--{option} (a file)", option=option.name)
    return f"--{option.name} {value}"


def _unique_name(table: Table, wanted: str) -> str:
    """Seat names are unique at a table (case-insensitively), so moves can name players."""
    taken = {s.name.casefold() for s in table.seats}
    name, n = " ".join(wanted.split())[:MAX_SEAT_NAME] or "Player", 2
    candidate = name
    while candidate.casefold() in taken:
        candidate = f"{name} ({n})"
        n += 1
    return candidate


def _room(ctx: Context, table: Table) -> None:
    engine = engine_for(table.game)
    most = engine.seats(table.options)
    if len(table.seats) >= most:
        raise RuleError(
            _("{game} seats at most {n} players; the table is full.", game=engine.title, n=most)
        )


async def join(ctx: Context) -> list[Reply]:
    table = ctx.need_table(TableStatus.LOBBY)
    pending = list(table.settings.get("unconfirmed") or [])
    if ctx.inv.user_id in pending:
        pending.remove(ctx.inv.user_id)
        ctx.repo.update_settings(table, unconfirmed=pending)
        ctx.repo.bump(table)
        position = seat_of(table, ctx.inv.user_id)
        name = table.seats[position].name if position is not None else ctx.inv.user_name
        if pending:
            text = _(
                "{name} is in for the rematch. Waiting for {names}.",
                name=name,
                names=_names(table, pending),
            )
        else:
            text = _("{name} is in for the rematch. Everyone is in; /start.", name=name)
        return lobby_replies(table, text)
    if seat_of(table, ctx.inv.user_id) is not None:
        raise RuleError(_("You are already seated; /start when everyone is in."))
    _room(ctx, table)
    seat = ctx.repo.add_seat(table, _unique_name(table, ctx.inv.user_name), ctx.inv.user_id, False)
    ctx.repo.bump(table)
    count = len(table.seats)
    text = _("{name} joins ({n} seated).", name=seat.name, n=count)
    return lobby_replies(table, text)


async def addbot(ctx: Context) -> list[Reply]:
    table = ctx.need_table(TableStatus.LOBBY)
    ctx.need_seat(table)
    _room(ctx, table)
    bots = sum(1 for s in table.seats if s.is_bot)
    wanted = " ".join(ctx.inv.args) or f"Bot {bots + 1}"  # a name, the same in every language
    seat = ctx.repo.add_seat(table, _unique_name(table, wanted), None, True)
    ctx.repo.bump(table)
    text = _("{name} (a bot) takes a seat ({n} seated).", name=seat.name, n=len(table.seats))
    return lobby_replies(table, text)


async def leave(ctx: Context) -> list[Reply]:
    table = ctx.need_table()
    seat = table.seats[ctx.need_seat(table)]
    ctx.repo.bump(table)
    if table.status == TableStatus.LOBBY:
        await ctx.repo.remove_seat(table, seat)
        if not any(not s.is_bot for s in table.seats):
            table.status = TableStatus.FINISHED
            return [
                Public(
                    _("{name} leaves; no player is left, so the table is closed.", name=seat.name)
                )
            ]
        text = _("{name} leaves ({n} seated).", name=seat.name, n=len(table.seats))
        return lobby_replies(table, text)
    seat.is_bot, seat.user_id = True, None
    turn = begin(ctx.repo, table, ctx.board_default)
    turn.replies.append(
        Public(_("{name} left the game; a bot plays their seat from now on.", name=seat.name))
    )
    return await play(turn)


def _names(table: Table, user_ids: list[str]) -> str:
    return ", ".join(s.name for s in table.seats if s.user_id in user_ids and not s.is_bot)


async def start(ctx: Context) -> list[Reply]:
    table = ctx.need_table(TableStatus.LOBBY)
    ctx.need_seat(table)
    engine = engine_for(table.game)
    dropped = await _drop_unconfirmed(ctx, table)
    count, most = len(table.seats), engine.seats(table.options)
    if not engine.min_players <= count <= most:
        raise RuleError(
            _n(
                "{game} needs {low} to {high} players and {n} is seated; /join or /addbot first.",
                "{game} needs {low} to {high} players and {n} are seated; /join or /addbot first.",
                count,
                game=engine.title,
                low=engine.min_players,
                high=most,
            )
        )
    seed = ctx.new_seed()
    rng = Rng(seed)
    names = [s.name for s in table.seats]
    state, events = engine.setup(names, table.options, rng)
    table.seed, table.commitment = seed, Rng.commitment(seed)
    table.status = TableStatus.ACTIVE
    turn_time = table.settings.get("turn_time")
    if turn_time is None:
        turn_time = ctx.turn_time
        ctx.repo.update_settings(table, turn_time=turn_time)
    clock = _(" Each turn has {time}.", time=format_duration(turn_time)) if turn_time else ""
    if table.settings.get("lang") is None and ctx.chat.settings.get("language"):
        ctx.repo.update_settings(table, lang=ctx.chat.settings["language"])  # fixed, as turn time
    elif table.settings.get("lang") is None:
        ctx.repo.update_settings(table, log_lang=players_language(table, ctx))
    ctx.repo.update_settings(table, **{VERSION: current(engine.versions)})
    ctx.repo.save_state(table, state, rng.position)
    ctx.repo.bump(table)
    turn = begin(ctx.repo, table, ctx.board_default)
    turn.replies.append(
        Public(
            _(
                "{dropped}{game} starts: {names}. Commitment sha256(seed) = {commitment}; the "
                "seed is shown when the game ends.{clock}",
                dropped=dropped,
                game=engine.title,
                names=", ".join(names),
                commitment=table.commitment,
                clock=clock,
            ),
            version=table.version,
        )
    )
    return await play(turn, events=events)


def players_language(table: Table, ctx: Context) -> str | None:
    """The one language the seated humans' apps are in (their kept locales and the starter's),
    which a table without a language of its own writes its log in; None when they differ."""
    known = dict(table.settings.get("locales") or {})
    if supported(ctx.inv.locale):
        known[ctx.inv.user_id] = supported(ctx.inv.locale)
    humans = {seat.user_id for seat in table.seats if not seat.is_bot and seat.user_id}
    spoken = {known[user] for user in humans if user in known}
    return spoken.pop() if len(spoken) == 1 else None


async def _drop_unconfirmed(ctx: Context, table: Table) -> str:
    """A rematch seat whose player never pressed Join is left out when the game starts."""
    pending = list(table.settings.get("unconfirmed") or [])
    if not pending:
        return ""
    names = _names(table, pending)
    for seat in [s for s in table.seats if s.user_id in pending and not s.is_bot]:
        await ctx.repo.remove_seat(table, seat)
    ctx.repo.update_settings(table, unconfirmed=[])
    return _n(
        "{names} did not press Join and is left out. ",
        "{names} did not press Join and are left out. ",
        len(pending),
        names=names,
    )


async def rematch(ctx: Context) -> list[Reply]:
    """The last finished game again: same game, options and seats, a new seed at /start; the
    presser is in, the other humans confirm with Join."""
    if ctx.table is not None:
        raise RuleError(_("This chat already has a table; finish it or /end it first."))
    last = await ctx.repo.last_table(ctx.inv.platform, ctx.inv.chat_id)
    if last is None or last.status != TableStatus.FINISHED:
        raise RuleError(_("There is no finished game in this chat to play again; /new GAME."))
    allowed(ctx, last.game)
    engine = engine_for(last.game)
    settings = {o.name: last.settings.get(o.name) for o in TABLE_SETTINGS if o.kind == "choice"}
    settings["turn_time"] = last.settings.get("turn_time")
    created = await ctx.repo.create_table(
        platform=ctx.inv.platform,
        chat_id=ctx.inv.chat_id,
        game=last.game,
        options=dict(last.options),
        settings=settings,
        creator_id=ctx.inv.user_id,
    )
    pending: list[str] = []
    for seat in last.seats:
        if seat.user_id is None:  # a bot (or a human who left and gave the seat to one)
            ctx.repo.add_seat(created, _unique_name(created, seat.name), None, True)
            continue
        ctx.repo.add_seat(created, _unique_name(created, seat.name), seat.user_id, False)
        if seat.user_id != ctx.inv.user_id:
            pending.append(seat.user_id)
    if seat_of(created, ctx.inv.user_id) is None:
        _room(ctx, created)
        ctx.repo.add_seat(created, _unique_name(created, ctx.inv.user_name), ctx.inv.user_id, False)
    ctx.repo.update_settings(created, unconfirmed=pending)
    ctx.table = created
    seats = joined(
        _("{name} (bot)", name=s.name)
        if s.is_bot
        else _("{name} (press Join)", name=s.name)
        if s.user_id in pending
        else s.name
        for s in created.seats
    )
    text = _(
        "{name} asks for a rematch of {game}: {seats}. Players, press Join to confirm; /start "
        "begins with whoever is in (a new seed).",
        name=ctx.inv.user_name,
        game=engine.title,
        seats=seats,
    )
    return lobby_replies(created, text)


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "new",
        _("Open a table for a game in this chat and sit at it."),
        new,
        args=(Arg("GAME", "choice", _("The game to play."), choices=tuple(GAMES)),),
        grammar="GAME [--option value]",
        examples=(
            "/new gotown",
            "/new gotown --short",
            "/new papercraft --points 400",
            "/new gotown --turn-time 10m",
            "/new papertales --lang pl",
        ),
    ),
    SharedVerb(
        "join", _("Sit at the table that is waiting for players."), join, examples=("/join",)
    ),
    SharedVerb(
        "leave",
        _("Leave the table; in a running game a bot takes over your seat."),
        leave,
        examples=("/leave",),
    ),
    SharedVerb(
        "addbot",
        _("Seat a bot player before the game starts."),
        addbot,
        args=(Arg("NAME", "word", _("The bot's name."), required=False),),
        examples=("/addbot", "/addbot Robo"),
    ),
    SharedVerb(
        "start",
        _("Start the game; the channel sees the commitment sha256(seed)."),
        start,
        examples=("/start",),
    ),
    SharedVerb(
        "rematch",
        _("Play the last finished game again: same game, options and seats, a new seed."),
        rematch,
        examples=("/rematch",),
    ),
)
