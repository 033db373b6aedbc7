"""The shared verbs (/new, /join, /start, /undo, ...) and the routing of game verbs and dice."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.commands.parse import Invocation
from bot.commands.registry import SHARED_NAMES, help_text
from bot.options import parse_options
from bot.render.text import render_text
from bot.replies import Button, Private, Public, Reply
from games import dice
from games.base import Action, Engine, Move, Option, Rng, RuleError
from games.registry import GAMES, all_engines, engine_for
from games.replay import DICE_VERB, replay
from storage.models import Chat, GameTable
from storage.repository import Repository

if TYPE_CHECKING:
    from bot.referee import Referee

HISTORY_LINES = 15
LOBBY_BUTTONS = (Button("Join", "/join"), Button("Add a bot", "/addbot"), Button("Start", "/start"))
GAME_BUTTONS = (Button("Show my hand", "/hand"), Button("Board", "/board"))


def game_buttons(engine: Engine) -> tuple[Button, ...]:
    """The channel's control row: the game's own roll and done where it has them, hand, board."""
    own = {verb.name for verb in engine.verbs if not verb.usage}
    extra = tuple(
        Button(label, f"/{name}")
        for name, label in (("roll", "Roll"), ("done", "Done"))
        if name in own
    )
    return extra + GAME_BUTTONS


def refusal(inv: Invocation, text: str) -> Private:
    return Private(inv.user_id, inv.user_name, text, refusal=True)


def seat_of(table: GameTable, user_id: str) -> int | None:
    for seat in table.seats:
        if seat.user_id == user_id and not seat.is_bot:
            return seat.position
    return None


def wants_image(table: GameTable) -> bool:
    """The table asked for boards as PNG (`/new GAME --board image`)."""
    return bool(table.settings.get("board") == "image")


def button_still_good(table: GameTable | None, inv: Invocation) -> bool:
    """A button from an older version still works if its move is still legal for the presser:
    in a simultaneous phase one player's pick must not void everyone else's buttons."""
    if table is None:
        return False
    if table.version == inv.version:
        return True
    seat = seat_of(table, inv.user_id)
    if table.status != "active" or seat is None or table.state is None:
        return False
    engine = engine_for(table.game)
    command = " ".join(("/" + inv.verb, *inv.args))
    return any(move.text == command for move in engine.legal(table.state, seat))


def hand_buttons(moves: Sequence[Move], limit: int = 24) -> tuple[Button, ...]:
    """Up to `limit` moves, always keeping the argument-free ones such as /done or /ready."""
    plain = [m for m in moves if not m.args]
    chosen = [m for m in moves if m.args][: max(limit - len(plain), 0)] + plain
    return tuple(Button(m.label or m.text, m.text) for m in chosen[:limit])


def _need_table(table: GameTable | None, status: str | None = None) -> GameTable:
    if table is None:
        raise RuleError("There is no table in this chat; open one with /new GAME (see /games).")
    if status == "lobby" and table.status != "lobby":
        raise RuleError("The game has already started; this works only before /start.")
    if status == "active" and table.status != "active":
        raise RuleError("The game has not started yet; seat players with /join, then /start.")
    return table


def _need_seat(table: GameTable, inv: Invocation) -> int:
    seat = seat_of(table, inv.user_id)
    if seat is None:
        raise RuleError("You are not seated at this table; players join with /join before /start.")
    return seat


async def dispatch(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
) -> list[Reply]:
    verb, args = inv.verb, inv.args
    if verb == "roll" and (args or table is None or table.status != "active"):
        return await _roll(referee, repo, chat, table, inv)
    if verb in SHARED_NAMES and verb != "roll":
        return await SHARED_HANDLERS[verb](referee, repo, chat, table, inv)
    chat_engine = _chat_engine(table, verb)
    if chat_engine is not None:
        return _chat_verb(chat, chat_engine, inv)
    if table is None:
        raise RuleError(
            f"/{verb} is not a command here; /help lists them, /new GAME opens a table."
        )
    engine = engine_for(table.game)
    game_verb = next((v for v in engine.verbs if v.name == verb), None)
    if game_verb is None:
        names = ", ".join(f"/{v.name}" for v in engine.verbs)
        raise RuleError(f"{engine.title} has no /{verb}; its commands are {names} (see /help).")
    _need_table(table, "active")
    seat = _need_seat(table, inv)
    turn = referee.begin(table)
    waiting = engine.waiting(turn.state)
    if game_verb.readonly:
        rng = Rng(table.seed or "", table.rng_position)
        events = engine.act(turn.state, seat, verb, args, rng)
        return [r for e in events for r in referee.event_replies(turn, e)]
    await referee.act(repo, turn, seat, verb, args)  # the engine's own refusal comes first
    if not game_verb.anytime and seat not in waiting:
        who = ", ".join(table.seats[s].name for s in waiting) or "nobody"
        raise RuleError(f"It is not your turn to act; waiting for {who}.")
    await referee.run_bots(repo, turn)
    referee.save(turn)
    return referee.replies(turn)


def _chat_engine(table: GameTable | None, verb: str) -> Engine | None:
    """The engine owning a chat-scoped verb: the table's game first, else any game that has it."""
    engines = [engine_for(table.game)] if table is not None else []
    for engine in [*engines, *all_engines()]:
        if any(v.name == verb and v.chat for v in engine.verbs):
            return engine
    return None


def _chat_verb(chat: Chat, engine: Engine, inv: Invocation) -> list[Reply]:
    data = copy.deepcopy(chat.data.get(engine.key, {}))
    text = engine.chat_act(data, inv.verb, inv.text or " ".join(inv.args))
    chat.data = {**chat.data, engine.key: data}
    return [Public(text)]


async def _roll(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
) -> list[Reply]:
    expression = " ".join(inv.args)
    seat = seat_of(table, inv.user_id) if table is not None and table.status == "active" else None
    if table is None or seat is None:
        rng = Rng(chat.seed, chat.rng_position)
        result = dice.roll(expression, rng)
        chat.rng_position = rng.position
        text = result.describe(inv.user_name)
        repo.add_roll(inv.platform, inv.chat_id, inv.user_name, text)
        return [Public(text)]
    dice.roll(expression, Rng("check"))  # refuse a bad expression before touching the table
    turn = referee.begin(table)
    await referee.act(repo, turn, seat, DICE_VERB, [expression])
    referee.save(turn)
    return referee.replies(turn)


async def _new(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
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
    options |= {o.name: chat.data.get(game, {}) for o in engine.options if o.kind == "chat"}
    created = await repo.create_table(
        platform=inv.platform,
        chat_id=inv.chat_id,
        game=game,
        status="lobby",
        options=options,
        settings=settings,
        creator_id=inv.user_id,
        version=0,
        rng_position=0,
    )
    repo.add_seat(created, inv.user_name, inv.user_id, False)
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
    taken = {s.name.casefold() for s in table.seats}
    name, n = wanted.strip()[:32] or "Player", 2
    candidate = name
    while candidate.casefold() in taken:
        candidate = f"{name} {n}"
        n += 1
    return candidate


async def _join(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    table = _need_table(table, "lobby")
    if seat_of(table, inv.user_id) is not None:
        raise RuleError("You are already seated; /start when everyone is in.")
    engine = engine_for(table.game)
    if len(table.seats) >= engine.max_players:
        raise RuleError(
            f"{engine.title} seats at most {engine.max_players} players; the table is full."
        )
    seat = repo.add_seat(table, _unique_name(table, inv.user_name), inv.user_id, False)
    table.version += 1
    count = len(table.seats)
    return [
        Public(f"{seat.name} joins ({count} seated).", buttons=LOBBY_BUTTONS, version=table.version)
    ]


async def _addbot(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    table = _need_table(table, "lobby")
    _need_seat(table, inv)
    engine = engine_for(table.game)
    if len(table.seats) >= engine.max_players:
        raise RuleError(
            f"{engine.title} seats at most {engine.max_players} players; the table is full."
        )
    bots = sum(1 for s in table.seats if s.is_bot)
    wanted = " ".join(inv.args) or f"Bot {bots + 1}"
    seat = repo.add_seat(table, _unique_name(table, wanted), None, True)
    table.version += 1
    return [
        Public(
            f"{seat.name} (a bot) takes a seat ({len(table.seats)} seated).",
            buttons=LOBBY_BUTTONS,
            version=table.version,
        )
    ]


async def _leave(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    table = _need_table(table)
    position = _need_seat(table, inv)
    seat = table.seats[position]
    table.version += 1
    if table.status == "lobby":
        table.seats.remove(seat)
        for i, other in enumerate(table.seats):
            other.position = i
        if not table.seats:
            table.status = "finished"
            return [Public(f"{seat.name} leaves; the table is empty and closed.")]
        return [Public(f"{seat.name} leaves ({len(table.seats)} seated).", version=table.version)]
    seat.is_bot, seat.user_id = True, None
    turn = referee.begin(table)
    turn.replies.append(Public(f"{seat.name} left the game; a bot plays their seat from now on."))
    await referee.run_bots(repo, turn)
    referee.save(turn)
    return referee.replies(turn)


async def _start(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    table = _need_table(table, "lobby")
    _need_seat(table, inv)
    engine = engine_for(table.game)
    count = len(table.seats)
    if not engine.min_players <= count <= engine.max_players:
        raise RuleError(
            f"{engine.title} needs {engine.min_players} to {engine.max_players} players and "
            f"{count} {'is' if count == 1 else 'are'} seated; /join or /addbot first."
        )
    seed = referee.new_seed()
    rng = Rng(seed)
    names = [s.name for s in table.seats]
    state, events = engine.setup(names, table.options, rng)
    table.seed, table.commitment = seed, Rng.commitment(seed)
    table.state, table.rng_position, table.status = state, rng.position, "active"
    table.version += 1
    turn = referee.begin(table)
    turn.replies.append(
        Public(
            f"{engine.title} starts: {', '.join(names)}. Commitment sha256(seed) = "
            f"{table.commitment}; the seed is shown when the game ends.",
            buttons=game_buttons(engine),
            version=table.version,
        )
    )
    referee.deliver(turn, events)
    await referee.run_bots(repo, turn)
    referee.save(turn)
    return referee.replies(turn)


def _seat_line(table: GameTable, waiting: Sequence[int] = ()) -> str:
    parts = []
    for seat in table.seats:
        tag = " (bot)" if seat.is_bot else ""
        mark = " <- to act" if seat.position in waiting else ""
        parts.append(f"{seat.position + 1}. {seat.name}{tag}{mark}")
    return "\n".join(parts)


async def _status(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    table = _need_table(table)
    engine = engine_for(table.game)
    if table.status == "lobby":
        return [
            Public(
                f"{engine.title} table, waiting to start (version {table.version}).\n"
                f"{_seat_line(table)}",
                buttons=LOBBY_BUTTONS,
                version=table.version,
            )
        ]
    turn = referee.begin(table)
    waiting = engine.waiting(turn.state)
    view = engine.view(turn.state, None)
    summary = render_text(replace(view, title="", grids=[], meters=[], hand=None))
    lines = [
        f"{engine.title}, version {table.version} (commitment {table.commitment}).",
        _seat_line(table, waiting),
        summary,
    ]
    return [Public("\n".join(lines), board=None, version=table.version)]


async def _board(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    table = _need_table(table, "active")
    turn = referee.begin(table)
    view = turn.engine.view(turn.state, None)
    image = wants_image(table)
    return [Public("", board=view, version=table.version, image=image)]


async def _hand(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    table = _need_table(table, "active")
    seat = _need_seat(table, inv)
    turn = referee.begin(table)
    view = turn.engine.view(turn.state, seat)
    moves = turn.engine.legal(turn.state, seat)
    text = "You can: " + ", ".join(m.text for m in moves[:12]) if moves else "Nothing to do now."
    buttons = hand_buttons(moves)
    name = table.seats[seat].name
    image = wants_image(table)
    return [Private(inv.user_id, name, text, view, buttons, version=table.version, image=image)]


async def _undo(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    table = _need_table(table, "active")
    _need_seat(table, inv)
    last = await repo.last_action(table.id)
    if last is None:
        raise RuleError("There is nothing to undo yet.")
    if last.user_id != inv.user_id:
        raise RuleError(
            "Only the author of the last action can take it back, and it was not yours."
        )
    if not last.undoable:
        raise RuleError(
            "The last action revealed hidden information or a random result, so it stands."
        )
    await repo.delete_action(last)
    actions = [Action(a.seat, a.verb, tuple(a.args)) for a in await repo.actions(table.id)]
    engine = engine_for(table.game)
    state, rng = replay(
        engine, [s.name for s in table.seats], table.options, table.seed or "", actions
    )
    table.state, table.rng_position = state, rng.position
    table.version += 1
    return [Public(f"{inv.user_name} takes back: {last.summary}", version=table.version)]


async def _end(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    table = _need_table(table)
    humans = {s.user_id for s in table.seats if not s.is_bot and s.user_id}
    if inv.user_id != table.creator_id:
        if inv.user_id not in humans:
            raise RuleError("Only the table's creator or the seated players can end the game.")
        votes = set(table.settings.get("end_votes", [])) | {inv.user_id}
        table.settings = {**table.settings, "end_votes": sorted(votes)}
        if votes < humans:
            left = len(humans - votes)
            return [
                Public(
                    f"{inv.user_name} wants to end the game; {left} more seated player(s) "
                    "must /end too (or the creator)."
                )
            ]
    table.status = "finished"
    table.version += 1
    seed = f" Seed: {table.seed}." if table.seed else ""
    return [Public(f"The {engine_for(table.game).title} table is closed without a result.{seed}")]


async def _history(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    lines = await repo.recent(inv.platform, inv.chat_id, HISTORY_LINES)
    if not lines:
        return [Public("Nothing has happened in this chat yet.")]
    return [Public("Recent moves and rolls:\n" + "\n".join(text for _, text in lines))]


def export_document(table: GameTable, actions: Sequence[Any]) -> dict[str, Any]:
    return {
        "format": "paperref-export/1",
        "game": table.game,
        "options": table.options,
        "seats": [{"position": s.position, "name": s.name, "bot": s.is_bot} for s in table.seats],
        "commitment": table.commitment,
        "actions": [
            {"seq": a.seq, "seat": a.seat, "verb": a.verb, "args": a.args, "digest": a.digest}
            for a in actions
        ],
        "seed": table.seed if table.status == "finished" else None,
    }


async def _export(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    last = table or await repo.last_table(inv.platform, inv.chat_id)
    if last is None or last.seed is None:
        raise RuleError("There is no started game in this chat to export.")
    if last.status != "finished":
        raise RuleError(
            "The export is given when the game is over, so it cannot reveal hidden choices."
        )
    document = export_document(last, await repo.actions(last.id))
    text = json.dumps(document, indent=1)
    name = f"paperref-{last.game}-{last.id}.json"
    return [Public(text, file=(name, text.encode()))]


async def _help(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    engine = engine_for(table.game) if table is not None else None
    return [Public(help_text(engine, inv.args[0] if inv.args else None))]


async def _rules(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    args = list(inv.args)
    engine: Engine | None = None
    if args and args[0].lower() in GAMES:
        engine = engine_for(args.pop(0).lower())
    elif table is not None:
        engine = engine_for(table.game)
    if engine is None:
        raise RuleError(f"Say which game: /rules GAME [TOPIC], one of {', '.join(GAMES)}.")
    return [Public(engine.rules(" ".join(args).lower() or None))]


async def _games(
    referee: Referee, repo: Repository, chat: Chat, table: GameTable | None, inv: Invocation
):
    lines = ["Games:"]
    for engine in all_engines():
        lines.append(
            f"  {engine.key}: {engine.title}, {engine.min_players}-{engine.max_players} players"
        )
    lines.append("Open a table with /new GAME.")
    return [Public("\n".join(lines))]


SHARED_HANDLERS = {
    "new": _new,
    "join": _join,
    "leave": _leave,
    "addbot": _addbot,
    "start": _start,
    "status": _status,
    "board": _board,
    "hand": _hand,
    "undo": _undo,
    "end": _end,
    "history": _history,
    "export": _export,
    "help": _help,
    "rules": _rules,
    "games": _games,
}
