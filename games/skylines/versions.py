"""Paper Skylines' state versions (see games.versions): what changed, and the way between."""

from __future__ import annotations

from typing import Any

from games.i18n import from_json
from games.versions import Step, unchanged


def detail_in_english(state: Any) -> Any:
    """1 kept the result's lines as their English text, not as messages (still said as they are)."""
    if state.get("result"):
        state["result"]["detail"] = [str(from_json(line)) for line in state["result"]["detail"]]
    return state


VERSIONS = (Step(unchanged, detail_in_english, since="a4a3d12"),)
