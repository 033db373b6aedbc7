"""Who plays: the players, or (solo) you and two virtual players you mark for; whose turn it is."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import RuleError
from games.i18n import Joined, Name, _, joined
from games.papertown.state import Options, PaperTownState, Participant

BLOCKS_PER_TURN = 3
VIRTUAL_BLOCKS = {"easy": 2, "normal": 3, "hard": 4}
"""Solo difficulty: blocks per virtual player's turn."""
VIRTUAL_NAMES = {
    "Virtual 1": Name({"en": "Virtual 1", "pl": "Wirtualny 1"}),
    "Virtual 2": Name({"en": "Virtual 2", "pl": "Wirtualny 2"}),
}
"""The virtual players' names as the table reads them (the state keeps the English)."""


def seat_participants(names: Sequence[str], options: Options) -> list[Participant]:
    """X and O for two players; X, I and O (two virtual players on seat 0) for solo."""
    if len(names) == 1 and not options["solo"]:
        raise RuleError(_("PaperTown for 1 player is the solo variant; start it with --solo."))
    if len(names) == 2 and options["solo"]:
        raise RuleError(_("--solo is for 1 player; with 2 players leave it out."))
    if len(names) not in (1, 2):
        raise RuleError(_("PaperTown takes 1 (solo) or 2 players, not {n}.", n=len(names)))
    if not options["solo"]:
        return [
            {"name": name, "tag": tag, "seat": seat, "quota": BLOCKS_PER_TURN, "virtual": False}
            for seat, (name, tag) in enumerate(zip(names, ("X", "O"), strict=True))
        ]
    blocks = VIRTUAL_BLOCKS[options["difficulty"]]
    return [
        {"name": names[0], "tag": "X", "seat": 0, "quota": BLOCKS_PER_TURN, "virtual": False},
        {"name": "Virtual 1", "tag": "I", "seat": 0, "quota": blocks, "virtual": True},
        {"name": "Virtual 2", "tag": "O", "seat": 0, "quota": blocks, "virtual": True},
    ]


def current(state: PaperTownState) -> int:
    """The participant whose turn it is (virtual players count in the solo game)."""
    return state["turn"] % len(state["players"])


def controller(state: PaperTownState) -> int:
    """The seat that acts now: the current player, or the solo human for a virtual player."""
    return state["players"][current(state)]["seat"]


def name_of(player: Participant) -> str:
    """A participant's name as the table reads it: a virtual player's in the reader's language."""
    return named(player["name"], player["virtual"])


def named(name: str, virtual: bool) -> str:
    """`name_of` by a participant's name and whether it is virtual."""
    return VIRTUAL_NAMES.get(name, name) if virtual else name


def who(state: PaperTownState, p: int | None = None) -> str:
    """'Ann (X)': a participant (the current one by default) as the table reads it."""
    player = state["players"][current(state) if p is None else p]
    return Joined((name_of(player), f"({player['tag']})"), " ")


def names_and(names: Sequence[str]) -> str:
    """'Ann' or 'Ann and Bob': winners as a sentence names them."""
    if len(names) == 1:
        return names[0]
    return _("{first} and {second}", first=joined(names[:-1]), second=names[-1])
