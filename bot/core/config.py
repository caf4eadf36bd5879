"""Settings from the environment (and an optional ``.env`` file)."""

from __future__ import annotations

import logging
import os
import re
import socket
from importlib import metadata
from pathlib import Path
from typing import Annotated, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from scoring.rulesets import BUILT_IN

TELEGRAM_API_URL_DEFAULT = "https://api.telegram.org"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
        case_sensitive=False,
    )

    bot_token: SecretStr
    database_path: Path = Path("data/club.sqlite3")
    # postgresql://user:password@host/name: the database is PostgreSQL (several processes);
    # unset, it is the SQLite file at database_path
    database_url: SecretStr | None = None
    # this process's name in /status and /healthz (several processes share one database)
    process_name: str = Field(default_factory=lambda: f"{socket.gethostname()}-{os.getpid()}")
    club_chat_id: int | None = None
    admin_ids: Annotated[frozenset[int], NoDecode] = frozenset()
    # many clubs on one bot: unset, the deployment is the one club the settings above describe;
    # "open": any group's admin connects his group; "approval": an operator approves each club
    club_signup: Literal["open", "approval"] | None = None
    operator_ids: Annotated[frozenset[int], NoDecode] = frozenset()  # see and suspend every club
    telegram_api_url: str | None = None
    ruleset: str = "rules-8"
    protest_window_minutes: int = Field(default=10, ge=1, le=24 * 60)
    partner_min_games: int = Field(default=3, ge=1, le=1000)  # shared games for partners, rivals
    elo_k: float = Field(default=20.0, gt=0, le=200)  # a red player's step for a full surprise
    elo_start: float = Field(default=1500.0, ge=0, le=5000)  # a track's rating before any game
    elo_min_games: int = Field(default=5, ge=0, le=1000)  # games for the /rating elo board
    # games a statistic must count for a player to be on its /stats board and in the club's
    # average player
    stats_min_games: int = Field(default=10, ge=1, le=1000)
    # club games after which the announcement gives the red team's chance, if it beat the base rate
    elo_chance_games: int = Field(default=100, ge=0, le=100_000)
    timezone: str = "Europe/Moscow"
    log_level: str = "INFO"
    log_format: str = "text"  # or "json": one JSON object per line
    backup_dir: Path | None = None  # a daily copy of the database goes here; unset: none
    backup_keep: int = Field(default=14, ge=1, le=3650)  # copies kept; older ones removed
    backup_hour: int = Field(default=5, ge=0, le=23)  # when, in the club's time zone
    backup_send_weekday: int | None = Field(default=None, ge=1, le=7)  # 1 = Monday: to admins
    health_listen: str | None = None  # "127.0.0.1:8080": serve GET /healthz there
    webhook_url: str | None = None  # set: Telegram pushes updates here instead of polling
    webhook_secret: SecretStr | None = None  # required with webhook_url
    webhook_listen: str = "127.0.0.1:8081"  # where the host's HTTPS proxy passes them on
    # The Mini App (the live table protocol): its public https:// base; the page is at /app/
    webapp_url: str | None = None
    webapp_listen: str = "127.0.0.1:8082"  # polling mode: where the host's HTTPS proxy sends it
    # its short name from @BotFather's /newapp: the club chat gets a button that opens the app
    webapp_name: str | None = None
    # seconds an answer to somebody keeps trying while Telegram fails; then the outbox has it
    reply_patience: float = Field(default=60.0, ge=1, le=600)

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        token = value.get_secret_value().strip()
        bot_id, _, secret = token.partition(":")
        if not bot_id.isdigit() or not secret:
            raise ValueError("expected the token from @BotFather, like 123456:ABC-DEF…")
        return SecretStr(token)

    @field_validator("admin_ids", "operator_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",") if part.strip()]
            if not all(part.lstrip("-").isdigit() for part in parts):
                raise ValueError("expected comma-separated numeric Telegram user ids")
            return frozenset(int(part) for part in parts)
        if isinstance(value, int):
            return frozenset({value})
        return value

    @field_validator("webhook_url")
    @classmethod
    def _webhook_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("https://", "http://")):
            raise ValueError("expected the public https:// URL of the webhook")
        return value

    @field_validator("webapp_url")
    @classmethod
    def _webapp_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        local = value.startswith(("http://127.0.0.1", "http://localhost"))  # a test's own page
        if not value.startswith("https://") and not local:
            raise ValueError("expected the public https:// address (Telegram opens only those)")
        return value.rstrip("/")

    @field_validator("webapp_name")
    @classmethod
    def _webapp_name(cls, value: str | None) -> str | None:
        if value is not None and not re.fullmatch(r"[A-Za-z0-9_]{3,30}", value):
            raise ValueError("expected the app's short name from @BotFather, like mafia_club")
        return value

    @property
    def webapp_page(self) -> str | None:
        """The Mini App's page, when it is served."""
        return f"{self.webapp_url}/app/" if self.webapp_url else None

    @field_validator("webhook_secret")
    @classmethod
    def _webhook_secret(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not re.fullmatch(
            r"[A-Za-z0-9_-]{1,256}", value.get_secret_value()
        ):
            raise ValueError("expected 1-256 characters A-Z, a-z, 0-9, _ and -")
        return value

    @field_validator("health_listen", "webhook_listen", "webapp_listen")
    @classmethod
    def _host_and_port(cls, value: str | None) -> str | None:
        if value is None:
            return None
        host, _, port = value.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError("expected host:port, e.g. 127.0.0.1:8080")
        return value

    @field_validator(
        "club_chat_id", "club_signup", "telegram_api_url", "backup_dir", "health_listen",
        "webhook_url", "webhook_secret", "backup_send_weekday", "webapp_url", "webapp_name",
        mode="before",
    )  # fmt: skip
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("telegram_api_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("http://", "https://")):
            raise ValueError("expected an http:// or https:// URL")
        return value.rstrip("/") if value else value

    @field_validator("ruleset")
    @classmethod
    def _known_ruleset(cls, value: str) -> str:
        if value not in BUILT_IN and not value.endswith((".toml", ".json")):
            raise ValueError(f"expected one of {', '.join(BUILT_IN)} or a .toml/.json file")
        return value

    @field_validator("timezone")
    @classmethod
    def _known_timezone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError("unknown time zone, expected e.g. Europe/Moscow") from None
        return value

    @field_validator("log_format")
    @classmethod
    def _known_format(cls, value: str) -> str:
        if value.strip().lower() not in ("text", "json"):
            raise ValueError("expected text or json")
        return value.strip().lower()

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("expected DEBUG, INFO, WARNING or ERROR")
        return level

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def is_admin(self, user_id: int) -> bool:
        """An admin of the environment's club (``ADMIN_IDS``)."""
        return user_id in self.admin_ids

    def is_operator(self, user_id: int) -> bool:
        return user_id in self.operator_ids


class ConfigError(Exception):
    """A missing or malformed setting, described in one line that names the variable."""


def load_settings(**overrides: object) -> Settings:
    try:
        settings = Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as error:
        first = error.errors()[0]
        variable = str(first["loc"][0]).upper() if first["loc"] else "settings"
        if first["type"] == "missing":
            message = f"{variable} is not set"
        else:
            reason = str(first["msg"]).removeprefix("Value error, ")
            message = f"{variable} is malformed: {reason}"
        raise ConfigError(message) from None
    if settings.webhook_url is not None and settings.webhook_secret is None:
        raise ConfigError("WEBHOOK_SECRET is not set: a webhook needs its secret token")
    return settings


def bot_version() -> str:
    """The installed package's version (``mafia-bot --version``, /status)."""
    try:
        return metadata.version("mafia-club-bot")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"
