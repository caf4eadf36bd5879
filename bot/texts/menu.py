"""What each command does, as the «/» menu and /help describe it."""

from __future__ import annotations

DESCRIPTIONS = {
    "start": "Что умеет бот",
    "help": "Справка по командам",
    "rating": "Рейтинг турнира",
    "me": "Моя статистика",
    "player": "Статистика игрока по нику",
    "protest": "Подать протест на результат игры",
    "settings": "Присылать ли мне мои результаты",
    "protests": "Протесты, ждущие решения",
    "replay": "Назначить переигровку (аннулировать игру)",
    "iam": "Привязать свой аккаунт к игровому нику",
    "link": "Привязать аккаунт человека к нику",
    "unlink": "Отвязать аккаунт от ника",
    "rename": "Переименовать игрока",
    "merge": "Объединить дубль игрока с основным",
    "export": "Выгрузить турнир: протокол, CSV и таблица Excel",
    "import": "Загрузить турнир: JSON-протокол с этой подписью",
    "backup": "Копия базы клуба файлом",
    "status": "Состояние бота: очередь, база, копии",
    "mingames": "Минимум игр для таблиц рейтинга",
    "game": "Внести результат игры",
    "games": "Исправить внесённую игру",
    "judge": "Назначить судью",
    "headjudge": "Назначить главного судью",
    "admin": "Назначить администратора",
    "unjudge": "Снять права судьи и администратора",
    "staff": "Судьи и администраторы",
    "newtournament": "Создать турнир или сезон",
    "tournaments": "Турниры: текущий, переименовать, архив",
    "newstage": "Начать новый этап турнира",
    "ruleset": "Правила текущего турнира",
}

# /help in private groups the commands by what they are for, each with an example where it takes
# words after it. A section shows only the commands the person has.
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Всем", ("rating", "me", "player", "iam", "protest", "settings", "start", "help")),
    ("Судье: игры", ("game", "games", "export")),
    ("Главному судье", ("protests", "replay", "link", "unlink")),
    ("Люди и права", ("judge", "headjudge", "admin", "unjudge", "staff")),
    ("Турниры", ("newtournament", "tournaments", "newstage", "ruleset", "mingames")),
    ("Игроки и данные", ("rename", "merge", "import", "backup", "status")),
)
EXAMPLES = {
    "rating": "/rating осенний",
    "player": "/player Лис",
    "iam": "/iam Лис",
    "export": "/export осенний",
    "replay": "/replay 1 3 посторонняя подсказка",
    "link": "/link @user Лис",
    "unlink": "/unlink Лис",
    "judge": "/judge @user",
    "headjudge": "/headjudge @user",
    "admin": "/admin @user",
    "unjudge": "/unjudge @user",
    "newtournament": "/newtournament Осенний кубок 2026",
    "newstage": "/newstage Финал",
    "mingames": "/mingames 5",
    "rename": "/rename Лисс → Лис",
    "merge": "/merge Лисс → Лис",
    "import": "/import Весна 2025",
}

# Words people write instead of a command, in private: the command they mean.
WORDS = {
    "рейтинг": "rating",
    "таблица": "rating",
    "статистика": "me",
    "стата": "me",
    "я": "me",
    "протест": "protest",
    "протесты": "protests",
    "игра": "game",
    "протокол": "game",
    "игры": "games",
    "помощь": "help",
    "справка": "help",
    "команды": "help",
    "старт": "start",
    "настройки": "settings",
    "ник": "iam",
    "игрок": "player",
}
