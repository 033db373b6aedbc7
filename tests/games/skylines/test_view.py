"""The board: track ranges as they are, distinct token labels, and whose cards are in play."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence

from bot.i18n import localise_view
from bot.render.text import render_text
from games.base import Event, Rng, State
from games.skylines import ENGINE
from games.skylines import view as skylines_view
from games.skylines.catalog import sample_data
from tests.games.skylines.helpers import new_game
from tests.support import random_play


def test_tracks_run_to_their_last_space() -> None:
    state, _ = new_game()
    view = ENGINE.view(state, None)
    lengths = {track.name: track.length for track in view.tracks}
    # Track.length is the last space: the tracks run 0-20, the score 0-60
    assert lengths == {"Profit": 20, "Prestige": 20, "Population": 20, "Score": 60}
    text = render_text(view)
    assert "Profit (0-20)" in text and "Score (0-60)" in text
    assert "0-21" not in text and "0-61" not in text
    state["score"][1] = 63  # the score track has no end (ruling 26)
    assert ENGINE.view(state, None).tracks[-1].length == 63


def test_players_have_distinct_short_token_labels() -> None:
    rng = Rng("tokens")
    names = ["Bob", "Bot 1", "Bot 2", "Bo"]
    state, _ = ENGINE.setup(names, {}, rng)
    players = ENGINE.view(state, None).tables[0]
    assert players.header[:2] == ["Player", "Token"]
    tokens = [row[1] for row in players.rows]
    assert [row[0] for row in players.rows] == names
    assert len(set(tokens)) == 4 and all(1 <= len(t) <= 2 for t in tokens), tokens
    assert tokens[0] == "Bo"


def own_cards(**changes: object) -> str:
    data = json.loads(json.dumps(sample_data()))
    data.pop("provenance")
    next(c for c in data["cards"] if c["name"] == "Diner")["name"] = "Noodle Bar"
    data.update(changes)
    return json.dumps(data)


def test_a_group_card_file_is_not_greeted_as_the_sample() -> None:
    state, events = ENGINE.setup(["Ann", "Bob"], {"cards": own_cards()}, Rng("own"))
    greeting = events[0].text
    assert "own card file" in greeting and "ORIGINAL SAMPLE set made up" not in greeting
    view = ENGINE.view(state, None)
    assert "own card file" in view.lines[0] and "sample" not in view.title
    assert "ORIGINAL SAMPLE" not in view.lines[0]


def test_a_partial_card_file_says_what_comes_from_the_sample() -> None:
    data = {"cards": json.loads(own_cards())["cards"]}
    _, events = ENGINE.setup(["Ann", "Bob"], {"cards": json.dumps(data)}, Rng("part"))
    greeting = events[0].text
    assert "own card file" in greeting
    assert "cities" in greeting and "achievements" in greeting and "ORIGINAL SAMPLE" in greeting


def test_the_sample_is_still_greeted_as_the_sample() -> None:
    _, events = ENGINE.setup(["Ann", "Bob"], {}, Rng("sample"))
    assert "ORIGINAL SAMPLE" in events[0].text


def test_rules_explain_the_cards_option_and_its_format() -> None:
    text = ENGINE.rules(None)
    assert "--cards" in text
    cards = ENGINE.rules("cards")
    for word in ("--cards", "discounted_by", "mayor_action", "effect", "level", "cost"):
        assert word in cards, word
    assert "cards" in ENGINE.rules("nonsense")


def test_views_from_the_card_memo_equal_fresh_ones_and_never_change_later() -> None:
    """Rows, hands and achievement lines are made once per card set and shared by views."""
    states: list[State] = []

    def keep(state: State, _events: Sequence[Event]) -> None:
        states.append(json.loads(json.dumps(state)))

    random_play(ENGINE, 3, "memo", {"cards": own_cards()}, bots=True, on_step=keep)
    first = ENGINE.view(states[0], 0)
    kept = copy.deepcopy(first)
    later = [localise_view(ENGINE.view(s, s["turn"]["seat"]), "pl") for s in states[1:]]
    localise_view(first, "pl")
    assert first == kept and later[-1] != first
    for state in (states[0], states[len(states) // 2], states[-1]):
        views = [ENGINE.view(state, seat) for seat in (None, 0, 1, 2)]
        skylines_view._MEMOS.clear()
        assert [ENGINE.view(state, seat) for seat in (None, 0, 1, 2)] == views


def test_each_card_file_shows_its_own_cards() -> None:
    data = json.loads(json.dumps(sample_data()))
    for card in data["cards"]:
        card["cost"] += 1
    dearer, _ = ENGINE.setup(["Ann", "Bob"], {"cards": json.dumps(data)}, Rng("dear"))
    sample, _ = ENGINE.setup(["Ann", "Bob"], {}, Rng("dear"))
    rows = [ENGINE.view(s, None).tables[1].rows for s in (sample, dearer, sample)]
    assert [row[1] for row in rows[0]] == [row[1] for row in rows[1]]
    assert [int(row[3]) + 1 for row in rows[0]] == [int(row[3]) for row in rows[1]]
    assert rows[2] == rows[0]
