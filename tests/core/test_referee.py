"""The referee through console transcripts, on the test-only Race (turns) and Secret (simultaneous)."""

from __future__ import annotations

import io
import logging

import pytest

from bot.adapters.console import Console
from bot.cli import make_referee
from bot.commands.parse import Invocation
from bot.replies import Private, Public, Refusal
from bot.verbs.play import hand_buttons
from games.base import Move
from games.registry import engine_for
from tests.core.transcript import board, channel, lines, outcome, run_lines, to

LOBBY = """
Ann: /new race --goal 6
Bob: /join
Ann: /start
"""


async def test_turn_based_game_to_the_end(console: Console) -> None:
    records = await run_lines(console, LOBBY)
    assert any("Commitment sha256(seed) = " in t for t in channel(records))
    records = await run_lines(console, "Ann: /step 3\nBob: /step 1\nAnn: /step 3")
    last = outcome(records)
    assert last["outcome"] == {"winners": ["Ann"], "scores": {"Ann": 6, "Bob": 1}}
    assert "Seed: " in last["text"]
    assert board(records)["board"].startswith("Race: the game is over.")


async def test_wrong_turn_unseated_and_wrong_phase_are_refused(console: Console) -> None:
    records = await run_lines(console, "Ann: /new race\nAnn: /step 1\nBob: /join\nAnn: /start")
    assert to(records, "Ann")[0].startswith("The game has not started yet")
    records = await run_lines(console, "Bob: /step 1\nCid: /step 1\nAnn: /step 9")
    assert to(records, "Bob") == ["It is Ann's turn, not yours."]
    assert to(records, "Cid")[0].startswith("You are not seated at this table")
    assert to(records, "Ann") == ["Step 1, 2 or 3 spaces, e.g. /step 2."]
    assert channel(records) == []


async def test_one_table_per_chat_and_player_counts(console: Console) -> None:
    records = await run_lines(console, "Ann: /new race\nBob: /new secret\nAnn: /start")
    assert "already has a Race table" in to(records, "Bob")[0]
    assert to(records, "Ann")[0] == (
        "Race needs 2 to 4 players and 1 is seated; /join or /addbot first."
    )
    records = await run_lines(
        console, "Bob: /join\nCid: /join\nDee: /join\nEve: /join\nAnn: /new race --goal 99"
    )
    assert to(records, "Eve") == ["Race seats at most 4 players; the table is full."]


async def test_options_are_checked(console: Console) -> None:
    records = await run_lines(console, "Ann: /new race --goal 2\nAnn: /new race --speed 3")
    assert to(records, "Ann") == [
        "--goal must be at least 3.",
        "Race has no option --speed; its options are: --goal, --board, --turn-time, --lang.",
    ]


async def test_hidden_draw_goes_only_to_its_owner(console: Console) -> None:
    await run_lines(console, LOBBY)
    records = await run_lines(console, "Ann: /draw\nAnn: /hand")
    card = to(records, "Ann")[0].removeprefix("You drew ").rstrip(".")
    assert card.startswith("card")
    assert all(card not in text for text in channel(records))
    assert card in records[-1]["board"]
    assert records[-1]["to"] == "Ann"


async def test_simultaneous_secret_choices_stay_hidden_until_reveal(console: Console) -> None:
    await run_lines(console, "Ann: /new secret\nBob: /join\nCid: /join\nAnn: /start")
    records = await run_lines(console, "Ann: /pick 5\nBob: /pick 4\nBob: /pick 2")
    assert channel(records) == ["Ann has picked.", "Bob has picked."]
    assert to(records, "Bob")[-1] == "It is Cid's turn, not yours."
    status = await run_lines(console, "Cid: /status")
    assert status[0]["text"].splitlines()[-3:] == ["Ann: 0", "Bob: 0", "Cid: 0"]
    records = await run_lines(console, "Cid: /pick 4")
    assert channel(records)[-1] == "Cid has picked.\nRevealed: Ann 5, Bob 4, Cid 4; Ann scores."


async def test_undo_only_for_the_author_and_only_when_nothing_was_revealed(
    console: Console,
) -> None:
    await run_lines(console, LOBBY)
    records = await run_lines(console, "Ann: /step 2\nBob: /undo\nAnn: /undo\nAnn: /status")
    assert to(records, "Bob") == [
        "Only the author of the last action can take it back, and it was not yours."
    ]
    assert channel(records)[0] == "Ann steps to 2.\nYour turn: Bob."
    assert channel(records)[1].startswith("Ann takes back: Ann steps to 2.")
    assert "Ann: 0" in channel(records)[2]
    records = await run_lines(console, "Ann: /draw\nAnn: /undo")
    assert to(records, "Ann")[-1] == (
        "The last action revealed hidden information or a random result, so it stands."
    )


async def test_leaving_a_running_game_hands_the_seat_to_a_bot(console: Console) -> None:
    await run_lines(console, LOBBY)
    records = await run_lines(console, "Ann: /step 1\nBob: /leave")
    texts = lines(records)
    assert "Bob left the game; a bot plays their seat from now on." in texts
    assert any(t.startswith("Bob steps to") or t == "Bob draws a card." for t in texts)


async def test_all_bot_table_plays_itself_to_the_end(console: Console) -> None:
    await run_lines(console, "Ann: /new race --goal 20\nAnn: /addbot\nAnn: /addbot")
    records = await run_lines(console, "Ann: /start\nAnn: /leave")
    assert outcome(records)["outcome"]["winners"]


async def test_end_needs_the_creator_or_every_seated_human(console: Console) -> None:
    await run_lines(console, LOBBY.replace("Ann: /start", "Cid: /join\nAnn: /start"))
    records = await run_lines(console, "Bob: /end\nDee: /end\nCid: /end")
    assert channel(records)[0].startswith("Bob wants to end the game; 2 more")
    assert to(records, "Dee") == ["Only the players seated at this table can end the game."]
    assert channel(records)[1].startswith("Cid wants to end the game; 1 more")
    records = await run_lines(console, "Ann: /end\nAnn: /status")
    assert channel(records)[0].startswith("The Race table is closed without a result.")
    assert to(records, "Ann")[0].startswith("There is no table in this chat")


async def test_killing_the_referee_between_commands_loses_nothing(db_url: str) -> None:
    first = Console(await make_referee(db_url, seed="a"), out=io.StringIO(), fmt="jsonl")
    await run_lines(first, LOBBY + "Ann: /step 3\nBob: /draw")
    second = Console(await make_referee(db_url, seed="b"), out=io.StringIO(), fmt="jsonl")
    records = await run_lines(second, "Ann: /step 2\nBob: /hand\nBob: /step 3\nAnn: /step 1")
    assert lines(records)[0] == "Ann steps to 5."
    assert "card" in to(records, "Bob")[0] or "card" in records[2]["board"]
    assert outcome(records)["outcome"]["winners"] == ["Ann"]


async def test_a_redelivered_update_is_applied_once(referee) -> None:
    def inv(user: str, verb: str, *args: str, update: str | None = None) -> Invocation:
        return Invocation("test", "c1", user, user, verb, list(args), update_id=update)

    for step in (inv("a", "new", "race"), inv("b", "join"), inv("a", "start")):
        await referee.handle(step)
    first = await referee.handle(inv("a", "step", "2", update="u-42"))
    again = await referee.handle(inv("a", "step", "2", update="u-42"))
    status = await referee.handle(inv("a", "status"))
    assert [r.text for r in first] == ["a steps to 2.\nYour turn: b."]
    assert first[0].live is not None and first[0].board is not None, "the report on a new board"
    assert again == []
    assert "a: 2" in status[0].text


async def test_an_engine_exception_rolls_back_and_shows_a_reference(
    console: Console, caplog: pytest.LogCaptureFixture
) -> None:
    await run_lines(console, LOBBY)
    before = await run_lines(console, "Ann: /status")
    with caplog.at_level(logging.ERROR):
        records = await run_lines(console, "Ann: /boom")
    after = await run_lines(console, "Ann: /status")
    text = to(records, "Ann")[0]
    assert text.startswith("Something went wrong on my side (ref ")
    ref = text.split("(ref ")[1].split(")")[0]
    assert any(ref in r.getMessage() and r.exc_info for r in caplog.records)
    assert "ZeroDivisionError" in caplog.text
    assert [r["text"] for r in before] == [r["text"] for r in after]
    assert console.failures == 1


async def test_a_button_is_stale_only_when_its_move_is_no_longer_legal(referee) -> None:
    def inv(user: str, verb: str, *args: str, version: int | None = None) -> Invocation:
        return Invocation("test", "btn", user, user, verb, list(args), version=version)

    for step in (inv("a", "new", "secret"), inv("b", "join"), inv("a", "start")):
        replies = await referee.handle(step)
    version = replies[0].version
    await referee.handle(inv("b", "pick", "2", version=version))  # the table moves on
    taken = await referee.handle(inv("a", "pick", "3", version=version))
    assert any(r.text.endswith("Revealed: a 3, b 2; a scores.") for r in taken)
    stale = await referee.handle(inv("b", "pick", "9", version=version))
    assert stale[0].text.startswith("That button is out of date")


async def test_a_refused_update_is_answered_once_and_never_applied_when_sent_again(
    referee,
) -> None:
    def update(user: str, text: str, update_id: str) -> Invocation:
        verb, *args = text.split()
        return Invocation("test", "again", user, user, verb, args, update_id)

    for n, (user, text) in enumerate((("a", "new race"), ("b", "join"), ("a", "start"))):
        await referee.handle(update(user, text, f"setup{n}"))
    early = update("b", "step 1", "early")  # b out of turn: refused
    assert (await referee.handle(early))[0].text == "It is a's turn, not yours."
    await referee.handle(update("a", "step 2", "a1"))  # b's turn now
    assert await referee.handle(early) == [], "the same update again: nothing, not a move"
    assert await referee.legal_moves("test", "again", "b"), "still b's turn"


async def test_a_button_pressed_twice_makes_its_move_once(referee) -> None:
    updates = iter(range(100))

    def press(user: str, command: str, version: int | None) -> Invocation:
        verb, *args = command.lstrip("/").split()
        return Invocation(
            "test", "twice", user, user, verb, args, str(next(updates)), version=version
        )

    async def army(user: str) -> str:
        shown = await referee.handle(press(user, "/army", None))
        return " ".join(r.text for r in shown)

    lobby = (await referee.handle(press("a", "/new papercraft", None)))[0].version
    await referee.handle(press("b", "/join", lobby))
    joined_again = await referee.handle(press("b", "/join", lobby))
    assert joined_again[0].text.startswith("You pressed that already"), "not: out of date"
    replies = await referee.handle(press("a", "/start", None))
    version = replies[0].version
    add = next(m for m in await referee.legal_moves("test", "twice", "a") if "Otoro" in m)
    await referee.handle(press("a", add, version))
    again = await referee.handle(press("a", add, version))  # the same button, a double tap
    assert [type(r) for r in again] == [Private] and again[0].text.startswith(
        "You pressed that already and its move was made once"
    )
    assert "1x Warmachine Otoro" in await army("a")
    forged = await referee.handle(press("a", add, version + 1000))  # a version yet to come
    assert forged[0].text.startswith("That button is out of date")
    b_add = next(m for m in await referee.legal_moves("test", "twice", "b") if "Otoro" in m)
    assert "b adds 1x" in (await referee.handle(press("b", b_add, version)))[0].text
    newer = await referee.handle(press("a", "/army", None))
    await referee.handle(press("a", add, newer[0].version))  # pressed on the updated board
    assert "2x Warmachine Otoro" in await army("a")


async def test_a_history_page_in_digits_int_cannot_read_is_refused(console: Console) -> None:
    records = await run_lines(console, LOBBY + "Ann: /history ²\nAnn: /history 0")
    assert [t.split(",")[0] for t in to(records, "Ann")][-2:] == [
        "Write /history for the newest moves",
        "Write /history for the newest moves",
    ]


async def test_hand_buttons_keep_the_argument_free_moves() -> None:
    moves = [Move("build", (str(i), str(9 - i))) for i in range(40)] + [Move("done")]
    buttons = hand_buttons(moves)
    assert len(buttons) == 41 and buttons[0].command == "/done", "all of them, /done first"
    assert hand_buttons(moves, 24)[0].command == "/done" and len(hand_buttons(moves, 24)) == 24


async def test_a_table_can_ask_for_image_boards(console: Console) -> None:
    await run_lines(console, "Ann: /new race --board image\nBob: /join\nAnn: /start")
    board = Invocation("console", "console", "console:ann", "Ann", "board", [])
    replies = await console.referee.handle(board)
    assert replies[0].image and replies[0].board is not None


async def test_game_replies_end_with_the_control_row(referee) -> None:
    def inv(user: str, verb: str, *args: str) -> Invocation:
        return Invocation("test", "row", user, user, verb, list(args))

    for step in (inv("a", "new", "gotown", "--first", "a"), inv("b", "join")):
        await referee.handle(step)
    started = await referee.handle(inv("a", "start"))
    board = [r for r in started if isinstance(r, Public) and r.live is not None]
    assert [b.label for b in board[0].buttons] == ["Done", "Show my hand", "Board"]
    done = await referee.handle(inv("a", "done"))
    last = [r for r in done if not isinstance(r, Private)][-1]
    assert last.live is not None and last.board is not None
    assert [b.command for b in last.buttons] == ["/done", "/hand", "/board"]


async def test_a_refused_move_is_judged_once_and_writes_nothing(
    referee, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rule refusal runs the game's handler once (there is no second path to try it on) and
    leaves the table's revision where it was, from the cache or from the rows alike."""
    engine = type(engine_for("gotown"))
    real_act = engine.act
    acts: list[str] = []

    def counted(self: object, state: object, seat: int, verb: str, *rest: object) -> object:
        acts.append(verb)
        return real_act(self, state, seat, verb, *rest)  # type: ignore[arg-type]

    def inv(user: str, text: str) -> Invocation:
        verb, *args = text.split()
        return Invocation("test", "once", user, user, verb, args)

    for user, text in (("ann", "new gotown"), ("bob", "join"), ("ann", "start")):
        await referee.handle(inv(user, text))
    offered = await referee.legal_moves("test", "once", "ann")
    mover = "ann" if offered else "bob"
    monkeypatch.setattr(engine, "act", counted)
    for cached in (True, False):
        if not cached:
            referee.store.forget("test", "once")
        before = await referee.store.queries.open_table("test", "once")
        replies = await referee.handle(inv(mover, "build 99 99"))
        after = await referee.store.queries.open_table("test", "once")
        assert [r.refusal for r in replies if isinstance(r, Private)] == [Refusal.RULE], replies
        assert acts == ["build"], acts
        assert before is not None and after is not None and after.revision == before.revision
        acts.clear()
