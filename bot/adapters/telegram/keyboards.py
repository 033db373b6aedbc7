"""Inline keyboards: a button carries its command in its callback data when it fits 64 bytes;
a set that does not (or is longer than a page) is stored and its keys carry a token, paged
with Previous / Next."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo
from telegram.error import TelegramError

from bot.adapters.base import PAGE, STORED, Press, encode_press, page_of, read_stored, stored_data
from bot.delivery import Delivery
from bot.port import RefereePort
from bot.replies import Button

log = logging.getLogger(__name__)

CALLBACK_LIMIT = 64
ALERT_LIMIT = 200
ROW_CHARS = 30
PAGE_SIZE = 8
"""Moves on one page of a keyboard; more are paged with Previous / Next."""
PREVIOUS, NEXT = "◀ Previous", "Next ▶"


def pack(keys: Sequence[tuple[str, str]]) -> list[list[InlineKeyboardButton]]:
    """(label, callback data) as rows: short labels share a row, up to three."""
    rows: list[list[InlineKeyboardButton]] = []
    width = ROW_CHARS
    for label, data in keys:
        key = InlineKeyboardButton(label[:64], callback_data=data)
        if rows and len(rows[-1]) < 3 and width + len(label) <= ROW_CHARS:
            rows[-1].append(key)
            width += len(label)
        else:
            rows.append([key])
            width = len(label)
    return rows


def keyboard(
    buttons: Sequence[Button], version: int | None, chat_ref: str = ""
) -> InlineKeyboardMarkup | None:
    """The buttons with their payload in the callback data; None when one does not fit the
    64 bytes or there are more than a page (then they are stored: `markup`)."""
    datas = [encode_press(b.command, version, chat_ref, CALLBACK_LIMIT) for b in buttons]
    if not buttons or len(buttons) > PAGE_SIZE or any(d is None for d in datas):
        return None
    return InlineKeyboardMarkup(
        pack([(b.label, d or "") for b, d in zip(buttons, datas, strict=True)])
    )


def mini_app_key(pages: str, table_id: int, label: str) -> InlineKeyboardButton:
    """The Mini App's key (Telegram allows it in private chats only): it opens the table's page
    signed in as whoever Telegram vouches for."""
    return InlineKeyboardButton(label, web_app=WebAppInfo(f"{pages}/tg/{table_id}"))


def below(
    keys: InlineKeyboardMarkup | None, row: list[InlineKeyboardButton]
) -> InlineKeyboardMarkup:
    """`keys` with one more row under them."""
    rows = [list(old) for old in keys.inline_keyboard] if keys is not None else []
    return InlineKeyboardMarkup([*rows, row])


def with_open_board(
    keys: InlineKeyboardMarkup | None,
    pages: str,
    table_id: int,
    labels: tuple[str, str],
    own_board: str | None,
) -> InlineKeyboardMarkup:
    """The board's keys and its pages. In a private chat (`own_board` None) the Mini App, the
    player's own board; in a group the table's page to watch, and `own_board`: a link into the
    player's private chat, where the Mini App opens."""
    watch, mine = labels
    if own_board is None:
        return below(keys, [mini_app_key(pages, table_id, watch)])
    page = InlineKeyboardButton(watch, url=f"{pages}/t/{table_id}")
    return below(keys, [page, InlineKeyboardButton(mine, url=own_board)])


def paged_keyboard(token: str, labels: Sequence[str], page: int) -> InlineKeyboardMarkup:
    """One page of a stored set: each key carries only the token and its index."""
    shown, page, pages = page_of(labels, page, PAGE_SIZE)
    rows = pack([(label, stored_data(STORED, token, i)) for i, label in shown])
    turn = []
    if page > 0:
        turn.append(
            InlineKeyboardButton(PREVIOUS, callback_data=stored_data(PAGE, token, page - 1))
        )
    if page < pages - 1:
        label = f"{NEXT} ({page + 2}/{pages})"
        turn.append(InlineKeyboardButton(label, callback_data=stored_data(PAGE, token, page + 1)))
    return InlineKeyboardMarkup([*rows, turn] if turn else rows)


async def markup(
    delivery: Delivery, buttons: Sequence[Button], version: int | None, chat_ref: str = ""
) -> InlineKeyboardMarkup | None:
    """Buttons that carry their payload when it fits; otherwise (or past a page) the set is
    stored server-side and the keys carry a short token, paged with Previous / Next."""
    if not buttons:
        return None
    plain = keyboard(buttons, version, chat_ref)
    if plain is not None:
        return plain
    token = await delivery.store_buttons(chat_ref, version, buttons)
    return paged_keyboard(token, [b.label for b in buttons], 0)


async def stored_press(referee: RefereePort, data: str) -> Press | None:
    """A button whose payload is kept server-side: `t:TOKEN:INDEX`."""
    found = read_stored(data, STORED)
    stored = await referee.press(found[0]) if found else None
    if found is None or stored is None or not 0 <= found[1] < len(stored.buttons):
        return None
    return Press(stored.version, stored.chat_id, stored.buttons[found[1]].command)


async def answer(query: CallbackQuery, text: str | None = None, alert: bool = False) -> None:
    """Answer a press; a failed answer (too old) must not stop the move from being delivered."""
    try:
        await query.answer(text[:ALERT_LIMIT] if text else None, show_alert=alert or None)
    except TelegramError as error:
        log.warning("telegram: a button press could not be answered: %s", error)
