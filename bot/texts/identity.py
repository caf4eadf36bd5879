"""Who is who: /iam, /link, /unlink, /rename, /merge — what players and staff read."""

from __future__ import annotations

from bot.texts.markup import bold, echo, quote
from bot.vocabulary.statuses import LinkStatus

NICKNAME_MISSING = "Напишите ник, например: <code>/iam Лис</code>"
IAM_USAGE = (
    "Напишите свой игровой ник так, как его вносит судья: <code>/iam Лис</code>. "
    "Судья или администратор подтвердит, что это вы, — и /me покажет вашу статистику."
)
IAM_GROUP = "Привязать ник можно в личном чате со мной: напишите там <code>/iam ВашНик</code>."
REQUEST_GONE = "Этого запроса больше нет."
MERGE_SAME = "Это один и тот же игрок."
LINK_USAGE = (
    "Как привязать аккаунт к нику:\n"
    "• <code>/link @username Ник</code>\n"
    "• <code>/link 123456789 Ник</code> (Telegram id)\n"
    "• ответом на сообщение человека: <code>/link Ник</code>"
)
UNLINK_USAGE = "Напишите ник: <code>/unlink Лис</code>"
RENAME_USAGE = "Напишите старый и новый ник через стрелку: <code>/rename Лис -&gt; Лиса</code>"
MERGE_USAGE = (
    "Напишите дубль и основного игрока через стрелку: <code>/merge Лиса -&gt; Лис</code>. "
    "Игры дубля перейдут основному, дубль исчезнет."
)
NOT_ALLOWED_LINK = "Привязывать аккаунты могут главные судьи и администраторы клуба."
NOT_ALLOWED_DECIDE = "Подтверждать запросы могут судьи и администраторы клуба."
APPROVE = "✅ Подтвердить"
TOAST_APPROVED = "Подтверждено: игрок получит сообщение."
TOAST_REJECTED = "Отклонено: игрок получит сообщение."
TAKEN_MEANWHILE = "\n(ник тем временем привязали к другому аккаунту — запрос отклонён)"
REJECT = "❌ Отклонить"


def unknown_player(nickname: str) -> str:
    return (
        f"Игрока с ником «{echo(nickname)}» в клубе нет. Проверьте написание — ник должен "
        "совпадать с тем, под которым вас вносят в протокол (регистр и е/ё не важны)."
    )


def already_you(nickname: str) -> str:
    return f"Ваш аккаунт уже привязан к нику «{quote(nickname)}». Статистика: /me"


def taken(nickname: str) -> str:
    return (
        f"Ник «{quote(nickname)}» уже привязан к другому аккаунту. Если это ошибка, обратитесь "
        "к главному судье или администратору клуба."
    )


def taken_unlink_first(nickname: str) -> str:
    return (
        f"Ник «{quote(nickname)}» уже привязан к другому аккаунту. Сначала отвяжите его: "
        f"<code>/unlink {quote(nickname)}</code>"
    )


def user_has_other(nickname: str) -> str:
    return (
        f"Этот человек уже привязан к нику «{quote(nickname)}». Сначала отвяжите: "
        f"<code>/unlink {quote(nickname)}</code>"
    )


def user_linked_meanwhile(nickname: str) -> str:
    return f"Этот человек тем временем уже привязан к нику «{quote(nickname)}»."


def already_linked_same(nickname: str) -> str:
    return f"Этот человек уже привязан к нику «{quote(nickname)}»."


def not_linked(nickname: str) -> str:
    return f"Ник «{quote(nickname)}» ни к кому не привязан."


def already_decided(status: LinkStatus) -> str:
    word = {
        LinkStatus.APPROVED: "подтверждён",
        LinkStatus.REJECTED: "отклонён",
        LinkStatus.WITHDRAWN: "отозван",
    }[status]
    return f"Этот запрос уже {word}."


def request_sent(nickname: str) -> str:
    return (
        f"Запрос отправлен: судьи клуба подтвердят, что ник «{quote(nickname)}» — ваш. "
        "Я напишу, когда решат."
    )


def request_for_deciders(label: str, user_id: int, nickname: str) -> str:
    return (
        f"🙋 {bold(label)}, id <code>{user_id}</code>, просит привязать свой аккаунт к нику "
        f"«{bold(nickname)}».\nПодтвердите, если ник действительно принадлежит этому человеку."
    )


def approved(nickname: str) -> str:
    return (
        f"✅ Ваш аккаунт привязан к нику «{quote(nickname)}». Теперь /me показывает вашу "
        "статистику, а в /rating отмечена ваша строка."
    )


def rejected(nickname: str) -> str:
    return (
        f"Запрос на ник «{quote(nickname)}» отклонён. Если это ошибка, поговорите с судьёй клуба."
    )


def decided(text: str, approved_: bool, by: str) -> str:
    verdict = "✅ Подтверждено" if approved_ else "❌ Отклонено"
    return f"{text}\n\n{verdict} — {quote(by)}"


def linked(label: str, nickname: str) -> str:
    return f"Готово: {quote(label)} теперь — «{bold(nickname)}»."


def you_were_unlinked(nickname: str) -> str:
    return (
        f"Ваш аккаунт отвязан от ника «{quote(nickname)}». Если это ошибка, напишите "
        f"<code>/iam {quote(nickname)}</code> или обратитесь к главному судье."
    )


def unlinked(nickname: str) -> str:
    return f"Готово: ник «{quote(nickname)}» больше ни к кому не привязан."


def same_name(nickname: str) -> str:
    return f"У игрока уже ник «{quote(nickname)}»."


def name_taken(existing: str, old: str) -> str:
    return (
        f"Ник «{quote(existing)}» уже занят другим игроком. Если это один человек, объедините "
        f"их: <code>/merge {quote(old)} -&gt; {quote(existing)}</code>"
    )


def renamed(old: str, new: str) -> str:
    return (
        f"Готово: «{quote(old)}» теперь «{bold(new)}». Все его игры и место в рейтинге — под "
        "новым ником."
    )


def played_together(dup: str, kept: str, title: str, table: int, number: int) -> str:
    return (
        f"Нельзя объединить: «{quote(dup)}» и «{quote(kept)}» играли за одним столом "
        f"(«{quote(title)}», стол {table}, игра {number}) — это разные люди."
    )


def both_linked(dup: str, kept: str) -> str:
    return (
        f"Нельзя объединить: «{quote(dup)}» и «{quote(kept)}» привязаны к разным аккаунтам. "
        f"Сначала отвяжите дубль: <code>/unlink {quote(dup)}</code>"
    )


def together_in_draft(dup: str, kept: str) -> str:
    return (
        f"Нельзя объединить сейчас: «{quote(dup)}» и «{quote(kept)}» сидят в одном "
        "незаконченном протоколе судьи."
    )


def merged(dup: str, kept: str, games: int) -> str:
    return (
        f"Готово: «{quote(dup)}» объединён с «{bold(kept)}». Игр перенесено: {games}. "
        "Рейтинг уже пересчитан."
    )


def bad_new_nickname(nickname: str, reason: str) -> str:
    return (
        f"Игрока с ником «{echo(nickname)}» в клубе нет, а завести такой ник нельзя: "
        f"{reason.rstrip('.')}. "
        "Напишите ник так, как его вносит судья: <code>/iam Лис</code>."
    )


def close_players(nickname: str, close: list[str]) -> str:
    names = ", ".join(f"«{quote(name)}»" for name in close)
    return (
        f"Игрока «{quote(nickname)}» в клубе пока нет, но есть похожие: {names}. "
        "Если это вы — нажмите на свой ник. Если вы новичок и ещё не играли, нажмите последнюю "
        "кнопку: судья заведёт ник «" + quote(nickname) + "» и привяжет его к вам."
    )


def i_am(nickname: str) -> str:
    return f"Я — {nickname[:40]}"


def i_am_new(nickname: str) -> str:
    return f"Я новичок: «{nickname[:36]}»"


CHOICE_GONE = "Этот выбор устарел: напишите /iam и свой ник ещё раз."


def new_player_for_deciders(label: str, user_id: int, nickname: str) -> str:
    return (
        f"🙋 {bold(label)}, id <code>{user_id}</code>, — новичок: просит записать его в клуб под "
        f"ником «{bold(nickname)}» (такого игрока ещё нет).\nПодтвердив, вы создадите игрока и "
        "привяжете его к этому человеку: результаты его первой же игры придут ему в личку."
    )


def new_request_sent(nickname: str) -> str:
    return (
        f"Запрос отправлен: судьи клуба заведут игрока «{quote(nickname)}» и привяжут его к вам. "
        "Я напишу, когда решат. Назовите судье за столом этот же ник."
    )


FIRST_GAME_HINT = (
    "Называйте этот ник судье за столом: результат каждой игры и кнопка протеста придут сюда."
)


def replaced(body: str) -> str:
    return f"{body}\n\n↩️ Запрос заменён новым запросом этого же человека."
