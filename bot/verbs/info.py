"""Answers that change nothing: status, board, history, export, help, rules, games."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.board import game_board, seat_list
from bot.commands.help import help_text, usage
from bot.context import Context, SharedVerb, wants_image
from bot.i18n import localise_view, say
from bot.pipeline import game_buttons
from bot.render.text import render_text
from bot.replies import Private, Public, Reply
from bot.upgrades import version_of
from bot.verbs.lobby import LOBBY_BUTTONS
from games.base import Arg, Engine, RuleError
from games.i18n import SOURCE_LANGUAGE, Joined, Name, _, _n, joined
from games.registry import GAMES, about, engine_for
from storage.models import ActionRow, TableStatus
from storage.rows import Table
from storage.work import Work

HISTORY_LINES = 15
HISTORY_CHARS = 12_000
"""A /history page: that many lines at most, and that many characters unless one line is longer
(a roll of many dice is listed in full)."""
MAX_HISTORY_PAGE = 10_000


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
    """Every move and roll of this chat, a page at a time (`/history 2` is older than page 1),
    every die of a roll included."""
    page = history_page(ctx.inv.args)
    pages = await history_pages(ctx.repo, ctx.inv.platform, ctx.inv.chat_id, page)
    if not pages:
        return [Public(_("Nothing has happened in this chat yet."))]
    if page > len(pages):
        last = len(pages)
        raise RuleError(
            _n(
                "This chat's history has {n} page; /history {n} is its oldest.",
                "This chat's history has {n} pages; /history {n} is its oldest.",
                last,
            )
        )
    kept, older = pages[page - 1], page < len(pages)
    shown = "\n".join(kept)
    text: str
    if page == 1:
        text = _("Recent moves and rolls:\n{lines}", lines=shown)
    else:
        text = _("Moves and rolls, page {page}:\n{lines}", page=page, lines=shown)
    if older:
        text = joined((text, _("Older: /history {page}.", page=page + 1)), "\n")
    return [Public(text)]


def history_page(args: Sequence[str]) -> int:
    """The page a /history asks for: 1 (the newest) unless a number says otherwise."""
    if not args:
        return 1
    typed = args[0]
    if not (typed.isascii() and typed.isdigit() and len(typed) <= 6) or not (
        1 <= int(typed) <= MAX_HISTORY_PAGE
    ):
        raise RuleError(
            _(
                "Write /history for the newest moves, or /history PAGE with a page from 1 "
                "to {most}.",
                most=f"{MAX_HISTORY_PAGE:,}",
            )
        )
    return int(typed)


async def history_pages(repo: Work, platform: str, chat_id: str, page: int) -> list[list[str]]:
    """A chat's logged lines in pages from the newest, up to page `page` and one line past it
    (so the last page shown knows whether older lines exist); none for an empty chat."""
    lines = await repo.recent(platform, chat_id, page * HISTORY_LINES + 1)
    return paged([text for _when, text in lines]) if lines else []


async def recent_lines(repo: Work, platform: str, chat_id: str) -> list[str]:
    """A chat's newest logged lines, oldest first: /history's first page."""
    pages = await history_pages(repo, platform, chat_id, 1)
    return pages[0] if pages else []


def paged(lines: Sequence[str]) -> list[list[str]]:
    """Pages from the newest (lines come oldest first): up to HISTORY_LINES lines and
    HISTORY_CHARS characters each, and never less than one line, so every line is on a page.
    A page holds at most HISTORY_LINES, so page N needs at most N * HISTORY_LINES lines."""
    pages: list[list[str]] = []
    page: list[str] = []
    size = 0
    for text in reversed(lines):
        if page and (len(page) == HISTORY_LINES or size + len(text) > HISTORY_CHARS):
            pages.append(page)
            page, size = [], 0
        page.insert(0, text)
        size += len(text)
    pages.append(page)
    return pages


def export_document(table: Table, actions: Sequence[ActionRow]) -> dict[str, Any]:
    return {
        "format": "paperref-export/1",
        "game": table.game,
        "engine_version": version_of(table),
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


def named_game(ctx: Context, args: list[str], usage: str) -> Engine[Any]:
    """The game a command names first (taken off `args`), else the table's game."""
    if args and args[0].lower() in GAMES:
        return engine_for(args.pop(0).lower())
    if ctx.table is None:
        raise RuleError(
            _("Say which game: {usage}, one of {games}.", usage=usage, games=", ".join(GAMES))
        )
    return engine_for(ctx.table.game)


def table_state(ctx: Context, engine: Engine[Any]) -> Any:
    """The running table's state when it plays this game (its own card set), else None."""
    table = ctx.table
    if table is None or table.game != engine.key or table.status != TableStatus.ACTIVE:
        return None
    return table.state


async def rules(ctx: Context) -> list[Reply]:
    """The rules, or one topic (a game's topics include its cards: `/rules papertales Demon`)."""
    args = list(ctx.inv.args)
    engine = named_game(ctx, args, _("/rules GAME [TOPIC]"))
    text = engine.rules(" ".join(args).lower() or None)
    return [just_for_you(ctx, usages_said(text, engine, ctx.lang))]


def usages_said(text: str, engine: Engine[Any], lang: str) -> str:
    """A rules text in the reader's language, each verb's usage line in it said as /help says it
    (`/attack ATAKUJĄCY CEL`), not with the declaration's English placeholders."""
    if lang == SOURCE_LANGUAGE:
        return text
    said_text = say(text, lang)
    for verb in engine.verbs:
        said_text = said_text.replace(f"/{verb.name} {verb.usage}".rstrip(), usage(verb, lang))
    return said_text


async def card(ctx: Context) -> list[Reply]:
    """One card in full, of the table's card set or of the game named first."""
    args = list(ctx.inv.args)
    engine = named_game(ctx, args, _("/card GAME CARD"))
    if not args:
        raise RuleError(_("Name the card: /card CARD."))
    text = engine.card(table_state(ctx, engine), " ".join(args))
    if text is None:
        raise RuleError(
            _(
                "{game} has no card of that name; type a card's name as the game shows it, "
                "in English or Polish.",
                game=engine.title,
            )
        )
    return [just_for_you(ctx, text)]


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


GAME_ARG = Arg("GAME", "choice", _("The game."), required=False, choices=tuple(GAMES))
"""A game named first, where the table's game is the default (/rules, /card)."""

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
        _("Every move and roll in this chat, newest first: /history 2 goes back a page."),
        history,
        args=(Arg("PAGE", "number", _("Which page: 1 is the newest."), required=False),),
        role="info",
        examples=("/history", "/history 2"),
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
            GAME_ARG,
            Arg("TOPIC", "word", _("One topic of the rules, or a card's name."), required=False),
        ),
        role="info",
        examples=(
            "/rules gotown",
            Joined(("/rules papertown", Name({"en": "defaults", "pl": "domyślne"})), " "),
            "/rules papertales Demon",
        ),
    ),
    SharedVerb(
        "card",
        _("One card in full: its numbers and what it does."),
        card,
        args=(
            GAME_ARG,
            Arg("CARD", "text", _("The card's name, in any language."), required=True),
        ),
        role="info",
        examples=(
            "/card Demon",
            Joined(("/card skylines", Name({"en": "Post Office", "pl": "Poczta"})), " "),
        ),
    ),
    SharedVerb(
        "games", _("The games this referee runs."), games, role="info", examples=("/games",)
    ),
)
