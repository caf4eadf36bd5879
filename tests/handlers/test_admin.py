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
    await admin.press("Сделать текущим: Осень")
    assert "Текущий турнир: «Осень»" in (await admin.reply()).text
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
    current = await world.service("tournaments").current()
    assert current[0].ruleset_ref == "rules-8"  # nothing changed
