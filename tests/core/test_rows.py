"""A command works on copies of the cached rows: every column is copied, and seats are the
copy's own, so a command that fails leaves the cached table as it was."""

from __future__ import annotations

from storage.models import GameTable, TableStatus
from storage.rows import Seat, Table
from storage.writing import _state_text


def test_a_copy_holds_every_column_and_its_own_seats() -> None:
    table = Table(
        id=7,
        platform="telegram",
        chat_id="-1001987654321",
        game="gotown",
        creator_id="42",
        status=TableStatus.ACTIVE,
        options={"o": 1},
        settings={"s": 2},
        seed="seed",
        commitment="c",
        state={"x": [1]},
        rng_position=3,
        version=4,
        next_seq=5,
        board_message="99",
        board_after=2,
        revision=6,
        seats=[Seat(id=1, table_id=7, position=0, name="Ann", user_id="42")],
    )
    copy = table.copy()
    columns = {c.key for c in GameTable.__table__.columns}
    assert columns <= set(Table.__slots__)
    for name in set(Table.__slots__) - {"seats"}:
        assert getattr(copy, name) is getattr(table, name), name
    copy.seats[0].is_bot = True
    copy.seats.append(Seat(position=1, name="Bob"))
    assert not table.seats[0].is_bot and len(table.seats) == 1


def test_a_working_copy_is_read_back_only_from_its_own_states_text() -> None:
    """Table.state_copy reads the text written for the state the table holds, and nothing when
    the text was written for another state, or by `json` (orjson would read an integer past 64
    bits back as a float)."""
    table = Table(id=1, platform="t", chat_id="c", game="race", creator_id="1", state={"n": [1]})
    assert table.state_copy() is None
    table.written = (table.state, '{"n":[1]}')
    copied = table.state_copy()
    assert copied == {"n": [1]} and copied is not table.state
    table.state = {"n": [2]}
    assert table.state_copy() is None
    table.state = {"n": [2**70]}
    assert _state_text(table) == '{"n": [1180591620717411303424]}'
    assert table.written is None and table.state_copy() is None
    table.state = {"n": [2]}
    assert _state_text(table) == '{"n":[2]}' and table.state_copy() == {"n": [2]}
