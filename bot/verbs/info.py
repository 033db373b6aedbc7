"""Answers that change nothing: status, board, history, export, help, rules, games."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.board import game_board, seat_list
from bot.commands.help import help_text
from bot.context import Context, SharedVerb, wants_image
from bot.i18n import localise_view
from bot.pipeline import game_buttons
from bot.render.text import render_text
from bot.replies import Private, Public, Reply
from bot.verbs.lobby import LOBBY_BUTTONS
from games.base import Arg, Engine, RuleError
from games.i18n import _, joined
from games.registry import GAMES, about, engine_for
from storage.models import ActionRow, TableStatus
from storage.rows import Table
from storage.work import Work

HISTORY_LINES = 15
HISTORY_CHARS = 12_000
"""A roll of many dice is listed in full; that many characters of the newest lines at most."""


async def status(ctx: Context) -> list[Reply]:
    table = ctx.need_table()
    engine = engine_for(table.game)
    if table.status == TableStatus.LOBBY:
        text = _(
            "{game} table, waiting to start (version {version}).\n{seats}",
            game=engine.title,
            version=table.version,
            seats=seat_list(table),
        )
        return [Public(text, buttons=LOBBY_BUTTONS, version=table.version)]
    waiting = engine.waiting(table.state)
    view = localise_view(engine.view(table.state, None), ctx.lang)
    summary = render_text(replace(view, title="", grids=[], meters=[], hand=None))
    lines = [
        _(
            "{game}, version {version} (commitment {commitment}).",
            game=engine.title,
            version=table.version,
            commitment=table.commitment,
        ),
        seat_list(table, waiting),
        summary,
    ]
    return [Public(joined(lines, "\n"), version=table.version)]


async def board(ctx: Context) -> list[Reply]:
    table = ctx.need_table(TableStatus.ACTIVE)
    engine = engine_for(table.game)
    view = engine.view(table.state, None)
    image = wants_image(table, ctx.board_default)
    waiting = engine.waiting(table.state)
    buttons = game_buttons(engine)
    return [game_board(table, engine, view, buttons, image=image, waiting=waiting, repost=True)]


async def history(ctx: Context) -> list[Reply]:
    """The newest lines, every die of a roll included; older lines give way past HISTORY_CHARS."""
    kept = await recent_lines(ctx.repo, ctx.inv.platform, ctx.inv.chat_id)
    if not kept:
        return [Public(_("Nothing has happened in this chat yet."))]
    return [Public(_("Recent moves and rolls:\n{lines}", lines="\n".join(kept)))]


async def recent_lines(repo: Work, platform: str, chat_id: str) -> list[str]:
    """A chat's newest logged lines, oldest first, within HISTORY_CHARS."""
    lines = await repo.recent(platform, chat_id, HISTORY_LINES)
    kept: list[str] = []
    for _when, text in reversed(lines):
        if kept and sum(map(len, kept)) + len(text) > HISTORY_CHARS:
            break
        kept.insert(0, text)
    return kept


def export_document(table: Table, actions: Sequence[ActionRow]) -> dict[str, Any]:
    return {
        "format": "paperref-export/1",
        "game": table.game,
        "options": table.options,
        "seats": [{"position": s.position, "name": s.name, "bot": s.is_bot} for s in table.seats],
        "commitment": table.commitment,
        "actions": [
            {"seq": a.seq, "seat": a.seat, "verb": a.verb, "args": a.args, "digest": a.digest}
            | ({"cause": a.cause} if a.cause else {})
            for a in actions
        ],
        "seed": table.seed if table.status == TableStatus.FINISHED else None,
    }


async def export(ctx: Context) -> list[Reply]:
    last = ctx.table or await ctx.repo.last_table(ctx.inv.platform, ctx.inv.chat_id)
    if last is None or last.seed is None:
        raise RuleError(_("There is no started game in this chat to export."))
    if last.status != TableStatus.FINISHED:
        raise RuleError(
            _("The export is given when the game is over, so it cannot reveal hidden choices.")
        )
    document = export_document(last, await ctx.repo.actions(last.id))
    text = json.dumps(document, indent=1)
    name = f"paperref-{last.game}-{last.id}.json"
    return [Public(text, file=(name, text.encode()))]


async def help_(ctx: Context) -> list[Reply]:
    engine = engine_for(ctx.table.game) if ctx.table is not None else None
    topic = ctx.inv.args[0] if ctx.inv.args else None
    return [just_for_you(ctx, help_text(ctx.shared, engine, topic, ctx.lang))]


async def rules(ctx: Context) -> list[Reply]:
    args = list(ctx.inv.args)
    engine: Engine[Any] | None = None
    if args and args[0].lower() in GAMES:
        engine = engine_for(args.pop(0).lower())
    elif ctx.table is not None:
        engine = engine_for(ctx.table.game)
    if engine is None:
        raise RuleError(
            _("Say which game: /rules GAME [TOPIC], one of {games}.", games=", ".join(GAMES))
        )
    return [just_for_you(ctx, engine.rules(" ".join(args).lower() or None))]


def just_for_you(ctx: Context, text: str) -> Private:
    """An answer only its asker needs (help, rules): privately, where the platform can."""
    return Private(ctx.inv.user_id, ctx.inv.user_name, text, shareable=True)


async def games(ctx: Context) -> list[Reply]:
    lines: list[str] = [_("Games:")]
    for key in GAMES:
        game = about(key)
        lines.append(
            _(
                "  {key}: {game}, {low}-{high} players",
                key=game.key,
                game=game.title,
                low=game.min_players,
                high=game.max_players,
            )
        )
    lines.append(_("Open a table with /new GAME."))
    return [Public(joined(lines, "\n"))]


VERBS: tuple[SharedVerb, ...] = (
    SharedVerb(
        "status",
        _("Who sits where, whose turn it is, and the public state."),
        status,
        role="info",
        examples=("/status",),
    ),
    SharedVerb(
        "board",
        _("Show the board (the console can write it as a PNG)."),
        board,
        role="info",
        grammar="[--image FILE]",
        examples=("/board", "/board --image board.png"),
    ),
    SharedVerb(
        "history",
        _("Recent moves and rolls in this chat."),
        history,
        role="info",
        examples=("/history",),
    ),
    SharedVerb(
        "export",
        _("The finished game as one JSON document for `paperref verify`."),
        export,
        role="info",
        examples=("/export",),
    ),
    SharedVerb(
        "help",
        _("List the commands, or explain one."),
        help_,
        args=(Arg("VERB", "word", _("A command to explain."), required=False),),
        role="info",
        examples=("/help", "/help roll"),
    ),
    SharedVerb(
        "rules",
        _("Rules summary and the referee's defaults."),
        rules,
        args=(
            Arg("GAME", "choice", _("The game."), required=False, choices=tuple(GAMES)),
            Arg("TOPIC", "word", _("One topic of the rules."), required=False),
        ),
        role="info",
        examples=("/rules gotown", "/rules papertown defaults"),
    ),
    SharedVerb(
        "games", _("The games this referee runs."), games, role="info", examples=("/games",)
    ),
)
