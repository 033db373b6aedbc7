"""`/unit add`: a chat's own units, parsed leniently, stored for the chat and usable in its next game."""

from __future__ import annotations

from bot.adapters.console import Console
from tests.core.transcript import channel, run_lines, to

PIKES = (
    'Pike Wall | 40 points | living, infantry | HP = 28 | Movement = 4" | Dodge Bonus = +1 | '
    "Armor Type = Heavy | Pikes | Type = Piercing | Range = Melee | Hit Bonus = +2 | Damage = 2d6+1"
)


async def test_a_unit_added_in_chat_joins_the_next_game(console: Console) -> None:
    records = await run_lines(console, f"Ann: /unit add {PIKES}\nAnn: /unit list")
    added, listed = channel(records)
    assert added.startswith("Added Pike Wall (40 points) for this chat")
    assert "Type = Pierce" in added and "Damage = 2D6+1" in added
    assert "Pike Wall (40 pts, added in this chat with /unit add)" in listed
    records = await run_lines(
        console,
        "Ann: /new papercraft --points 100\nBob: /join\nAnn: /start\n"
        "Ann: /army add Pike Wall x2\nAnn: /army",
    )
    assert any(t.startswith("Ann adds 2x Pike Wall.") for t in channel(records))
    assert any(
        "2x Pike Wall (40 pts, HP 28, Heavy) = 80 of 100 points" in text
        for text in channel(records)
    )


async def test_bad_stat_blocks_and_names_are_refused(console: Console) -> None:
    records = await run_lines(
        console,
        "Ann: /unit add Pike Wall | 40 points | living, infantry | HP = many\n"
        "Ann: /unit add "
        + PIKES.replace("Pike Wall", "Longbowmen")
        + "\nAnn: /unit remove Nothing\nAnn: /unit sing",
    )
    refusals = to(records, "Ann")
    assert refusals[0].startswith("Stat block line 4 ('HP = many'): HP needs a whole number")
    assert refusals[1] == "Longbowmen is a built-in unit; give your unit another name."
    assert refusals[2].startswith("This chat has no added unit called 'Nothing'")
    assert refusals[3].startswith("Use /unit add followed by a stat block")
    assert channel(records) == []


async def test_removed_units_leave_running_games_alone(console: Console) -> None:
    await run_lines(
        console,
        f"Ann: /unit add {PIKES}\nAnn: /new papercraft --points 100\nBob: /join\nAnn: /start",
    )
    records = await run_lines(console, "Ann: /unit remove pike wall\nAnn: /army add Pike Wall")
    assert channel(records)[0].startswith("Pike Wall is removed from this chat's units")
    assert channel(records)[1].startswith("Ann adds 1x Pike Wall.")
