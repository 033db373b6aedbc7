"""games.memo.Memo: bounded, the oldest value out first, and safe to share between threads."""

from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from games.memo import Memo


def test_a_value_is_made_once_and_the_oldest_goes_first() -> None:
    made: list[int] = []

    def square(key: int) -> int:
        made.append(key)
        return key * key

    memo: Memo[int, int] = Memo(2)
    assert [memo.get(1, square), memo.get(2, square), memo.get(1, square)] == [1, 4, 1]
    assert memo.get(3, square) == 9  # 1 was made first: it goes
    assert len(memo) == 2
    assert [memo.get(2, square), memo.get(3, square), memo.get(1, square)] == [4, 9, 1]
    assert made == [1, 2, 3, 1]
    assert (memo.find(1), memo.find(2)) == (1, None)  # 2 went when 1 came back
    assert memo.keep(1, 100) == 1  # a value kept stays
    assert memo.keep(5, 25) == 25
    assert (memo.find(3), memo.find(5)) == (None, 25)
    memo.clear()
    assert len(memo) == 0
    with pytest.raises(ValueError):
        Memo(0)


def test_values_made_at_once_on_two_threads_are_one_value() -> None:
    """The second thread to finish making a value is given the first one's, as every later call."""
    memo: Memo[str, list[str]] = Memo(4)
    both_making = threading.Barrier(2)

    def make(key: str) -> list[str]:
        both_making.wait(timeout=10)
        return [key]

    with ThreadPoolExecutor(2) as pool:
        first, second = pool.map(lambda _n: memo.get("k", make), range(2))
    assert first is second is memo.get("k", make)


def test_8_threads_past_the_limit_each_get_their_key_s_value() -> None:
    """Inserting and evicting from many threads at once, switching every microsecond, neither
    fails nor mixes up values, and the memo stays within its limit."""
    memo: Memo[int, tuple[int, int]] = Memo(16)
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(8) as pool:
            found = list(pool.map(lambda key: memo.get(key % 40, lambda k: (k, -k)), range(20_000)))
    finally:
        sys.setswitchinterval(before)
    assert found == [(key % 40, -(key % 40)) for key in range(20_000)]
    assert len(memo) == 16
