"""The admin feature's screens: tournaments, rulesets and staff."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress

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


def tournaments_screen(found: Sequence[Tournament]) -> Screen:
    if not found:
        return Screen(tournament_texts.NO_TOURNAMENTS)
    lines = [tournament_texts.TOURNAMENTS_TITLE]
    buttons = []
    for tournament in found[:SHOWN_TOURNAMENTS]:
        lines.append(
            tournament_texts.tournament_line(
                tournament.title, tournament.ruleset_ref, tournament.is_current
            )
        )
        if not tournament.is_current:
            buttons.append(button(
                tournament_texts.make_current_button(tournament.title),
                AdminCB(a=AdminAction.MAKE_CURRENT, t=tournament.id),
            ))  # fmt: skip
    return Screen("\n".join(lines), column(buttons) if buttons else None)


def staff_screen(staff: Sequence[KnownMember]) -> Screen:
    if not staff:
        return Screen(texts.NO_STAFF)
    lines = [texts.STAFF_TITLE]
    for known in staff:
        lines.append(texts.staff_line(known.label, known.user_id, sorted(known.rights)))
    return Screen("\n".join(lines))
