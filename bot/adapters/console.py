"""The console: `NAME: /verb args` lines in, `[to NAME]` for private replies out; also runs transcripts."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from bot.commands.parse import Invocation, ParsedCommand, parse_command
from bot.durations import format_duration, parse_duration
from bot.i18n import say
from bot.port import RefereePort
from bot.render.text import render_text
from bot.replies import Private, Public, Reply
from games.base import RuleError
from games.i18n import _
from storage.models import utcnow

if TYPE_CHECKING:
    from bot.web.server import Web

PLATFORM = "console"
CHAT_ID = "console"
_SPEAKER = re.compile(r"^\s*(?P<name>[^:/\s][^:]{0,31}):\s*(?P<rest>.*)$")


def user_id(name: str) -> str:
    return f"{PLATFORM}:{name.casefold()}"


MAX_WAIT = 30 * 24 * 3600
MAX_STEPS = 10_000


@dataclass
class SimClock:
    """The console's time: it stands still until `/wait` moves it, so transcripts never sleep."""

    now: datetime = field(default_factory=utcnow)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Console:
    """Feeds lines to the referee and prints what comes back, as text or one JSON object per reply."""

    referee: RefereePort
    out: TextIO = sys.stdout
    fmt: str = "text"
    speaker: str = "Player"
    chat_id: str = CHAT_ID
    failures: int = 0
    images: list[Path] = field(default_factory=list)
    clock: SimClock = field(default_factory=SimClock)
    messages: int = 0  # channel messages posted in this session; their ids are "1", "2", ...
    known: set[str] = field(default_factory=set)  # ids of messages this session can edit
    pages: Web | None = None  # the web pages, when served: /new names the table's page
    page: str | None = None  # a web page, named on the next channel record printed
    table_id: int | None = None  # the table /new opened last (its replay, when over)

    def __post_init__(self) -> None:
        self.referee.clock = self.clock
        if self.pages is not None:
            self.pages.deliverers[PLATFORM] = self.deliver_all

    async def deliver_all(self, chat_id: str, replies: Iterable[Reply]) -> None:
        """A move made on a web page: its replies printed as a typed command's are."""
        for reply in replies:
            await self.deliver(reply)

    async def line(self, raw: str) -> list[Reply]:
        """One input line; chat that is not a command is ignored (returns no replies)."""
        text = raw.strip()
        if not text or text.startswith("#"):
            return []
        name, parsed = read_line(text, self.speaker)
        if parsed is None:
            return []
        if parsed.verb == "as" and name == self.speaker:
            self.speaker = " ".join(parsed.args).strip() or self.speaker
            self._print_channel(f"(now speaking as {self.speaker})")
            return []
        if parsed.verb == "wait":
            return await self.wait(" ".join(parsed.args), name)
        if parsed.verb == "replay" and self.pages is not None and self.table_id is not None:
            said: Reply = Public(
                say(_("Replay: {url}", url=self.pages.replay_url(self.table_id)), "en")
            )
            self.show(said, None, self.post())
            return [said]
        args, image = (
            _take_image_arg(parsed.args) if parsed.verb == "board" else (parsed.args, None)
        )
        inv = Invocation(
            PLATFORM,
            self.chat_id,
            user_id(name),
            name,
            parsed.verb,
            args,
            allow_files=True,
            text=parsed.text,
            admin=True,  # whoever types at the console owns it
        )
        replies = await self.referee.handle(inv)
        if self.pages is not None:
            replies += await self.page_links(name, parsed.verb, replies)
        for reply in replies:
            await self.deliver(reply, image)
        return replies

    async def page_links(self, name: str, verb: str, replies: list[Reply]) -> list[Reply]:
        """The web page a record links to rides on the next one: the table's after /new, the
        replay's at the game's end, the chat's leaderboard after /leaderboard; a seated player
        is sent their own page's signed link privately after /new and /join."""
        assert self.pages is not None
        if verb == "leaderboard":
            if any(isinstance(r, Public) for r in replies):
                self.page = self.pages.leaderboard_url(PLATFORM, self.chat_id)
            return []
        facts = await self.referee.chat_facts(PLATFORM, self.chat_id)
        if verb == "new" and facts.table_id is not None:
            self.table_id = facts.table_id
            self.page = self.pages.table_url(facts.table_id)
        over = any(isinstance(r, Public) and r.outcome is not None for r in replies)
        if over and self.table_id is not None:
            self.page = self.pages.replay_url(self.table_id)
        if verb not in ("new", "join") or facts.table_id is None:
            return []
        if user_id(name) not in {user for user, _name in facts.humans}:
            return []
        url = self.pages.player_url(facts.table_id, user_id(name), name)
        return [Private(user_id(name), name, say(_("Your own board: {url}", url=url), "en"))]

    async def wait(self, text: str, name: str) -> list[Reply]:
        """`/wait DURATION`: move the simulated clock, firing each deadline at its own time."""
        try:
            seconds = parse_duration(text or "1m", minimum=1, maximum=MAX_WAIT)
        except RuleError as error:
            refused: Reply = Private(user_id(name), name, str(error))
            await self.deliver(refused)
            return [refused]
        target = self.clock.now + timedelta(seconds=seconds)
        self._print_channel(f"(the clock moves on {format_duration(seconds)})")
        replies: list[Reply] = []
        swept: datetime | None = None
        for _step in range(MAX_STEPS):
            due = (await self.referee.chat_facts(PLATFORM, self.chat_id)).next_deadline
            step = target if due is None or due >= target else max(due, self.clock.now)
            self.clock.now = target if step == swept else step  # a held deadline: move on
            swept = self.clock.now
            for notice in await self.referee.sweep([PLATFORM]):
                if notice.chat_id == self.chat_id:
                    replies += notice.replies
                    for reply in notice.replies:
                        await self.deliver(reply)
            if self.clock.now >= target:
                break
        return replies

    async def run(self, lines: Iterable[str]) -> None:
        for raw in lines:
            await self.line(raw)

    def post(self) -> str:
        self.messages += 1
        message = str(self.messages)
        self.known.add(message)
        return message

    async def deliver(self, reply: Reply, image: Path | None = None) -> None:
        """As a platform would (bot.delivery): a table's board edits its message when this
        session can, else it is posted anew (the old one, if any, pointing at it)."""
        delivery, chat = self.referee.delivery(PLATFORM), ConsoleChat(self, image)
        if isinstance(reply, Private):
            await delivery.send_private(chat, reply, self.chat_id)
        elif reply.live is not None:
            await delivery.show_board(chat, reply)
        else:
            self.show(reply, image, self.post())

    def show(
        self,
        reply: Reply,
        image: Path | None = None,
        message: str | None = None,
        *,
        edit: bool = False,
    ) -> None:
        if isinstance(reply, Private) and reply.error_ref:
            self.failures += 1
        board = render_text(reply.board) if reply.board is not None else None
        if reply.board is not None and image is not None:
            from bot.render.image import render_png

            image.write_bytes(render_png(reply.board))
            self.images.append(image)
        to = reply.name if isinstance(reply, Private) else "channel"
        if self.fmt == "jsonl":
            record = self._record(reply, to, board, message, edit)
            print(json.dumps(record, ensure_ascii=False), file=self.out, flush=True)
            return
        text = "\n".join(part for part in (reply.text, board) if part)
        if image is not None and reply.board is not None:
            text += f"\n(board written to {image})"
        page = self._take_page(to)
        if page is not None:
            text += "\n" + say(_("Table page: {url}", url=page), "en")
        if isinstance(reply, Private):
            text = "\n".join(f"[to {reply.name}] {line}" for line in text.split("\n"))
        elif edit:
            text = f"[message {message} edited]\n{text}"
        print(text, file=self.out, flush=True)

    def _record(
        self, reply: Reply, to: str, board: str | None, message: str | None, edit: bool
    ) -> dict[str, Any]:
        """One reply as a `jsonl` record."""
        record: dict[str, Any] = {"to": to, "text": reply.text}
        if message is not None:
            record |= {"message": message, "edit": edit}
        if board is not None:
            record["board"] = board
        if isinstance(reply, Public) and reply.outcome is not None:
            record["outcome"] = reply.outcome
        if isinstance(reply, Public) and reply.mentions:
            record["mentions"] = [name for _, name in reply.mentions]
        page = self._take_page(to)
        if page is not None:
            record["page"] = page
        return record

    def _take_page(self, to: str) -> str | None:
        """The table's page, once, for the first channel record after /new."""
        page = self.page if to == "channel" else None
        if page is not None:
            self.page = None
        return page

    def _print_channel(self, text: str) -> None:
        if self.fmt == "text":
            print(text, file=self.out, flush=True)


def read_line(text: str, speaker: str) -> tuple[str, ParsedCommand | None]:
    """`NAME: /verb args` or `/verb args` (said by the current speaker); None when it is just chat."""
    match = _SPEAKER.match(text)
    if match and match.group("rest").startswith("/"):
        return match.group("name").strip(), parse_command(match.group("rest"))
    return speaker, parse_command(text.strip())


def _take_image_arg(args: list[str]) -> tuple[list[str], Path | None]:
    """`/board --image FILE` is the console's own: the referee sees a plain /board."""
    if "--image" in args:
        i = args.index("--image")
        if i + 1 < len(args):
            return args[:i] + args[i + 2 :], Path(args[i + 1])
    return args, None


@dataclass
class ConsoleChat:
    """The console's primitives (bot.delivery.Platform): messages are numbered from 1; only
    those of this session can be edited; nothing is pinned; everyone reads private replies."""

    console: Console
    image: Path | None = None

    async def post(self, reply: Public) -> str | None:
        message = self.console.post()
        self.console.show(reply, self.image, message)
        return message

    async def edit(self, message_id: str, reply: Public) -> bool:
        if message_id not in self.console.known:
            return False
        self.console.show(reply, self.image, message_id, edit=True)
        return True

    def fits(self, reply: Public) -> bool:
        return True  # a terminal has no limit

    async def say(self, reply: Public) -> None:
        self.console.show(reply, self.image)

    async def post_report(self, reply: Public) -> str | None:
        message = self.console.post()
        self.console.show(reply, self.image, message)
        return message

    async def edit_report(self, message_id: str, reply: Public) -> bool:
        return False  # a terminal reads best with each move printed below the last

    async def pin(self, message_id: str) -> None:
        return None

    async def unpin(self, message_id: str) -> None:
        return None

    async def point(self, old_id: str, new_id: str, lang: str) -> None:
        if old_id in self.console.known:
            moved = Public(say(_("(the board moved to message {id})", id=new_id), lang))
            self.console.show(moved, None, old_id, edit=True)

    async def send_private(self, reply: Private) -> str | None:
        self.console.show(reply, self.image)
        return ""  # everyone reads it; nothing to edit later

    async def edit_private(self, message_id: str, reply: Private) -> bool:
        return False

    async def drop_keys(self, user_id: str, message_id: str) -> None:
        return None

    async def tell_unreachable(self, reply: Private) -> None:
        return None
