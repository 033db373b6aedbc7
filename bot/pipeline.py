"""The one path of a game command: begin, act, bots, end check, save, replies."""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import orjson

from bot.board import game_board, live_of, posts, present, turn_mentions
from bot.context import wants_image
from bot.i18n import say
from bot.ratings import record_result, sides
from bot.replies import Button, Mention, Private, Public, Reply, Unmade
from bot.upgrades import behind
from games.base import Action, Engine, Event, Move, Rng, copy_state, find_verb
from games.i18n import Joined, _, _n, joined
from games.memo import Memo
from games.registry import engine_for
from games.replay import apply
from storage.models import TableStatus
from storage.rows import Table
from storage.work import Work

MAX_BOT_MOVES = 500
"""Bot moves after one human command; a table of bots only plays on until the game ends."""
MAX_SELF_PLAY = 100_000
BOT_BUDGET_SECONDS = 1.0
"""Wall time one transaction may spend on bot moves. Past it the bots pause and the referee goes
on in a new transaction, so no table's lock is held for long."""
SNAPSHOT_EVERY = 25
"""Every Nth action keeps the state after it, so /undo replays at most N-1 actions."""
GAME_BUTTONS = (Button(_("Show my hand"), "/hand"), Button(_("Board"), "/board"))
REMATCH = Button(_("Rematch"), "/rematch")
EXPORT = Button(_("Export"), "/export")


DIGITS_AND_E = bytes(48 if 48 <= b <= 57 else 101 if b in (69, 101) else 32 for b in range(256))
"""Every digit as 0, e and E as e, anything else a space: a float in exponent form shows as "0e"."""
DEL = 0x7F
"""The byte json escapes and orjson does not (an integer: `in` then looks for one byte)."""
DIGITS = frozenset(b"0123456789")
E = ord("e")
POINT = ord(".")
MARKS = (ord("-"), ord("+"), POINT)
MARKS_LOOKED_AT = 64
"""Signs and points of a state's text looked at one by one; a text with more is read whole."""


def state_digest(state: Any, rng_position: int) -> str:
    """The fingerprint `verify` compares after every action: sha256 of the state as
    `json.dumps(sort_keys=True)` writes it compactly, which exports hold. orjson writes the same
    bytes at a fifth of the cost, except where json writes a float in exponent form (1e-05, 1e-07,
    which orjson writes 0.00001, 1e-7) or escapes text past ASCII or DEL: then json writes them."""
    shown = {"state": state, "rng": rng_position}
    try:
        text: bytes | None = orjson.dumps(shown, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # an integer past 64 bits, a key that is not a string
        text = None
    if text is None or not text.isascii() or DEL in text or _floats_written_otherwise(text):
        text = json.dumps(shown, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(text).hexdigest()


def _floats_written_otherwise(text: bytes) -> bool:
    """Whether orjson's text may hold a float json writes otherwise: "0.0000..." (json: 1e-05)
    or an exponent, which orjson always signs ("1e-7", "1e+16"; json: 1e-07). Each minus, plus
    and point is found by memchr and looked at, as a state has few; with many, the text is read
    whole. A match inside a string only costs json's slower writing."""
    seen = 0
    for mark in MARKS:
        at = text.find(mark)
        while at >= 0:
            seen += 1
            if seen > MARKS_LOOKED_AT:  # find(), not `in`: bytes' `in` tries an integer first
                return text.find(b"0.0000") >= 0 or text.translate(DIGITS_AND_E).find(b"0e") >= 0
            if mark == POINT:
                if text.startswith(b"0.0000", at - 1):
                    return True
            elif text[at - 1] == E and text[at - 2] in DIGITS:
                return True
            at = text.find(mark, at + 1)
    return False


@dataclass
class Turn:
    """The working copy of one table during one command; written back only if the command succeeds."""

    repo: Work
    table: Table
    engine: Engine[Any]
    state: Any
    rng: Rng
    image: bool
    replies: list[Reply] = field(default_factory=list)
    finished: bool = False


def begin(repo: Work, table: Table, board_default: str) -> Turn:
    """The command's working copy, read back from the text the store last wrote for the state
    (Table.state_copy), else copied; the table's own state stays as it was."""
    assert table.state is not None and table.seed is not None
    state = table.state_copy()
    return Turn(
        repo,
        table,
        engine_for(table.game),
        copy_state(table.state) if state is None else state,
        Rng(table.seed, table.rng_position),
        wants_image(table, board_default),
    )


async def act(
    turn: Turn,
    seat: int,
    verb: str,
    args: Sequence[str],
    *,
    cause: str | None = None,
    summary: str | None = None,
    atomic: bool = False,
) -> list[Event]:
    """Apply one action to the working copy and log it. A RuleError ends the command, whose
    working copy is then thrown away (nothing of the command is written), so the copy is not
    guarded move by move; a caller that goes on after a refusal (a
    timeout trying bot moves) asks for `atomic`, and a refusal then leaves the copy unchanged.
    `cause` marks a referee's move (a timeout) in the log; `summary` replaces the logged public
    text (a roll logs every die, a private roll only that it was made)."""
    table = turn.table
    before = turn.rng.position
    name = table.seats[seat].name
    action = Action(seat, verb, tuple(args))
    events = apply(turn.engine, turn.state, action, turn.rng, name, atomic=atomic)
    undoable = turn.rng.position == before and not any(e.reveals_hidden for e in events)
    player = table.seats[seat]
    if cause is None and player.is_bot and player.user_id:
        cause = "bot"  # a human's seat a bot plays now (kicked, or timed out)
    shown = say(Joined((e.text for e in events if e.to is None), "; "), log_language(table))
    if cause is not None and player.user_id:
        shown = say(_by_the_referee(cause, player.name), log_language(table)) + " " + shown
    turn.repo.bump(table)
    seq = turn.repo.take_seq(table)
    snapshot = (
        {"state": copy_state(turn.state), "rng": turn.rng.position}
        if seq % SNAPSHOT_EVERY == 0
        else None
    )
    turn.repo.add_action(
        table_id=table.id,
        seq=seq,
        snapshot=snapshot,
        seat=seat,
        user_id=None if cause is not None or player.is_bot else player.user_id,
        verb=verb,
        args=list(args),
        summary=summary
        if summary is not None
        else shown[:500] or say(_("{name} acted.", name=name), log_language(table)),
        undoable=undoable,
        digest=state_digest(turn.state, turn.rng.position),
        cause=cause,
    )
    deliver(turn, events)
    return events


def _by_the_referee(cause: str, name: str) -> str:
    """Who made a move logged for a human's seat: the log and /history say so, and it is no
    human's to take back."""
    if cause == "timeout":
        return _("(time up: the referee's bot for {name})", name=name)
    return _("(a bot in {name}'s seat)", name=name)


def deliver(turn: Turn, events: Sequence[Event]) -> None:
    """A command's events become its replies; their public boards are not drawn, as `finish`
    folds the public lines into one report under the table's one live board."""
    for event in events:
        turn.replies.extend(event_replies(turn, event, public_board=False))


def move_button(engine: Engine[Any], move: Move) -> Button:
    """A move as a button labelled in words: its own label, else its verb's (Done) or the verb
    capitalised, then its arguments (card names in the reader's language, after a colon in
    Polish, so a name keeps its own case); it sends the command."""
    if move.label:
        return Button(move.label, move.text)
    verb = find_verb(engine.verbs, move.verb)
    word = verb.label if verb is not None and verb.label else move.verb.capitalize()
    if not move.args:
        return Button(word, move.text)
    return Button(_("{verb} {move}", verb=word, move=Joined(move.args, " ")), move.text)


def event_replies(turn: Turn, event: Event, *, public_board: bool = True) -> list[Reply]:
    table, engine, state = turn.table, turn.engine, turn.state
    buttons = tuple(move_button(engine, m) for m in event.choices)
    if event.to is None:
        board = engine.view(state, None) if event.board and public_board else None
        return [Public(event.text, board, buttons, version=table.version, image=turn.image)]
    seat = table.seats[event.to]
    if seat.is_bot or seat.user_id is None:
        return []
    board = engine.view(state, event.to) if event.board else None
    return [
        Private(
            seat.user_id,
            seat.name,
            event.text,
            board,
            buttons,
            version=table.version,
            image=turn.image,
            file=(event.file[0], event.file[1].encode()) if event.file is not None else None,
            hand=table.id if buttons and event.file is None else None,
        )
    ]


async def run_bots(turn: Turn) -> None:
    """Let bot seats answer whatever they owe, each bot's thinking off the event loop, until the
    transaction's time budget is spent (the referee then goes on in a new transaction)."""
    table = turn.table
    if not any(s.is_bot for s in table.seats):  # a table of humans: only the end to check
        await check_end(turn)
        return
    all_bots = all(s.is_bot for s in table.seats)
    limit = MAX_SELF_PLAY if all_bots else MAX_BOT_MOVES
    deadline = time.monotonic() + BOT_BUDGET_SECONDS
    for _move in range(limit):
        if await check_end(turn):
            return
        bots = [s for s in turn.engine.waiting(turn.state) if table.seats[s].is_bot]
        if not bots or time.monotonic() > deadline:
            return
        seat = bots[0]
        fork = turn.rng.fork(f"bot{seat}:{table.version}")
        move = await asyncio.to_thread(turn.engine.bot_move, turn.state, seat, fork)
        await act(turn, seat, move.verb, move.args)
    turn.replies.append(
        Public(_("The bots stopped after {limit} moves; /end closes the table.", limit=limit))
    )


def bots_owe_a_move(table: Table | None) -> bool:
    """A running table waits on a bot: the bots paused at their budget (or a crash came between)."""
    if table is None or table.status != TableStatus.ACTIVE or table.state is None:
        return False
    bots = [i for i, seat in enumerate(table.seats) if seat.is_bot]  # none: no engine asked
    if not bots or behind(table):  # behind: a state this release cannot read, waiting for /end
        return False
    return any(seat in bots for seat in engine_for(table.game).waiting(table.state))


async def check_end(turn: Turn) -> bool:
    """Close the table when the game has an outcome: result and ratings in this transaction."""
    if turn.finished:
        return True
    outcome = turn.engine.outcome(turn.state)
    if outcome is None:
        return False
    table = turn.table
    names = [s.name for s in table.seats]
    winners = [names[i] for i in outcome.winners]
    scores = {names[i]: _plain(score) for i, score in outcome.scores.items()}
    if winners:
        lines: list[str] = [
            _n(
                "Game over. Winner: {names}.",
                "Game over. Winners: {names}.",
                len(winners),
                names=", ".join(winners),
            )
        ]
    else:
        lines = [_("Game over. Nobody wins.")]
    lines += outcome.detail
    lines.append(_("Scores: {scores}.", scores=", ".join(f"{n} {s:g}" for n, s in scores.items())))
    lines.append(
        _(
            "Seed: {seed} (sha256 = {commitment}); /export to verify.",
            seed=table.seed,
            commitment=table.commitment,
        )
    )
    table.status = TableStatus.FINISHED
    own = [_plain(outcome.scores.get(seat, 0)) for seat in range(len(names))]
    turn.repo.add_result(table, outcome.winners, scores, own, sides(turn.state, len(names)))
    await record_result(turn.repo, table, outcome, turn.state)
    turn.replies.append(
        Public(
            joined(lines, "\n"),
            buttons=(REMATCH, EXPORT),
            outcome={"winners": winners, "scores": scores},
        )
    )
    turn.finished = True
    return True


_CONTROL_ROWS: Memo[str, tuple[Button, ...]] = Memo(64)
"""Each game's control row, made once: a board at every move shows it."""


def game_buttons(engine: Engine[Any]) -> tuple[Button, ...]:
    """The channel's control row: the game's own roll and end-of-turn verbs, hand, board."""
    found = _CONTROL_ROWS.find(engine.key)
    return found if found is not None else _CONTROL_ROWS.keep(engine.key, _control_row(engine))


def _control_row(engine: Engine[Any]) -> tuple[Button, ...]:
    own = tuple(
        Button(verb.label or verb.name.capitalize(), f"/{verb.name}")
        for role in ("roll", "end_turn")
        for verb in engine.verbs
        if verb.role == role and not any(a.required for a in verb.args) and not verb.grammar
    )
    return own + GAME_BUTTONS


def finish(turn: Turn) -> list[Reply]:
    """Save; the command's public lines as one report (pinging whoever's turn has just come),
    then the table's live board showing the final state with the control row. Those messages
    are made when the replies are said (bot.board.present), while the commit syncs; how many go below the board is counted now, as the table row keeps it."""
    table, engine = turn.table, turn.engine
    turn.repo.save_state(table, turn.state, turn.rng.position)
    waiting = [] if turn.finished else engine.waiting(turn.state)
    mentions, waited = turn_mentions(table, waiting, turn.finished)
    if waited != list(table.settings.get("waited") or []):
        turn.repo.update_settings(table, waited=waited)
    live = live_of(table)  # before the count below it moves
    replies = list(turn.replies)
    table.board_after += posts(replies, mentions, live)
    board = partial(
        game_board,
        table,
        engine,
        None,
        game_buttons(engine),
        image=turn.image,
        waiting=waiting,
        draw=partial(engine.view, turn.state, None),  # the state is final: drawn as it leaves
        live=live,
    )
    return [Unmade("", make=partial(_presented, replies, mentions, table.version, board))]


def _presented(
    replies: list[Reply], mentions: tuple[Mention, ...], version: int, board: Callable[[], Public]
) -> list[Reply]:
    """`present` with the board made then: the table's title and row are read as `finish` left
    them (a command changes nothing they show after it)."""
    return present(replies, mentions, version, board())


async def play(
    turn: Turn,
    moves: Sequence[tuple[int, str, Sequence[str]]] = (),
    *,
    events: Sequence[Event] = (),
) -> list[Reply]:
    """Run a command to the end: deliver opening events, apply the moves, let bots answer,
    check for the end, save, and return the replies."""
    deliver(turn, events)
    for seat, verb, args in moves:
        await act(turn, seat, verb, args)
    await run_bots(turn)
    return finish(turn)


async def resume_bots(turn: Turn) -> list[Reply]:
    """Bots paused by the time budget go on when anyone sends a command to the table."""
    await run_bots(turn)
    return finish(turn)


def log_language(table: Table) -> str:
    """The log (/history) is written in the table's language, fixed at /start, else in the one
    language its players' apps were in at /start."""
    settings = table.settings
    return str(
        settings.get("lang") or table.options.get("lang") or settings.get("log_lang") or "en"
    )


def _plain(score: float) -> float | int:
    return int(score) if float(score).is_integer() else score
