"""Who is who: /iam with a judge's decision, /link, /unlink, /rename, /merge — seen in /rating."""

import json

import pytest

from tests.club import NAMES, Taps, enter_protocol, setup_club
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, PICTURE_SECONDS, dispatcher_world

pytestmark = pytest.mark.both_engines  # the services' and delivery tests: on both engines


async def played_game(world):
    admin, judge = await setup_club(world)
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    await world.announced()
    return admin, judge


async def test_iam_is_confirmed_by_a_judge_and_the_player_is_told(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await played_game(world)
        player = world.person("Алиса", username="alice")
        await player.send("/iam сова")
        assert "Запрос отправлен" in (await player.reply()).text
        await world.announced()
        request = judge.last()
        assert "Алиса (@alice)" in request.text and "Сова" in request.text
        assert "просит привязать" in admin.last().text  # admins are asked too
        await judge.press("✅ Подтвердить")
        assert "Подтверждено" in judge.last_answer()["text"]
        assert "✅ Подтверждено — Иван" in judge.last().text and not judge.buttons()
        await world.announced()
        assert "привязан к нику «Сова»" in player.last().text
        # The admin's copy is closed too (issue 17, item 13): who decided, no buttons.
        copy = next(m for m in admin.bot_messages() if "просит привязать" in m.text)
        assert "✅ Подтверждено — Иван" in copy.text and copy.buttons() == []
        # A tap that was on its way (a stale button): told it was decided already.
        await admin.press_data("lk:yes:1", copy)
        assert "уже подтверждён" in admin.last_answer()["text"]
        await player.send("/rating")
        assert "👉" in (await player.reply()).text and "<b>Сова</b>" in player.last().raw_text
        audit = await world.database.fetchall("SELECT action, actor_id FROM player_audit")
        assert [(r["action"], r["actor_id"]) for r in audit] == [("linked", judge.id)]


async def test_iam_refusals(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await played_game(world)
        player = world.person("Алиса", username="alice")
        await player.send("/iam")
        assert "/iam Лис" in (await player.reply()).text
        await player.send("/iam 3. Незнакомец")  # not a nickname a player could be created with
        refused = (await player.reply()).text
        assert "Игрока с ником «3. Незнакомец» в клубе нет, а завести такой ник нельзя" in refused
        assert await world.database.fetchall("SELECT id FROM link_requests") == []
        await admin.send("/link @boss Лис")  # the admin links himself to Лис
        assert "Готово" in (await admin.reply()).text
        await player.send("/iam лис")
        assert "уже привязан к другому аккаунту" in (await player.reply()).text
        await player.send("/iam Сова", world.api.chats[CLUB_CHAT_ID])
        assert "в личном чате" in (await player.reply(world.api.chats[CLUB_CHAT_ID])).text
        await player.send("/iam Сова")
        await player.reply()
        await world.announced()
        await judge.press("❌ Отклонить")
        await world.announced()
        assert "отклонён" in player.last().text
        owl = await world.database.fetchone("SELECT user_id FROM players WHERE nickname = 'Сова'")
        assert owl["user_id"] is None


async def test_a_newcomer_claims_a_nickname_before_his_first_game(tmp_path):
    """Issue 17, item 12: /iam of a nickname no game has brought: the judge who confirms
    creates the player, and the newcomer's very first game brings his result in private."""
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await played_game(world)
        newcomer = world.person("Пётр", username="petr")
        await newcomer.send("/iam Незнакомец")
        sent = (await newcomer.reply()).text
        assert "судьи клуба заведут игрока «Незнакомец»" in sent
        await world.announced()
        request = judge.last()
        assert "новичок" in request.text and "«Незнакомец»" in request.text
        assert "такого игрока ещё нет" in request.text
        assert (
            await world.database.fetchall("SELECT id FROM players WHERE nickname = 'Незнакомец'")
            == []
        )
        await judge.press("✅ Подтвердить")
        await world.announced()
        told = newcomer.last().text
        assert "привязан к нику «Незнакомец»" in told and "Называйте этот ник судье" in told
        row = await world.database.fetchone(
            "SELECT id, user_id FROM players WHERE nickname = 'Незнакомец'"
        )
        assert row["user_id"] == newcomer.id
        copy = next(m for m in admin.bot_messages() if "новичок" in m.text)
        assert copy.buttons() == [] and "Подтверждено — Иван" in copy.text
        # His first game: the judge types the nickname; the newcomer gets his result.
        names = ["Незнакомец", *NAMES[1:]]
        await enter_protocol(Taps(judge), names=names)
        await judge.press("✅ Подтвердить")
        await world.announced()
        result = newcomer.last()
        assert "Незнакомец" in result.text and "Подать протест" in str(result.buttons())
        audit = await world.database.fetchall("SELECT details FROM player_audit")
        assert json.loads(audit[0]["details"])["created"] is True


async def test_a_nickname_close_to_a_players_asks_which_one_first(tmp_path):
    """«Совв» is offered as «Сова» first; «I am new» under the typed nickname is the last
    choice; a look-alike Latin letter is the player himself."""
    async with dispatcher_world(tmp_path) as world:
        _admin, judge = await played_game(world)
        player = world.person("Алиса", username="alice")
        await player.send("/iam Cова")  # a Latin C: it is Сова
        assert "Запрос отправлен" in (await player.reply()).text and "«Сова»" in player.last().text
        await player.send("/iam Совв")
        asked = await player.reply()
        assert "есть похожие: «Сова»" in asked.text
        assert player.buttons() == ["Я — Сова", "Я новичок: «Совв»"]
        await player.press("Я — Сова")
        assert "ник «Сова» — ваш" in (await player.reply()).text
        assert asked.buttons() == []  # the choice is closed once made
        await world.announced()
        copies = [m for m in judge.bot_messages() if "просит" in m.text]
        assert len(copies) == 2  # «Cова», then «Сова» again: the earlier copy is closed
        assert [bool(m.buttons()) for m in copies] == [False, True]
        assert "Запрос заменён новым" in copies[0].text
        await player.send("/iam Совв")
        await player.reply()
        await player.press("Я новичок: «Совв»")
        assert "заведут игрока «Совв»" in (await player.reply()).text
        await player.press_data("lk:new:0", asked)  # the old choice again: stale
        assert "устарел" in player.last_answer()["text"]
        pending = await world.database.fetchall(
            "SELECT nickname, player_id FROM link_requests WHERE status = 'pending'"
        )
        assert [tuple(r) for r in pending] == [("Совв", None)]


async def test_two_judges_deciding_at_once_make_one_decision(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await played_game(world)
        player = world.person("Алиса")
        await player.send("/iam Сова")
        await player.reply()
        await world.announced()
        import asyncio

        await asyncio.gather(admin.press("❌ Отклонить"), judge.press("✅ Подтвердить"))
        rows = await world.database.fetchall("SELECT status FROM link_requests")
        assert len(rows) == 1 and rows[0]["status"] in ("approved", "rejected")
        await world.announced()
        outcomes = [m.text for m in player.bot_messages() if "«Сова»" in m.text][1:]
        assert len(outcomes) == 1


async def test_link_and_unlink_by_a_head_judge_and_refusals(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await played_game(world)
        player = world.person("Алиса", username="alice")
        await player.send("/start")
        await player.reply()
        await judge.send("/link @alice Сова")
        assert "Привязывать аккаунты могут главные судьи" in (await judge.reply()).text
        await admin.send("/link @nobody Сова")
        assert "Я не знаю @nobody" in (await admin.reply()).text
        await admin.send("/link @alice")
        assert "Как привязать" in (await admin.reply()).text
        await admin.send(f"/link {player.id} сова")
        assert "Готово: Алиса (@alice) теперь — «Сова»" in (await admin.reply()).text
        await admin.send("/link @alice Кот")
        assert "уже привязан к нику «Сова»" in (await admin.reply()).text
        await admin.send("/unlink Сова")
        assert "больше ни к кому не привязан" in (await admin.reply()).text
        await admin.send("/unlink Сова")
        assert "ни к кому не привязан" in (await admin.reply()).text
        # As a reply to the person's message in the group.
        group = world.api.chats[CLUB_CHAT_ID]
        await player.send("всем привет", group)
        said = group.history()[-1]
        await admin.send("/link Кот", group, reply_to=said)
        assert "теперь — «Кот»" in (await admin.reply(group)).text
        await world.announced()  # his notices (paced a second apart) are all there first
        await player.send("/me")
        await world.api.wait_for(lambda: player.last().photo, PICTURE_SECONDS)
        assert "👤 Кот" in player.bot_messages()[-2].text


async def test_rename_shows_at_once_in_the_rating(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await played_game(world)
        await admin.send("/rating")
        assert "Сова" in (await admin.reply()).text
        await admin.send("/rename Сова -> Сова Мудрая")
        assert "теперь «Сова Мудрая»" in (await admin.reply()).text
        await admin.send("/rating")
        text = (await admin.reply()).text
        assert "Сова Мудрая" in text
        await admin.send("/rename Лис -> кот")
        assert "уже занят" in (await admin.reply()).text and "/merge" in admin.last().text
        await admin.send("/rename Лис")
        assert "через стрелку" in (await admin.reply()).text
        await admin.send("/rename Лис -> 1.Лис")
        assert "Готово" not in (await admin.reply()).text
        await judge.send("/rename Лис -> Лиса")
        assert "только для администраторов" in (await judge.reply()).text
        audit = await world.database.fetchone("SELECT details FROM player_audit")
        assert json.loads(audit["details"]) == {"before": "Сова", "after": "Сова Мудрая"}


async def test_merge_moves_games_and_refuses_players_who_sat_together(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await played_game(world)
        second = ["Совушка", *NAMES[1:3], "Лис2", *NAMES[4:]]
        await enter_protocol(Taps(judge), names=second, winner="🔴 Красные")
        await judge.press("✅ Подтвердить")
        await admin.send("/merge Совушка -> Лис")
        assert "играли за одним столом" not in (await admin.reply()).text  # never sat together
        assert "Игр перенесено: 1" in admin.last().text
        await admin.send("/merge Лис2 -> Bravo")
        assert "играли за одним столом" in (await admin.reply()).text
        await admin.send("/rating")
        text = (await admin.reply()).text
        assert "Совушка" not in text and "Лис —" not in text
        board = await world.services.ratings.board((await world.services.tournaments.current())[0])
        fox = next(row for row in board.standings if row.name == "Лис")
        assert fox.games == 2
        players = await world.database.fetchall("SELECT nickname FROM players")
        assert "Совушка" not in {row["nickname"] for row in players}
        corrected = await world.database.fetchall(
            "SELECT actor_id FROM audit_log WHERE action = 'corrected'"
        )
        assert [row["actor_id"] for row in corrected] == [ADMIN_ID]
        await admin.send("/merge Лис -> лис")
        assert "один и тот же" in (await admin.reply()).text
