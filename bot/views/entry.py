"""The judge's protocol editor: one message, edited in place, with the buttons of each step."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import EntryCB, GameCB
from bot.club.players import Player
from bot.entry.drafts import SEATS, Draft
from bot.views.common import ROLE, ROLE_MARK, WINNER, WINNER_BUTTON, seat_points, short
from bot.views.points import show
from scoring import GameScore, Outcome, Ruleset, Winner, outcome_for
from scoring.validation import Problem

STEPS = ("players", "roles", "winner", "night", "best_move", "extras", "summary")
STEP_TITLES = {
    "players": "Игроки",
    "table": "Стол и номер игры",
    "roles": "Роли",
    "winner": "Победитель",
    "night": "Первая ночь",
    "best_move": "Лучший ход",
    "extras": "Доп. баллы и штрафы",
    "seat": "Доп. баллы и штрафы",
    "summary": "Итог",
    "edit": "Что исправить?",
}


@dataclass
class EditorContext:
    """What the editor shows besides the draft itself."""

    tournament: str
    stage: str
    ruleset: Ruleset
    players: dict[int, Player]
    suggestions: list[Player] = field(default_factory=list)
    score: GameScore | None = None
    problems: list[Problem] = field(default_factory=list)


def render(draft: Draft, ctx: EditorContext) -> tuple[str, InlineKeyboardMarkup]:
    lines = [_header(draft, ctx)]
    if draft.notice:
        lines.append(f"⚠️ {escape(draft.notice)}")
    body, keyboard = _STEP_VIEWS[draft.step](draft, ctx)
    lines.append(body)
    return "\n\n".join(lines), InlineKeyboardMarkup(inline_keyboard=keyboard)


# -- pieces ------------------------------------------------------------------------------------


def _header(draft: Draft, ctx: EditorContext) -> str:
    action = f"Исправление игры {draft.number}" if draft.game_id else "Новая игра"
    return (
        f"<b>{action} · стол {draft.table} · игра {draft.number}</b>\n"
        f"Турнир «{escape(ctx.tournament)}», этап «{escape(ctx.stage)}» · "
        f"<b>{STEP_TITLES[draft.step]}</b>"
    )


def _nickname(draft: Draft, ctx: EditorContext, seat: int) -> str | None:
    player_id = draft.players[seat - 1]
    return ctx.players[player_id].nickname if player_id in ctx.players else None


def _button(text: str, draft: Draft, action: str, value: object = "") -> InlineKeyboardButton:
    data = EntryCB(d=draft.id, r=draft.rev, a=action, v=str(value)).pack()
    return InlineKeyboardButton(text=text, callback_data=data)


def _seat_buttons(
    draft: Draft, ctx: EditorContext, action: str, mark: dict[int, str]
) -> list[list[InlineKeyboardButton]]:
    buttons = []
    for seat in SEATS:
        nickname = _nickname(draft, ctx, seat)
        label = f"{seat} {short(nickname, 9)}" if nickname else f"{seat} —"
        if mark.get(seat):
            label = f"{mark[seat]} {label}"
        buttons.append(_button(label, draft, action, seat))
    return [buttons[:5], buttons[5:]]


def _nav(
    draft: Draft, *, forward: str | None = None, back: bool = True
) -> list[list[InlineKeyboardButton]]:
    row = []
    if back:
        row.append(_button("◀ Назад", draft, "back"))
    if forward:
        row.append(_button(forward, draft, "next"))
    rows = [row] if row else []
    rows.append([_button("✖ Отменить", draft, "cancel")])
    return rows


def _seat_list(draft: Draft, ctx: EditorContext, cursor: int | None = None) -> str:
    lines = []
    for seat in SEATS:
        nickname = _nickname(draft, ctx, seat)
        role = draft.role(seat)  # None until marked; everyone unmarked is a civilian at the end
        role_text = f" — {ROLE[role]}" if role else ""
        pointer = "▶ " if seat == cursor else ""
        shown = escape(nickname) if nickname else "—"
        lines.append(f"{pointer}{seat}. {shown}{role_text}")
    return "\n".join(lines)


# -- steps -------------------------------------------------------------------------------------

Keyboard = list[list[InlineKeyboardButton]]


def _players(draft: Draft, ctx: EditorContext) -> tuple[str, Keyboard]:
    cursor = draft.cursor or draft.first_empty_seat()
    text = [_seat_list(draft, ctx, cursor)]
    if cursor:
        text.append(
            f"Место {cursor}: напишите ник или его часть. "
            "Или отправьте все 10 ников сразу, по одному в строке."
        )
    keyboard = _seat_buttons(draft, ctx, "seat", {cursor: "▶"} if cursor else {})
    for player in ctx.suggestions:
        keyboard.append([_button(player.nickname, draft, "pick", player.id)])
    if draft.query:
        keyboard.append([_button(f"➕ Новый игрок «{short(draft.query, 24)}»", draft, "new")])
    if draft.unknown:
        names = ", ".join(f"«{escape(name)}» (место {seat})" for seat, name in draft.unknown)
        text.append(f"Нет в базе: {names}.")
        keyboard.append(
            [_button(f"➕ Создать новых игроков: {len(draft.unknown)}", draft, "newall")]
        )
    keyboard.append(
        [_button(f"Стол {draft.table}, игра {draft.number} — изменить", draft, "goto", "table")]
    )
    keyboard += _nav(draft, forward="Далее ➡" if draft.players_complete else None, back=False)
    return "\n\n".join(text), keyboard


def _table(draft: Draft, ctx: EditorContext) -> tuple[str, Keyboard]:
    text = (
        f"Сейчас: стол {draft.table}, игра {draft.number}.\n"
        "Нажмите номер стола (номер игры подставится следующий) или напишите два числа: "
        "стол и игру, например «2 5»."
    )
    tables = [_button(f"Стол {n}", draft, "tbl", n) for n in range(1, 9)]
    keyboard = [tables[:4], tables[4:]]
    keyboard += _nav(draft)
    return text, keyboard


def _roles(draft: Draft, ctx: EditorContext) -> tuple[str, Keyboard]:
    if draft.sheriff is None:
        prompt = "Нажмите место <b>шерифа</b>."
    elif draft.don is None:
        prompt = "Нажмите место <b>дона</b>."
    elif len(draft.mafia) < 2:
        prompt = f"Нажмите место <b>мафии</b> ({len(draft.mafia) + 1} из 2)."
    else:
        prompt = "Роли отмечены. Остальные места — мирные."
    marks = {
        seat: ROLE_MARK[role] for seat in SEATS if (role := draft.role(seat)) and ROLE_MARK[role]
    }
    keyboard = _seat_buttons(draft, ctx, "role", marks)
    keyboard.append([_button("↺ Отметить роли заново", draft, "reroles")])
    keyboard += _nav(draft, forward="Далее ➡" if draft.roles_complete else None)
    return f"{_seat_list(draft, ctx)}\n\n{prompt}", keyboard


def _winner(draft: Draft, ctx: EditorContext) -> tuple[str, Keyboard]:
    current = f"Сейчас: {WINNER[Winner(draft.winner)]}." if draft.winner else ""
    row = [
        _button(("✓ " if draft.winner == w.value else "") + WINNER_BUTTON[w], draft, "win", w.value)
        for w in Winner
    ]
    forward = "Далее ➡" if draft.winner else None
    return f"Кто победил? {current}".strip(), [row, *_nav(draft, forward=forward)]


def _night(draft: Draft, ctx: EditorContext) -> tuple[str, Keyboard]:
    marks = {draft.first_killed: "✝"} if draft.first_killed else {}
    keyboard = _seat_buttons(draft, ctx, "kill", marks)
    nobody = ("✓ " if draft.night_done and draft.first_killed is None else "") + "Никого (промах)"
    keyboard.append([_button(nobody, draft, "kill", 0)])
    keyboard += _nav(draft, forward="Далее ➡" if draft.night_done else None)
    return f"{_seat_list(draft, ctx)}\n\nКого убили в первую ночь?", keyboard


def _best_move(draft: Draft, ctx: EditorContext) -> tuple[str, Keyboard]:
    marks = {seat: "✓" for seat in draft.best_move}
    if draft.first_killed:
        marks[draft.first_killed] = "✝"
    keyboard = _seat_buttons(draft, ctx, "bm", marks)
    keyboard.append([_button("Без лучшего хода", draft, "bm", 0)])
    keyboard += _nav(draft, forward="Далее ➡" if len(draft.best_move) == 3 else None)
    chosen = ", ".join(str(s) for s in draft.best_move) or "—"
    return (
        f"Лучший ход игрока на месте {draft.first_killed}: отметьте три места (выбрано: {chosen}).",
        keyboard,
    )


def _extras(draft: Draft, ctx: EditorContext) -> tuple[str, Keyboard]:
    marks = {}
    lines = []
    for seat in SEATS:
        parts = []
        if draft.extra(seat):
            parts.append(f"доп. {show(draft.extra(seat))}")
        if draft.seat_penalties(seat):
            parts.append("штраф " + ", ".join(draft.seat_penalties(seat)))
        if parts:
            marks[seat] = "•"
            nickname = escape(_nickname(draft, ctx, seat) or "—")
            lines.append(f"{seat}. {nickname}: {'; '.join(parts)}")
    note = (
        "Ничья: доп. баллы судьи не начисляются, только штрафы."
        if draft.winner == Winner.DRAW.value and not ctx.ruleset.extra_in_draw
        else "Нажмите место, чтобы дать доп. баллы или штраф."
    )
    body = "\n".join(lines) if lines else "Пока ни доп. баллов, ни штрафов."
    keyboard = _seat_buttons(draft, ctx, "ex", marks)
    keyboard += _nav(draft, forward="К итогу ➡")
    return f"{body}\n\n{note}", keyboard


def _seat(draft: Draft, ctx: EditorContext) -> tuple[str, Keyboard]:
    seat = draft.cursor or 1
    role = draft.role(seat)
    assert role is not None and draft.winner is not None
    outcome = outcome_for(role, Winner(draft.winner))
    nickname = escape(_nickname(draft, ctx, seat) or "—")
    keyboard: Keyboard = []
    text = [f"Место {seat}: {nickname}, {ROLE[role]} ({_OUTCOME[outcome]})."]
    if draft.winner != Winner.DRAW.value or ctx.ruleset.extra_in_draw:
        values = ctx.ruleset.allowed_extras()
        current = draft.extra(seat)
        text.append(f"Доп. баллы: {show(current)}. Нажмите значение или напишите число.")
        buttons = [
            _button(("• " if value == current else "") + show(value), draft, "exv", value)
            for value in values
        ]
        if len(buttons) <= 40:
            keyboard += [buttons[i : i + 5] for i in range(0, len(buttons), 5)]
    items = ctx.ruleset.penalties_for(role, outcome)
    chosen = draft.seat_penalties(seat)
    if items:
        text.append("Штрафы (нажмите, чтобы поставить или снять):")
        for item in items:
            mark = "✓ " if item.code in chosen else ""
            label = f"{mark}{item.code} {item.description} ({show(item.value)})"
            keyboard.append([_button(label, draft, "pen", item.code)])
    else:
        text.append("Штрафов для этой роли и результата в правилах нет.")
    keyboard.append([_button("Готово ✓", draft, "back")])
    return "\n".join(text), keyboard


_OUTCOME = {Outcome.WIN: "победа", Outcome.LOSS: "поражение", Outcome.DRAW: "ничья"}


def summary_lines(draft: Draft, ctx: EditorContext) -> list[str]:
    if ctx.score is None:
        return []
    return [seat_points(seat, _nickname(draft, ctx, seat.seat) or "—") for seat in ctx.score.seats]


def _summary(draft: Draft, ctx: EditorContext) -> tuple[str, Keyboard]:
    text = []
    missing = draft.missing()
    if missing:
        text.append("Не заполнено: " + ", ".join(missing) + ".")
        text.append(_seat_list(draft, ctx))
    elif ctx.problems:
        text.append(
            "Исправьте ошибки:\n" + "\n".join(f"• {escape(p.message)}" for p in ctx.problems)
        )
        text.append(_seat_list(draft, ctx))
    else:
        assert draft.winner is not None
        night = (
            f"Первым убит: место {draft.first_killed}"
            + (f", лучший ход {', '.join(map(str, draft.best_move))}" if draft.best_move else "")
            if draft.first_killed
            else "Первой ночью — промах"
        )
        text.append(f"<b>{WINNER[Winner(draft.winner)].capitalize()}</b>. {night}.")
        text.append("\n".join(summary_lines(draft, ctx)))
        text.append("Ci — по состоянию этапа сейчас.")
    keyboard: Keyboard = []
    if not missing and not ctx.problems:
        keyboard.append([_button("✅ Подтвердить", draft, "ok")])
    keyboard.append([_button("✏️ Изменить", draft, "goto", "edit")])
    keyboard.append([_button("✖ Отменить", draft, "cancel")])
    return "\n\n".join(text), keyboard


def _edit(draft: Draft, ctx: EditorContext) -> tuple[str, Keyboard]:
    parts = [("players", "Игроки"), ("table", "Стол и игра"), ("roles", "Роли"),
             ("winner", "Победитель"), ("night", "Первая ночь и ЛХ"),
             ("extras", "Доп. баллы и штрафы")]  # fmt: skip
    keyboard = [[_button(title, draft, "goto", step)] for step, title in parts]
    keyboard.append([_button("◀ К итогу", draft, "goto", "summary")])
    return "Выберите, что исправить.", keyboard


_STEP_VIEWS = {
    "players": _players,
    "table": _table,
    "roles": _roles,
    "winner": _winner,
    "night": _night,
    "best_move": _best_move,
    "extras": _extras,
    "seat": _seat,
    "summary": _summary,
    "edit": _edit,
}


def saved(
    draft: Draft, ctx: EditorContext, game_id: int, announced: bool
) -> tuple[str, InlineKeyboardMarkup]:
    verb = "исправлена" if draft.game_id else "сохранена"
    lines = [f"✅ <b>Игра {draft.number} (стол {draft.table}) {verb}.</b>"]
    assert draft.winner is not None
    lines.append(f"{WINNER[Winner(draft.winner)].capitalize()}.")
    lines.append("\n".join(summary_lines(draft, ctx)))
    lines.append(
        "Результат публикуется в чате клуба."
        if announced
        else "Чат клуба не настроен (CLUB_CHAT_ID): объявления нет."
    )
    keyboard = [
        [InlineKeyboardButton(text="📝 Следующая игра", callback_data=GameCB(a="new").pack())],
        [
            InlineKeyboardButton(
                text="✏️ Исправить эту игру", callback_data=GameCB(a="fix", g=game_id).pack()
            )
        ],
    ]
    return "\n\n".join(lines), InlineKeyboardMarkup(inline_keyboard=keyboard)
