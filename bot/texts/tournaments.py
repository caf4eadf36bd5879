"""What admins read about tournaments, stages and rulesets."""

from __future__ import annotations

from decimal import Decimal

from bot.texts.markup import quote
from bot.texts.plural import games as game_count

MAX_TITLE = 64
FIRST_STAGE = "основной"  # the name of a new tournament's first stage
TITLE_MISSING = "Укажите название: /newtournament Осенний кубок"
STAGE_MISSING = "Укажите название этапа: /newstage Финал (с весом очков: /newstage Финал 1.3)"
STAGE_WEIGHT_INVALID = (
    "Вес этапа — число больше 0 и не больше 10, например /newstage Финал 1.3 "
    "или /newstage Финал ×2."
)
TITLE_TOO_LONG = f"Название длиннее {MAX_TITLE} символов."
TITLE_INVISIBLE = (
    "В названии есть управляющие или невидимые символы (например, письмо справа налево): "
    "наберите его заново."
)
NO_SUCH_TOURNAMENT = "Такого турнира нет."
HAS_GAMES = "В турнире уже есть игры: правила можно менять только до первой игры."
NO_TOURNAMENTS = "Турниров пока нет. Создать: /newtournament Название."
TOURNAMENTS_TITLE = "<b>Турниры</b>"
TOURNAMENTS_HINT = "Нажмите на турнир, чтобы сделать его текущим, переименовать, убрать в архив."
ARCHIVE_TITLE = "<b>Архив турниров</b> (их игры сохранены; в списках их нет)"
ARCHIVE_EMPTY = "В архиве турниров нет."
NEW_TITLE_MISSING = "Пришлите новое название текстом, например: Осенний кубок 2026"
CURRENT_NOT_ARCHIVED = (
    "Текущий турнир нельзя убрать в архив: судьи вносят в него игры. "
    "Сначала сделайте текущим другой турнир."
)
HAS_GAMES_NOT_REMOVED = (
    "В турнире есть игры — удалить его нельзя, они часть истории игроков. "
    "Уберите его в архив: из списков он пропадёт, игры сохранятся."
)
DRAFT_OPEN = "Судья сейчас вносит игру в этот турнир: удалить его можно, когда он закончит."
RENAME_CANCELLED = "Переименование отменено."
BACK_BUTTON = "« К списку турниров"
MAKE_CURRENT_BUTTON = "⭐ Сделать текущим"
RENAME_BUTTON = "✏️ Переименовать"
ARCHIVE_BUTTON = "📦 В архив"
UNARCHIVE_BUTTON = "↩️ Вернуть из архива"
REMOVE_BUTTON = "🗑 Удалить"
REMOVE_SURE_BUTTON = "🗑 Да, удалить"
CANCEL_BUTTON = "Отмена"


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


def tournament_button(title: str) -> str:
    return f"⚙️ {title[:48]}"


def archive_button(count: int) -> str:
    return f"📦 Архив ({count})"


def card(title: str, ruleset_ref: str, stages: list[str], games: int, current: bool,
         archived: bool) -> str:  # fmt: skip
    state = " — текущий" if current else " — в архиве" if archived else ""
    return (
        f"<b>Турнир «{quote(title)}»</b>{state}\n"
        f"Правила: {quote(ruleset_ref)} · этапы: {quote(', '.join(stages))} · "
        f"{game_count(games)}"
    )


def ask_new_title(title: str) -> str:
    return (
        f"Пришлите новое название турнира «{quote(title)}» (до {MAX_TITLE} символов). "
        "Отменить: /cancel"
    )


def renamed(old: str, new: str) -> str:
    return f"Турнир «{quote(old)}» теперь называется «{quote(new)}»."


def archived(title: str) -> str:
    return (
        f"Турнир «{quote(title)}» убран в архив; его игры сохранены. Вернуть: /tournaments → архив."
    )


def unarchived(title: str) -> str:
    return f"Турнир «{quote(title)}» снова в списках."


def ask_remove(title: str) -> str:
    return f"Удалить турнир «{quote(title)}»? Игр в нём нет; это не отменить."


def removed(title: str) -> str:
    return f"Турнир «{quote(title)}» удалён."


def title_taken(title: str) -> str:
    return (
        f"Турнир «{quote(title)}» уже есть — два турнира с одним названием не различить. "
        "Выберите другое название (например, с годом или сезоном) или сделайте этот текущим: "
        "/tournaments"
    )


def ruleset_button(name: str) -> str:
    return f"Правила: {name}"


def stage_started(stage: str, tournament: str, weight: Decimal = Decimal(1)) -> str:
    text = (
        f"Начат этап «{quote(stage)}» турнира «{quote(tournament)}». "
        "Компенсация Ci на нём считается только по его играм."
    )
    if weight != 1:
        text += (
            f" Все очки его игр (победа, Ci, лучший ход, доп. баллы, штрафы) идут в рейтинг "
            f"×{weight_text(weight)}; число игр и побед — без веса."
        )
    return text


def weight_text(weight: Decimal) -> str:
    return format(weight.normalize(), "f")


def ruleset_of(tournament: str, ruleset_ref: str, ruleset_title: str) -> str:
    return f"Турнир «{quote(tournament)}»: правила {quote(ruleset_ref)} — {quote(ruleset_title)}."


def ruleset_set(tournament: str, ruleset_ref: str) -> str:
    return f"Турнир «{quote(tournament)}»: правила {quote(ruleset_ref)}."


def now_current(tournament: str) -> str:
    return f"Текущий турнир: «{quote(tournament)}»."
