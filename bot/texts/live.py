"""The live table protocol's words: the Mini App's answers and the chat's button to it."""

from __future__ import annotations

from scoring.live import Ended, Left, Skip
from scoring.model import MAX_FOULS, MAX_TECHNICAL_FOULS, Winner

OPEN_APP = "📱 Вести игру"
STANDINGS_APP = "📊 Вся таблица в приложении"
RECORD_APP = "📈 Статистика в приложении"
NO_SUCH_GAME = "Такой игры нет: откройте приложение заново из /game."
FOREIGN_GAME = "Эту игру ведёт другой судья. Взять её может главный судья."
GAME_CLOSED = "Протокол этой игры закрыт в чате (сохранён или удалён). Новая игра — /game."
CORRECTION_IN_CHAT = (
    "Сейчас у вас в чате открыто исправление сохранённой игры: закончите его там, "
    "и приложение откроет новую игру."
)
NOT_OVER = "Игра ещё не окончена: победитель определится по ходу игры или кнопкой «Завершить»."
ALREADY_SAVED = "Игра уже сохранена."
SAVED_BEFORE_EVENT = (
    "Игра уже сохранена — это действие пришло после сохранения и в протокол не вошло. "
    "Исправить протокол можно в чате с ботом: /games."
)


def saved_told(to_players: bool) -> str:
    """What the page says once the game is saved (on every device that pressed «Сохранить»)."""
    where = "Результат — в чате клуба"
    if to_players:
        where += ", каждому игроку с привязанным Telegram — в личные сообщения"
    return f"✅ Игра сохранена. {where}."


TOO_MANY_EVENTS = "В протоколе одной игры не может быть столько событий."
BAD_EVENT = "Приложение прислало непонятное событие — обновите страницу."
SEAT_TAKEN_BY_GAME = "Игра уже идёт: состав меняют в чате (/game)."
NEW_PLAYER_CLOSE = "Похожие игроки уже есть: {names}. Выберите из списка или подтвердите нового."
SEATING_INCOMPLETE = "Посадите за стол всех десятерых."
CONTINUE_IN_CHAT = (
    "Протокол из приложения: добавьте доп. баллы и штрафы, если нужно, и подтвердите."
)
IN_CHAT_SENT = "Протокол отправлен в чат с ботом: доп. баллы и штрафы — там."
IN_CHAT_NOT_SENT = "Протокол в чате: откройте /game, доп. баллы и штрафы — там."
SAVE_FAILED = "Сохранить не удалось: {why}"

# What the game's log sets aside, and how — the server's words and the page's (rules.json):
# «{seat}» is the event's seat.
SKIPPED = {
    Skip.GAME_OVER: "игра уже окончена",
    Skip.ROLES_AT_NIGHT_ZERO: "роли раздаются в нулевую ночь",
    Skip.ROLE_TAKEN: "эта роль уже отмечена",
    Skip.NOT_AT_TABLE: "игрок {seat} уже не за столом",
    Skip.NOMINATE_BY_DAY: "выставляют днём",
    Skip.ALREADY_NOMINATED: "игрок {seat} уже выставлен",
    Skip.ROLES_BEFORE_PPK: "сначала отметьте роли",
    Skip.VOTE_AFTER_DAY: "голосование — после дня",
    Skip.VOTE_AT_TABLE: "уйти может только тот, кто за столом",
    Skip.NIGHT_ONLY: "стреляют и проверяют ночью, с первой ночи",
    Skip.SHOT_RECORDED: "выстрел этой ночи уже записан",
    Skip.CHECK_RECORDED: "эта проверка уже записана",
    Skip.BEST_MOVE_WHO: "лучший ход — у красного, убитого первой ночью",
    Skip.BEST_MOVE_RECORDED: "лучший ход уже записан",
    Skip.BEST_MOVE_SELF: "лучший ход не называет себя",
    Skip.ROLES_BEFORE_NEXT: "сначала отметьте роли: шериф, дон, две мафии",
    Skip.NOMINATOR_AT_TABLE: "выставляет тот, кто за столом",
    Skip.NOMINATOR_ONCE: "этот игрок сегодня уже выставлял",
    Skip.HANDS_FOR_NOMINATED: "голосуют за выставленных сегодня",
    Skip.HANDS_AT_TABLE: "голосуют те, кто за столом",
    Skip.HANDS_ONCE: "в этом голосовании рука уже поднята",
    Skip.SHOOTERS: "стреляют чёрные, которые за столом",
    Skip.LAST_WORDS_WHO: "завещание — у того, кто покинул стол",
    Skip.LAST_WORDS_RECORDED: "завещание игрока {seat} уже записано",
}


def skipped(why: Skip, seat: object) -> str:
    return SKIPPED[why].format(seat=seat)


# How a player left, beside his seat (the judge's page, the TV).
LEFT = {
    Left.VOTED: "заголосован",
    Left.SHOT: "убит",
    Left.FOULS: f"{MAX_FOULS} фола",
    Left.TECHNICAL: f"{MAX_TECHNICAL_FOULS} тех. фола",
    Left.JUDGE: "удалён",
    Left.PPK: "ППК",
}
WINNER = {Winner.RED: "Победа красных", Winner.BLACK: "Победа чёрных", Winner.DRAW: "Ничья"}
ENDED = {Ended.RULE: "по составу за столом", Ended.JUDGE: "завершена судьёй", Ended.PPK: "по ППК"}
