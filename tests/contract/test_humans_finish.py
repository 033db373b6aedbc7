"""Every game played by humans through the referee: each legal move offered to a player is
accepted, and answered with the table's board drawn."""

from __future__ import annotations

import pytest

from bot.commands.parse import Invocation, parse_command
from bot.referee import Referee
from bot.replies import Private, Public
from games.base import Rng
from tests.contract.games import REAL_GAMES
from tests.support import rows_loaded

MAX_COMMANDS = 4000


def typed(chat: str, user: str, text: str) -> Invocation:
    parsed = parse_command(text)
    assert parsed is not None, text
    return Invocation("test", chat, user, user, parsed.verb, parsed.args, text=parsed.text)


@pytest.mark.parametrize("game", REAL_GAMES)
async def test_two_humans_finish_a_game_with_the_moves_they_are_offered(
    referee: Referee, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every offered move is accepted, and once /start has cached the table every one of them
    starts from the cache (a silent miss would read the rows at every move)."""
    chat, users, chooser = f"humans-{game}", ["Ann", "Bob"], Rng(f"humans-{game}")
    for user, text in (("Ann", f"/new {game}"), ("Bob", "/join"), ("Ann", "/start")):
        replies = await referee.handle(typed(chat, user, text))
        assert not any(isinstance(r, Private) and r.refusal for r in replies), replies
    loads = rows_loaded(monkeypatch)
    for _ in range(MAX_COMMANDS):
        offers = {u: await referee.legal_moves("test", chat, u) for u in users}
        movers = [u for u in users if offers[u]]
        if not movers:
            break
        user = chooser.choice(movers)
        command = chooser.choice(offers[user])
        replies = await referee.handle(typed(chat, user, command))
        refused = [r.text for r in replies if isinstance(r, Private) and r.refusal]
        assert not refused, f"{user} {command}: {refused}"
        boards = [r for r in replies if isinstance(r, Public) and r.live is not None]
        assert boards, f"{user} {command}: no board"
        for board in boards:  # drawn once the move is written, whichever thread said it
            assert board.drawing is None and board.board is not None
            assert board.board.lines or board.board.tables or board.board.grids, board.board
        if any(getattr(r, "outcome", None) for r in replies):
            break
    else:
        pytest.fail(f"{game} did not finish in {MAX_COMMANDS} commands")
    assert loads == [], loads
    status = await referee.handle(typed(chat, "Ann", "/status"))
    assert status[0].text.startswith("There is no table in this chat")
