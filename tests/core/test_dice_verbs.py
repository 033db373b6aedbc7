"""/roll around the notation: /r, saved rolls, private rolls (/gmroll), the platform's style, the
full list of a collapsed roll in /history, and verify over a game with a private roll."""

from __future__ import annotations

import asyncio
import json
import re
import uuid
from pathlib import Path

import pytest

from bot.adapters.console import Console, user_id
from bot.cli import main, make_referee
from bot.commands.parse import Invocation
from bot.referee import Referee
from bot.replies import Private, Public, Reply
from bot.verbs.dice import MAX_SAVED
from tests.core.test_storage import url
from tests.core.transcript import channel, run_lines, to

FACES = re.compile(r"\(([\d, ]+)\)")
__all__ = ["url"]  # the fixture (SQLite, and PostgreSQL when configured), from test_storage


async def say(
    referee: Referee, platform: str, user: str, line: str, chat: str = "c"
) -> list[Reply]:
    verb, *args = line.lstrip("/").split()
    name = user.rsplit(":", 1)[-1].title()
    return await referee.handle(Invocation(platform, chat, user, name, verb, args))


def faces(text: str) -> list[int]:
    """The dice listed in the first pool of a roll's text."""
    found = FACES.search(text)
    assert found, text
    return [int(n) for n in found.group(1).split(", ")]


async def test_r_is_roll_listed_by_help_and_a_bare_r_is_the_games_own_roll(
    console: Console,
) -> None:
    records = await run_lines(console, "Ann: /r 2d6+1 damage\nAnn: /help\nAnn: /help r")
    assert channel(records)[0].startswith("Ann rolls (damage): 2d6 (")
    assert "  /r [EXPR] [--private]: Short for /roll: Roll dice" in to(records, "Ann")[0]
    assert to(records, "Ann")[1].startswith("/r [EXPR] [--private]: Short for /roll")

    lines = "Ann: /new papertown\nBob: /join\nAnn: /start\nAnn: /r"
    records = await run_lines(console, lines)
    assert not to(records, "Ann"), "a bare /r is the game's /roll, not a request for dice"
    history = (await run_lines(console, "Ann: /history"))[0]["text"]
    assert "[papertown #1]" in history and "Ann rolls:" not in history


async def test_saved_rolls_per_user_and_platform(console: Console, referee: Referee) -> None:
    records = await run_lines(
        console,
        """
        Ann: /roll save attack 1d20+5
        Ann: /roll attack
        Ann: /roll attack adv
        Ann: /r ATTACK --private
        Bob: /roll attack
        Ann: /roll save attack 1d20+6 sword
        Ann: /roll list
        """,
    )
    said = channel(records)
    assert said[0] == "Ann saved /roll attack: 1d20+5"
    assert re.fullmatch(r"Ann rolls \(attack\): 1d20 \(\*?\d+\*?\) \+ 5 = \d+", said[1])
    assert re.fullmatch(r"Ann rolls \(attack\): 2d20kh1 \(.*\) \+ 5 = \d+", said[2])
    assert said[3] == "Ann rolled dice privately."
    assert to(records, "Ann")[0].startswith("Ann rolls (attack): 1d20 (")
    assert to(records, "Bob")[0].startswith("I cannot read 'attack'")  # Ann's, not Bob's
    assert said[-1] == "Ann's saved rolls (1 of 50):\n  attack: 1d20+6 sword"

    # per platform: the same user id elsewhere has none of them
    [other] = await say(referee, "discord", user_id("Ann"), "/roll list")
    assert other.text == "Ann has no saved rolls; /roll save attack 1d20+5 saves one."

    records = await run_lines(
        console, "Ann: /roll forget Attack\nAnn: /roll attack\nAnn: /roll list"
    )
    assert channel(records)[0] == "Ann forgot /roll attack."
    assert to(records, "Ann")[0].startswith("I cannot read 'attack'")
    assert channel(records)[1].startswith("Ann has no saved rolls")


async def test_saved_roll_names_and_expressions_are_checked(console: Console) -> None:
    lines = [
        "/roll save d20 1d20",  # notation itself: it would shadow the dice
        "/roll save df 4dF",
        "/roll save list 1d6",
        "/roll save 2fast 1d6",
        f"/roll save {'x' * 33} 1d6",
        "/roll save attack 1d20 advv",
        f"/roll save attack 1d{'9' * 7}",
        "/roll save attack",
        "/roll forget nothing",
        "/roll save attack 1d20 --private",
    ]
    records = await run_lines(console, "\n".join(f"Ann: {line}" for line in lines))
    refused = to(records, "Ann")
    assert not channel(records) and len(refused) == len(lines)
    assert refused[0] == "d20 is dice notation itself; pick a word, such as attack."
    assert refused[1] == "df is dice notation itself; pick a word, such as attack."
    assert refused[2] == "/roll uses the word list itself; pick another name."
    assert refused[3].startswith("A saved roll's name is a letter") == refused[4].startswith("A ")
    assert refused[5].startswith("I cannot read '1d20 advv' at position 6")
    assert "1,000,000 sides" in refused[6]
    assert refused[7] == "Say a name and the dice: /roll save attack 1d20+5."
    assert refused[8] == "You have no saved roll called nothing; /roll list shows yours."
    assert refused[9].startswith("--private goes with a roll")


async def test_saving_one_name_from_two_chats_at_once_keeps_one_roll(url: str) -> None:
    referee = await make_referee(url)
    user = f"u{uuid.uuid4().hex[:12]}"
    saves = [
        say(referee, "test", user, f"/roll save fireball 8d6+{i}", chat=f"{user}-{i}")
        for i in range(4)
    ]
    for [saved] in await asyncio.gather(*saves):
        assert isinstance(saved, Public), saved.text
    [listing] = await say(referee, "test", user, "/roll list")
    assert re.fullmatch(r".*\(1 of 50\):\n  fireball: 8d6\+[0-3]", listing.text, re.S)
    await referee.close()


async def test_at_most_fifty_saved_rolls_a_user(referee: Referee) -> None:
    for i in range(MAX_SAVED):
        [saved] = await say(referee, "test", "ann", f"/roll save hit{i} 1d20+{i}")
        assert isinstance(saved, Public)
    [full] = await say(referee, "test", "ann", "/roll save one-more 1d6")
    assert isinstance(full, Private) and full.text.startswith("You have 50 saved rolls")
    [replaced] = await say(referee, "test", "ann", "/roll save hit7 1d8")  # a name kept: no room
    assert replaced.text == "Ann saved /roll hit7: 1d8"
    [mine] = await say(referee, "test", "bob", "/roll save hit 1d6")  # the limit is Ann's
    assert isinstance(mine, Public)
    await say(referee, "test", "ann", "/roll forget hit0")
    [room] = await say(referee, "test", "ann", "/roll save one-more 1d6")
    assert isinstance(room, Public)
    [listing] = await say(referee, "test", "ann", "/roll list")
    assert listing.text.splitlines()[0] == "Ann's saved rolls (50 of 50):"


@pytest.mark.parametrize(
    ("platform", "strike", "bold", "html"),
    [
        ("console", r"~\d~", r"= \d+$", False),
        ("test", r"~\d~", r"= \d+$", False),
        ("discord", r"~~\d~~", r"= \*\*\d+\*\*$", False),
        ("telegram", r"<s>\d</s>", r"= <b>\d+</b>$", True),
    ],
)
async def test_each_platform_gets_its_own_marks(
    referee: Referee, platform: str, strike: str, bold: str, html: bool
) -> None:
    [shown] = await say(referee, platform, "ann", "/roll 4d6kh3 fire & ice")
    assert isinstance(shown, Public) and shown.html is html
    assert len(re.findall(strike, shown.text)) == 1, shown.text
    assert re.search(bold, shown.text), shown.text
    assert ("fire &amp; ice" if html else "fire & ice") in shown.text
    [private, public] = reversed(await say(referee, platform, "ann", "/gmroll 4d6kh3"))
    assert isinstance(private, Private) and private.html is html and re.search(bold, private.text)
    assert isinstance(public, Public) and public.text == "Ann rolled dice privately."
    [logged] = await say(referee, platform, "ann", "/history")
    assert "~" in logged.text and "**" not in logged.text and "<s>" not in logged.text


async def test_history_lists_every_die_of_a_collapsed_roll(console: Console) -> None:
    lines = "Ann: /roll 40d6\nAnn: /new race --goal 9\nBob: /join\nAnn: /start\nAnn: /roll 35d4"
    records = await run_lines(console, lines)
    outside, inside = channel(records)[0], channel(records)[-1]
    assert "×" in outside and "×" in inside.splitlines()[0]
    history = (await run_lines(console, "Ann: /history"))[0]["text"].splitlines()
    assert len(faces(history[1])) == 40 and history[1].endswith(outside.rsplit("=", 1)[1])
    [game_line] = [line for line in history if line.startswith("[race #")]
    assert len(faces(game_line)) == 35
    assert game_line == f"[race #1] Ann rolls: 35d4 ({', '.join(map(str, faces(game_line)))})" + (
        " = " + inside.splitlines()[0].rsplit("= ", 1)[1]
    )


async def test_a_private_roll_moves_the_chats_generator_like_any_roll(tmp_path: Path) -> None:
    async def rolls(db: str, first: str) -> list[Reply]:
        referee = await make_referee(f"sqlite+aiosqlite:///{tmp_path}/{db}", seed="same")
        replies = await say(referee, "test", "ann", first)
        replies += await say(referee, "test", "ann", "/roll 3d6")
        await referee.close()
        return replies

    hidden = await rolls("a.db", "/roll 3d6 --private")
    shown = await rolls("b.db", "/roll 3d6")
    assert [type(r) for r in hidden] == [Public, Private, Public]
    assert hidden[1].text == shown[0].text and hidden[2].text == shown[1].text


GAME = """
Ann: /new race --goal 6
Bob: /join
Ann: /start
Ann: /roll 1d20 --private
Bob: /gmroll 2d6 secret plan
Ann: /step 3
Bob: /draw
Ann: /step 3
Ann: /history
Ann: /export
"""


async def test_verify_passes_on_a_game_with_private_rolls(
    console: Console, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = await run_lines(console, GAME)
    said = "\n".join(channel(records[:-2]))  # all but /history and /export
    assert "Ann rolled dice privately." in said and "Bob rolled dice privately." in said
    assert "1d20" not in said and "secret plan" not in said
    assert to(records, "Ann")[0].startswith("Ann rolls: 1d20 (")
    assert to(records, "Bob")[0].startswith("Bob rolls (secret plan): 2d6 (")
    history = records[-2]["text"]
    assert "[race #1] Ann rolled dice privately." in history and "2d6" not in history

    document = json.loads(records[-1]["text"])
    assert document["actions"][:2] == [
        {"seq": 1, "seat": 0, "verb": "dice", "args": ["1d20", "--private"], "digest": ANY},
        {
            "seq": 2,
            "seat": 1,
            "verb": "dice",
            "args": ["2d6 secret plan", "--private"],
            "digest": ANY,
        },
    ]
    export = tmp_path / "game.json"
    export.write_text(json.dumps(document))
    assert main(["verify", str(export)]) == 0
    assert capsys.readouterr().out.strip() == "OK"

    document["actions"][1]["args"] = ["3d6 secret plan", "--private"]  # another roll claimed
    export.write_text(json.dumps(document))
    assert main(["verify", str(export)]) == 1
    assert "diverges at action #2 (Bob: /dice 3d6 secret plan --private)" in capsys.readouterr().out


class _Any:
    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and len(other) == 64


ANY = _Any()


async def test_rolls_separated_by_semicolons_are_each_answered_and_logged(
    console: Console,
) -> None:
    records = await run_lines(console, "Ann: /roll 2d6 fire ; 1d20+5 attack")
    [answer] = channel(records)
    fire, attack = answer.splitlines()
    assert fire.startswith("Ann rolls (fire): 2d6 (") and attack.startswith("Ann rolls (attack)")
    history = (await run_lines(console, "Ann: /history"))[0]["text"]
    assert fire in history and attack in history

    lines = "Ann: /new race --goal 6\nBob: /join\nAnn: /start\nAnn: /roll 1d4 ; 1d6 ; 1d8"
    [answer] = [t for t in channel(await run_lines(console, lines)) if "rolls" in t]
    shown = answer.splitlines()
    assert [line.split(" (")[0] for line in shown] == [
        "Ann rolls: 1d4",
        "Ann rolls: 1d6",
        "Ann rolls: 1d8",
    ]
    document = json.loads((await run_lines(console, "Ann: /end\nAnn: /export"))[-1]["text"])
    assert document["actions"][0]["args"] == ["1d4 ; 1d6 ; 1d8"]


async def test_inline_rolls_made_at_once_get_numbers_of_their_own(url: str) -> None:
    """Each roll moves the inline chat's generator, so two counted at once by two processes
    meet at the chat's revision: one runs again, and the numbers 1 to 6 are each given once."""
    referees = [await make_referee(url), await make_referee(url)]
    user = f"u{uuid.uuid4().hex[:12]}"
    rolls = [
        say(referees[i % 2], "telegram", user, "/roll 1d20", chat=f"inline:{user}")
        for i in range(6)
    ]
    answers = [reply.text for replies in await asyncio.gather(*rolls) for reply in replies]
    assert sorted(int(text.split(" ", 1)[0].lstrip("#")) for text in answers) == [1, 2, 3, 4, 5, 6]
    for referee in referees:
        await referee.close()
