"""The action digest is what `json.dumps` gave it before orjson wrote it: exports made earlier
still verify."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.pipeline import state_digest


def digest_by_json(state: Any, rng_position: int) -> str:
    shown = {"state": state, "rng": rng_position}
    text = json.dumps(shown, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()  # past 64 bits too
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(json_values, st.integers(min_value=0, max_value=2**40))
def test_digest_is_the_json_digest(state: Any, rng_position: int) -> None:
    assert state_digest(state, rng_position) == digest_by_json(state, rng_position)


@pytest.mark.parametrize(
    "state",
    [
        {"score": 1e-05},
        {"score": 0.00009},
        {"score": 1e16},
        {"score": 7.5e-9},
        {"name": "Zoë"},
        {"name": "\x7f"},
        {"name": "\u2028"},
        {"name": "\x1f\b\n"},
        {"seed": 2**64},
        {1: "a key that is not a string"},
        {"z": [1, 2.5, {"b": None, "a": True}], "a": "10e5 and 0.0000"},
        {"a": "one-eyed " * 80, "b": 2.5e-8},
        {"a": "St. " * 80, "b": 0.00003},
        {"a": "x+" * 80, "b": 1e-300},
        {"a": [-1] * 40, "b": [1e-7]},
        {"a": "one-eyed " * 40, "b": 2.5e-8},
        {"a": "5e-5 and 2e+3 in words"},
    ],
)
def test_digest_of_what_orjson_writes_differently(state: dict[str, Any]) -> None:
    assert state_digest(state, 7) == digest_by_json(state, 7)
