"""The shared sheet as a neutral View: the hex map, objectives, power cards and time track."""

from __future__ import annotations

from games.base import Cell, Grid, State, TableBlock, Track, View
from games.papertown.marking import base_left, bribed, current, owned
from games.papertown.scoring import breakdown, ranking
from games.papertown.sheet import (
    COLOURS,
    OBJECTIVES,
    POWER_LABELS,
    POWERS,
    ROW_LETTERS,
    SHORT_NAMES,
    SPECIAL,
    cell_name,
    special_at,
)

COLOUR_EMOJI: dict[str, str] = {
    "K": "⬛",
    "G": "⬜",
    "M": "🟩",
    "W": "🟦",
    "L": "🟢",
    "Y": "🟨",
    "R": "🟥",
}
MARK_EMOJI: dict[str, str] = {"X": "❌", "O": "⭕", "I": "🔶"}
POWER_EMOJI: dict[str, str] = {
    "bank": "🏦",
    "branch": "🏤",
    "bakery": "🥖",
    "building": "🧱",
    "bribery": "💰",
}
CLAIMED_EMOJI = "🔒"


def _grid(state: State) -> Grid:
    sheet = state["sheet"]
    rows, cols, colours = sheet["rows"], sheet["cols"], sheet["colours"]
    players = state["players"]
    specials = special_at(sheet)
    cells = []
    for i, ch in enumerate(colours):
        r, c = divmod(i, cols)
        owner = state["owner"][i]
        cell = Cell(r, c, COLOURS[ch])
        if ch == SPECIAL:
            power = sheet["specials"][specials[i]][1]
            claimer = state["claims"][specials[i]]
            cell.label = POWER_LABELS[power]
            cell.emoji = POWER_EMOJI[power]
            if claimer is not None:
                cell.label += " " + players[claimer]["tag"]
                cell.emoji = CLAIMED_EMOJI
        elif owner is not None:
            cell.mark = players[owner]["tag"]
            cell.emoji = MARK_EMOJI[cell.mark]
        else:
            cell.emoji = COLOUR_EMOJI[ch]
        cells.append(cell)
    legend = {MARK_EMOJI[p["tag"]]: p["name"] for p in players}
    legend.update({COLOUR_EMOJI[ch]: SHORT_NAMES[ch] for ch in COLOUR_EMOJI})
    legend.update({POWER_EMOJI[power]: POWERS[power][0] for power in sheet["powers"]})
    legend[CLAIMED_EMOJI] = "claimed special block"
    return Grid(
        rows,
        cols,
        cells,
        hexagonal=True,
        row_labels=list(ROW_LETTERS[:rows]),
        col_labels=[str(c + 1) for c in range(cols)],
        legend=legend,
    )


def _objectives(state: State) -> TableBlock:
    players = state["players"]
    sheet = state["sheet"]
    money = [breakdown(state, p) for p in range(len(players))]
    rows = []
    for k, objective in enumerate(sheet["objectives"]):
        title, pays = OBJECTIVES[objective]
        rows.append([title, pays, *(str(parts[k]) for parts in money)])
    if "bank" in sheet["powers"]:
        bank = "3 per Bank block touching your blocks"
        rows.append(["Bank", bank, *(str(parts[-1]) for parts in money)])
    rows.append(["Total", "Million", *(str(sum(parts)) for parts in money)])
    header = ["Objective", "Pays", *(f"{p['name']} {p['tag']}" for p in players)]
    return TableBlock("The mayor pays (so far)", header, rows)


def _powers(state: State) -> TableBlock:
    sheet = state["sheet"]
    players = state["players"]
    active = None if _over(state) else current(state)
    holding = owned(state, active) if active is not None else {}
    rows = []
    for power in sheet["powers"]:
        boxes = []
        for (cell, kind), claimer in zip(sheet["specials"], state["claims"], strict=True):
            if kind == power:
                tag = players[claimer]["tag"] if claimer is not None else " "
                boxes.append(f"[{tag}] {cell_name(sheet, cell)}")
        title, effect = POWERS[power]
        if power == "bank" or not holding.get(power):
            this_turn = "-"
        else:
            used = int(state["used"].get(power, 0))
            this_turn = f"{used} of {holding[power]} used"
        rows.append([title, effect, " ".join(boxes), this_turn])
    return TableBlock("Special powers", ["Power", "Effect", "Boxes", "This turn"], rows)


def _over(state: State) -> bool:
    return int(state["turn"]) >= int(state["turns"])


def _status_lines(state: State) -> list[str]:
    players = state["players"]
    if _over(state):
        return [f"Game over after {state['turns']} turns.", *ranking(state)[2]]
    p = current(state)
    player = players[p]
    lines = [f"Turn {state['turn'] + 1} of {state['turns']}: {player['name']} ({player['tag']})."]
    rolled = state["rolled"]
    if bribed(state):
        lines.append("Bribery replaced the normal marks this turn.")
    elif rolled is None:
        lines.append("Not rolled yet: /roll (or use Bribery instead of the normal turn).")
    else:
        left = base_left(state)
        quota = player["quota"]
        lines.append(f"Rolled colour: {SHORT_NAMES[rolled]}; {left} of {quota} marks left.")
    return lines


def _deck_line(state: State) -> str:
    if state["options"]["die"]:
        return "Colour die: each of grey, mint, lime, yellow and red is 1 in 5."
    deck = state["deck"]
    if not deck:
        return "Colour deck: the next roll reshuffles all 10 cards."
    counts = ", ".join(f"{SHORT_NAMES[ch]} {deck.count(ch)}" for ch in "GMLYR")
    return f"Colour deck: {len(deck)} of 10 cards left ({counts})."


def build_view(state: State, seat: int | None) -> View:
    """Everything on the sheet is public, so every seat sees the same picture."""
    players = state["players"]
    cast = ", ".join(f"{p['name']} {p['tag']}" for p in players)
    lines = [f"Players: {cast}.", *_status_lines(state), _deck_line(state)]
    return View(
        title="PaperTown",
        seat=seat,
        lines=lines,
        tables=[_objectives(state), _powers(state)],
        grids=[_grid(state)],
        tracks=[Track("Time track", int(state["turns"]), {}, ticked=int(state["turn"]))],
    )
