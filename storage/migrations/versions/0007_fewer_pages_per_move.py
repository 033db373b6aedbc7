"""Fewer pages written per game move: actions lose their index on table_id alone (the unique
(table_id, seq) index starts with it and serves every query by table), and on SQLite
processed_updates becomes a WITHOUT ROWID table (its primary key is the row, one b-tree instead of
two). A move's commit writes two pages fewer.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 05:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

COLUMNS = (
    "platform VARCHAR(20) NOT NULL, update_id VARCHAR(80) NOT NULL, processed_at DATETIME NOT NULL"
)


def _rebuild_processed_updates(options: str) -> None:
    """SQLite cannot alter a table's rowid: copy it into a new table (nothing refers to it)."""
    op.execute(
        f"CREATE TABLE processed_updates_new ({COLUMNS}, PRIMARY KEY (platform, update_id)){options}"
    )
    op.execute(
        "INSERT INTO processed_updates_new SELECT platform, update_id, processed_at FROM processed_updates"
    )
    op.execute("DROP TABLE processed_updates")
    op.execute("ALTER TABLE processed_updates_new RENAME TO processed_updates")


def upgrade() -> None:
    op.drop_index("ix_actions_table_id", table_name="actions")
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_processed_updates(" WITHOUT ROWID")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_processed_updates("")
    op.create_index("ix_actions_table_id", "actions", ["table_id"])
