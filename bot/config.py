"""config.toml plus PAPERREF_SECTION_KEY environment overrides, validated into one Settings object."""

from __future__ import annotations

import difflib
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator

from bot.durations import parse_duration
from bot.ops.problems import ENV_PREFIX, NOT_SETTINGS, StartError, url_problem
from games.base import RuleError
from storage.db import DEFAULT_URL


class ConfigError(StartError):
    """A bad or missing value; the message is the one line printed at start-up."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DatabaseSettings(_Section):
    url: str = DEFAULT_URL

    @field_validator("url")
    @classmethod
    def _known_driver(cls, value: str) -> str:
        problem = url_problem(value)
        if problem is not None:
            raise ValueError(problem)
        return value


class BotSettings(_Section):
    board: Literal["auto", "text", "image"] = "auto"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    log_format: Literal["text", "json"] = "text"
    library_log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "WARNING"
    """The scheduler's and the database drivers' loggers (at DEBUG they write game states)."""
    turn_time: str = "off"
    timeouts_to_bot: int = Field(default=2, ge=1, le=100)

    @field_validator("turn_time")
    @classmethod
    def _duration(cls, value: str) -> str:
        try:
            parse_duration(value)
        except RuleError as error:
            raise ValueError(str(error)) from None
        return value

    @property
    def turn_seconds(self) -> int:
        return parse_duration(self.turn_time)


class DiscordSettings(_Section):
    token: SecretStr | None = None
    guild_ids: list[int] = Field(default_factory=list)
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: list[int] = Field(default_factory=list)


class TelegramSettings(_Section):
    token: SecretStr | None = None
    mode: Literal["polling", "webhook"] = "polling"
    webhook_url: str | None = None
    listen: str = "0.0.0.0"
    port: int = Field(default=8443, ge=1, le=65535)
    secret_token: SecretStr | None = None


class WebSettings(_Section):
    listen: str = "127.0.0.1"
    port: int | None = Field(default=None, ge=0, le=65535)
    """None: no endpoint (and neither aiohttp's server nor prometheus-client is loaded); the
    console serves its pages on a free port anyway."""
    public_url: str | None = None
    """Where players reach the pages (behind a proxy); None: http://listen:port."""
    secret: SecretStr | None = None
    """Signs players' links; None: a new one each start (links die with the process, and
    several workers need the same configured secret)."""
    link_hours: float = Field(default=12.0, gt=0, le=24 * 30)
    """How long a player's signed link works."""


class Settings(_Section):
    database: DatabaseSettings = Field(default_factory=DatabaseSettings)
    bot: BotSettings = Field(default_factory=BotSettings)
    discord: DiscordSettings = Field(default_factory=DiscordSettings)
    telegram: TelegramSettings = Field(default_factory=TelegramSettings)
    web: WebSettings = Field(default_factory=WebSettings)


def _env_value(raw: str, field_list: bool) -> Any:
    if field_list:
        return [part.strip() for part in raw.split(",") if part.strip()]
    return raw


def variable_names() -> set[str]:
    """Every PAPERREF_SECTION_KEY variable that sets a setting."""
    names: set[str] = set()
    for section_name, section in Settings.model_fields.items():
        model = section.annotation
        assert isinstance(model, type) and issubclass(model, BaseModel)
        names.update(f"{ENV_PREFIX}{section_name}_{key}".upper() for key in model.model_fields)
    return names


def check_variables(env: Mapping[str, str]) -> None:
    """A PAPERREF_ variable that sets nothing is a mistake (a misspelt key would be ignored)."""
    known = variable_names()
    for name in sorted(env):
        if not name.startswith(ENV_PREFIX) or name in known or name.startswith(NOT_SETTINGS):
            continue
        keys = {known_name.removeprefix(ENV_PREFIX): known_name for known_name in known}
        close = difflib.get_close_matches(name.removeprefix(ENV_PREFIX), keys, n=1)
        hint = f" (did you mean {keys[close[0]]}?)" if close else ""
        raise ConfigError(f"config: {name}: no such setting{hint}")


def _merge_env(data: dict[str, Any], env: Mapping[str, str]) -> None:
    for section_name, section in Settings.model_fields.items():
        model = section.annotation
        assert isinstance(model, type) and issubclass(model, BaseModel)
        for key, info in model.model_fields.items():
            raw = env.get(f"{ENV_PREFIX}{section_name}_{key}".upper())
            if raw is None:
                continue
            is_list = str(info.annotation).startswith("list")
            data.setdefault(section_name, {})[key] = _env_value(raw, is_list)


def load_settings(path: Path | None = None, env: Mapping[str, str] | None = None) -> Settings:
    """Read the file (config.toml if there is one, or the file named, which must exist), apply
    the environment, validate; ConfigError names the bad key or variable."""
    env = os.environ if env is None else env
    named = path or env.get(f"{ENV_PREFIX}CONFIG")
    if named is not None and not Path(named).is_file():
        raise ConfigError(f"config: {named}: no such file")
    path = Path(named or "config.toml")
    check_variables(env)
    data: dict[str, Any] = {}
    if path.is_file():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"config: {path} is not valid TOML: {error}") from None
        except (OSError, UnicodeDecodeError) as error:
            raise ConfigError(f"config: {path}: cannot be read ({error})") from None
    _merge_env(data, env)
    try:
        return Settings.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        key = ".".join(str(part) for part in first["loc"])
        message = str(first["msg"]).removeprefix("Value error, ")
        raise ConfigError(f"config: {key}: {message}") from None
