"""Playing a running game: the game's own verbs, chat-scoped verbs, /hand, /undo and /end."""

from __future__ import annotations

import copy
import logging
from collections.abc import Sequence
from typing import Any

from bot.board import game_board, into_new_board
from bot.context import Context, SharedVerb, wants_image
from bot.pipeline import begin, event_replies, move_button, play
from bot.replies import Button, Private, Public, Reply
from bot.verbs.dice import answered, log_roll, split_private
from games.base import Action, Engine, Move, Rng, RuleError, View, find_verb
from games.i18n import _, _n, joined
from games.registry import all_engines, engine_for
from games.replay import replay
from games.versions import FIRST, upgrade
from storage.models import TableStatus
from storage.rows import Table

log = logging.getLogger(__name__)

HAND_BUTTONS = 1000
"""Every legal move is offered; adapters page what does not fit a message."""


def hand_buttons(
    moves: Sequence[Move], limit: int = HAND_BUTTONS, engine: Engine[Any] | None = None
) -> tuple[Button, ...]:
    """Up to `limit` moves, the argument-free ones such as /done or /ready first (on the first
    page where a keyboard is paged)."""
    plain = [m for m in moves if not m.args]
    chosen = plain + [m for m in moves if m.args][: max(limit - len(plain), 0)]
    if engine is not None:
        return tuple(move_button(engine, m) for m in chosen[:limit])
    return tuple(Button(m.shown, m.text) for m in chosen[:limit])


def chat_engine(ctx: Context) -> Engine[Any] | None:
    """The engine owning a chat-scoped verb: the table's game if it declares the verb at all,
    else any game that has it as a chat verb or a verb usable anywhere (so /unit add and
    Papercraft's /attack work with no table of theirs running)."""
    if ctx.table is not None:
        engine = engine_for(ctx.table.game)
        declared = find_verb(engine.verbs, ctx.inv.verb)
        if declared is not None:
            running = ctx.table.status == TableStatus.ACTIVE
            return engine if declared.chat or (declared.anywhere and not running) else None
    for engine in all_engines():
        declared = find_verb(engine.verbs, ctx.inv.verb)
        if declared is not None and (declared.chat or declared.anywhere):
            return engine
    return None


async def chat_verb(ctx: Context, engine: Engine[Any]) -> list[Reply]:
    """A chat-scoped verb edits the chat's data; a verb used anywhere (Papercraft's /attack)
    rolls on the chat's generator and is kept in the chat's roll log, as /roll is."""
    declared = find_verb(engine.verbs, ctx.inv.verb)
    assert declared is not None
    if declared.anywhere:
        return await anywhere_verb(ctx, engine, declared.readonly)
    data = copy.deepcopy(ctx.chat.data.get(engine.key, {}))
    typed = ctx.inv.text or " ".join(ctx.inv.args)
    if ctx.inv.attachment is not None:  # `/unit add` with a file of stat blocks
        typed = f"{typed} {ctx.inv.attachment[1]}"
    text = engine.chat_act(data, ctx.inv.verb, typed)
    if data != ctx.chat.data.get(engine.key, {}):
        ctx.repo.update_chat_data(ctx.chat, **{engine.key: data})
    return [Public(text)]


async def anywhere_verb(ctx: Context, engine: Engine[Any], readonly: bool) -> list[Reply]:
    args, private = split_private(ctx.inv.args)
    data = ctx.chat.data.get(engine.key, {})
    if readonly:
        return [Public(engine.chat_act(data, ctx.inv.verb, " ".join(args)))]
    rng = Rng(ctx.chat.seed, ctx.chat.rng_position)
    result = engine.chat_act(data, ctx.inv.verb, " ".join(args), rng)
    ctx.chat.rng_position = rng.position
    text = _("{name}: {result}", name=ctx.inv.user_name, result=result)
    log_roll(ctx, text, private=private)
    return answered(ctx, text, private=private)


class InTheOpen(RuleError):
    """A hidden choice typed where the whole chat reads it: not applied, made in private."""


async def game_verb(ctx: Context) -> list[Reply]:
    """A verb of the table's game: apply() checks the turn, the pipeline does the rest."""
    inv, table = ctx.inv, ctx.table
    if table is None:
        raise RuleError(
            _(
                "/{verb} is not a command here; /help lists them, /new GAME opens a table.",
                verb=inv.verb,
            )
        )
    engine = engine_for(table.game)
    declared = find_verb(engine.verbs, inv.verb)
    if declared is None or declared.chat:
        names = ", ".join(f"/{v.name}" for v in engine.verbs if not v.chat)
        raise RuleError(
            _(
                "{game} has no /{verb}; its commands are {names} (see /help).",
                game=engine.title,
                verb=inv.verb,
                names=names,
            )
        )
    table = ctx.need_table(TableStatus.ACTIVE)
    seat = ctx.need_seat(table)
    assert table.state is not None
    if inv.in_the_open and engine.secret(table.state, seat, inv.verb):
        raise InTheOpen(
            _(
                "{name}, that choice stays secret until the reveal, so it is not made from the "
                "group: use the buttons in our private chat (/hand sends them there).",
                name=inv.user_name,
            )
        )
    turn = begin(ctx.repo, table, ctx.board_default)
    if declared.readonly:
        rng = Rng(table.seed or "", table.rng_position)
        events = engine.act(turn.state, seat, inv.verb, inv.args, rng)
        return [r for e in events for r in event_replies(turn, e)]
    return await play(turn, [(seat, inv.verb, inv.args)])


async def hand(ctx: Context) -> list[Reply]:
    table = ctx.need_table(TableStatus.ACTIVE)
    seat = ctx.need_seat(table)
    engine = engine_for(table.game)
    assert table.state is not None
    view = engine.view(table.state, seat)
    moves = engine.legal(table.state, seat)
    text = (
        _("You can: {moves}", moves=joined(m.shown for m in moves[:12]))
        if moves
        else _("Nothing to do now.")
    )
    return [
        Private(
            ctx.inv.user_id,
            table.seats[seat].name,
            text,
            view,
            hand_buttons(moves, engine=engine),
            version=table.version,
            image=wants_image(table, ctx.board_default),
        )
    ]


async def undo(ctx: Context) -> list[Reply]:
    """Take back the last action by replaying the log without it, through the same pipeline."""
    table = ctx.need_table(TableStatus.ACTIVE)
    ctx.need_seat(table)
    last = await ctx.repo.last_action(table.id)
    if last is None:
        raise RuleError(_("There is nothing to undo yet."))
    if last.user_id != ctx.inv.user_id:
        raise RuleError(
            _("Only the author of the last action can take it back, and it was not yours.")
        )
    if not last.undoable:
        raise RuleError(
            _("The last action revealed hidden information or a random result, so it stands.")
        )
    await ctx.repo.delete_action(table, last)
    snapshot, rows = await ctx.repo.actions_from_snapshot(table.id)
    actions = [Action(a.seat, a.verb, tuple(a.args)) for a in rows]
    names = [s.name for s in table.seats]
    engine = engine_for(table.game)
    start = None
    if snapshot is not None:  # saved before an upgrade or after: `up` leaves a newer state as is
        state = upgrade(snapshot["state"], FIRST, engine.versions)
        start = (state, int(snapshot["rng"])) if state is not None else None
    state, rng = replay(engine, names, table.options, table.seed or "", actions, start=start)
    turn = begin(ctx.repo, table, ctx.board_default)
    turn.state, turn.rng = state, rng
    version = ctx.repo.bump(table)
    text = _("{name} takes back: {summary}", name=ctx.inv.user_name, summary=last.summary)
    turn.replies.append(Public(text, version=version))
    return await play(turn)


async def end(ctx: Context) -> list[Reply]:
    """The creator, while seated, ends at once; otherwise every seated human must agree, those
    whose seat a bot plays now (kicked, timed out) included: a kick does not end a game."""
    table = ctx.need_table()
    humans = {s.user_id for s in table.seats if s.user_id}
    if ctx.inv.user_id not in humans:
        raise RuleError(_("Only the players seated at this table can end the game."))
    if ctx.inv.user_id != table.creator_id:
        votes = set(table.settings.get("end_votes", [])) | {ctx.inv.user_id}
        votes &= humans
        ctx.repo.update_settings(table, end_votes=sorted(votes))
        if votes < humans:
            left = len(humans - votes)
            return [
                Public(
                    _n(
                        "{name} wants to end the game; {n} more seated player must /end too "
                        "(or the table's creator).",
                        "{name} wants to end the game; {n} more seated players must /end too "
                        "(or the table's creator).",
                        left,
                        name=ctx.inv.user_name,
                    )
                )
            ]
    table.status = TableStatus.FINISHED
    ctx.repo.bump(table)
    seed = _(" Seed: {seed}.", seed=table.seed) if table.seed else ""
    engine = engine_for(table.game)
    closed = _("The {game} table is closed without a result.{seed}", game=engine.title, seed=seed)
    view = last_view(engine, table)
    image = wants_image(table, ctx.board_default)
    header = _("{game}: closed without a result.", game=engine.title)
    board = game_board(table, engine, view, (), image=image, header=header)
    return into_new_board([Public(closed), board])


def last_view(engine: Engine[Any], table: Table) -> View | None:
    """The board a closed table shows: none when the state cannot be read (saved by a release
    whose state this one cannot bring back, or damaged), so /end works on any table."""
    if table.state is None:
        return None
    try:
        return engine.view(table.state, None)
    except Exception:
        log.warning("table %s: its %s state cannot be viewed", table.id, table.game, exc_info=True)
        return None


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "hand",
        _("Show your own cards and choices, privately."),
        hand,
        role="info",
        examples=("/hand",),
    ),
    SharedVerb(
        "undo",
        _("Take back your last action if it revealed nothing hidden or random."),
        undo,
        examples=("/undo",),
    ),
    SharedVerb(
        "end",
        _("End the game: the seated creator at once, or every seated player agreeing."),
        end,
        examples=("/end",),
    ),
)
