"""The quick paths of reading a command agree with the careful ones on any text."""

from __future__ import annotations

import shlex
import unicodedata

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.commands.parse import clean_text, split_args


def shlex_words(text: str) -> list[str]:
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'
    lexer.escape = ""
    lexer.commenters = ""
    return list(lexer)


def careful_clean(text: str) -> str:
    return "".join(
        ch for ch in text if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cs")
    )


TEXTS = st.text(
    st.one_of(
        st.sampled_from(" \t\r\n\x0b\x0c\x1c\x1f\x85\xa0\u2028'#\\`$;|&<>()*?~"),
        st.characters(blacklist_characters='"“”„'),
    ),
    max_size=40,
)


@settings(max_examples=500, deadline=None)
@given(TEXTS)
@example("/mark C4  D5\t--power Bakery")
@example("Stefano's Foot\xa0Soldier #2 \\x")
def test_words_without_quotes_are_what_shlex_reads(text: str) -> None:
    assert split_args(text) == shlex_words(text)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=40))
@example("Ann\x00\x1b[31m\ud800 Bob\n\tx")
def test_clean_text_drops_exactly_controls_and_surrogates(text: str) -> None:
    assert clean_text(text) == careful_clean(text)
    assert clean_text(text, 5) == careful_clean(text)[:5]
