"""What a seat (or the public) sees: cities as stacks with their icons, the row, the tracks."""

from __future__ import annotations

from games.base import TableBlock, Track, View
from games.skylines import city
from games.skylines.cards import TRACKS, Catalog
from games.skylines.effects import registry
from games.skylines.program import current
from games.skylines.setup import provenance
from games.skylines.state import SkylinesState, Stack

SAMPLE_NOTE = "Cards: an ORIGINAL SAMPLE set made up for this bot, not the published game."


def token_labels(names: list[str]) -> list[str]:
    """A distinct label of at most two characters per seat, for tokens on a drawn track:
    the name's first two letters, else its first and last, else its first and a digit."""
    labels: list[str] = []
    for seat, name in enumerate(names):
        chars = [ch for ch in name if ch.isalnum()] or list(str(seat + 1))
        head = chars[0].upper()
        tried = [head + ch for ch in chars[1:2]] + [head + chars[-1]]
        tried += [head + ch for ch in chars[1:]] + [head + str(d) for d in range(1, 10)]
        tried += [f"{seat + 1}"]
        labels.append(next(label for label in tried if label not in labels))
    return labels


def _icons(cat: Catalog, stack: Stack) -> str:
    types = city.type_icons(cat, stack)
    marks = [f"{kind} x{n}" if n > 1 else kind for kind, n in sorted(types.items())]
    landmarks = sum(1 for name in city.stack_cards(stack) if cat.card(name).landmark)
    if landmarks:
        marks.append(f"landmark x{landmarks}")
    site = cat.card(stack["built"][-1]).site
    if site:
        marks.append(f"{site} (top)")
    return ", ".join(marks)


def city_block(state: SkylinesState, cat: Catalog, seat: int) -> TableBlock:
    rows: list[list[str]] = []
    for i, stack in enumerate(city.spots(state, seat)):
        if stack is None:
            rows.append([str(i + 1), "(gap: a sprawl space)", "", "", "", "0", ""])
            continue
        top = stack["built"][-1]
        rows.append(
            [
                str(i + 1),
                top,
                " < ".join(stack["built"]),
                ", ".join(stack["tucked"]) or "-",
                _icons(cat, stack),
                str(len(stack["built"])),
                "mayor" if state["mayor"][seat] == i else "",
            ]
        )
    title = f"{state['names'][seat]}'s city ({state['city'][seat]})"
    header = ["#", "Top card", "Built (bottom < top)", "Tucked", "Visible icons", "Height", "Mayor"]
    return TableBlock(title, header, rows)


def _row_block(state: SkylinesState, cat: Catalog) -> TableBlock:
    rows = [
        [
            str(k + 1),
            name,
            cat.card(name).type,
            str(cat.card(name).cost),
            cat.gains(name),
            cat.card(name).site or "-",
            "yes" if cat.card(name).landmark else "-",
            cat.card(name).text,
        ]
        for k, name in enumerate(state["row"])
    ]
    header = ["Slot", "Card", "Type", "Cost", "Gains", "Site", "Landmark", "Mayor action"]
    return TableBlock("Card row", header, rows)


def _players_block(state: SkylinesState) -> TableBlock:
    tokens = token_labels(state["names"])
    rows = [
        [
            name,
            tokens[s],
            str(state["score"][s]),
            *(str(state["tracks"][s][tr]) for tr in TRACKS),
            str(len(state["hands"][s])),
            str(sum(1 for seats in state["claims"].values() if s in seats)),
        ]
        for s, name in enumerate(state["names"])
    ]
    header = [
        "Player",
        "Token",
        "Score",
        "Profit",
        "Prestige",
        "Population",
        "Hand",
        "Achievements",
    ]
    return TableBlock("Players", header, rows)


def _achievement_lines(state: SkylinesState, cat: Catalog, seat: int | None) -> list[str]:
    lines = []
    for a in cat.achievements:
        claimed = ", ".join(state["names"][s] for s in state["claims"][a.name]) or "nobody yet"
        owner = state["chip_owner"][a.name]
        if owner is None:
            chip = "chip face down"
        elif owner == seat or state["phase"] == "over":
            chip = f"chip {state['chips'][a.name]} taken by {state['names'][owner]}"
        else:
            chip = f"chip taken by {state['names'][owner]}"
        lines.append(f"{a.name} ({a.stars} stars, {chip}): {a.text} Claimed by {claimed}.")
    return lines


def _status(state: SkylinesState, cat: Catalog) -> list[str]:
    level = state["level"]
    if state["phase"] == "city":
        waiting = [state["names"][s] for s, c in enumerate(state["city"]) if c is None]
        return [f"Choosing cities: waiting for {', '.join(waiting)}."]
    if state["phase"] == "over":
        result = state["result"]
        return [f"Game over after level {level}.", *(result["detail"] if result else [])]
    turn = state["turn"]
    lines = [
        f"Level {level}: {state['names'][turn['seat']]}'s turn, {turn['actions']} action(s) left."
    ]
    step = current(state)
    if step is not None:
        name = state["names"][turn["seat"]]
        lines.append(f"Waiting for {name} to {registry.prompt(state, step)}.")
    if level in state["seen_end"]:
        lines.append(
            "The game ends when every player has had the same number of turns."
            if level == 4
            else f"The level {level} round-end card is out: the level ends after this turn."
        )
    return lines


def _secret_lines(state: SkylinesState, seat: int) -> list[str]:
    """What only this seat may see besides its hand: the cities it may keep, the deck cards it
    is looking at, the opponent's hand it is looking at."""
    if state["phase"] == "city" and state["city"][seat] is None:
        return ["Your cities to choose from: " + ", ".join(state["offers"][seat]) + "."]
    program = state["program"]
    if program is None or program["seat"] != seat:
        return []
    memory, lines = program["ctx"], []
    if memory["look"]:
        lines.append(f"You are looking at: {', '.join(memory['look'])} (keep with /take CARD).")
    victim = memory["victim"]
    if victim is not None and state["hands"][victim]:
        hand = ", ".join(state["hands"][victim])
        lines.append(f"{state['names'][victim]}'s hand: {hand} (take one with /take CARD).")
    return lines


def render(state: SkylinesState, cat: Catalog, seat: int | None) -> View:
    """Public parts for everyone; the viewer's own hand (and chip values) only for that seat."""
    decks = ", ".join(f"level {lv}: {len(state['decks'][str(lv)])}" for lv in range(1, 5))
    top = state["discard"][-1] if state["discard"] else "none"
    lines = [provenance(cat) if cat.custom else SAMPLE_NOTE, *_status(state, cat)]
    lines.append(f"Deck sizes ({decks}); discards: {len(state['discard'])} (top: {top}).")
    lines += _achievement_lines(state, cat, seat)
    lines.append(
        "Game-end awards: " + "; ".join(f"{a.name} {a.points} ({a.text})" for a in cat.awards)
    )
    tables = [_players_block(state), _row_block(state, cat)]
    if state["phase"] != "city":
        tables += [city_block(state, cat, s) for s in range(len(state["names"]))]
    names = state["names"]
    # Track.length is the last space: the tracks run 0..track_end, the score 0..score_end
    # (and on, past it: ruling 26).
    tracks = [
        Track(
            tr.capitalize(),
            cat.track_end,
            {names[s]: state["tracks"][s][tr] for s in range(len(names))},
        )
        for tr in TRACKS
    ]
    length = max(cat.score_end, *state["score"])
    tracks.append(Track("Score", length, {names[s]: state["score"][s] for s in range(len(names))}))
    hand = None
    if seat is not None:
        hand = [cat.describe(c) for c in state["hands"][seat]]
        lines += _secret_lines(state, seat)
    cards = "own cards" if cat.custom else "sample cards"
    title = f"Paper Skylines ({cards}), level {state['level']}"
    return View(title, seat, lines, tables, [], tracks, [], hand)
