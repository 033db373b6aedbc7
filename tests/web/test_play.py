"""Each game played to its end on two players' pages by tapping, watched on a spectator page
that never shows a hidden card; the console's transcript shows the same moves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.render.text import render_text
from games.base import Move
from games.registry import engine_for
from storage.rows import Table
from tests.web.conftest import Bot

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GAMES = {
    "gotown": "--short",
    "papertown": "",
    "papertales": "",
    "papercraft": "--rounds 1 --points 100",
    "skylines": "",
}
MAX_TAPS = 400
MIN_NAME = 4
SCREENSHOT_AT = {"gotown": 20, "papertales": 30}
"""The tap after which the spectator's page is saved for the README (12 unless named here:
towers and kingdoms built by then)."""


def links(bot: Bot) -> tuple[str, dict[str, str]]:
    """The table's page (on /new's record) and each player's own signed link."""
    records = bot.records()
    table = next(r["page"] for r in records if "page" in r)
    own = {
        r["to"]: r["text"].split(": ", 1)[1]
        for r in records
        if r["to"] != "channel" and r["text"].startswith("Your own board:")
    }
    return table, own


def table_of(bot: Bot, table_id: int) -> Table:
    table = bot.call(bot.referee.store.queries.table(table_id))
    assert table is not None
    return table


def choice(table: Table, seat: int, offered: list[str]) -> str:
    """The bot's move when it is offered (games end sooner), else the first offered."""
    engine = engine_for(table.game)
    from games.base import Rng

    move: Move = engine.bot_move(table.state, seat, Rng("tap"))
    return move.text if move.text in offered else offered[0]


def hidden_names(bot: Bot, table: Table) -> set[str]:
    """Cards in a player's hand that neither the public board nor the public log shows."""
    engine = engine_for(table.game)
    logged = bot.call(bot.referee.store.queries.actions(table.id))
    public = render_text(engine.view(table.state, None)) + "\n".join(a.summary for a in logged)
    names: set[str] = set()
    for seat in range(len(table.seats)):
        for card in engine.view(table.state, seat).hand or []:
            name = card.split(" (")[0].strip()
            if len(name) >= MIN_NAME and name not in public:
                names.add(name)
    return names


def revision(page: Any) -> str:
    return str(page.locator(".turn").get_attribute("data-revision"))


def tap(page: Any, command: str) -> None:
    """Tap the button of one move and wait for the page to show the table moved on."""
    before = revision(page)
    page.bring_to_front()  # a background tab's animation frames stall the click's checks (~2 s)
    page.locator(f'form.move:has(input[value="{command}"]) button').first.click()
    page.wait_for_function(
        f"document.querySelector('.turn').dataset.revision !== '{before}'", timeout=10_000
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_played_by_tapping(bot: Bot, phone: Any, game: str) -> None:
    bot.web.moves_per_window = MAX_TAPS  # taps come faster than a person's; see test_pages
    bot.say(f"Ann: /new {game} {GAMES[game]}".strip())
    bot.say("Bob: /join")
    bot.say("Ann: /start")
    table_url, own = links(bot)
    table_id = int(table_url.rsplit("/", 1)[1])
    pages = [phone.new_page() for _ in range(3)]
    spectator, players = pages[0], pages[1:]
    spectator.goto(table_url)
    for page, name in zip(players, ("Ann", "Bob"), strict=True):
        page.goto(own[name])
    taps: list[str] = []
    for _ in range(MAX_TAPS):
        table = table_of(bot, table_id)
        spectator.wait_for_function(  # compared with the state it shows: a card the page showed
            # in the market a move ago may be in a hand now
            f"document.querySelector('.turn').dataset.revision === '{table.revision}'"
        )
        html = spectator.content()
        leaked = [name for name in hidden_names(bot, table) if name in html]
        where = [html[max(0, html.find(n) - 200) : html.find(n) + 50] for n in leaked]
        assert not leaked, f"the spectator page shows hidden cards {leaked}: {where}"
        waiting = engine_for(game).waiting(table.state) if table.status == "active" else []
        if not waiting:
            break
        page = players[waiting[0]]
        page.wait_for_function(  # the page shows the table as it stands, not a move behind
            f"document.querySelector('.turn').dataset.revision === '{table.revision}'"
        )
        offered = page.locator("form.move input[name=command]").evaluate_all(
            "inputs => inputs.map(i => i.value)"
        )
        command = choice(table, waiting[0], offered)
        tap(page, command)
        taps.append(command)
        if len(taps) == SCREENSHOT_AT.get(game, 12):
            spectator.wait_for_function(
                f"document.querySelector('.turn').dataset.revision === '{revision(page)}'"
            )
            SCREENSHOTS.mkdir(exist_ok=True)
            spectator.screenshot(path=str(SCREENSHOTS / f"{game}.png"))
    assert table_of(bot, table_id).status == "finished", f"{game} did not end in {MAX_TAPS} taps"
    spectator.wait_for_selector(".outcome", timeout=5_000)
    assert "the game is over" in spectator.locator(".turn").inner_text()
    transcript = "\n".join(r["text"] for r in bot.records())
    actions = bot.call(bot.referee.store.queries.actions(table_id))
    human = [a for a in actions if a.cause is None and a.user_id]
    assert len(human) == len(taps)
    for action in human:
        if action.summary != f"{action.summary.split(' ')[0]} acted.":  # a secret pick
            assert action.summary.split("; ")[0] in transcript, action.summary
    secret = [a for a in human if a.summary.endswith(" acted.")]
    told = [r for r in bot.records() if r["to"] in ("Ann", "Bob")]
    assert len(told) >= len(secret), "each secret pick is answered privately"
    assert "Final scores" in spectator.content()
