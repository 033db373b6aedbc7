"""What /rules papertown [topic] answers: the summary, every referee default, and topics."""

from __future__ import annotations

from games.papertown.catalog import OBJECTIVES, POWERS, example_sheet
from games.papertown.sheet_file import FORMAT_HELP

SUMMARY = """PaperTown (1-2 players): players share one sheet of 10 x 20 hexagons and redevelop the
town for the mayor's money. On your turn: /roll draws a colour, /mark 3 blocks of that colour
next to your own blocks, add extra blocks with special powers, then /done crosses one box of the
16-box time track. When the last box is crossed, the sheet's 3 objectives (plus Banks) pay out;
the most money wins, a tie goes to the player with more special powers."""

DEFAULTS = """Referee defaults (where the rules are silent):
- Sheet: 10 rows (A-J) x 20 columns (1-20) of pointy-top hexagons, odd rows (B, D, F, H, J)
  shifted right by half a hex; each block touches its 6 neighbours. A new sheet is made like the
  author's generator: cells copy their above-right (else left) neighbour's colour with chance
  0.70, else another colour at 0.05 each (about 28.6 of 200 blocks per colour on average);
  6 special blocks go on blocks with no same-coloured neighbour, 3 power types, 2 blocks each;
  3 of the 6 objectives. --sheet FILE replays a printed sheet instead.
- Roll: a shuffled deck of 10 cards, 2 each of grey, mint, lime, yellow and red; drawn without
  replacement and reshuffled when empty. Black (old town) and blue (water) are never rolled.
- Marking: exactly 3 blocks of the rolled colour, checked block by block. A block must touch
  your own blocks whenever a block allowed for that mark does; blocks marked earlier in the
  same turn count as yours, so marks may chain. A block holds one mark. When no free block of
  the rolled colour is left anywhere, mark any other colour except black and water (still next
  to your blocks when possible). When no block can be marked at all, the rest are forfeited.
  A /mark naming more blocks than you have marks (or power uses) left marks the first ones, in
  the order given, and leaves the rest unmarked.
- Old town (black) and special blocks can never be marked; water only through Bribery.
- Special blocks: marking a block next to an unclaimed special block claims it (one mark next
  to two claims both). A power is usable from the turn it is claimed, once per turn per block
  you own (both blocks of a type: twice per turn). Power blocks follow the adjacency rule
  whenever possible and never go on black, marked or special blocks (nor water, but Bribery).
- Local branch: a block on the map border (row A, row J, column 1 or column 20), any markable
  colour. Bakery: a grey block. Building Material: a block of the rolled colour (roll first).
- Bribery: instead of your 3 normal marks (so before any of them), mark 1 block of any colour
  but black, water included; rolling stays optional, other powers stay usable, and the turn
  still crosses one box. With both Bribery blocks, a Bribery turn may mark 2 such blocks.
- Bank: +3 per Bank block touching at least one of your blocks, whoever claimed it. Other
  powers pay nothing at the end.
- Scoring: a block counts once however many water or old-town blocks it touches; Biggest
  district pays floor(size / 2) of your largest group connected through hex neighbours;
  North to South counts the printed columns 1-20; a marked water block stays water.
- End: after the 16th box (8 turns each). Highest money wins; a tie goes to more ticked power
  boxes; still tied, a shared win.
- Solo (--solo): you play X and mark for Virtual 1 (I) and Virtual 2 (O), each with its own
  roll, 8 rounds of (you, Virtual 1, Virtual 2); virtual players mark 3 blocks (easy 2, hard 4),
  claim powers normally, and using their powers is your choice. You win only with more money
  than the two virtual players together."""

VARIANTS = """Options:
- --solo: the single player variant (1 player); --difficulty easy|normal|hard sets 2, 3 or 4
  blocks per virtual turn.
- --solo-16: solo on a literal 16-box track, one box per turn of anyone (you get 6 turns, each
  virtual player 5).
- --die: the older fair 5-sided colour die instead of the 10-card deck.
- --water: water blocks are markable like other colours (fallback and Local branch too).
- --own-banks: a Bank block pays only the player who claimed it.
- --sheet FILE: play a printed sheet (see /rules papertown sheet)."""


def _unwrap(text: str) -> str:
    """Join the source's wrapped lines so chat clients can wrap them to their own width."""
    out: list[str] = []
    for line in text.splitlines():
        starts_item = line.startswith("- ") or not out or out[-1].endswith(":")
        if starts_item:
            out.append(line)
        else:
            out[-1] += " " + line.strip()
    return "\n".join(out)


TOPICS: dict[str, str] = {
    "roll": "/roll (bare, on your turn) draws this turn's colour from the 10-card deck: 2 each "
    "of grey, mint, lime, yellow and red, reshuffled when empty (--die: a fair 5-sided die).",
    "mark": "/mark C4 C5 D5 marks blocks in the order given: exactly 3 of the rolled colour per "
    "turn, each touching your blocks (or this turn's marks) whenever such a block is free; "
    "other colours only when the rolled colour is used up. Blocks beyond the marks you have "
    "left are not marked (the ones that fit are kept). /mark CELL --power NAME adds a "
    "power's extra block.",
    "power": "Powers: "
    + "; ".join(f"{p.title} ({key}): {p.effect}" for key, p in POWERS.items())
    + ". Use one with /power NAME CELL or /mark CELL --power NAME, once per turn per block owned.",
    "done": "/done ends your turn and crosses one box of the time track; it is refused while "
    "one of your 3 marks can still be placed (marks that cannot be placed are forfeited).",
    "objectives": "Objectives (3 per sheet): "
    + "; ".join(f"{o.title} ({key}): {o.pays}" for key, o in OBJECTIVES.items())
    + ". Bank blocks add 3 each.",
    "solo": "Solo (--solo, 1 player): after your turn you roll and mark for Virtual 1 (I) and "
    "Virtual 2 (O), 2/3/4 blocks each by --difficulty easy/normal/hard; you win with more "
    "money than both of them together.",
    "defaults": _unwrap(DEFAULTS),
    "variants": _unwrap(VARIANTS),
}
TOPICS["powers"] = TOPICS["power"]
TOPICS["options"] = TOPICS["variants"]


def rules_text(topic: str | None) -> str:
    """The summary with every default (None), one topic, or a pointer to the topics."""
    if topic is None:
        return "\n\n".join(_unwrap(part) for part in (SUMMARY, DEFAULTS, VARIANTS))
    key = topic.strip().lower()
    if key == "sheet":
        return FORMAT_HELP + "\nExample:\n" + example_sheet()
    if key in TOPICS:
        return TOPICS[key]
    return f"Unknown topic '{topic}', try: {', '.join(['sheet', *TOPICS])}."
