"""One command = one transaction: load the chat's table with a lock, check, apply, log, save, reply."""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm.attributes import flag_modified

from bot import table_verbs
from bot.commands.parse import Invocation
from bot.replies import Button, Private, Public, Reply
from games.base import Action, Engine, Event, Rng, RuleError, State
from games.registry import engine_for
from games.replay import apply
from storage.db import sessions
from storage.models import Chat, GameTable
from storage.repository import Repository

log = logging.getLogger(__name__)

MAX_BOT_MOVES = 500
"""Bot moves after one human command; a table of bots only plays on until the game ends."""
MAX_SELF_PLAY = 100_000


def state_digest(state: State, rng_position: int) -> str:
    """The fingerprint `verify` compares after every action."""
    text = json.dumps({"state": state, "rng": rng_position}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class Turn:
    """The working copy of one table during one command; written back only if the command succeeds."""

    table: GameTable
    engine: Engine
    state: State
    rng: Rng
    replies: list[Reply] = field(default_factory=list)
    finished: bool = False


class Referee:
    def __init__(self, engine: AsyncEngine, seeds: Callable[[], str] = Rng.new_seed) -> None:
        self._engine = engine
        self._sessions = sessions(engine)
        self.new_seed = seeds

    async def close(self) -> None:
        await self._engine.dispose()

    async def handle(self, inv: Invocation) -> list[Reply]:
        """Never raises for a user's input: refusals and failures become replies to the sender."""
        try:
            async with self._sessions() as session, session.begin():
                repo = Repository(session)
                if inv.update_id is not None and not await repo.claim_update(
                    inv.platform, inv.update_id
                ):
                    log.info("update %s:%s already processed", inv.platform, inv.update_id)
                    return []
                chat = await repo.lock_chat(inv.platform, inv.chat_id, self.new_seed())
                table = await repo.open_table(inv.platform, inv.chat_id)
                if inv.version is not None and not table_verbs.button_still_good(table, inv):
                    raise RuleError(
                        "That button is out of date; the game has moved on, use /status or /hand."
                    )
                return await table_verbs.dispatch(self, repo, chat, table, inv)
        except RuleError as error:
            return [table_verbs.refusal(inv, str(error))]
        except Exception:
            ref = secrets.token_hex(3)
            log.exception("command failed (ref %s): %s /%s", ref, inv.platform, inv.verb)
            text = (
                f"Something went wrong on my side (ref {ref}); nothing was changed. "
                "Please try again or tell the bot's admin the reference."
            )
            return [Private(inv.user_id, inv.user_name, text, refusal=True, error_ref=ref)]

    async def seated_humans(self, platform: str, chat_id: str) -> list[tuple[str, str]]:
        """(user id, name) of the humans at the chat's open table, for adapters that must reach them."""
        async with self._sessions() as session:
            table = await Repository(session).open_table(platform, chat_id, lock=False)
            if table is None:
                return []
            return [(s.user_id, s.name) for s in table.seats if not s.is_bot and s.user_id]

    async def legal_moves(self, platform: str, chat_id: str, user_id: str) -> list[str]:
        """The commands a seated player may send now (autocomplete); read-only, takes no lock."""
        async with self._sessions() as session:
            table = await Repository(session).open_table(platform, chat_id, lock=False)
            if table is None or table.status != "active":
                return []
            seat = table_verbs.seat_of(table, user_id)
            if seat is None:
                return []
            turn = self.begin(table)
            return [move.text for move in turn.engine.legal(turn.state, seat)]

    async def chat_data(self, platform: str, chat_id: str) -> dict[str, Any]:
        async with self._sessions() as session:
            chat = await session.get(Chat, (platform, chat_id))
            return dict(chat.data) if chat is not None else {}

    async def update_chat_data(self, platform: str, chat_id: str, **values: Any) -> None:
        """Adapters keep small per-chat facts here (e.g. that a user has started the bot)."""
        async with self._sessions() as session, session.begin():
            chat = await Repository(session).lock_chat(platform, chat_id, self.new_seed())
            chat.data = {**chat.data, **values}

    # ---- game actions ----

    def begin(self, table: GameTable) -> Turn:
        engine = engine_for(table.game)
        assert table.state is not None and table.seed is not None
        rng = Rng(table.seed, table.rng_position)
        return Turn(table, engine, copy.deepcopy(table.state), rng)

    async def act(
        self, repo: Repository, turn: Turn, seat: int, verb: str, args: Sequence[str]
    ) -> list[Event]:
        """Apply one action to the working copy and log it; RuleError leaves everything unchanged."""
        table = turn.table
        before_state = copy.deepcopy(turn.state)
        before_rng = turn.rng.position
        name = table.seats[seat].name
        try:
            events = apply(turn.engine, turn.state, Action(seat, verb, tuple(args)), turn.rng, name)
        except RuleError:
            turn.state, turn.rng.position = before_state, before_rng
            raise
        undoable = turn.rng.position == before_rng and not any(e.reveals_hidden for e in events)
        shown = "; ".join(e.text for e in events if e.to is None)
        table.version += 1
        repo.add_action(
            table_id=table.id,
            seq=await repo.next_seq(table.id),
            seat=seat,
            user_id=table.seats[seat].user_id,
            verb=verb,
            args=list(args),
            summary=shown[:500] or f"{name} acted.",
            undoable=undoable,
            digest=state_digest(turn.state, turn.rng.position),
        )
        self.deliver(turn, events)
        return events

    def deliver(self, turn: Turn, events: Sequence[Event]) -> None:
        for event in events:
            turn.replies.extend(self.event_replies(turn, event))

    def event_replies(self, turn: Turn, event: Event) -> list[Reply]:
        table, engine, state = turn.table, turn.engine, turn.state
        buttons = tuple(Button(m.label or m.text, m.text) for m in event.choices)
        image = table_verbs.wants_image(table)
        if event.to is None:
            board = engine.view(state, None) if event.board else None
            return [Public(event.text, board, buttons, version=table.version, image=image)]
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
                image=image,
            )
        ]

    async def run_bots(self, repo: Repository, turn: Turn) -> None:
        """Let bot seats answer whatever they owe; a table of bots plays to the end."""
        table = turn.table
        all_bots = all(s.is_bot for s in table.seats)
        limit = MAX_SELF_PLAY if all_bots else MAX_BOT_MOVES
        for _ in range(limit):
            if await self.check_end(repo, turn):
                return
            bots = [s for s in turn.engine.waiting(turn.state) if table.seats[s].is_bot]
            if not bots:
                return
            seat = bots[0]
            move = turn.engine.bot_move(
                turn.state, seat, turn.rng.fork(f"bot{seat}:{table.version}")
            )
            await self.act(repo, turn, seat, move.verb, move.args)
        turn.replies.append(Public(f"The bots stopped after {limit} moves; /end closes the table."))

    async def check_end(self, repo: Repository, turn: Turn) -> bool:
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
            lines = [f"Game over. Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}."]
        else:
            lines = ["Game over. Nobody wins."]
        lines += outcome.detail
        lines.append(f"Scores: {', '.join(f'{n} {s:g}' for n, s in scores.items())}.")
        lines.append(f"Seed: {table.seed} (sha256 = {table.commitment}); /export to verify.")
        table.status = "finished"
        repo.add_result(table, outcome.winners, scores)
        turn.replies.append(
            Public("\n".join(lines), outcome={"winners": winners, "scores": scores})
        )
        turn.finished = True
        return True

    def replies(self, turn: Turn) -> list[Reply]:
        """One channel board per command, showing the final state, not one after every step."""
        public = [r for r in turn.replies if isinstance(r, Public) and r.board is not None]
        for reply in public[:-1]:
            reply.board = None
        if public:
            public[-1].board = turn.engine.view(turn.state, None)
        last = next((r for r in reversed(turn.replies) if isinstance(r, Public)), None)
        if last is not None and not last.buttons and not turn.finished:
            last.buttons = table_verbs.game_buttons(turn.engine)
        return turn.replies

    def save(self, turn: Turn) -> None:
        table = turn.table
        table.state = turn.state
        table.rng_position = turn.rng.position
        flag_modified(table, "state")


def _plain(score: float) -> float | int:
    return int(score) if float(score).is_integer() else score
