"""Admin commands: rights, tournaments, stages, rulesets."""

from bot.texts import common
from tests.club import Taps, enter_protocol, open_seat_from_summary, setup_club
from tests.harness import ADMIN_ID


async def test_appoint_list_and_remove_a_judge(world):
    admin = world.person("Админ", user_id=ADMIN_ID)
    judge = world.person("Иван", username="Ivan_J")
    await judge.send("/start")
    await judge.reply()
    await admin.send("/judge @ivan_j")  # usernames are case-insensitive
    assert "Иван (@Ivan_J) — назначен судья" in (await admin.reply()).text
    await admin.send("/judge @ivan_j")
    assert "уже судья" in (await admin.reply()).text
    await admin.send("/staff")
    assert f"Иван (@Ivan_J) (id {judge.id}) — судья" in (await admin.reply()).text
    await judge.send("/start")
    assert "Вы судья" in (await judge.reply()).text
    assert judge.buttons() == ["📝 Внести результат"]
    menu = {c["command"] for c in world.api.commands[f"chat:{judge.id}"]}
    assert {"game", "games"} <= menu and "newtournament" not in menu
    assert {c["command"] for c in world.api.commands["all_private_chats"]} == {
        "start",
        "help",
        "rating",
        "me",
        "player",
        "vs",
        "stats",
        "iam",
        "protest",
        "settings",
    }
    await admin.send(f"/unjudge {judge.id}")
    assert "сняты права (судья)" in (await admin.reply()).text
    assert f"chat:{judge.id}" not in world.api.commands
    await judge.send("/game")
    assert "только судьи клуба" in (await judge.reply()).text


async def test_appoint_by_replying_in_the_group(world):
    from tests.harness import CLUB_CHAT_ID

    group = world.api.chats[CLUB_CHAT_ID]
    admin = world.person("Админ", user_id=ADMIN_ID)
    player = world.person("Оля")
    await player.send("всем привет", chat=group)
    greeting = group.history()[-1]
    update = world.api.user_message(group, admin.user, "/judge")
    update["message"]["reply_to_message"] = greeting.to_api(group)
    await world.deliver(update)
    assert "Оля — назначен судья" in admin.last(group).text


async def test_unknown_person_and_non_admins(world):
    admin = world.person("Админ", user_id=ADMIN_ID)
    await admin.send("/judge @nobody_here")
    assert (
        "Я не знаю @nobody_here: человек должен сначала написать мне" in (await admin.reply()).text
    )
    await admin.send("/judge")
    assert "Кого назначить?" in (await admin.reply()).text
    player = world.person("Игрок")
    for command in ("/judge @x", "/newtournament Кубок", "/staff", "/newstage Финал", "/unjudge 1"):
        await player.send(command)
        assert "только для администраторов" in (await player.reply()).text


async def test_tournaments_stages_and_rulesets(world):
    admin, judge = await setup_club(world, "Осень")
    await admin.send("/newtournament " + "Я" * 65)
    assert "длиннее 64" in (await admin.reply()).text
    await admin.send("/newtournament Зима")
    created = await admin.reply()
    assert "«Зима» создан и стал текущим" in created.text
    await admin.press("Правила: rules-6.4")
    assert "правила rules-6.4" in (await admin.reply()).text
    await admin.send("/tournaments")
    listing = await admin.reply()
    assert "Зима (rules-6.4) — текущий" in listing.text
    await admin.press("⚙️ Осень")
    assert "Турнир «Осень»" in (await admin.reply()).text
    await admin.press("⭐ Сделать текущим")
    card = await admin.reply()
    assert "Текущий турнир: «Осень»" in card.text and "«Осень»</b> — текущий" not in card.text
    assert "Осень» — текущий" in card.text.replace("</b>", "")
    await admin.send("/newstage Финал")
    assert "Начат этап «Финал»" in (await admin.reply()).text
    await admin.send("/newstage Финал")
    assert "уже есть" in (await admin.reply()).text
    await enter_protocol(Taps(judge))
    assert "этап «Финал»" in judge.last().text
    await judge.press("✅ Подтвердить")
    await admin.send("/ruleset")
    await admin.reply()
    await admin.press("Правила: rules-6.4")
    assert "только до первой игры" in admin.last_answer()["text"]


async def test_rules_64_catalogue_is_offered_for_its_tournament(world):
    admin, judge = await setup_club(world)
    await admin.send("/ruleset")
    await admin.reply()
    await admin.press("Правила: rules-6.4")
    taps = Taps(judge)
    await enter_protocol(taps)
    await open_seat_from_summary(taps, 2)  # the sheriff, whose team lost
    codes = [b.split()[0] for b in judge.buttons() if b[0].isdigit() and " " in b]
    assert "6.4.6.3" in codes and "8.5.4" not in codes


async def test_an_appointed_admin_has_every_right(world):
    admin = world.person("Админ", user_id=ADMIN_ID)
    deputy = world.person("Зам", username="deputy")
    await deputy.send("/start")
    await deputy.reply()
    await admin.send("/admin @deputy")
    assert "назначен администратор" in (await admin.reply()).text
    await deputy.send("/newtournament Весна")
    assert "создан" in (await deputy.reply()).text
    await deputy.send("/game")
    assert "Новая игра" in (await deputy.reply()).text


async def test_a_ruleset_button_carries_the_rulesets_id_and_a_stale_one_is_refused(world):
    admin, _judge = await setup_club(world, "Осень")
    await admin.send("/ruleset")
    shown = await admin.reply()
    data = {b["text"]: b["callback_data"] for b in shown.buttons()}
    assert data["Правила: rules-6.4"].endswith(":rules-6.4")  # the id, not a place in a list
    tournament = data["Правила: rules-6.4"].split(":")[2]
    await admin.press_data(f"a:rs:{tournament}:rules-99", shown)  # a list changed since
    assert admin.last_answer()["text"] == common.STALE_BUTTON
    current = await world.services.tournaments.current()
    assert current[0].ruleset_ref == "rules-8"  # nothing changed


async def test_rename_archive_and_remove_tournaments(world):
    """Issue 17, item 3: a typo in a title is renamed; an empty tournament removed; one with
    games archived (out of the lists, its games and its board kept) and brought back."""
    admin, judge = await setup_club(world, "Осень")
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await admin.send("/newtournament Зимаа")
    await admin.reply()
    await admin.send("/tournaments")
    await admin.reply()
    assert admin.buttons() == ["⚙️ Зимаа", "⚙️ Осень"]
    await admin.press("⚙️ Зимаа")
    assert admin.buttons() == ["✏️ Переименовать", "🗑 Удалить", "« К списку турниров"]
    await admin.press("✏️ Переименовать")
    assert "Пришлите новое название турнира «Зимаа»" in (await admin.reply()).text
    await admin.send("осень")  # another tournament's title: asked again
    assert "Турнир «Осень» уже есть" in (await admin.reply()).text
    await admin.send("Зима")
    renamed = await admin.reply()
    assert "Турнир «Зимаа» теперь называется «Зима»" in renamed.text
    await admin.send("/rating Зима")
    assert "Зима" in (await admin.reply()).text

    await admin.send("/tournaments")
    await admin.reply()
    await admin.press("⚙️ Осень")  # games and not current: archive, no removal
    assert admin.buttons() == ["⭐ Сделать текущим", "✏️ Переименовать", "📦 В архив",
                               "« К списку турниров"]  # fmt: skip
    await admin.press("📦 В архив")
    assert "убран в архив" in (await admin.reply()).text
    await admin.send("/tournaments")
    assert "Осень" not in (await admin.reply()).text
    assert admin.buttons() == ["⚙️ Зима", "📦 Архив (1)"]
    await admin.send("/rating Осе")  # out of the lists: a part of its title finds nothing
    missed = (await admin.reply()).text
    assert "Турнир «Осе» не найден" in missed and "Осень" not in missed
    await admin.send("/rating Осень")  # its full title still shows its board
    assert "🏆 Рейтинг — Осень" in (await admin.reply()).text
    await admin.press("📦 Архив (1)")
    await admin.press("⚙️ Осень")
    await admin.press("↩️ Вернуть из архива")
    assert "снова в списках" in (await admin.reply()).text
    await admin.send("/tournaments")
    await admin.reply()
    assert admin.buttons() == ["⚙️ Зима", "⚙️ Осень"]

    await admin.press("⚙️ Зима")
    await admin.press("🗑 Удалить")
    assert "Удалить турнир «Зима»?" in (await admin.reply()).text
    await admin.press("Отмена")
    await admin.press("🗑 Удалить")
    await admin.press("🗑 Да, удалить")
    assert "Турнир «Зима» удалён" in (await admin.reply()).text
    titles = [r[0] for r in await world.database.fetchall("SELECT title FROM tournaments")]
    assert titles == ["Осень"]
    assert await world.database.fetchall("SELECT id FROM stages WHERE tournament_id != 1") == []
    await judge.send("/game")  # the current tournament was removed: none is current
    assert (
        "нет текущего турнира" in (await judge.reply()).text.lower()
        or "турнир" in judge.last().text
    )


async def test_forged_tournament_buttons_change_nothing(world):
    admin, judge = await setup_club(world, "Осень")
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await admin.send("/tournaments")
    listing = await admin.reply()
    for data, said in (
        ("a:rm:1:y", "есть игры"),  # a tournament with games is never removed
        ("a:ar:1:", "Текущий турнир нельзя убрать в архив"),
        ("a:tc:4242:", "Такого турнира нет"),
        ("a:rn:4242:", "Такого турнира нет"),
    ):
        await admin.press_data(data, listing)
        assert said in admin.last_answer()["text"]
    rows = await world.database.fetchall("SELECT title, archived_at FROM tournaments")
    assert [tuple(r) for r in rows] == [("Осень", None)]


async def test_a_tournament_a_judge_is_entering_a_game_into_is_not_removed(world):
    admin, judge = await setup_club(world, "Осень")
    await judge.send("/game")  # a draft in «Осень», which has no games yet
    await judge.reply()
    await admin.send("/tournaments")
    await admin.reply()
    await admin.press("⚙️ Осень")
    await admin.press("🗑 Удалить")
    await admin.press("🗑 Да, удалить")
    assert "Судья сейчас вносит игру в этот турнир" in admin.last_answer()["text"]
    assert len(await world.database.fetchall("SELECT id FROM tournaments")) == 1
