"""Who may play from a page: a signed, expiring link bound to one user and one table, and
Telegram Mini App sign-in (`initData` checked as Telegram specifies); a chat's leaderboard link,
signed so that a private chat's page cannot be guessed."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

TELEGRAM_MAX_AGE = 3600
"""Seconds a Mini App's `initData` is accepted after its `auth_date`."""


@dataclass(frozen=True)
class Player:
    """A signed-in player at one table: what every write from a page acts as."""

    table_id: int
    user_id: str
    name: str
    expires: int


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(secret: bytes, body: str) -> str:
    return _b64(hmac.new(secret, body.encode(), hashlib.sha256).digest())


def sign(secret: bytes, player: Player) -> str:
    """The link's token: the player's facts and their HMAC-SHA256 under the configured secret."""
    facts = [player.table_id, player.user_id, player.name, player.expires]
    body = _b64(json.dumps(facts, separators=(",", ":")).encode())
    return f"{body}.{_mac(secret, body)}"


def signed_player(secret: bytes, token: str, now: float) -> Player | None:
    """The player a token names, None if it is forged, malformed or expired."""
    body, _, mac = token.partition(".")
    if not hmac.compare_digest(mac.encode(), _mac(secret, body).encode()):
        return None
    try:
        table_id, user_id, name, expires = json.loads(_unb64(body))
        player = Player(int(table_id), str(user_id), str(name), int(expires))
    except (ValueError, TypeError):
        return None
    return player if player.expires > now else None


LEADERBOARD = "leaderboard"
"""The first fact of a chat's leaderboard token: never a player's (their first is a table id)."""


def sign_chat(secret: bytes, platform: str, chat_id: str) -> str:
    """A chat's leaderboard token. It does not expire: the page shows what `/leaderboard` says
    in that chat, the link is posted there again and again, and a new secret revokes them all."""
    body = _b64(json.dumps([LEADERBOARD, platform, chat_id], separators=(",", ":")).encode())
    return f"{body}.{_mac(secret, body)}"


def signed_chat(secret: bytes, token: str) -> tuple[str, str] | None:
    """The (platform, chat id) a leaderboard token names; None if it is forged or malformed."""
    body, _, mac = token.partition(".")
    if not hmac.compare_digest(mac.encode(), _mac(secret, body).encode()):
        return None
    try:
        kind, platform, chat_id = json.loads(_unb64(body))
    except (ValueError, TypeError):
        return None
    if kind != LEADERBOARD or not isinstance(platform, str) or not isinstance(chat_id, str):
        return None
    return platform, chat_id


def telegram_user(
    bot_token: str, init_data: str, now: float, max_age: int = TELEGRAM_MAX_AGE
) -> dict[str, Any] | None:
    """The Telegram user a Mini App's `initData` vouches for: the data-check string (every field
    but `hash`, sorted, `key=value` lines) signed with HMAC-SHA256 under HMAC-SHA256("WebAppData",
    bot token), and `auth_date` no older than `max_age`; None otherwise."""
    fields = dict(parse_qsl(init_data, keep_blank_values=True))
    received = fields.pop("hash", "")
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    key = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    expected = hmac.new(key, check.encode(), hashlib.sha256).hexdigest()
    if not received or not hmac.compare_digest(expected, received):
        return None
    try:
        age = now - int(fields.get("auth_date", ""))
        user = json.loads(fields.get("user", ""))
    except ValueError:
        return None
    if not 0 <= age <= max_age or not isinstance(user, dict) or "id" not in user:
        return None
    return user
