"""The admin feature's screens: tournaments, rulesets and staff."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress

from aiogram.types import InlineKeyboardButton

from bot.callbacks import AdminAction, AdminCB
from bot.club.members import KnownMember
from bot.club.tournaments import Tournament
from bot.core.config import Settings
from bot.telegram.keyboards import button, column
from bot.telegram.screen import Screen
from bot.texts import admin as texts
from bot.texts import tournaments as tournament_texts
from scoring import BUILT_IN, RulesetError, resolve_ruleset

SHOWN_TOURNAMENTS = 20


def ruleset_choices(settings: Settings) -> dict[str, str]:
    """The rulesets a tournament may take, by their id: the built-ins and the club's own file.

    A button carries the id, so that a tap means the ruleset it showed even if the list changed
    since (a file replaced, the bot restarted with another ``RULESET``): a stale id is refused."""
    choices = {ref: ref for ref in BUILT_IN}
    if settings.ruleset not in BUILT_IN:
        with suppress(RulesetError):  # a file gone since start-up is offered no more
            choices[resolve_ruleset(settings.ruleset).id] = settings.ruleset
    return choices


def ruleset_screen(text: str, tournament_id: int, settings: Settings) -> Screen:
    buttons = [
        button(tournament_texts.ruleset_button(ref),
               AdminCB(a=AdminAction.RULESET, t=tournament_id, v=ruleset_id))
        for ruleset_id, ref in ruleset_choices(settings).items()
    ]  # fmt: skip
    return Screen(text, column(buttons))


def tournaments_screen(listed: Sequence[Tournament], archived: int) -> Screen:
    """The tournaments in the lists, one button each to its card, and the archive's count."""
    if not listed and not archived:
        return Screen(tournament_texts.NO_TOURNAMENTS)
    lines = [tournament_texts.TOURNAMENTS_TITLE]
    buttons = []
    for tournament in listed[:SHOWN_TOURNAMENTS]:
        lines.append(
            tournament_texts.tournament_line(
                tournament.title, tournament.ruleset_ref, tournament.is_current
            )
        )
        buttons.append(button(
            tournament_texts.tournament_button(tournament.title),
            AdminCB(a=AdminAction.CARD, t=tournament.id),
        ))  # fmt: skip
    lines.append(tournament_texts.TOURNAMENTS_HINT)
    if archived:
        buttons.append(button(
            tournament_texts.archive_button(archived), AdminCB(a=AdminAction.LIST, v="a")
        ))  # fmt: skip
    return Screen("\n".join(lines), column(buttons))


def archive_screen(archived: Sequence[Tournament]) -> Screen:
    if not archived:
        return Screen(tournament_texts.ARCHIVE_EMPTY, column([_back()]))
    lines = [tournament_texts.ARCHIVE_TITLE]
    buttons = []
    for tournament in archived[:SHOWN_TOURNAMENTS]:
        line = tournament_texts.tournament_line(tournament.title, tournament.ruleset_ref, False)
        lines.append(line)
        buttons.append(button(
            tournament_texts.tournament_button(tournament.title),
            AdminCB(a=AdminAction.CARD, t=tournament.id),
        ))  # fmt: skip
    return Screen("\n".join(lines), column([*buttons, _back()]))


def card_screen(tournament: Tournament, stages: Sequence[str], games: int) -> Screen:
    """One tournament and what an admin may do with it: what it has decides the buttons."""
    text = tournament_texts.card(
        tournament.title, tournament.ruleset_ref, list(stages), games,
        tournament.is_current, tournament.archived,
    )  # fmt: skip
    t = tournament.id
    buttons = []
    if not tournament.is_current:
        buttons.append(button(tournament_texts.MAKE_CURRENT_BUTTON,
                              AdminCB(a=AdminAction.MAKE_CURRENT, t=t)))  # fmt: skip
    buttons.append(button(tournament_texts.RENAME_BUTTON, AdminCB(a=AdminAction.RENAME, t=t)))
    if tournament.archived:
        buttons.append(button(tournament_texts.UNARCHIVE_BUTTON,
                              AdminCB(a=AdminAction.UNARCHIVE, t=t)))  # fmt: skip
    elif games and not tournament.is_current:
        buttons.append(button(tournament_texts.ARCHIVE_BUTTON,
                              AdminCB(a=AdminAction.ARCHIVE, t=t)))  # fmt: skip
    if not games:
        buttons.append(button(tournament_texts.REMOVE_BUTTON, AdminCB(a=AdminAction.REMOVE, t=t)))
    buttons.append(_back())
    return Screen(text, column(buttons))


def remove_screen(tournament: Tournament) -> Screen:
    return Screen(
        tournament_texts.ask_remove(tournament.title),
        column([
            button(tournament_texts.REMOVE_SURE_BUTTON,
                   AdminCB(a=AdminAction.REMOVE, t=tournament.id, v="y")),
            button(tournament_texts.CANCEL_BUTTON, AdminCB(a=AdminAction.CARD, t=tournament.id)),
        ]),
    )  # fmt: skip


def _back() -> InlineKeyboardButton:
    return button(tournament_texts.BACK_BUTTON, AdminCB(a=AdminAction.LIST))


def staff_screen(staff: Sequence[KnownMember]) -> Screen:
    if not staff:
        return Screen(texts.NO_STAFF)
    lines = [texts.STAFF_TITLE]
    for known in staff:
        lines.append(texts.staff_line(known.label, known.user_id, sorted(known.rights)))
    return Screen("\n".join(lines))
