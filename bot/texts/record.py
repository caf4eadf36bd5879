"""/me and /player: a player's record as he reads it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.game import ROLE
from bot.texts.markup import bold, echo, quote
from bot.texts.plural import games, games_accusative, games_genitive, plural
from bot.texts.points import show, signed
from bot.vocabulary.ratings import (
    Achievement,
    AchievementKind,
    Company,
    DisciplineTally,
    HeadToHead,
    RecentGame,
    Record,
    Streaks,
)
from scoring import Outcome, Standing

NOT_LINKED = (
    "Ваш аккаунт ещё не привязан к игровому нику, поэтому я не знаю, чья статистика ваша.\n"
    "Напишите <code>/iam ВашНик</code> — так, как вас вносят в протокол; судья подтвердит."
)
PLAYER_USAGE = (
    "Напишите ник игрока или его часть, можно с турниром: <code>/player Лис</code>, "
    "<code>/player ли</code>, <code>/player Лис осенний</code>"
)


def points_changed(table: int, number: int, before: str | None, after: str | None) -> str:
    """A player's points in a game after a correction or a decision: before → after."""
    head = f"✏️ Результат игры {number} (стол {table}) изменён"
    if before is not None and after is not None:
        return f"{head}: ваши баллы {before} → {after}."
    if after is None:
        return f"{head}: вас больше нет в протоколе этой игры (было {before})."
    return f"{head}: вы теперь в протоколе этой игры — {after}."


def several_players(text: str) -> str:
    return f"Игроков, похожих на «{echo(text)}», несколько — выберите:"


def no_player(text: str) -> str:
    return (
        f"Игрока «{echo(text)}» в клубе нет: ни ник, ни часть ника не подходят. "
        "Проверьте написание (регистр и е/ё не важны)."
    )


IN_PRIVATE = "Статистика — в личном чате со мной: напишите мне /me."
GAME_NOT_FOUND = "Такой игры нет."
CHART_CAPTION = "Баллы нарастающим итогом, игра за игрой."
CHART_CAPTION_ELO = (
    "Баллы нарастающим итогом, игра за игрой; ниже — рейтинг Эло по всем играм клуба."
)
OUTCOME_MARK = {Outcome.WIN: "✅", Outcome.LOSS: "❌", Outcome.DRAW: "🤝"}


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "—"


def _games(count: int) -> str:
    return games(count)


def _times(count: int) -> str:
    return plural(count, "раз", "раза", "раз")


def no_games(nickname: str, tournament: str) -> str:
    return f"У игрока «{quote(nickname)}» пока нет игр в турнире «{quote(tournament)}»."


def record_text(data: Record, as_of: str, statistics: str | None = None) -> str:
    """``statistics``: the short block of /stats (all his games run in the app), when any."""
    row = data.standing
    if row is None:
        empty = no_games(data.nickname, data.tournament)
        return f"{empty}\n\n{statistics}" if statistics else empty
    lines = [f"👤 {bold(data.nickname)} — {quote(data.tournament)}"]
    mark = " · ⏳ есть предварительные результаты" if data.provisional else ""
    lot = " (место среди равных — жребием)" if row.lot else ""
    lines.append(
        f"Место {row.place} из {data.players}{lot} · итого <b>{show(row.total)}</b> · "
        f"по состоянию на {as_of}{mark}"
    )
    lines.append(points_line(row))
    lines.append(f"{_games(row.games)} · побед {row.wins} ({_percent(row.wins, row.games)})")
    lines += ["", bold("По ролям:")]
    for line in data.roles:
        lines.append(
            f"• {ROLE[line.role]} — {_games(line.games)}, побед {line.wins} "
            f"({_percent(line.wins, line.games)}), в среднем {show(line.points / line.games)}"
        )
    lines += ["", *fact_lines(data)]
    if data.streaks is not None:
        lines += ["", streak_line(data.streaks), achievements_line(data.achievements)]
    if data.company is not None:
        lines += company_lines(data.company)
    if statistics:
        lines += ["", statistics]
    if data.recent:
        lines += ["", "Последние игры — нажмите, чтобы открыть протокол:"]
    return "\n".join(lines)


def points_line(row: Standing) -> str:
    """«Из чего баллы: победы 4 · Ci +0.4 · лучший ход +0.5»."""
    parts = [f"победы {show(row.win_points)}"]
    for label, value in (
        ("Ci", row.ci), ("лучший ход", row.best_move), ("от судьи", row.extra),
        ("штрафы", row.penalty),
    ):  # fmt: skip
        if value:
            parts.append(f"{label} {signed(value)}")
    return "Из чего баллы: " + " · ".join(parts)


def fact_lines(data: Record) -> list[str]:
    """The first night, the best moves, the fouls and the Elo ratings, a line each."""
    row = data.standing
    lines = []
    if row is not None and row.first_killed:
        lines.append(f"Первой ночью отстрелян {_times(row.first_killed)}")
    else:
        lines.append("Первой ночью не отстреливали ни разу")
    if data.best_moves:
        hits = [
            f"{blacks} из 3 — {_times(data.best_moves[blacks])}"
            for blacks in (3, 2, 1, 0)
            if data.best_moves.get(blacks)
        ]
        lines.append("Лучший ход: " + ", ".join(hits))
    if data.discipline is not None and data.discipline.games:
        lines.append(discipline_line(data.discipline))
    if data.elo is not None:
        (red, reds), (black, blacks) = data.elo
        lines.append(elo_line(red, reds, black, blacks))
    return lines


def discipline_line(tally: DisciplineTally) -> str:
    """«Фолы: 0.5 за игру (6 за 12 игр) · удалений: 1 · ППК: 1»."""
    if tally.fouls:
        played = games_accusative(tally.games)
        parts = [f"Фолы: {show(tally.fouls_per_game)} за игру ({tally.fouls} за {played})"]
    else:
        parts = ["Фолов нет"]
    for label, count in (("тех. фолов", tally.technical_fouls), ("удалений", tally.removals),
                         ("ППК", tally.team_defeats)):  # fmt: skip
        if count:
            parts.append(f"{label}: {count}")
    return "⚖️ " + " · ".join(parts)


ACHIEVEMENT_TITLES = {
    AchievementKind.THREE_OF_THREE: "лучший ход 3 из 3",
    AchievementKind.SHERIFF_WINS: "шериф-победитель",
    AchievementKind.DON_WINS: "дон-победитель",
    AchievementKind.EVERY_ROLE: "победы во всех ролях",
    AchievementKind.PERFECT_EVENING: "идеальный вечер",
}


def streak_line(streaks: Streaks) -> str:
    return f"🔥 Серия побед: лучшая — {streaks.longest}, сейчас — {streaks.current}"


def achievements_line(found: Sequence[Achievement]) -> str:
    parts = []
    for item in found:
        title = ACHIEVEMENT_TITLES[item.kind]
        if item.reached:
            repeated = item.kind is AchievementKind.THREE_OF_THREE and item.done > 1
            again = f" ×{item.done}" if repeated else ""
            parts.append(f"✅ {title}{again}")
        elif item.target == 1:
            parts.append(f"{title} — ещё нет")
        else:
            parts.append(f"{title}: {item.done} из {item.target}")
    return "🏅 " + " · ".join(parts)


def company_lines(company: Company) -> list[str]:
    lines = []
    if company.teammates:
        lines.append("🤝 Чаще побеждает вместе с: " + ", ".join(
            f"{quote(p.name)} — {p.count} из {_games_of(p.games)}" for p in company.teammates
        ))  # fmt: skip
    if company.rivals:
        lines.append("⚔️ Чаще проигрывает против: " + ", ".join(
            f"{quote(p.name)} — {p.count} из {_games_of(p.games)}" for p in company.rivals
        ))  # fmt: skip
    if company.tablemates:
        lines.append("👥 Чаще всего за одним столом с: " + ", ".join(
            f"{quote(p.name)} ({_games(p.games)})" for p in company.tablemates
        ))  # fmt: skip
    if not company.teammates and not company.rivals:
        lines.append(
            f"Партнёры и соперники — от {_games_genitive(company.min_games)} с одним человеком: "
            "пока таких нет."
        )
    return ["", *lines] if lines else []


def _games_of(count: int) -> str:
    """«из 5 игр», «из 1 игры»: after «из»."""
    return games_genitive(count)


def _games_genitive(count: int) -> str:
    return plural(count, "общей игры", "общих игр", "общих игр")


ELO_WORDS = ("elo", "эло", "рейтинг эло")
VS_USAGE = "Сравнить двух игроков: <code>/vs Ник</code> (вы и он) или <code>/vs Ник1 — Ник2</code>."


def head_to_head(found: HeadToHead, tournament: str) -> str:
    first, second = quote(found.first), quote(found.second)
    lines = [bold(f"{first} и {second}") + f" — {quote(tournament)}"]
    if not found.together and not found.against:
        lines.append("Вместе за одним столом ещё не играли.")
        return "\n".join(lines)
    lines.append(
        f"В одной команде: {_games(found.together)}, побед {found.together_won}"
        + (f" ({_percent(found.together_won, found.together)})" if found.together else "")
    )
    lines.append(f"Друг против друга: {_games(found.against)}")
    if found.against:
        lines.append(f"• побеждал {first}: {found.first_won}")
        lines.append(f"• побеждал {second}: {found.second_won}")
        draws = found.against - found.first_won - found.second_won
        if draws:
            lines.append(f"• ничьи: {draws}")
    return "\n".join(lines)


def vs_no_player(text: str) -> str:
    return f"Игрока «{quote(text)}» нет. Проверьте ник: /player {quote(text)} подскажет похожие."


VS_SAME = "Это один и тот же игрок: назовите двух разных."


def recent_button(game: RecentGame) -> str:
    wait = " ⏳" if game.provisional else ""
    return (
        f"{OUTCOME_MARK[game.outcome]} Стол {game.table}, игра {game.number} · "
        f"{ROLE[game.role]} · {show(game.total)}{wait}"
    )


def elo_line(red: float, reds: int, black: float, blacks: int) -> str:
    parts = []
    if reds:
        parts.append(f"🔴 красные {round(red)} ({_games(reds)})")
    if blacks:
        parts.append(f"⚫ чёрные {round(black)} ({_games(blacks)})")
    return "📈 Рейтинг Эло по всем играм клуба: " + " · ".join(parts) if parts else ""


def _track(rating: float, games: int) -> str:
    """A track with no game yet has no rating to show (its start is no achievement)."""
    return f"{round(rating)} ({games})" if games else "—"


def elo_board(
    rows: Sequence[tuple[int, str, float, tuple[float, int], tuple[float, int], bool]],
    games_count: int, min_games: int, players: int, as_of: str,
) -> str:  # fmt: skip
    """``rows``: (place, nickname, overall, (red, games), (black, games), mine)."""
    lines = [
        bold("📈 Рейтинг Эло — все игры клуба"),
        f"игр: {games_count} · в таблице — сыгравшие не меньше {games_genitive(min_games)} · "
        f"по состоянию на {as_of}",
        "Общий — среднее двух дорожек по числу игр; 🔴 красные, ⚫ чёрные: рейтинг на каждой.",
        "",
    ]
    if not rows:
        lines.append("Пока никого: рейтинг появится, когда сыграют больше игр.")
    for place, name, overall, (red, reds), (black, blacks), mine in rows:
        mark = "👉 " if mine else ""
        lines.append(
            f"{mark}{place}. {quote(name)} — {round(overall)} · 🔴 {_track(red, reds)} · "
            f"⚫ {_track(black, blacks)}"
        )
    if players > len(rows):
        lines.append(f"… всего в таблице: {players}")
    return "\n".join(lines)


def elo_measure(games: int, score: float, base_rate: float, base_score: float, shown: bool,
                minimum: int) -> str:  # fmt: skip
    """How well the red team's chance predicted the club's games, in words a judge can check."""
    if not games:
        return ""
    head = (
        f"🎯 Точность «шансов красных» (игр клуба: {games}): "
        f"ошибка прогноза {score:.3f} (мера Брайера); "
        f"если всегда говорить «красные выигрывают {round(base_rate * 100)}%» — "
        f"{base_score:.3f}. Меньше — точнее."
    )
    if shown:
        return f"{head} Прогноз точнее, поэтому шансы пишутся в объявлениях игр."
    if games < minimum:
        later = f"после {games_genitive(minimum)}, если прогноз будет точнее"
        return f"{head} Шансы появятся в объявлениях {later}."
    return f"{head} Пока прогноз не точнее — в объявлениях шансов нет."
