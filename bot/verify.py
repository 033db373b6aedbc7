"""`paperref verify`: replay an export from its seed and name the first action whose result differs."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from bot.pipeline import state_digest
from games.base import Action, Engine, Rng, RuleError
from games.registry import GAMES, engine_for
from games.replay import apply
from games.versions import FIRST, Migrate, current, older, release_before

MALFORMED = (
    RuleError,
    LookupError,
    TypeError,
    ValueError,
    AttributeError,
    ArithmeticError,
    RecursionError,
)
"""What an export of the wrong shape raises as it is read and replayed (a field missing or of
another type, Infinity for a number, seats or options the game refuses, JSON nested too deep)."""


def verify_document(doc: dict[str, Any]) -> tuple[bool, str]:
    """OK only if the seed matches the commitment and every action reproduces its recorded digest,
    as the engine version it was played under wrote its state (versions never going back), under
    the current rules or older ones the engine still plays (games.versions.Step.rules)."""
    if not isinstance(doc, dict):
        return False, "malformed export: not a JSON object"
    seed, game = doc.get("seed"), doc.get("game")
    if game not in GAMES:
        return False, f"unknown game {game!r}"
    if not seed:
        return False, "the export has no seed yet: it is revealed when the game ends"
    if hashlib.sha256(str(seed).encode()).hexdigest() != doc.get("commitment"):
        return False, "the seed does not match the commitment shown at the start"
    engine = engine_for(game)
    newest = current(engine.versions)
    played = int(doc.get("engine_version", FIRST))
    if played > newest:
        return False, (
            f"it was played under {engine.title} engine version {played}, newer than this "
            f"release's {newest}: verify it with the release that made it"
        )
    ok, said = _replay(engine, doc, None)
    for rules in [step.rules for step in reversed(engine.versions) if step.rules]:
        if ok:
            break
        ok = _replay(engine, doc, rules)[0]
    if ok:
        return True, "OK"
    if played < newest:
        said += (
            f"; it was played under {engine.title} engine version {played}: verify it with"
            f" {release_before(played, engine.versions)}"
        )
    return False, said


def _replay(engine: Engine[Any], doc: dict[str, Any], rules: Migrate | None) -> tuple[bool, str]:
    """Replay the export from its seed, the state set up to play by `rules` (None: the current
    ones); (False, where it parts from the record) at the first action that differs."""
    names = [seat["name"] for seat in sorted(doc["seats"], key=lambda s: s["position"])]
    rng = Rng(doc["seed"])
    state, _ = engine.setup(names, doc.get("options", {}), rng)
    if rules is not None:
        state = rules(state)
    since = FIRST  # the version of the action before: an export's versions never go back
    for record in doc.get("actions", []):
        action = Action(int(record["seat"]), str(record["verb"]), tuple(record["args"]))
        where = f"action #{record['seq']} ({names[action.seat]}: /{action.verb} {' '.join(action.args)})"
        try:
            apply(engine, state, action, rng, names[action.seat])
        except RuleError as error:
            return False, f"diverges at {where}: refused on replay: {error}"
        version = _version_of(engine, state, rng.position, record.get("digest"), since)
        if version is None:
            return False, f"diverges at {where}: the state after it differs from the record"
        since = version
    return True, "OK"


def _version_of(
    engine: Engine[Any], state: Any, rng_position: int, digest: Any, since: int
) -> int | None:
    """The oldest engine version, not older than `since`, whose state this digest is of (one the
    state can be written back to, else the current one); None: none of them."""
    newest = current(engine.versions)
    if since < newest:
        found = [
            version
            for version, shape in older(state, engine.versions)
            if version >= since and state_digest(shape, rng_position) == digest
        ]
        if found:
            return min(found)
    return newest if state_digest(state, rng_position) == digest else None


def verify_file(path: Path) -> tuple[bool, str]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as error:
        return False, f"cannot read {path}: {error}"
    try:
        return verify_document(doc)
    except MALFORMED as error:
        return False, f"malformed export: {error!r}"
