"""Discord's components: a button per choice for a few, a select menu for more, paged past 25
options (the set stored server-side); every press carries its command and table version in its
custom id, so components keep working after a restart."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol, cast

import discord

from bot.delivery import Delivery
from bot.port import PagesPort, RefereePort
from bot.replies import Button
from games.registry import all_engines

MAX_BUTTONS = 5
"""More choices than one row of buttons become a select menu."""
MAX_OPTIONS = 25
CUSTOM_ID_LIMIT = 100
LABEL_LIMIT = 80
OPTION_LIMIT = 100
"""A select option's label and value."""
PREVIOUS, NEXT = "◀ Previous", "Next ▶"
DANGER_VERBS = frozenset({"leave", "end", "kick"})
PRIMARY_VERBS = frozenset(
    {"join", "start", "rematch"}
    | {v.name for e in all_engines() for v in e.verbs if v.role in ("roll", "end_turn")}
)


def custom_id(version: int | None, command: str, chat: str | None = None) -> str:
    """Everything a press needs lives in the id, so buttons keep working after a restart.

    Buttons sent by DM also name the channel whose table they act on (`pr@CHANNEL:...`).
    """
    origin = "" if chat is None else f"@{chat}"
    return f"pr{origin}:{'-' if version is None else version}:{command}"


def _version(raw: str) -> int | None:
    return None if raw == "-" else int(raw)


class Runner(Protocol):
    """What components and slash commands ask of the client's adapter
    (bot.adapters.discord.Adapter), which imports them."""

    referee: RefereePort
    pages: PagesPort | None

    async def command(
        self,
        interaction: discord.Interaction[Any],
        line: str,
        version: int | None = None,
        chat: str | None = None,
        *,
        attachment: tuple[str, str] | None = None,
    ) -> None: ...

    async def turn_page(
        self, interaction: discord.Interaction[Any], token: str, page: int
    ) -> None: ...


def adapter_of(interaction: discord.Interaction[Any]) -> Runner:
    """The adapter of the client an interaction came to."""
    adapter: Runner = cast(Any, interaction.client).adapter
    return adapter


def button_style(command: str) -> discord.ButtonStyle:
    """Danger for leaving and ending; primary for the move the game expects (its roll or end of
    turn, or joining and starting a table); the rest secondary."""
    verb = command.split()[0].lstrip("/") if command.strip() else ""
    if verb in DANGER_VERBS:
        return discord.ButtonStyle.danger
    if verb in PRIMARY_VERBS:
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.secondary


class CommandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pr(?:@(?P<chat>\d+))?:(?P<version>\d+|-):(?P<command>/.+)",
):
    """A button that sends its command as the presser, with the table version it was made for."""

    def __init__(self, command: str, version: int | None, label: str, chat: str | None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:LABEL_LIMIT],
                custom_id=custom_id(version, command, chat),
                style=button_style(command),
            )
        )
        self.command, self.version, self.chat = command, version, chat

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CommandButton:
        label = getattr(item, "label", None) or match["command"]
        return cls(match["command"], _version(match["version"]), label, match["chat"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await adapter_of(interaction).command(interaction, self.command, self.version, self.chat)


class CommandSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"pr(?:@(?P<chat>\d+))?:(?P<version>\d+|-):choose",
):
    """A select menu of commands, for when there are more choices than fit in a row of buttons."""

    def __init__(
        self, version: int | None, buttons: Sequence[Button], chat: str | None, note: str = ""
    ) -> None:
        options = [
            discord.SelectOption(label=b.label[:OPTION_LIMIT], value=b.command) for b in buttons
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(version, "choose", chat),
                placeholder=f"Choose…{note}",
                options=options[:MAX_OPTIONS],
            )
        )
        self.version, self.chat = version, chat

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CommandSelect:
        options = getattr(item, "options", [])
        buttons = [Button(option.label, option.value) for option in options]
        return cls(_version(match["version"]), buttons, match["chat"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.item.values:
            command = self.item.values[0]
            await adapter_of(interaction).command(interaction, command, self.version, self.chat)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pr:page:(?P<token>[\w-]+):(?P<page>\d+)",
):
    """Turns the page of a select menu with more choices than Discord's 25 options; the choices
    are kept server-side under `token` (so the button works after a restart)."""

    def __init__(self, token: str, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=f"pr:page:{token}:{page}",
                style=discord.ButtonStyle.secondary,
            )
        )
        self.token, self.page = token, page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PageButton:
        label = getattr(item, "label", None) or NEXT
        return cls(match["token"], int(match["page"]), label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await adapter_of(interaction).turn_page(interaction, self.token, self.page)


def as_select(buttons: Sequence[Button], version: int | None, chat: str | None) -> bool:
    """More choices than a row of buttons, or one whose button id would pass 100 characters
    (a select option's value holds the command alone)."""
    ids = (custom_id(version, b.command, chat) for b in buttons)
    return len(buttons) > MAX_BUTTONS or any(len(i) > CUSTOM_ID_LIMIT for i in ids)


def usable_buttons(
    buttons: Sequence[Button], version: int | None, chat: str | None
) -> list[Button]:
    """The buttons Discord can carry: as buttons, all of them; in a select menu, those whose
    command fits an option's value (100 characters)."""
    if not as_select(buttons, version, chat):
        return list(buttons)
    return [b for b in buttons if len(b.command) <= OPTION_LIMIT]


def component_view(
    buttons: Sequence[Button],
    version: int | None,
    chat: str | None = None,
    token: str | None = None,
    page: int = 0,
) -> discord.ui.View | None:
    """Buttons for a few choices, a select menu for more; past 25 options the menu is paged with
    Previous / Next (the choices stored under `token`)."""
    usable = usable_buttons(buttons, version, chat)
    if not usable:
        return None
    view = discord.ui.View(timeout=None)
    if not as_select(buttons, version, chat):
        for button in usable:
            view.add_item(CommandButton(button.command, version, button.label, chat))
        return view
    pages = max(1, -(-len(usable) // MAX_OPTIONS)) if token is not None else 1
    page = min(max(page, 0), pages - 1)
    shown = usable[page * MAX_OPTIONS : (page + 1) * MAX_OPTIONS]
    note = f" (page {page + 1} of {pages})" if pages > 1 else ""
    view.add_item(CommandSelect(version, shown, chat, note))
    if token is not None and pages > 1:
        if page > 0:
            view.add_item(PageButton(token, page - 1, PREVIOUS))
        if page < pages - 1:
            view.add_item(PageButton(token, page + 1, NEXT))
    return view


async def make_view(
    buttons: Sequence[Button], version: int | None, chat: str | None, delivery: Delivery | None
) -> discord.ui.View | None:
    """The components for a reply's buttons; more choices than one menu holds are stored
    server-side so the menu can be paged."""
    token = None
    usable = usable_buttons(buttons, version, chat)
    if len(usable) > MAX_OPTIONS and delivery is not None:
        token = await delivery.store_buttons(chat or "", version, usable)
    return component_view(usable, version, chat, token)
