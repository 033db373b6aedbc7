"""tables.revision: moves with every write of a table row, so a process's cached copy of a table
is checked (UPDATE ... WHERE revision = ?) before a command's writes are kept

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24 12:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


# Plain ALTER TABLE on both databases: a batch "copy and move" of `tables` would cascade-delete
# every seat and action on SQLite.


def upgrade() -> None:
    op.add_column("tables", sa.Column("revision", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("tables", "revision")
