"""The pages' colours: Okabe and Ito's palette for seats and players (safe for colour-blind
readers, and never alone: names, marks and dashes say the same) and legible ink on any fill."""

from __future__ import annotations

INK = "#000000"
PAPER = "#ffffff"
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#000000")
"""Their yellow left out: it does not read on white."""


def seat_colour(seat: int) -> str:
    return PALETTE[seat % len(PALETTE)]


def ink_on(colour: str) -> str:
    """Black or white text, whichever reads on the fill."""
    try:
        red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return INK
    return INK if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else PAPER
