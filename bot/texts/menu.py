"""What each command does, as the «/» menu and /help describe it."""

from __future__ import annotations

DESCRIPTIONS = {
    "start": "Что умеет бот",
    "help": "Справка по командам",
    "rating": "Рейтинг турнира",
    "export": "Выгрузить турнир: протокол JSON и таблица CSV",
    "import": "Загрузить турнир из JSON-протокола",
    "mingames": "Минимум игр для таблиц рейтинга",
    "game": "Внести результат игры",
    "games": "Исправить внесённую игру",
    "judge": "Назначить судью",
    "headjudge": "Назначить главного судью",
    "admin": "Назначить администратора",
    "unjudge": "Снять права судьи и администратора",
    "staff": "Судьи и администраторы",
    "newtournament": "Создать турнир или сезон",
    "tournaments": "Турниры, выбрать текущий",
    "newstage": "Начать новый этап турнира",
    "ruleset": "Правила текущего турнира",
}
