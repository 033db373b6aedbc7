"""Translation at the edge: the gettext catalogues (Babel), each reader's language, and turning
the marked texts of replies, boards and buttons into that language.

Games and shared verbs mark what a player reads with `games.i18n._()`; the referee hands every
reply to `localise_replies()` just before it leaves, with an `Audience` that knows who reads what:
the table's `--lang`, else the chat's `/settings language`, else the reader's platform locale
(Discord `locale`, Telegram `language_code`), else English.

Catalogues are `bot/locales/<lang>/LC_MESSAGES/paperref.po`, read with Babel when first needed
(no compile step). English is the language of the msgids and needs none.
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from bot.replies import Button, Private, Public, Reply, Unmade
from games.base import View, evolve
from games.i18n import ENGLISH, SOURCE_LANGUAGE, Translator, localise
from games.memo import Memo
from games.registry import GAMES

log = logging.getLogger(__name__)

LANGUAGES = ("en", "pl")
"""Languages with a complete catalogue; the first is the source language."""
CORE_DOMAIN = "paperref"


class Catalogue:
    """One language's .po file as a Translator; a msgid it lacks is said in English."""

    def __init__(self, lang: str, messages: Mapping[str, str | tuple[str, ...]], plural: str):
        self.lang = lang
        self._messages = dict(messages)
        self._plural: Callable[[int], int] = gettext.c2py(plural)

    def gettext(self, msgid: str) -> str:
        found = self._messages.get(msgid)
        return found if isinstance(found, str) and found else msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self._messages.get(singular)
        if isinstance(found, tuple):
            index = self._plural(n)
            if index < len(found) and found[index]:
                return found[index]
        return singular if n == 1 else plural


def catalogue_files(lang: str) -> list[tuple[str, Path]]:
    """(domain, .po path) of a language: the core's, then each registered game package's own
    (`games/<key>/locales/<lang>.po`), found without importing the game."""
    files = [(CORE_DOMAIN, Path(__file__).parent / f"locales/{lang}/LC_MESSAGES/{CORE_DOMAIN}.po")]
    for key, module in GAMES.items():
        spec = find_spec(module)
        if spec is not None and spec.submodule_search_locations:
            package = Path(next(iter(spec.submodule_search_locations)))
            files.append((key, package / "locales" / f"{lang}.po"))
    return files


def load_catalogue(lang: str) -> Catalogue:
    """Read a language's .po files with Babel: msgid -> translation (a tuple of forms for
    plurals); the core's translation wins where a game repeats a msgid."""
    from babel.messages.pofile import read_po  # only for a language other than English

    messages: dict[str, str | tuple[str, ...]] = {}
    plural = "(n != 1)"
    for _domain, path in catalogue_files(lang):
        if not path.exists():
            continue
        with path.open("rb") as handle:
            po = read_po(handle, locale=lang)
        plural = po.plural_expr
        for message in po:
            if not message.id or message.fuzzy:
                continue
            key = str(message.id[0] if isinstance(message.id, tuple | list) else message.id)
            value = message.string
            text = tuple(value) if isinstance(value, tuple | list) else str(value or "")
            messages.setdefault(key, text)
    return Catalogue(lang, messages, plural)


@cache
def translator(lang: str) -> Translator:
    if lang == SOURCE_LANGUAGE or lang not in LANGUAGES:
        return ENGLISH
    return load_catalogue(lang)


def say(text: str, lang: str) -> str:
    """One text in a language (a plain str stays as it is)."""
    return localise(text, translator(lang))


def platform_language(code: str | None) -> str:
    """The language of a platform locale, English when the catalogue has none for it (for an
    adapter's own notes to someone with no reply to go by)."""
    return supported(code) or SOURCE_LANGUAGE


def supported(code: str | None) -> str | None:
    """A language code, or a platform locale such as `pl`, `pl-PL` or `en_US`, as one of
    LANGUAGES; None when it is none of them."""
    if not code:
        return None
    base = str(code).replace("_", "-").split("-")[0].strip().lower()
    return base if base in LANGUAGES else None


@dataclass(frozen=True)
class Audience:
    """Who reads a command's replies in which language: the table's language, else the chat's,
    else each reader's own platform locale (the sender's for the channel), else English."""

    table: str | None = None
    chat: str | None = None
    sender_id: str = ""
    sender: str | None = None
    users: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of_chat(
        cls,
        table_settings: Mapping[str, Any],
        table_options: Mapping[str, Any],
        chat_settings: Mapping[str, Any],
        sender_id: str = "",
        sender_locale: str | None = None,
    ) -> Audience:
        """From the table's settings (`lang`; a Paper Tales table from before `--lang` was a
        table setting has it among its options), the chat's `language` and the locales of the
        seated users the table has seen."""
        users = table_settings.get("locales") or {}
        return cls(
            table=supported(table_settings.get("lang") or table_options.get("lang")),
            chat=supported(chat_settings.get("language")),
            sender_id=sender_id,
            sender=supported(sender_locale),
            users={str(k): v for k, v in users.items() if supported(v)},
        )

    def public(self) -> str:
        return self.table or self.chat or self.sender or SOURCE_LANGUAGE

    def of(self, user_id: str) -> str:
        own = self.sender if user_id == self.sender_id else None
        return self.table or self.chat or own or self.users.get(user_id) or SOURCE_LANGUAGE


def localise_view(view: View, lang: str) -> View:
    """Every text of a board in one language; the view remembers it for the renderer's own words.
    English is what its texts already hold."""
    tr = translator(lang)
    if tr is ENGLISH:  # a view is never changed once made: one already in English is shared
        return view if view.lang == lang else evolve(view, lang=lang)

    def s(text: str) -> str:
        return localise(text, tr)

    def cells(row: Iterable[str]) -> list[str]:
        return [s(c) for c in row]

    return evolve(
        view,
        title=s(view.title),
        lines=cells(view.lines),
        tables=[
            evolve(b, title=s(b.title), header=cells(b.header), rows=[cells(r) for r in b.rows])
            for b in view.tables
        ],
        grids=[
            evolve(
                g,
                cells=[evolve(c, label=s(c.label)) if c.label else c for c in g.cells],
                row_labels=cells(g.row_labels),
                col_labels=cells(g.col_labels),
                legend={k: s(v) for k, v in g.legend.items()},
                title=s(g.title),
            )
            for g in view.grids
        ],
        tracks=[evolve(t, name=s(t.name)) for t in view.tracks],
        meters=[evolve(m, name=s(m.name), note=s(m.note)) for m in view.meters],
        hand=cells(view.hand) if view.hand is not None else None,
        holdings=[
            evolve(
                h,
                title=s(h.title),
                rows=[
                    (s(row), [evolve(p, name=s(p.name), note=s(p.note)) for p in pieces])
                    for row, pieces in h.rows
                ],
            )
            for h in view.holdings
        ],
        lang=lang,
        battlefield=view.battlefield
        and evolve(
            view.battlefield,
            figures=[
                evolve(f, name=s(f.name), status=s(f.status)) for f in view.battlefield.figures
            ],
        ),
        cities=[
            evolve(
                c,
                title=s(c.title),
                kinds=cells(c.kinds),
                lots=[
                    evolve(lot, floors=cells(lot.floors), kinds=cells(lot.kinds)) for lot in c.lots
                ],
            )
            for c in view.cities
        ],
    )


SAID_ROWS_LIMIT = 256
_SAID_ROWS: Memo[tuple[int, str], tuple[tuple[Button, ...], tuple[Button, ...]]] = Memo(
    SAID_ROWS_LIMIT
)
"""Rows of buttons said in a language, by the row's identity (each entry keeps its row, so the id
is not reused meanwhile): a game's control row is one tuple, said with its board at every move."""


def _buttons(buttons: tuple[Button, ...], lang: str) -> tuple[Button, ...]:
    if not buttons:
        return buttons
    key = (id(buttons), lang)
    found = _SAID_ROWS.find(key)
    if found is None:
        said = tuple(Button(say(b.label, lang), b.command) for b in buttons)
        found = _SAID_ROWS.keep(key, (buttons, said))
    return found[1]


def _drawn(reply: Public) -> View | None:
    """The board a command left to draw. Its move is written by now, so a view that fails to draw
    must not fail the command (or claim it changed nothing): the board keeps its title alone and
    the log has the error."""
    assert reply.drawing is not None
    try:
        return reply.drawing()
    except Exception:
        log.exception("drawing the board of table %s failed", reply.live and reply.live.table_id)
        return reply.board


def localise_reply(reply: Reply, lang: str) -> Reply:
    """The reply in one language, its board drawn first if it was left to draw (Public.drawing)."""
    board, drawn = reply.board, {}
    if isinstance(reply, Public) and reply.drawing is not None:
        board, drawn = _drawn(reply), {"drawing": None}  # drawn and said in one copy
    return evolve(
        reply,
        text=reply.text if reply.html else say(reply.text, lang),
        board=localise_view(board, lang) if board is not None else None,
        buttons=_buttons(reply.buttons, lang),
        lang=lang,
        **drawn,
    )


def localise_replies(replies: Iterable[Reply], audience: Audience) -> list[Reply]:
    """Each reply in its reader's language: the channel's, or the one person's (replies left
    unmade are made first)."""
    out: list[Reply] = []
    for reply in replies:
        if isinstance(reply, Unmade):
            out += localise_replies(reply.make(), audience)
            continue
        lang = audience.of(reply.user_id) if isinstance(reply, Private) else audience.public()
        out.append(localise_reply(reply, lang))
    return out
