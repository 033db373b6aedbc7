"""What /rules papertown [topic] answers: the summary, every referee default, and topics."""

from __future__ import annotations

from games.args import fold
from games.i18n import N_, Joined, Name, _, joined, said
from games.papertown.catalog import OBJECTIVES, POWERS, example_sheet, find_power
from games.papertown.sheet_file import FORMAT_HELP

SUMMARY = N_(
    "PaperTown (1-2 players): players share one sheet of 10 x 20 hexagons and redevelop the town for the mayor's money. On your turn: /roll draws a colour, /mark 3 blocks of that colour next to your own blocks, add extra blocks with special powers, then /done crosses one box of the 16-box time track. When the last box is crossed, the sheet's 3 objectives (plus Banks) pay out; the most money wins, a tie goes to the player with more special powers."
)

DEFAULTS_TITLE = N_("Referee defaults (where the rules are silent):")
DEFAULTS: tuple[str, ...] = (
    N_(
        "Sheet: 10 rows (A-J) x 20 columns (1-20) of pointy-top hexagons, odd rows (B, D, F, H, J) shifted right by half a hex; each block touches its 6 neighbours. A new sheet is made like the author's generator: cells copy their above-right (else left) neighbour's colour with chance 0.70, else another colour at 0.05 each (about 28.6 of 200 blocks per colour on average); 6 special blocks go on blocks with no same-coloured neighbour, 3 power types, 2 blocks each; 3 of the 6 objectives. --sheet FILE replays a printed sheet instead."
    ),
    N_(
        "Roll: a shuffled deck of 10 cards, 2 each of grey, mint, lime, yellow and red; drawn without replacement and reshuffled when empty. Black (old town) and blue (water) are never rolled."
    ),
    N_(
        "Marking: exactly 3 blocks of the rolled colour, checked block by block. A block must touch your own blocks whenever a block allowed for that mark does; blocks marked earlier in the same turn count as yours, so marks may chain. A block holds one mark. When no free block of the rolled colour is left anywhere, mark any other colour except black and water (still next to your blocks when possible). When no block can be marked at all, the rest are forfeited. A /mark naming more blocks than you have marks (or power uses) left marks the first ones, in the order given, and leaves the rest unmarked."
    ),
    N_("Old town (black) and special blocks can never be marked; water only through Bribery."),
    N_(
        "Special blocks: marking a block next to an unclaimed special block claims it (one mark next to two claims both). A power is usable from the turn it is claimed, once per turn per block you own (both blocks of a type: twice per turn). Power blocks follow the adjacency rule whenever possible and never go on black, marked or special blocks (nor water, but Bribery)."
    ),
    N_(
        "Local branch: a block on the map border (row A, row J, column 1 or column 20), any markable colour. Bakery: a grey block. Building Material: a block of the rolled colour (roll first)."
    ),
    N_(
        "Bribery: instead of your 3 normal marks (so before any of them), mark 1 block of any colour but black, water included; rolling stays optional, other powers stay usable, and the turn still crosses one box. With both Bribery blocks, a Bribery turn may mark 2 such blocks."
    ),
    N_(
        "Bank: +3 per Bank block touching at least one of your blocks, whoever claimed it. Other powers pay nothing at the end."
    ),
    N_(
        "Scoring: a block counts once however many water or old-town blocks it touches; Biggest district pays floor(size / 2) of your largest group connected through hex neighbours; North to South counts the printed columns 1-20; a marked water block stays water."
    ),
    N_(
        "End: after the 16th box (8 turns each). Highest money wins; a tie goes to more ticked power boxes; still tied, a shared win."
    ),
    N_(
        "Solo (--solo): you play X and mark for Virtual 1 (I) and Virtual 2 (O), each with its own roll, 8 rounds of (you, Virtual 1, Virtual 2); virtual players mark 3 blocks (easy 2, hard 4), claim powers normally, and using their powers is your choice. You win only with more money than the two virtual players together."
    ),
)

VARIANTS_TITLE = N_("Options:")
VARIANTS: tuple[str, ...] = (
    N_(
        "--solo: the single player variant (1 player); --difficulty easy|normal|hard sets 2, 3 or 4 blocks per virtual turn."
    ),
    N_(
        "--solo-16: solo on a literal 16-box track, one box per turn of anyone (you get 6 turns, each virtual player 5)."
    ),
    N_("--die: the older fair 5-sided colour die instead of the 10-card deck."),
    N_("--water: water blocks are markable like other colours (fallback and Local branch too)."),
    N_("--own-banks: a Bank block pays only the player who claimed it."),
    N_("--sheet FILE: play a printed sheet (see /rules papertown sheet)."),
)


def _list(title: str, lines: tuple[str, ...]) -> str:
    """A title line, then one '- ' line per item."""
    return Joined([said(title), *(Joined(("-", said(line)), " ") for line in lines)], "\n")


def _powers() -> str:
    listed = joined(
        (Joined((p.title, " (", p.word, "): ", p.effect), "") for p in POWERS.values()),
        "; ",
    )
    return _(
        "Powers: {powers}. Use one with /power NAME CELL or /mark CELL --power NAME, once per turn "
        "per block owned.",
        powers=listed,
    )


def _objectives() -> str:
    listed = joined(
        (Joined((o.title, " (", o.word, "): ", o.pays), "") for o in OBJECTIVES.values()),
        "; ",
    )
    return _("Objectives (3 per sheet): {objectives}. Bank blocks add 3 each.", objectives=listed)


TOPICS: dict[str, str] = {
    "roll": N_(
        "/roll (bare, on your turn) draws this turn's colour from the 10-card deck: 2 each of grey, mint, lime, yellow and red, reshuffled when empty (--die: a fair 5-sided die)."
    ),
    "mark": N_(
        "/mark C4 C5 D5 marks blocks in the order given: exactly 3 of the rolled colour per turn, each touching your blocks (or this turn's marks) whenever such a block is free; other colours only when the rolled colour is used up. Blocks beyond the marks you have left are not marked (the ones that fit are kept). /mark CELL --power NAME adds a power's extra block."
    ),
    "power": "",  # said by _powers()
    "done": N_(
        "/done ends your turn and crosses one box of the time track; it is refused while one of your 3 marks can still be placed (marks that cannot be placed are forfeited)."
    ),
    "objectives": "",  # said by _objectives()
    "solo": N_(
        "Solo (--solo, 1 player): after your turn you roll and mark for Virtual 1 (I) and Virtual 2 (O), 2/3/4 blocks each by --difficulty easy/normal/hard; you win with more money than both of them together."
    ),
    "defaults": "",
    "variants": "",
}
TOPICS["powers"] = TOPICS["power"]
TOPICS["options"] = TOPICS["variants"]
"""The topics' texts (marked msgids); the lists of powers, objectives, defaults and options are
made when asked for, as the topic's name says."""


TOPIC_NAMES = {
    "sheet": Name({"en": "sheet", "pl": "arkusz"}),
    "roll": Name({"en": "roll", "pl": "rzut"}),
    "mark": Name({"en": "mark", "pl": "zaznaczanie"}),
    "power": Name({"en": "power", "pl": "moc"}),
    "done": Name({"en": "done", "pl": "koniec"}),
    "objectives": Name({"en": "objectives", "pl": "cele"}),
    "solo": Name({"en": "solo", "pl": "solo"}),
    "defaults": Name({"en": "defaults", "pl": "domyślne"}),
    "variants": Name({"en": "variants", "pl": "warianty"}),
    "powers": Name({"en": "powers", "pl": "moce"}),
    "options": Name({"en": "options", "pl": "opcje"}),
}
"""Each topic as its reader sees and types it; either language (and a power's name) reads."""
_TOPIC_KEYS = {fold(form): key for key, name in TOPIC_NAMES.items() for form in name.forms.values()}


def topic_key(topic: str) -> str | None:
    """The topic typed in either language, with or without diacritics or a leading /; a
    power's name asks for the powers."""
    typed = fold(topic.strip().lstrip("/"))
    found = _TOPIC_KEYS.get(typed)
    if found is None and find_power(topic.strip()) is not None:
        return "powers"
    return found


def topic_text(key: str) -> str:
    """One topic of TOPICS, in the reader's language."""
    if key in ("power", "powers"):
        return _powers()
    if key == "objectives":
        return _objectives()
    if key == "defaults":
        return _list(DEFAULTS_TITLE, DEFAULTS)
    if key in ("variants", "options"):
        return _list(VARIANTS_TITLE, VARIANTS)
    return said(TOPICS[key])


def rules_text(topic: str | None) -> str:
    """The summary with every default (None), one topic, or a pointer to the topics."""
    if topic is None:
        parts = [said(SUMMARY), topic_text("defaults"), topic_text("variants")]
        return Joined(parts, "\n\n")
    key = topic_key(topic)
    if key == "sheet":
        return Joined((FORMAT_HELP, _("Example:"), example_sheet()), "\n")
    if key in TOPICS:
        return topic_text(key)
    return _(
        "Unknown topic '{topic}', try: {topics}.", topic=topic, topics=joined(TOPIC_NAMES.values())
    )
