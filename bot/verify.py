"""`paperref verify`: replay an export from its seed and name the first action whose result differs."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from bot.pipeline import state_digest
from games.base import Action, Rng, RuleError
from games.registry import GAMES, engine_for
from games.replay import apply


def verify_document(doc: dict[str, Any]) -> tuple[bool, str]:
    """OK only if the seed matches the commitment and every action reproduces its recorded digest."""
    seed, game = doc.get("seed"), doc.get("game")
    if game not in GAMES:
        return False, f"unknown game {game!r}"
    if not seed:
        return False, "the export has no seed yet: it is revealed when the game ends"
    if hashlib.sha256(str(seed).encode()).hexdigest() != doc.get("commitment"):
        return False, "the seed does not match the commitment shown at the start"
    engine = engine_for(game)
    names = [seat["name"] for seat in sorted(doc["seats"], key=lambda s: s["position"])]
    rng = Rng(seed)
    state, _ = engine.setup(names, doc.get("options", {}), rng)
    for record in doc.get("actions", []):
        action = Action(int(record["seat"]), str(record["verb"]), tuple(record["args"]))
        where = f"action #{record['seq']} ({names[action.seat]}: /{action.verb} {' '.join(action.args)})"
        try:
            apply(engine, state, action, rng, names[action.seat])
        except RuleError as error:
            return False, f"diverges at {where}: refused on replay: {error}"
        if state_digest(state, rng.position) != record.get("digest"):
            return False, f"diverges at {where}: the state after it differs from the record"
    return True, "OK"


def verify_file(path: Path) -> tuple[bool, str]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        return False, f"cannot read {path}: {error}"
    try:
        return verify_document(doc)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        return False, f"malformed export: {error!r}"
