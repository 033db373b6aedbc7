"""The game verbs: /roll, /mark, /power, /done (and the read-only /sheet)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.base import Event, Rng, RuleError, State, private, public
from games.papertown.marking import (
    base_cells,
    base_left,
    bribed,
    check_base,
    check_power,
    current,
    place,
)
from games.papertown.moves import controller, done_allowed, game_over
from games.papertown.scoring import ranking
from games.papertown.sheet import (
    POWERS,
    ROLLABLE,
    SHORT_NAMES,
    cell_name,
    parse_cell,
    power_id,
)
from games.papertown.sheetfile import format_sheet

CELL_WORD = re.compile(r"^[A-Za-z]\d+$")
CARDS_PER_COLOUR = 2


def _check_turn(state: State, seat: int) -> None:
    if game_over(state):
        raise RuleError("The game is over; start a new one with /new papertown.")
    if seat != controller(state):
        who = state["players"][current(state)]["name"]
        raise RuleError(f"It is {who}'s turn; wait until they send /done.")


def _who(state: State) -> str:
    player = state["players"][current(state)]
    return f"{player['name']} ({player['tag']})"


def roll(state: State, seat: int, args: Sequence[str], rng: Rng) -> list[Event]:
    """Draw the turn's colour: a card from the 10-card deck, or the fair die variant."""
    _check_turn(state, seat)
    if args:
        raise RuleError("Type a bare /roll to draw this turn's colour.")
    if state["rolled"] is not None:
        colour = SHORT_NAMES[state["rolled"]]
        raise RuleError(f"You already rolled {colour} this turn; /mark your blocks, then /done.")
    if state["options"]["die"]:
        colour = ROLLABLE[rng.randbelow(len(ROLLABLE))]
    else:
        if not state["deck"]:
            state["deck"] = [ch for ch in ROLLABLE for _ in range(CARDS_PER_COLOUR)]
        colour = state["deck"].pop(rng.randbelow(len(state["deck"])))
    state["rolled"] = colour
    name = SHORT_NAMES[colour]
    if bribed(state):
        return [public(f"{_who(state)} rolls {name} (for Building Material).")]
    left = base_left(state)
    free = sum(
        1
        for ch, o in zip(state["sheet"]["colours"], state["owner"], strict=True)
        if ch == colour and o is None
    )
    if free:
        hint = f"mark {left} {name} blocks ({free} are free)"
    else:
        hint = f"no {name} block is free, so mark {left} blocks of any colour but black or water"
    return [public(f"{_who(state)} rolls {name}: {hint}.")]


def _split(state: State, args: Sequence[str], power_first: bool) -> tuple[list[int], str | None]:
    """Cells (in order) and an optional power name out of the words after the verb."""
    cells: list[int] = []
    words: list[str] = []
    saw_flag = power_first
    for arg in args:
        for word in re.split(r"[,\s]+", arg):
            lower = word.lower()
            if not word:
                continue
            if lower == "--power":
                saw_flag = True
            elif lower.startswith("--power="):
                saw_flag = True
                words.append(word.split("=", 1)[1])
            elif CELL_WORD.match(word):
                cells.append(parse_cell(state["sheet"], word))
            elif saw_flag:
                words.append(word)
            else:
                raise RuleError(f"'{word}' is not a cell; write cells like C4 D5, or --power NAME.")
    if saw_flag and not words:
        raise RuleError("Name the power: --power " + "|".join(POWERS) + ".")
    if not cells:
        raise RuleError("Name the blocks to mark, like /mark C4 C5 D5.")
    return cells, power_id(" ".join(words)) if words else None


def mark(state: State, seat: int, args: Sequence[str], rng: Rng) -> list[Event]:
    """Mark blocks in the order given, all or nothing; each block is checked after the last."""
    return _mark(state, seat, args, power_first=False)


def power(state: State, seat: int, args: Sequence[str], rng: Rng) -> list[Event]:
    """/power NAME CELL: the same as /mark CELL --power NAME."""
    if not args:
        raise RuleError("Write /power NAME CELL, like /power bakery G7.")
    return _mark(state, seat, args, power_first=True)


def _mark(state: State, seat: int, args: Sequence[str], power_first: bool) -> list[Event]:
    _check_turn(state, seat)
    cells, used_power = _split(state, args, power_first)
    work = {
        **state,
        "owner": list(state["owner"]),
        "claims": list(state["claims"]),
        "used": dict(state["used"]),
        "marked": list(state["marked"]),
    }
    claimed: list[int] = []
    for cell in cells:
        if used_power is None:
            check_base(work, cell)
            work["base"] += 1
        else:
            check_power(work, used_power, cell)
            work["used"][used_power] = int(work["used"].get(used_power, 0)) + 1
        claimed += place(work, cell)
    state.update(work)
    return _marked_events(state, cells, used_power, claimed)


def _marked_events(
    state: State, cells: list[int], used_power: str | None, claimed: list[int]
) -> list[Event]:
    sheet = state["sheet"]
    names = ", ".join(cell_name(sheet, c) for c in cells)
    how = f" with {POWERS[used_power][0]}" if used_power else ""
    text = f"{_who(state)} marks {names}{how}."
    for k in claimed:
        special, kind = sheet["specials"][k]
        text += f" Claims the {POWERS[kind][0]} at {cell_name(sheet, special)}."
    left = base_left(state)
    if left > 0 and base_cells(state):
        text += f" {left} more to mark."
    elif done_allowed(state):
        text += " Use a power or /done."
    return [public(text)]


def done(state: State, seat: int, args: Sequence[str], rng: Rng) -> list[Event]:
    """End the turn: forfeit marks that cannot be placed, cross one time box, pass the turn."""
    _check_turn(state, seat)
    if state["rolled"] is None and not bribed(state):
        raise RuleError("Roll first with /roll (or use Bribery instead of your normal turn).")
    left = base_left(state)
    if left > 0 and base_cells(state):
        raise RuleError(f"You still owe {left} of your marks; place them with /mark before /done.")
    text = f"{_who(state)} ends turn {state['turn'] + 1} of {state['turns']}"
    if left > 0:
        were = "mark is" if left == 1 else "marks are"
        text += f"; {left} {were} forfeited because no block can be marked"
    state.update(turn=state["turn"] + 1, rolled=None, base=0, used={}, marked=[])
    if game_over(state):
        return [public(text + ".", board=True), *_final_events(state)]
    return [public(f"{text}. Next: {_who(state)}, /roll.", board=True)]


def show_sheet(state: State, seat: int, args: Sequence[str], rng: Rng) -> list[Event]:
    """Read-only: the sheet in the file format, to save and replay with --sheet."""
    return [private(seat, format_sheet(state["sheet"]), reveals=False)]


def _final_events(state: State) -> list[Event]:
    winners, _, lines = ranking(state)
    names = " and ".join(state["players"][p]["name"] for p in winners) or "nobody"
    text = "\n".join(["The time track is full.", *lines, f"Winner: {names}."])
    return [public(text, board=True)]
