"""The command menu per group: once a table opens, the group's menu lists the table commands
and its game's own, in each language, instead of every game's 56 commands."""

from __future__ import annotations

from bot.verbs import SHARED
from games.registry import engine_for
from tests.telegram.fake_botapi import FakeBotApi
from tests.telegram.test_telegram import ANN, BOB, GROUP, Harness

OTHER_GROUP = -1001987654321


def scoped(fake: FakeBotApi, chat: int) -> list[dict[str, object]]:
    """The setMyCommands calls scoped to one chat, as the fake received them."""
    return [
        c.params
        for c in fake.of("setMyCommands")
        if (c.params.get("scope") or {}).get("chat_id") == chat
    ]


async def test_a_groups_menu_follows_the_game_at_its_table(tg: Harness, fake: FakeBotApi) -> None:
    everything = {c["command"] for c in fake.of("setMyCommands")[0].params["commands"]}
    assert "steal" in everything and "draft" in everything  # the default spans every game
    await tg.say(ANN, "/new papertales")
    menus = scoped(fake, GROUP)
    assert [m.get("language_code") for m in menus] == [None, "pl"]
    names = {c["command"] for c in menus[0]["commands"]}
    own = {v.name for v in engine_for("papertales").verbs}
    assert names == {v.name for v in SHARED} | own
    assert "steal" not in names and "draft" in names
    assert len(names) < len(everything)
    english = {c["command"]: c["description"] for c in menus[0]["commands"]}
    polish = {c["command"]: c["description"] for c in menus[1]["commands"]}
    assert polish.keys() == names and polish["draft"] != english["draft"]

    await tg.say(BOB, "/join")
    assert len(scoped(fake, GROUP)) == 2, "a command that opens nothing leaves the menu"
    await tg.say(ANN, "/end")
    await tg.say(ANN, "/new papertales")
    assert len(scoped(fake, GROUP)) == 2, "the same game again: the menu is already right"
    await tg.say(ANN, "/end")
    await tg.say(ANN, "/new gotown")
    latest = {c["command"] for c in scoped(fake, GROUP)[-2]["commands"]}
    assert "steal" in latest and "draft" not in latest
    assert scoped(fake, OTHER_GROUP) == [], "no other chat's menu changes"


async def test_a_refused_new_sets_no_menu(tg: Harness, fake: FakeBotApi) -> None:
    await tg.say(ANN, "/new nosuchgame")
    assert scoped(fake, GROUP) == []
