"""The rules text: the sample-card notice, every ruling of the facts file, topics and verbs."""

from __future__ import annotations

import re

from games.skylines import ENGINE

FACTS_RULINGS = [
    "Meeples",
    "Discounts",
    "Discount type",
    "Type and landmark icons",
    "Height",
    "Hopping",
    "Each line",
    "Reaching the end space",
    "A mayor action must be on a top card other",
    "'This card'",
    "A round-end card met on a refill",
    "Leftover cards",
    "Building over the mayor's card",
    "A stolen top card",
    "hand limit",
    "Achievements are checked when claimed",
    "First player",
]


def test_summary_names_the_sample_and_lists_all_rulings() -> None:
    text = ENGINE.rules(None)
    assert "ORIGINAL SAMPLE" in text and "NOT the published" in text
    for number, phrase in enumerate(FACTS_RULINGS, start=1):
        line = next(x for x in text.splitlines() if x.startswith(f"{number}. "))
        assert phrase in line, (number, line)
    assert "Effect vocabulary" in text


def test_topics_and_verbs() -> None:
    assert ENGINE.rules("defaults").startswith("Referee rulings")
    assert "/build" in ENGINE.rules("build")
    assert ENGINE.rules("nonsense").startswith("Unknown topic 'nonsense', try:")
    names = {v.name for v in ENGINE.verbs}
    assert {"build", "tuck", "discard", "advance", "draw", "achieve", "mayor", "done"} <= names
    assert all(v.examples for v in ENGINE.verbs)
    assert all(re.fullmatch(r"/\w+", e.split()[0]) for v in ENGINE.verbs for e in v.examples)
