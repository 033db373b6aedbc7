"""Inline mode: `@bot 1d20+5` in any chat offers the roll unrolled; it is rolled, on the user's
own seeded generator, when the result is chosen, and the sent message is edited to show it.
`@bot` alone (or with a card's first letters) offers a seated player's moves, so a secret pick
is made from the group's own text box: the group reads only "Ann has chosen."."""

from __future__ import annotations

import hashlib
import logging

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQuery,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Update,
)
from telegram.constants import ParseMode
from telegram.error import TelegramError

from bot.adapters.telegram.chat import Context, Origin
from bot.adapters.telegram.messages import MESSAGE_LIMIT, as_html, fit_lines
from bot.adapters.telegram.outbox import Outbox
from bot.commands.parse import Invocation, parse_command, split_args
from bot.delivery import Delivery
from bot.i18n import platform_language, say
from bot.port import RefereePort
from bot.replies import Button, Public
from bot.verbs.dice import inline_chat
from games.base import RuleError
from games.i18n import N_, Text, _

log = logging.getLogger(__name__)

PLATFORM = "telegram"
INLINE_ROLLING = N_("🎲 {name} is rolling…")
"""An inline roll's message until it is chosen: no number, for none is decided yet."""
INLINE_HINT = N_("Type dice after my name, e.g. 2d6+1")
CHOSEN = N_("{name} has chosen.")
"""All the chat reads of a move chosen inline: the move itself is said where it is private."""
INLINE_BUTTON_LIMIT = 64
PICK = "pick:"
"""A chosen move's result id: `pick:` and the stored set's token (the id's 64 bytes hold no
command, and the set names the table's chat)."""
MAX_RESULTS = 50
"""Telegram answers an inline query with at most 50 results."""


def inline_result_id(text: str) -> str:
    """At most 64 bytes, as Telegram requires, whatever was typed."""
    return "roll:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def roll_again(text: str, lang: str = "en") -> InlineKeyboardMarkup:
    """Inline messages need a keyboard for Telegram to report their id when chosen."""
    label = say(_("🎲 Roll again"), lang)
    key = InlineKeyboardButton(label, switch_inline_query_current_chat=text)
    return InlineKeyboardMarkup([[key]])


class InlineRolls:
    """The inline query and the chosen result of `@bot DICE`."""

    def __init__(self, referee: RefereePort, delivery: Delivery, outbox: Outbox) -> None:
        self.referee, self.delivery, self.outbox = referee, delivery, outbox

    async def on_inline_query(self, update: Update, context: Context) -> None:
        """A seated player's moves that match what was typed, else a roll offered without
        rolling it, so retyping the query cannot reroll: the number is decided when the result
        is chosen (on_inline_chosen)."""
        query = update.inline_query
        if query is None:
            return
        text = query.query.strip()
        lang = platform_language(query.from_user.language_code)
        picks = await self.picks(query, text)
        if picks:
            await self.answer_inline(query, picks)
            return
        if not text:
            await self.answer_inline(query, [], say(Text(INLINE_HINT), lang))
            return
        try:
            title = await self.delivery.roll_title(str(query.from_user.id), text)
        except RuleError as error:
            await self.answer_inline(query, [], say(error.message, lang))
            return
        rolling = Text(INLINE_ROLLING, {"name": query.from_user.full_name})
        article = InlineQueryResultArticle(
            id=inline_result_id(text),
            title=say(_("Roll {title}", title=title), lang)[:256],
            description=say(_("The dice are rolled when you send this, not before."), lang),
            input_message_content=InputTextMessageContent(say(rolling, lang)),
            reply_markup=roll_again(text, lang),
        )
        await self.answer_inline(query, [article])

    async def picks(self, query: InlineQuery, typed: str) -> list[InlineQueryResultArticle]:
        """The moves the user may make at their running tables, those whose words start with
        what was typed; choosing one sends only that they have chosen."""
        user = query.from_user
        locale = user.language_code
        seated = (await self.referee.chat_facts(PLATFORM, str(user.id))).seated_at
        wanted = typed.casefold()
        chosen = Text(CHOSEN, {"name": user.full_name})
        results = []
        for chat in seated:
            moves = await self.referee.offered_moves(PLATFORM, chat, str(user.id), locale)
            shown = [(s, c) for s, c in moves if _matches(wanted, s, c)][:MAX_RESULTS]
            if not shown:
                continue
            token = await self.delivery.store_buttons(chat, None, [Button(s, c) for s, c in shown])
            lang = platform_language(locale)
            for index, (label, _command) in enumerate(shown):
                results.append(
                    InlineQueryResultArticle(
                        id=f"{PICK}{token}:{index}",
                        title=label[:256],
                        description=say(_("Only that you have chosen is sent."), lang),
                        input_message_content=InputTextMessageContent(say(chosen, lang)),
                    )
                )
        return results[:MAX_RESULTS]

    async def answer_inline(
        self, query: InlineQuery, results: list[InlineQueryResultArticle], note: str = ""
    ) -> None:
        """Personal and never cached, as each result names its roller; `note` when none."""
        button = None
        if note:
            if len(note) > INLINE_BUTTON_LIMIT:
                note = note[: INLINE_BUTTON_LIMIT - 1] + "…"
            button = InlineQueryResultsButton(note, start_parameter="dice")
        try:
            await query.answer(results, cache_time=0, is_personal=True, button=button)
        except TelegramError as error:
            log.warning("telegram: an inline query could not be answered: %s", error)

    async def on_inline_chosen(self, update: Update, context: Context) -> None:
        """The result was sent: roll now on the user's inline generator and edit the message."""
        chosen = update.chosen_inline_result
        if chosen is None:
            return
        if chosen.result_id.startswith(PICK):
            await self.on_pick(update, context)
            return
        if chosen.inline_message_id is None:
            log.warning("telegram: a chosen inline roll has no message id (inline feedback off?)")
            return
        user = chosen.from_user
        inv = Invocation(
            PLATFORM,
            inline_chat(user.id),
            str(user.id),
            user.full_name,
            "roll",
            split_args(chosen.query),
            update_id=str(update.update_id),
            text=chosen.query,
            locale=user.language_code,
        )
        replies = await self.referee.handle(inv)
        shown = next((r for r in replies if isinstance(r, Public)), replies[0] if replies else None)
        if shown is None:
            return  # a redelivery: the message was edited the first time
        try:
            await context.bot.edit_message_text(
                fit_lines(as_html(shown), MESSAGE_LIMIT),
                inline_message_id=chosen.inline_message_id,
                parse_mode=ParseMode.HTML,
                reply_markup=roll_again(chosen.query, platform_language(user.language_code)),
            )
        except TelegramError as error:
            log.warning("telegram: an inline roll could not be shown: %s", error)

    async def on_pick(self, update: Update, context: Context) -> None:
        """A move chosen inline: made as if pressed in the player's private chat (the same
        turn checks and log); its replies go where a press's would."""
        chosen = update.chosen_inline_result
        assert chosen is not None
        token, _sep, index = chosen.result_id.removeprefix(PICK).rpartition(":")
        stored = await self.referee.press(token)
        if stored is None or not index.isdigit() or int(index) >= len(stored.buttons):
            log.info("telegram: an inline pick's set %s is gone", token)
            return
        parsed = parse_command(stored.buttons[int(index)].command)
        if parsed is None:
            return
        user = chosen.from_user
        inv = Invocation(
            PLATFORM,
            stored.chat_id,
            str(user.id),
            user.full_name,
            parsed.verb,
            parsed.args,
            update_id=str(update.update_id),
            private=True,
            version=stored.version,
            locale=user.language_code,
        )
        replies = await self.referee.handle(inv)
        await self.outbox.deliver(context, replies, Origin.of_chat(stored.chat_id, user.id))


def _matches(wanted: str, shown: str, command: str) -> bool:
    """What was typed starts one of the move's words (its card, its verb), in either form."""
    if not wanted:
        return True
    words = f"{shown} {command}".casefold().replace("/", " ").split()
    return any(word.startswith(wanted) for word in words) or wanted in shown.casefold()
