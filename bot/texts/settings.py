"""/settings: which private notices a member gets."""

from __future__ import annotations

from bot.vocabulary.notices import Notice
from bot.vocabulary.options import ClubOption

TITLE = "<b>Что я присылаю вам в личные сообщения</b>"
HINT = "Кнопки ниже включают и выключают каждое."

SHOWN_ON = {
    Notice.RESULTS: "🔔 Результаты: ваш результат каждой игры приходит вам сюда, как и "
    "изменение ваших баллов после исправления.",
    Notice.EVENING: "🔔 Рассадка: когда вечер рассажен, вам приходит, где вы сидите в каждой игре.",
    Notice.REMINDERS: "🔔 Напоминания: перед началом вечера и когда ваш стол освободился.",
}
SHOWN_OFF = {
    Notice.RESULTS: "🔕 Результаты игр вам сюда не приходят.",
    Notice.EVENING: "🔕 Рассадка вечера вам сюда не приходит.",
    Notice.REMINDERS: "🔕 Напоминания перед вашими играми не приходят.",
}
TURN_OFF = {
    Notice.RESULTS: "🔕 Не присылать мои результаты",
    Notice.EVENING: "🔕 Не присылать мою рассадку",
    Notice.REMINDERS: "🔕 Не напоминать о моих играх",
}
TURN_ON = {
    Notice.RESULTS: "🔔 Присылать мои результаты",
    Notice.EVENING: "🔔 Присылать мою рассадку",
    Notice.REMINDERS: "🔔 Напоминать о моих играх",
}

CLUB_TITLE = "<b>Настройки клуба</b> (видны только администраторам)"
CLUB_ADMINS_ONLY = "Настройки клуба меняет только администратор."
CLUB_ON = {
    ClubOption.FAIR_PLAY: "🤝 Номинация «Честная игра» — меньше всего фолов за игру — "
    "называется в итогах вечера и турнира (когда в играх записаны фолы).",
    ClubOption.LOG_NOMINATORS: "🗣 Судьи в приложении записывают, кто выставил кандидата.",
    ClubOption.LOG_HANDS: "✋ Судьи в приложении записывают голоса: чьи руки поднялись за кого.",
    ClubOption.LOG_SHOOTERS: "🎯 Судьи в приложении записывают выстрел каждого чёрного, "
    "когда чёрные стреляли по-разному.",
    ClubOption.LOG_LAST_WORDS: "📜 Судьи в приложении записывают завещания: кого уходящий "
    "назвал чёрным и кого красным.",
}
CLUB_OFF = {
    ClubOption.FAIR_PLAY: "Номинация «Честная игра» в итогах вечера и турнира не называется.",
    ClubOption.LOG_NOMINATORS: "Кто выставил кандидата, не записывается.",
    ClubOption.LOG_HANDS: "Голоса по рукам не записываются.",
    ClubOption.LOG_SHOOTERS: "Выстрелы каждого чёрного не записываются.",
    ClubOption.LOG_LAST_WORDS: "Завещания не записываются.",
}
CLUB_TURN_OFF = {
    ClubOption.FAIR_PLAY: "Не называть «Честную игру»",
    ClubOption.LOG_NOMINATORS: "Не записывать, кто выставил",
    ClubOption.LOG_HANDS: "Не записывать голоса по рукам",
    ClubOption.LOG_SHOOTERS: "Не записывать выстрел каждого",
    ClubOption.LOG_LAST_WORDS: "Не записывать завещания",
}
CLUB_TURN_ON = {
    ClubOption.FAIR_PLAY: "🤝 Называть «Честную игру»",
    ClubOption.LOG_NOMINATORS: "🗣 Записывать, кто выставил",
    ClubOption.LOG_HANDS: "✋ Записывать голоса по рукам",
    ClubOption.LOG_SHOOTERS: "🎯 Записывать выстрел каждого",
    ClubOption.LOG_LAST_WORDS: "📜 Записывать завещания",
}
CLUB_LAYERS_HINT = (
    "Записи в приложении нужны для статистики игроков (/stats): голоса, выставления, выстрелы и "
    "завещания считаются только в играх, где они записаны. Игра записывает то, что было "
    "включено, когда она началась."
)
