"""Many clubs on one bot (issue 47): a club joins by adding the bot to its group, its admin names
it in private, an operator approves it; each club's data and rights are its own; a person in two
clubs chooses which one he speaks of in private; a suspended club's commands are refused."""

from bot.callbacks import ClubAction, ClubCB
from bot.core import club_scope, outbox
from bot.core.outbox import Kind
from tests.club import NAMES, Taps, appoint_judge, enter_protocol, linked_player
from tests.harness import ADMIN_ID, dispatcher_world
from tests.webapp import APP_URL, AppCaller, app_server, init_data

OPERATOR = 900001
MANY_CLUBS = {"club_chat_id": "", "admin_ids": "", "operator_ids": str(OPERATOR)}


async def joined(world, admin, chat_id, title):
    """The bot added to the group; its admin taps «🏠 Подключить клуб» and answers in private."""
    group = world.group(chat_id, title)
    group.admins.add(admin.id)
    await world.deliver(world.api.bot_status(group, "member", admin.user))
    await world.api.wait_for(
        lambda: group.history() and "Подключить" in str(group.history()[-1].buttons())
    )
    await admin.press("🏠 Подключить клуб", group)
    assert admin.last_answer()["url"].endswith(f"?start=join-{chat_id}")
    await admin.send(f"/start join-{chat_id}")
    assert "Как называется клуб" in (await admin.reply()).text
    await admin.press(f"Оставить «{title}»")
    assert "Часовой пояс" in (await admin.reply()).text
    await admin.press("Москва")
    await admin.reply()
    return group


async def two_clubs(world):
    """The North (Anna's, club 1) and the South (Boris's, club 2), joined open, a tournament
    each."""
    anna = world.person("Анна", username="anna")
    boris = world.person("Борис", username="boris")
    await joined(world, anna, -1001, "Мафия Север")
    await joined(world, boris, -1002, "Мафия Юг")
    for admin, title in ((anna, "Кубок Севера"), (boris, "Кубок Юга")):
        await admin.send(f"/newtournament {title}")
        assert "создан" in (await admin.reply()).text
    return anna, boris


async def test_a_club_joins_with_an_operators_approval_and_keeps_to_itself(tmp_path):
    settings = {**MANY_CLUBS, "club_signup": "approval"}
    async with dispatcher_world(tmp_path, **settings) as world:
        operator = world.person("Оператор", user_id=OPERATOR)
        anna = world.person("Анна", username="anna")
        north = await joined(world, anna, -1001, "Мафия Север")
        assert "отправлена оператору" in anna.last().text
        asked = "просит подключения"
        await world.api.wait_for(lambda: any(asked in m.text for m in operator.bot_messages()))
        assert "Мафия Север" in operator.last().text
        # Before the approval the club's commands wait; a forged approval is refused.
        await anna.send("/newtournament Кубок", north)
        assert "ждёт одобрения" in (await anna.reply(north)).text
        mallory = world.person("Мэллори")
        await mallory.send("/start")
        await mallory.reply()
        forged = ClubCB(a=ClubAction.APPROVE, i=1).pack()
        await mallory.press_data(forged, mallory.last(), mallory.private)
        assert "только оператор" in mallory.last_answer()["text"]
        await operator.press("✅ Одобрить")
        await world.api.wait_for(lambda: "одобрен" in anna.last().text)
        await world.api.wait_for(lambda: "чат клуба «Мафия Север»" in north.history()[-1].text)
        await anna.send("/newtournament Кубок Севера")
        assert "создан" in (await anna.reply()).text

        boris = world.person("Борис", username="boris")
        south = await joined(world, boris, -1002, "Мафия Юг")
        await world.api.wait_for(lambda: "Мафия Юг" in operator.last().text)
        await operator.press("✅ Одобрить")
        await world.api.wait_for(lambda: "одобрен" in boris.last().text)
        await boris.send("/newtournament Кубок Юга")
        assert "создан" in (await boris.reply()).text
        await boris.send("/rating")
        assert "Кубок Юга" in (await boris.reply()).text

        # A right is a right in one club: Anna appoints Boris a judge of the North only.
        await boris.send("/staff")
        assert "Анна" not in (await boris.reply()).text
        await anna.send("/judge @boris")
        assert "назначен" in (await anna.reply()).text
        await boris.send("/club")
        assert "Мафия Север" in str((await boris.reply()).buttons())
        await boris.press("Мафия Север")
        assert "клубе «Мафия Север»" in (await boris.reply()).text
        await boris.send("/rating")
        assert "Кубок Севера" in (await boris.reply()).text
        await boris.send("/newtournament Чужой")  # a judge of the North, not its admin
        assert "создан" not in (await boris.reply()).text

        # One group, one club: another admin of the North's group cannot connect it again.
        carol = world.person("Карина")
        north.admins.add(carol.id)
        offer = next(m for m in north.history() if "Подключить" in str(m.buttons()))
        await carol.press("🏠 Подключить клуб", north, offer)
        assert "уже подключён" in carol.last_answer()["text"]

        # An operator suspends the South: its commands are refused there, its data kept.
        await operator.send("/clubs")
        assert "Мафия Юг" in (await operator.reply()).text
        await operator.press("⛔ Приостановить №2 Мафия Юг")
        await boris.send("/rating", south)
        assert "приостановлен" in (await boris.reply(south)).text
        await anna.send("/rating", north)
        assert "Кубок Севера" in (await anna.reply(north)).text


async def test_an_open_deployment_connects_at_once_and_refuses_a_member_who_is_no_admin(tmp_path):
    async with dispatcher_world(tmp_path, **MANY_CLUBS, club_signup="open") as world:
        vera = world.person("Вера", username="vera")
        group = world.group(-2001, "Клуб у Веры")
        group.admins.add(vera.id)
        await world.deliver(world.api.bot_status(group, "member", vera.user))
        await world.api.wait_for(lambda: group.history())
        guest = world.person("Гость")
        await guest.press("🏠 Подключить клуб", group)
        assert "только администратор" in guest.last_answer()["text"]
        await guest.send("/start join--2001")
        assert "только администратор" in (await guest.reply()).text
        await vera.press("🏠 Подключить клуб", group)
        await vera.send("/start join--2001")
        await vera.reply()
        await vera.send("X")  # too short a name: asked again, nothing made
        assert "от 2 до 60" in (await vera.reply()).text
        await vera.send("Мафия у Веры")
        await vera.reply()
        await vera.send("Mars/Olympus")
        assert "не знаю" in (await vera.reply()).text
        await vera.send("Asia/Yekaterinburg")
        assert "Клуб «Мафия у Веры» подключён" in (await vera.reply()).text
        await world.api.wait_for(lambda: "чат клуба" in group.history()[-1].text)
        # A person of no club is told how to find his club, not shown an error.
        await guest.send("/rating")
        assert "о каком клубе" in (await guest.reply()).text
        # Removed and added back: the club is kept and goes on.
        await world.deliver(world.api.bot_status(group, "kicked", vera.user))
        await world.deliver(world.api.bot_status(group, "member", vera.user))
        await world.api.wait_for(lambda: "снова здесь" in group.history()[-1].text)


async def test_the_mini_app_speaks_of_the_callers_club_and_refuses_a_person_of_none(tmp_path):
    settings = {**MANY_CLUBS, "club_signup": "open", "webapp_url": APP_URL}
    async with dispatcher_world(tmp_path, **settings) as world:
        anna, boris = await two_clubs(world)
        async with app_server(world) as base:
            status, answer = await AppCaller(base, anna.id).call("standings", {})
            assert status == 200 and answer["tournament"] == "Кубок Севера"
            status, answer = await AppCaller(base, boris.id).call("standings", {})
            assert status == 200 and answer["tournament"] == "Кубок Юга"
            # the club chat's link names its club: Boris reads the North's public table
            north = AppCaller(
                base, boris.id, data=init_data(boris.id, start_param="standings-club1")
            )
            status, answer = await north.call("standings", {})
            assert status == 200 and answer["tournament"] == "Кубок Севера"
            # ... but has no right there: a judge's call is refused
            status, answer = await north.call("open", {"live": None})
            assert status == 403
            stranger = world.person("Гость")
            status, answer = await AppCaller(base, stranger.id).call("standings", {})
            assert status == 403 and "о каком клубе" in answer["error"]


async def test_a_busy_clubs_private_results_never_hold_back_a_quiet_clubs_game(tmp_path):
    """One token, Telegram's 30 messages a second for every club: a busy club's 200 private
    results are queued just before a quiet club's judge confirms a game; the quiet club's
    announcement and its player's own result still go within seconds, while the busy club's
    rows take the time they must."""
    async with dispatcher_world(tmp_path, **MANY_CLUBS, club_signup="open") as world:
        await joined(world, world.person("Анна"), -1001, "Мафия Север")  # the busy one
        boris = world.person("Борис", username="boris")
        await joined(world, boris, -1002, "Мафия Юг")
        quiet = world.api.chats[-1002]
        await boris.send("/newtournament Кубок Юга")
        assert "создан" in (await boris.reply()).text
        judge = await appoint_judge(world, boris, "Иван", "ivan")
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        owl = await linked_player(world, boris, "Ольга", "owl", "Сова")
        await world.announced()

        crowd = [world.person(f"Игрок {n}") for n in range(200)]
        await enter_protocol(Taps(judge))
        busy = world.services.clubs.of_chat(-1001)
        with club_scope.within(busy):
            async with world.database.transaction() as tx:
                for person in crowd:
                    text = "Ваш результат: игра 7, стол 3 — 1,25 балла"
                    now = world.clock.iso()
                    await outbox.enqueue(tx, outbox.private(person.id), Kind.TEXT, now, body=text)
        confirmed = world.pacing.now()
        await judge.press("✅ Подтвердить")
        await world.announced()

        announcement = next(m for m in reversed(quiet.history()) if "игра 2" in m.text)
        own_result = next(m for m in owl.bot_messages() if "игра 2, стол 1" in m.text)
        busy_last = max(person.bot_messages()[-1].sent_clock for person in crowd)
        assert announcement.sent_clock - confirmed < 3.0
        assert own_result.sent_clock - confirmed < 3.0
        assert busy_last - confirmed > 200 / 30 - 1  # the busy club's load was real


async def club_with_a_game(world, admin, chat_id, title, names):
    """A joined club whose admin made a tournament and whose judge saved one game."""
    await joined(world, admin, chat_id, title)
    await admin.send(f"/newtournament Кубок {title}")
    assert "создан" in (await admin.reply()).text
    judge = await appoint_judge(world, admin, f"Судья {title}", f"judge{-chat_id}")
    await enter_protocol(Taps(judge), names=names)
    await judge.press("✅ Подтвердить")
    await world.announced()
    return judge


async def test_a_person_of_two_clubs_chooses_which_one_he_speaks_of(tmp_path):
    async with dispatcher_world(tmp_path, **MANY_CLUBS, club_signup="open") as world:
        anna = world.person("Анна", username="anna")
        boris = world.person("Борис", username="boris")
        south_names = [*NAMES[:3], "Совушка", *NAMES[4:]]
        await club_with_a_game(world, anna, -1001, "Север", NAMES)
        await club_with_a_game(world, boris, -1002, "Юг", south_names)
        dasha = await linked_player(world, anna, "Даша", "dasha", "Сова")
        await boris.send(f"/link {dasha.id} Совушка")
        assert "Готово" in (await boris.reply()).text

        # Two clubs and no choice yet: a club's command asks which club, one tap remembers it.
        await dasha.send("/me")
        asked = await dasha.reply()
        assert "О каком клубе" in asked.text
        assert {"Север", "Юг"} <= {b["text"] for b in asked.buttons()}
        await dasha.press("Юг")
        await dasha.send("/me")
        record = (await dasha.reply()).text
        assert "Клуб «Юг» · ваши другие клубы: «Север»" in record
        assert "Совушка" in record and "Сова\n" not in record
        # «🏠 Клуб: Юг» under her record switches to the North: her other nickname, its games.
        await dasha.press("🏠 Клуб: Юг")
        await dasha.press("Север")
        await dasha.send("/me")
        record = (await dasha.reply()).text
        assert "Клуб «Север» · ваши другие клубы: «Юг»" in record
        assert "Совушка" not in record

        await world.announced()
        assert "🏠 «Юг»\n✅ Ваш аккаунт привязан к нику «Совушка»" in dasha.last().text
        # A person of one club sees no switch at all.
        await anna.send("/me")
        assert "ваши другие клубы" not in (await anna.reply()).text


async def test_a_judge_of_two_clubs_is_asked_which_club_his_game_is_of(tmp_path):
    """Appointed in two clubs and never having chosen, he is not told he is no judge: /game asks
    which club, one tap remembers it, and /game opens that club's protocol."""
    async with dispatcher_world(tmp_path, **MANY_CLUBS, club_signup="open") as world:
        anna, boris = await two_clubs(world)
        ivan = await appoint_judge(world, anna, "Иван", "ivan")
        await boris.send("/judge @ivan")
        assert "назначен" in (await boris.reply()).text
        await ivan.send("/game")
        asked = await ivan.reply()
        assert "О каком клубе" in asked.text and "только судьи" not in asked.text
        await ivan.press("Мафия Юг")
        await ivan.send("/game")
        assert "Кубок Юга" in (await ivan.reply()).text
        mallory = world.person("Мэллори")  # of no club at all: how to find his
        await mallory.send("/game")
        assert "о каком клубе" in (await mallory.reply()).text


async def test_an_operator_pages_through_hundreds_of_clubs_and_suspends_one_on_its_page(tmp_path):
    """Thirty-two clubs do not fit one message: /clubs shows fifteen a page, «Дальше ▶» turns,
    and a club suspended on page 3 leaves the operator on page 3."""
    async with dispatcher_world(tmp_path, **MANY_CLUBS, club_signup="open") as world:
        clubs = world.services.clubs
        for number in range(1, 33):
            await clubs.create(clubs.new(f"Клуб {number:02}", -5000 - number), OPERATOR)
        operator = world.person("Оператор", user_id=OPERATOR)
        await operator.send("/clubs")
        first = await operator.reply()
        assert first.text.startswith("🏠 Клубы бота: 32 · страница 1 из 3")
        assert "№1 Клуб 01 — ✅ работает (чат -5001)" in first.text
        assert "Клуб 16" not in first.text and len(first.text) < 4096
        assert operator.buttons()[-1] == "Дальше ▶"
        await operator.press("Дальше ▶")
        await operator.press("Дальше ▶")
        third = operator.last()
        assert "страница 3 из 3" in third.text and "№32 Клуб 32" in third.text
        assert operator.buttons()[-1] == "◀ Раньше"
        await operator.press("⛔ Приостановить №32 Клуб 32")
        assert "приостановлен" in operator.last_answer()["text"]
        shown = operator.last()
        assert "страница 3 из 3" in shown.text
        assert "№32 Клуб 32 — ⛔ приостановлен" in shown.text
        assert "▶️ Возобновить №32 Клуб 32" in operator.buttons()
        assert clubs.get(32).state.value == "suspended"
        assert clubs.get(31).state.value == "active"


async def test_a_club_admins_menu_of_a_service_has_no_backup_of_the_whole_database(tmp_path):
    """/backup copies the whole database: in a service of many clubs it is the operators', so a
    club's admin is not offered it (his club leaves with /archive)."""
    async with dispatcher_world(tmp_path, **MANY_CLUBS, club_signup="open") as world:
        anna, _ = await two_clubs(world)
        await anna.send("/help")
        shown = (await anna.reply()).text
        assert "/archive" in shown and "/backup" not in shown
        await world.api.wait_for(lambda: f"chat:{anna.id}" in world.api.commands)
        menu = {c["command"] for c in world.api.commands[f"chat:{anna.id}"]}
        assert "archive" in menu and "backup" not in menu
    async with dispatcher_world(tmp_path / "one") as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send("/help")
        assert "/backup" in (await admin.reply()).text


async def test_an_operator_of_no_club_reads_the_whole_services_status_and_copy(tmp_path):
    """The operators keep the service, not a club: /status speaks of every club's chat, and the
    copy of the database says it holds every club; a club's admin reads his club's chat."""
    async with dispatcher_world(tmp_path, **MANY_CLUBS, club_signup="open") as world:
        anna, _ = await two_clubs(world)
        operator = world.person("Оператор", user_id=OPERATOR)
        await operator.send("/status")
        text = (await operator.reply()).text
        assert text.startswith("Состояние бота") and "Чаты клубов: пишу во все." in text
        assert "Чат клуба" not in text
        await operator.send("/backup")
        copy = await world.api.wait_for(lambda: operator.last().document and operator.last())
        assert copy.caption.startswith("Копия всей базы бота (все клубы) на ")
        await anna.send("/status")
        assert "Чат клуба: пишу." in (await anna.reply()).text


async def test_an_operator_is_told_what_he_keeps(tmp_path):
    """/start and /help name an operator's commands; with a club of his own his role there
    follows; a club's admin who is no operator reads nothing of it."""
    async with dispatcher_world(tmp_path, **MANY_CLUBS, club_signup="open") as world:
        anna, _ = await two_clubs(world)
        operator = world.person("Оператор", user_id=OPERATOR)
        await operator.send("/start")
        text = (await operator.reply()).text
        assert "Вы оператор бота: /clubs" in text and "Вы игрок" not in text
        await operator.send("/help")
        assert "Вы оператор бота" in (await operator.reply()).text
        await anna.send("/start")
        text = (await anna.reply()).text
        assert "Вы администратор клуба" in text and "оператор" not in text
    settings = {**MANY_CLUBS, "operator_ids": str(ADMIN_ID), "club_signup": "open"}
    async with dispatcher_world(tmp_path / "admin", **settings) as world:
        anna = world.person("Анна", user_id=ADMIN_ID, username="anna")
        await joined(world, anna, -1001, "Мафия Север")
        await anna.send("/help")
        text = (await anna.reply()).text
        assert "Вы оператор бота" in text and "Вы администратор клуба" in text
