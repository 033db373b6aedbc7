"""/rules gotown: the summary lists every referee default of the facts file; topics answer alone."""

from __future__ import annotations

import pytest

from games.gotown import ENGINE

FACTS_DEFAULTS = [
    "8 only stops the start-of-turn draw",
    "Draw and discard piles both empty",
    "Thief: only an opponent holding cards",
    "Milkshake turn: no draw at the start and no refill",
    "Several milkshakes on one player",
    "Milkshake and donut truck: never on yourself",
    "the truck is discarded when play returns to its owner",
    "Donut plus milkshake on one player: two pending",
    "Dogs: only on your own floors, at most one dog per floor",
    "A dog may guard a lower floor",
    "Bone: cannot be played while no dog is in play",
    "only the wrecking ball ignores dogs",
    "Two jokers never pair",
    "keeps the value 9 minus its partner, shown to everyone",
    "wins at once, mid-turn",
    "No voluntary discarding",
    "No ties",
]


def test_summary_lists_every_referee_default() -> None:
    text = ENGINE.rules(None)
    missing = [phrase for phrase in FACTS_DEFAULTS if phrase not in text]
    assert missing == []
    assert "Stalemate" in text and "first to complete 5 floors" in text


def test_defaults_topic_lists_them_alone() -> None:
    text = ENGINE.rules("defaults")
    assert all(phrase in text for phrase in FACTS_DEFAULTS)
    assert "GoTown (2-4 players" not in text


@pytest.mark.parametrize("topic", ["steal", "/build", "Joker", "wreckingball", "short", "donut"])
def test_known_topics_answer(topic: str) -> None:
    assert not ENGINE.rules(topic).startswith("Unknown topic")


def test_unknown_topic_lists_the_choices() -> None:
    text = ENGINE.rules("chess")
    assert text.startswith("Unknown topic 'chess', try: defaults, build, steal")
    assert "\n" not in text


def test_rules_say_the_eight_card_limit_gives_way_only_to_a_deadlock() -> None:
    """Issue 17: /rules explains when a player holding 8 draws after all."""
    for text in (ENGINE.rules(None), ENGINE.rules("limit")):
        assert "full round passed in which nobody played or drew a card" in text
        assert "no player holds a build, a steal or a special card they could play" in text
