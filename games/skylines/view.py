"""What a seat (or the public) sees: cities as stacks with their icons, the row, the tracks."""

from __future__ import annotations

from games.base import TableBlock, Track, View
from games.i18n import _, _n, from_json, joined
from games.skylines import city
from games.skylines.cards import TRACK_TITLES, TRACKS, Catalog
from games.skylines.catalog import catalog_of
from games.skylines.effects import registry
from games.skylines.program import current
from games.skylines.setup import provenance
from games.skylines.state import SkylinesState, Stack

SAMPLE_NOTE = _("Cards: an ORIGINAL SAMPLE set made up for this bot, not the published game.")


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
    marks = [
        _("{icon} x{n}", icon=cat.label(kind), n=n) if n > 1 else cat.label(kind)
        for kind, n in sorted(types.items())
    ]
    landmarks = sum(1 for name in city.stack_cards(stack) if cat.card(name).landmark)
    if landmarks:
        landmark = _("landmark")
        marks.append(_("{icon} x{n}", icon=landmark, n=landmarks))
    site = cat.card(stack["built"][-1]).site
    if site:
        marks.append(_("{site} (top)", site=cat.label(site)))
    return joined(marks)


def city_block(state: SkylinesState, cat: Catalog, seat: int) -> TableBlock:
    rows: list[list[str]] = []
    for i, stack in enumerate(city.spots(state, seat)):
        if stack is None:
            rows.append([str(i + 1), _("(gap: a sprawl space)"), "", "", "", "0", ""])
            continue
        top = stack["built"][-1]
        rows.append(
            [
                str(i + 1),
                cat.label(top),
                joined(cat.labels(stack["built"]), " < "),
                cat.listed(stack["tucked"], "-"),
                _icons(cat, stack),
                str(len(stack["built"])),
                _("mayor") if state["mayor"][seat] == i else "",
            ]
        )
    title = _(
        "{player}'s city ({city})", player=state["names"][seat], city=cat.label(state["city"][seat])
    )
    header = [
        "#",
        _("Top card"),
        _("Built (bottom < top)"),
        _("Tucked"),
        _("Visible icons"),
        _("Height"),
        _("Mayor"),
    ]
    return TableBlock(title, header, rows)


def _row_block(state: SkylinesState, cat: Catalog) -> TableBlock:
    rows = [
        [
            str(k + 1),
            cat.label(name),
            cat.label(cat.card(name).type),
            str(cat.card(name).cost),
            cat.gains(name),
            cat.label(cat.card(name).site) or "-",
            _("yes") if cat.card(name).landmark else "-",
            cat.card(name).text,
        ]
        for k, name in enumerate(state["row"])
    ]
    header: list[str] = [
        _("Slot"),
        _("Card"),
        _("Type"),
        _("Cost"),
        _("Gains"),
        _("Site"),
        _("Landmark"),
        _("Mayor action"),
    ]
    return TableBlock(_("Card row"), header, rows)


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
        _("Player"),
        _("Token"),
        _("Score"),
        *(TRACK_TITLES[tr] for tr in TRACKS),
        _("Hand"),
        _("Achievements"),
    ]
    return TableBlock(_("Players"), header, rows)


def _achievement_lines(state: SkylinesState, cat: Catalog, seat: int | None) -> list[str]:
    lines: list[str] = []
    for a in cat.achievements:
        claimed = joined(
            (state["names"][s] for s in state["claims"][a.name]), empty=_("nobody yet")
        )
        owner = state["chip_owner"][a.name]
        if owner is None:
            chip = _("chip face down")
        elif owner == seat or state["phase"] == "over":
            chip = _(
                "chip {points} taken by {player}",
                points=state["chips"][a.name],
                player=state["names"][owner],
            )
        else:
            chip = _("chip taken by {player}", player=state["names"][owner])
        lines.append(
            _n(
                "{name} ({n} star, {chip}): {text} Claimed by {claimed}.",
                "{name} ({n} stars, {chip}): {text} Claimed by {claimed}.",
                a.stars,
                name=cat.label(a.name),
                chip=chip,
                text=a.text,
                claimed=claimed,
            )
        )
    return lines


def _status(state: SkylinesState, cat: Catalog) -> list[str]:
    level = state["level"]
    if state["phase"] == "city":
        waiting = [state["names"][s] for s, c in enumerate(state["city"]) if c is None]
        return [_("Choosing cities: waiting for {players}.", players=", ".join(waiting))]
    if state["phase"] == "over":
        result = state["result"]
        detail = [from_json(d) for d in result["detail"]] if result else []
        return [_("Game over after level {level}.", level=level), *detail]
    turn = state["turn"]
    lines: list[str] = [
        _n(
            "Level {level}: {player}'s turn, {n} action left.",
            "Level {level}: {player}'s turn, {n} actions left.",
            turn["actions"],
            level=level,
            player=state["names"][turn["seat"]],
        )
    ]
    step = current(state)
    if step is not None:
        name = state["names"][turn["seat"]]
        lines.append(
            _("Waiting for {player} to {prompt}.", player=name, prompt=registry.prompt(state, step))
        )
    if level in state["seen_end"]:
        lines.append(
            _("The game ends when every player has had the same number of turns.")
            if level == 4
            else _(
                "The level {level} round-end card is out: the level ends after this turn.",
                level=level,
            )
        )
    return lines


def _secret_lines(state: SkylinesState, seat: int) -> list[str]:
    """What only this seat may see besides its hand: the cities it may keep, the deck cards it
    is looking at, the opponent's hand it is looking at."""
    cat = catalog_of(state)
    if state["phase"] == "city" and state["city"][seat] is None:
        return [
            _("Your cities to choose from: {cities}.", cities=cat.listed(state["offers"][seat]))
        ]
    program = state["program"]
    if program is None or program["seat"] != seat:
        return []
    memory, lines = program["ctx"], list[str]()
    if memory["look"]:
        lines.append(
            _(
                "You are looking at: {cards} (keep with /take CARD).",
                cards=cat.listed(memory["look"]),
            )
        )
    victim = memory["victim"]
    if victim is not None and state["hands"][victim]:
        lines.append(
            _(
                "{player}'s hand: {cards} (take one with /take CARD).",
                player=state["names"][victim],
                cards=cat.listed(state["hands"][victim]),
            )
        )
    return lines


def render(state: SkylinesState, cat: Catalog, seat: int | None) -> View:
    """Public parts for everyone; the viewer's own hand (and chip values) only for that seat."""
    decks = joined(
        _("level {level}: {n}", level=lv, n=len(state["decks"][str(lv)])) for lv in range(1, 5)
    )
    top = cat.label(state["discard"][-1]) if state["discard"] else _("none")
    lines = [provenance(cat) if cat.custom else SAMPLE_NOTE, *_status(state, cat)]
    lines.append(
        _(
            "Deck sizes ({decks}); discards: {n} (top: {top}).",
            decks=decks,
            n=len(state["discard"]),
            top=top,
        )
    )
    lines += _achievement_lines(state, cat, seat)
    awards = joined(
        (
            _("{award} {points} ({rule})", award=cat.label(a.name), points=a.points, rule=a.text)
            for a in cat.awards
        ),
        "; ",
    )
    lines.append(_("Game-end awards: {awards}", awards=awards))
    tables = [_players_block(state), _row_block(state, cat)]
    if state["phase"] != "city":
        tables += [city_block(state, cat, s) for s in range(len(state["names"]))]
    names = state["names"]
    # Track.length is the last space: the tracks run 0..track_end, the score 0..score_end
    # (and on, past it: ruling 26).
    tracks = [
        Track(
            TRACK_TITLES[tr],
            cat.track_end,
            {names[s]: state["tracks"][s][tr] for s in range(len(names))},
        )
        for tr in TRACKS
    ]
    length = max(cat.score_end, *state["score"])
    tracks.append(
        Track(_("Score"), length, {names[s]: state["score"][s] for s in range(len(names))})
    )
    hand = None
    if seat is not None:
        hand = [cat.describe(c) for c in state["hands"][seat]]
        lines += _secret_lines(state, seat)
    if cat.custom:
        title = _("Paper Skylines (own cards), level {level}", level=state["level"])
    else:
        title = _("Paper Skylines (sample cards), level {level}", level=state["level"])
    return View(title, seat, lines, tables, [], tracks, [], hand)
