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
}
CLUB_OFF = {
    ClubOption.FAIR_PLAY: "Номинация «Честная игра» в итогах вечера и турнира не называется.",
}
CLUB_TURN_OFF = {ClubOption.FAIR_PLAY: "Не называть «Честную игру»"}
CLUB_TURN_ON = {ClubOption.FAIR_PLAY: "🤝 Называть «Честную игру»"}
