"""/export and /import: what the admin reads about the files going out and coming in."""

from __future__ import annotations

from bot.texts import plural
from bot.texts.markup import echo, quote

DEFAULT_TITLE = "Импорт"
PACKED = (
    "Файл сжат (gzip), чтобы Telegram дал загрузить его обратно: /import принимает его как есть."
)
BROKEN_GZIP = "Сжатый файл повреждён: распаковать его не удалось. Пришлите его ещё раз."
TOO_BIG_UNPACKED = (
    "Распакованный файл больше 200 МБ — это не протокол клуба. Разделите его на части."
)
TOO_BIG = "Файл больше 20 МБ — Telegram не даёт боту скачать такой. Разделите его на части."
NOT_UTF8 = "Файл не в кодировке UTF-8: сохраните его как UTF-8 и пришлите снова."
NO_GAMES = "В файле нет ни одной игры."


def title_taken(title: str) -> str:
    return (
        f"Турнир «{quote(title)}» уже есть, а этот файл — другой. Как назвать новый турнир? "
        "Пришлите название одной строкой или нажмите кнопку. Отменить: /cancel"
    )


def import_as_button(title: str) -> str:
    return f"📥 Импортировать как «{title[:40]}»"


CANCEL_BUTTON = "Не импортировать"
IMPORT_CANCELLED = "Импорт отменён — ничего не записано."
IMPORT_GONE = "Этот файл уже не ждёт названия: пришлите его снова с подписью /import."


def same_file(title: str) -> str:
    return (
        f"Этот файл уже импортирован: турнир «{quote(title)}». Второй такой же не создан. "
        "Рейтинг: /rating, список турниров: /tournaments"
    )


NOT_A_PROTOCOL = (
    "Это не файл протокола: нужен JSON-протокол турнира — тот, что присылает /export (файл "
    ".json) или делает python -m scoring. Таблицу CSV загрузить обратно нельзя."
)
NAME_UNTIDY = "лишние пробелы или невидимые символы"
ALREADY_IMPORTED = "Этот файл уже импортирован по этой же команде."
NO_FILE = (
    "Пришлите JSON-файл протокола с подписью <code>/import</code> (или <code>/import Название "
    "турнира</code>), либо ответьте <code>/import</code> на сообщение с файлом."
)
FILE_HINT = (
    "Если это протокол турнира для импорта, ответьте на него командой <code>/import</code> "
    "(можно с названием: <code>/import Весна 2026</code>)."
)
DOWNLOAD_FAILED = "Не удалось скачать файл из Telegram. Пришлите его ещё раз."
IMPORTING = "Проверяю файл…"

NOT_ALLOWED_EXPORT = "Выгрузка доступна судьям, главным судьям и администраторам."
NOT_ALLOWED_IMPORT = "Импорт доступен только администраторам клуба."


def export_empty(title: str) -> str:
    return f"В турнире «{quote(title)}» пока нет засчитанных игр — выгружать нечего."


def unknown_ruleset(ref: str, known: list[str]) -> str:
    return f"бот не знает правил «{ref}»; известные: {', '.join(known)}"


def bad_name(name: str, reason: str) -> str:
    return f"игрок «{name}»: {reason}"


def same_player(first: str, second: str) -> str:
    return (
        f"«{first}» и «{second}» отличаются только регистром или е/ё — для бота это один игрок; "
        "исправьте написание в файле"
    )


def refused(problems: list[str], shown: int) -> str:
    lines: list[str] = []
    for problem in problems[:shown]:
        line = f"• {echo(problem, 300)}"
        if sum(len(old) for old in lines) + len(line) > 3300:  # one Telegram message
            break
        lines.append(line)
    if len(problems) > len(lines):
        lines.append(f"… и ещё {len(problems) - len(lines)}")
    return "Файл не импортирован — ничего не записано. Что исправить:\n" + "\n".join(lines)


def imported(
    title: str, games: int, new: int, known: int, ruleset: str, current: str | None
) -> str:
    """``current``: the title of the tournament that stays current; None: this one became it."""
    made = (
        f"Текущим остаётся «{quote(current)}»: новые игры судей идут туда. "
        f"Смотреть этот: <code>/rating {quote(title)}</code>"
        if current is not None
        else "Он стал текущим (другого текущего не было). Рейтинг: /rating"
    )
    return (
        f"Готово: турнир «{quote(title)}» создан.\n"
        f"Игр: {games} (как окончательные результаты), правила {quote(ruleset)}.\n"
        f"Игроков: новых {new}, уже знакомых клубу {known}.\n"
        f"{made}"
    )


def make_current_button(title: str) -> str:
    return f"⭐ Сделать текущим: {title[:40]}"


def export_caption(title: str, games: int) -> str:
    return (
        f"Турнир «{quote(title)}»: {plural.games(games)} — протокол в формате JSON. "
        "Его можно проверить: <code>python -m scoring standings файл --format csv</code>"
    )


def statistics_caption(title: str) -> str:
    return (
        f"Статистика игроков турнира «{quote(title)}» по играм, записанным в приложении, в CSV: "
        "строка на игрока и статистику — значение, часть, из скольких, игр (docs/statistics.md)."
    )


def csv_caption(title: str) -> str:
    return (
        f"Таблица турнира «{quote(title)}» в CSV — для программ и проверки: ровно то, что "
        "печатает <code>python -m scoring standings файл.json --format csv</code>."
    )


def xlsx_caption(title: str) -> str:
    return (
        f"Турнир «{quote(title)}» для Excel и Google Таблиц: лист «Таблица» — места и баллы, "
        "лист «Игры» — каждое место каждой игры."
    )


def ruleset_caption() -> str:
    return "Правила турнира (файл, на который ссылается протокол)."


def weight_refused(stage: str, weight: object) -> str:
    return (
        f"Вес этапа «{quote(stage)}» — {quote(str(weight))}: вес бывает больше 0 и не больше 10, "
        "с тремя знаками после точки самое большее (как в /newstage Финал 1.3)."
    )
