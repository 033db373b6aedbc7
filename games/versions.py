"""Versions of a game's stored state, so a table or export made by an earlier release plays on
after an upgrade: each change of a game's state is one Step, the game's version is one past them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import copy_state

FIRST = 1
"""The version of a state saved before versions were recorded: as each game was first released."""

Migrate = Callable[[Any], Any]
"""A pure function from one version's state to the next's (or back); it may change its argument."""


@dataclass(frozen=True)
class Step:
    """One change of a game's state. `up` brings a state of the version before to this one and
    leaves one already in this shape as it is (a state saved without a version may be in either);
    None: no migration, the log is replayed under the current rules. `down` undoes `up` exactly
    where the rules did not change (or `rules` keeps the older ones), so `verify` can check an older
    export's digests; `since` names the first release that saved the new shape."""

    up: Migrate | None
    down: Migrate | None
    since: str
    rules: Migrate | None = None
    """Where the rules changed and the engine still plays the older ones: marks a state just set
    up to play by them (as `up` marks a state saved before), so `verify` replays an older export."""


def unchanged(state: Any) -> Any:
    """The `up` of a step that only `down` needs: what the older version saved still works."""
    return state


def current(steps: Sequence[Step]) -> int:
    """The version a game's engine saves now."""
    return FIRST + len(steps)


def upgrade(state: Any, version: int, steps: Sequence[Step]) -> Any | None:
    """The state brought from `version` to the current one; None when a step between has no
    migration (the caller replays the log instead)."""
    for step in steps[max(version - FIRST, 0) :]:
        if step.up is None:
            return None
        state = step.up(state)
    return state


def older(state: Any, steps: Sequence[Step]) -> Iterator[tuple[int, Any]]:
    """The current state as each older version wrote it (newest first), as far as `down` goes."""
    state = copy_state(state)
    for index in range(len(steps) - 1, -1, -1):
        down = steps[index].down
        if down is None:
            return
        state = down(state)
        yield FIRST + index, state


def release_before(version: int, steps: Sequence[Step]) -> str:
    """Which releases saved states of `version`: those before the next step's."""
    return f"a release before {steps[max(version - FIRST, 0)].since}"
