"""`paperref verify` on exports of the wrong shape: one line that says so, never a traceback."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bot.adapters.console import Console
from bot.verify import verify_document, verify_file
from tests.core.transcript import run_lines

GAME = """
Ann: /new gotown --first Ann
Bob: /join
Ann: /start
Ann: /done
Bob: /done
Ann: /end
Ann: /export
"""


async def exported(console: Console) -> dict[str, Any]:
    records = await run_lines(console, GAME)
    [text] = [r["text"] for r in records if r["text"].startswith("{")]
    doc: dict[str, Any] = json.loads(text)
    return doc


def reshaped(doc: dict[str, Any], case: str) -> str:
    """The export's text, one field changed to a shape no export has."""
    doc = copy.deepcopy(doc)
    if case == "a list":
        return "[]"
    if case == "nested past the parser":
        return "[" * 100_000 + "]" * 100_000
    if case == "Infinity engine_version":
        doc["engine_version"] = float("inf")
    elif case == "Infinity seat":
        doc["actions"][0]["seat"] = float("inf")
    elif case == "one seat":
        doc["seats"] = doc["seats"][:1]
    elif case == "a seat named 5":
        doc["seats"][0]["name"] = 5
    elif case == "options null":
        doc["options"] = None
    return json.dumps(doc)


CASES = [
    "a list",
    "nested past the parser",
    "Infinity engine_version",
    "Infinity seat",
    "one seat",
    "a seat named 5",
    "options null",
]


@pytest.mark.parametrize("case", CASES)
async def test_a_malformed_export_is_said_to_be_so_in_one_line(
    console: Console, tmp_path: Path, case: str
) -> None:
    doc = await exported(console)
    assert verify_document(doc) == (True, "OK")
    path = tmp_path / "export.json"
    path.write_text(reshaped(doc, case))
    ok, said = verify_file(path)
    assert not ok and "\n" not in said
    assert said.startswith(("malformed export", "cannot read")), said
