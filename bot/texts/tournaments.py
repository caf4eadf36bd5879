"""What admins read about tournaments, stages and rulesets."""

from __future__ import annotations

from bot.texts.markup import quote

MAX_TITLE = 64
FIRST_STAGE = "основной"  # the name of a new tournament's first stage
TITLE_MISSING = "Укажите название: /newtournament Осенний кубок"
STAGE_MISSING = "Укажите название этапа: /newstage Финал"
TITLE_TOO_LONG = f"Название длиннее {MAX_TITLE} символов."
NO_SUCH_TOURNAMENT = "Такого турнира нет."
HAS_GAMES = "В турнире уже есть игры: правила можно менять только до первой игры."
NO_TOURNAMENTS = "Турниров пока нет. Создать: /newtournament Название."
TOURNAMENTS_TITLE = "<b>Турниры</b>"


def stage_exists(name: str) -> str:
    return f"Этап «{quote(name)}» уже есть в этом турнире."


def created(title: str, ruleset_ref: str, first_stage: str) -> str:
    return (
        f"Турнир «{quote(title)}» создан и стал текущим; этап «{quote(first_stage)}». "
        f"Правила: {quote(ruleset_ref)}. Сменить их можно до первой игры:"
    )


def tournament_line(title: str, ruleset_ref: str, current: bool) -> str:
    mark = " — текущий" if current else ""
    return f"• {quote(title)} ({quote(ruleset_ref)}){mark}"


def make_current_button(title: str) -> str:
    return f"Сделать текущим: {title[:40]}"


def title_taken(title: str) -> str:
    return (
        f"Турнир «{quote(title)}» уже есть — два турнира с одним названием не различить. "
        "Выберите другое название (например, с годом или сезоном) или сделайте этот текущим: "
        "/tournaments"
    )


def ruleset_button(name: str) -> str:
    return f"Правила: {name}"


def stage_started(stage: str, tournament: str) -> str:
    return (
        f"Начат этап «{quote(stage)}» турнира «{quote(tournament)}». "
        "Компенсация Ci на нём считается только по его играм."
    )


def ruleset_of(tournament: str, ruleset_ref: str, ruleset_title: str) -> str:
    return f"Турнир «{quote(tournament)}»: правила {quote(ruleset_ref)} — {quote(ruleset_title)}."


def ruleset_set(tournament: str, ruleset_ref: str) -> str:
    return f"Турнир «{quote(tournament)}»: правила {quote(ruleset_ref)}."


def now_current(tournament: str) -> str:
    return f"Текущий турнир: «{quote(tournament)}»."
