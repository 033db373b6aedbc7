"""Word wrap by display width: every line fits, no word is lost or reordered, and a paragraph
that fits stays one line (emoji and wide characters counted as two columns)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.render.text import width, wrap

WORDS = st.lists(
    st.sampled_from(["a", "Zoë", "🌸", "城市", "floor", "x" * 45, "Bob&<Co>", "", "7"]),
    min_size=0,
    max_size=30,
)


@given(words=WORDS, lead=st.integers(0, 3), columns=st.integers(8, 60))
def test_each_line_fits_and_the_words_stay_in_order(
    words: list[str], lead: int, columns: int
) -> None:
    paragraph = " " * lead + " ".join(words)
    lines = wrap(paragraph, columns, "  ")
    assert all(width(line) <= columns for line in lines), lines
    assert "".join("".join(lines).split()) == "".join(words)
    if width(paragraph) <= columns:
        assert lines == [paragraph.rstrip()]


def test_a_long_line_breaks_between_words_and_indents_what_follows() -> None:
    assert wrap("Zoë 🌸 builds floor 4 with 3+6", 16, "  ") == [
        "Zoë 🌸 builds",
        "  floor 4 with",
        "  3+6",
    ]
