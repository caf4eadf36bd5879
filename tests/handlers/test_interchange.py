"""/export and /import: the tournament as a protocol file and CSV, and a season brought in."""

import csv
import io
import json
import subprocess
import sys

import pytest

from bot.texts import interchange as texts
from tests.club import Taps, enter_protocol, setup_club
from tests.harness import ADMIN_ID, ROOT, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol
from tests.xlsx import read_workbook


async def export(world, person, *, with_sheet=False, with_statistics=False):
    """/export's protocol and CSV (and, asked, its spreadsheet's sheets read back, and the
    players' statistics CSV, None when the tournament has none)."""
    before = len(person.bot_messages())
    await person.send("/export")

    def sheet_sent() -> bool:
        new = person.bot_messages()[before:]
        return any(m.document and m.document["file_name"].endswith(".xlsx") for m in new)

    await world.api.wait_for(sheet_sent)
    files = dict(world.api.file_of(m) for m in person.bot_messages()[before:] if m.document)
    names = list(files)
    assert names[0].endswith(".json") and names[1].endswith(".csv")
    assert names[-1].endswith(".xlsx")
    statistics = [files[n] for n in names if n.endswith("-statistics.csv")]
    found = [files[names[0]], files[names[1]]]
    if with_sheet:
        found.append(read_workbook(files[names[-1]]))
    if with_statistics:
        found.append(statistics[0] if statistics else None)
    return tuple(found)


def cli_csv(path, cwd=ROOT):
    """``python -m scoring standings PATH --format csv``, run in ``cwd`` (relative rulesets)."""
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "standings", str(path), "--format", "csv"],
        capture_output=True, cwd=cwd, check=True, env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )  # fmt: skip
    return done.stdout


@pytest.mark.process  # runs a program of ours
async def test_export_matches_the_command_line_byte_for_byte(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge), extras={2: "0.3"}, penalties={3: ["8.5.2"]})
        await judge.press("✅ Подтвердить")
        await enter_protocol(Taps(judge), winner="🔴 Красные")
        await judge.press("✅ Подтвердить")
        await admin.send("/newstage финал")
        await admin.reply()
        await enter_protocol(Taps(judge), winner="🤝 Ничья", killed=None)
        await judge.press("✅ Подтвердить")
        protocol, table = await export(world, judge)  # judges may export
        data = json.loads(protocol)
        assert data["ruleset"] == "rules-8" and isinstance(data["seed"], int)
        assert [g["stage"] for g in data["games"]] == ["основной", "основной", "финал"]
        assert data["games"][0]["id"] == "стол 1, игра 1"
        assert data["games"][0]["players"][1] == {"name": "Bravo", "role": "sheriff", "extra": 0.3}
        path = tmp_path / "export.json"
        path.write_bytes(protocol)
        assert cli_csv(path) == table
        assert table.decode().splitlines()[0].startswith("place,name,games,wins")


@pytest.mark.process  # runs a program of ours
async def test_an_export_reimported_into_an_empty_database_gives_identical_standings(tmp_path):
    """Discipline included (issue 32 §3): fouls, removals and team defeats come back."""
    source = random_protocol(
        [f"Игрок{n}" for n in range(25)], 120, seed=11, stages=3, discipline=True
    )
    async with dispatcher_world(tmp_path / "a") as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("season.json", protocol_bytes(source), "/import Прошлый сезон")
        assert "Игр: 120" in (await admin.reply()).text
        first_json, first_csv = await export(world, admin)
        await admin.send("/rating")
        first_rating = (await admin.reply()).text
    exported = json.loads(first_json)["games"]
    assert [[{k: s.get(k) for k in ("fouls", "technical_fouls", "removal")} for s in g["players"]]
            for g in exported] == [
        [{k: s.get(k) for k in ("fouls", "technical_fouls", "removal")} for s in g["players"]]
        for g in source["games"]
    ]  # fmt: skip
    assert any(s.get("removal") == "ppk" for g in exported for s in g["players"])
    async with dispatcher_world(tmp_path / "b") as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("export.json", first_json, "/import Прошлый сезон")
        assert "Готово" in (await admin.reply()).text
        second_json, second_csv = await export(world, admin)
        await admin.send("/rating")
        second_rating = (await admin.reply()).text
    assert second_csv == first_csv
    assert second_json == first_json
    strip = lambda text: [line for line in text.splitlines() if "по состоянию" not in line]  # noqa: E731
    assert strip(second_rating) == strip(first_rating)
    # And the original file's standings are what the command line says.
    original = tmp_path / "source.json"
    original.write_bytes(protocol_bytes(source))
    assert cli_csv(original) == first_csv


async def test_an_export_too_big_for_telegram_comes_back_gzipped(tmp_path, monkeypatch):
    """Issue 31 §4: a club's own export must come back in. A 40,000-game export is 39 MB, and
    Telegram lets a bot download 20 MB at most: above 19 MB it goes gzipped (here the limit is
    lowered), and /import reads it; a gzipped file that unpacks beyond the limit is refused."""
    import gzip

    from bot.rating import interchange

    monkeypatch.setattr(interchange, "PACK_ABOVE", 10_000)
    source = random_protocol([f"Игрок{n}" for n in range(25)], 60, seed=4)
    async with dispatcher_world(tmp_path / "a") as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("season.json", protocol_bytes(source), "/import Сезон")
        assert "Игр: 60" in (await admin.reply()).text
        await admin.send("/export")
        await world.api.wait_for(lambda: len(admin.bot_messages()) >= 4)
        packed = admin.bot_messages()[-3]
        name, content = world.api.file_of(packed)
        assert name == "Сезон.json.gz" and "сжат (gzip)" in packed.caption
        assert len(content) < len(gzip.decompress(content)) / 4
        await admin.send("/rating")
        before = (await admin.reply()).text
    async with dispatcher_world(tmp_path / "b") as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file(name, content, "/import")
        assert "«Сезон»" in (await admin.reply()).text  # titled after the file, «.json.gz» off
        await admin.send("/rating")
        after = (await admin.reply()).text
        strip = lambda text: [line for line in text.splitlines() if "по состоянию" not in line]  # noqa: E731
        assert strip(after) == strip(before)
        monkeypatch.setattr(interchange, "MAX_UNPACKED", 50_000)
        bomb = gzip.compress(b" " * 200_000)
        await admin.send_file("bomb.json.gz", bomb, "/import")
        assert "Распакованный файл больше" in (await admin.reply()).text
        await admin.send_file("broken.json.gz", bomb[:50], "/import")
        assert "Сжатый файл повреждён" in (await admin.reply()).text


async def test_import_as_a_reply_names_the_tournament_after_the_file(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("Весна_2026.json", protocol_bytes(random_protocol(
            [f"Игрок{n}" for n in range(12)], 5)))  # fmt: skip
        assert "ответьте на него" in (await admin.reply()).text  # a file alone gets a hint
        sent = next(m for m in reversed(admin.private.history()) if not m.from_bot)
        await admin.send("/import", reply_to=sent)
        assert "«Весна 2026»" in (await admin.reply()).text
        games = await world.database.fetchall("SELECT status FROM games")
        assert {row["status"] for row in games} == {"final"}
        await admin.send("/rating")
        assert "Весна 2026" in (await admin.reply()).text and "⏳" not in admin.last().text


async def test_broken_files_are_refused_with_every_problem_and_nothing_written(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        bad = random_protocol([f"Игрок{n}" for n in range(12)], 3)
        bad["games"][0]["players"][0]["role"] = "king"
        bad["games"][2]["winner"] = "green"
        await admin.send_file("bad.json", protocol_bytes(bad), "/import")
        text = (await admin.reply()).text
        assert "ничего не записано" in text and "g1" in text and "g3" in text
        await admin.send_file("x.json", b"{not json", "/import")
        assert "не является JSON" in (await admin.reply()).text
        fifth = random_protocol([f"Игрок{n}" for n in range(12)], 3, seed=5)
        fifth["games"][1]["players"][6]["fouls"] = 5
        await admin.send_file("fouls.json", protocol_bytes(fifth), "/import")
        text = (await admin.reply()).text
        assert "ничего не записано" in text and "фолы — целое число от 0 до 4" in text
        await admin.send_file("x.json", b"\xff\xfe\x00", "/import")
        assert "UTF-8" in (await admin.reply()).text
        await admin.send_file("x.json", b'{"games": []}', "/import")
        assert "нет ни одной игры" in (await admin.reply()).text
        # The CSV the bot sent, brought back: a clear line, not the JSON parser's words.
        await admin.send_file("t.csv", "place,name,total\n1,Сова,3.0000\n".encode(), "/import")
        refused = (await admin.reply()).text
        assert texts.NOT_A_PROTOCOL in refused and "Expecting value" not in refused
        await admin.send_file("x.json", b"[1, 2]", "/import")
        assert "JSON-объектом" in (await admin.reply()).text
        await admin.send_file("big.json", b"{}", "/import", size=21 * 1024 * 1024)
        assert "больше 20 МБ" in (await admin.reply()).text
        clash = random_protocol(["Лис", "лис", *[f"Игрок{n}" for n in range(10)]], 4, seed=2)
        await admin.send_file("c.json", protocol_bytes(clash), "/import")
        assert "для бота это один игрок" in (await admin.reply()).text
        custom = random_protocol([f"Игрок{n}" for n in range(12)], 2)
        custom["ruleset"] = "/etc/passwd"
        await admin.send_file("r.json", protocol_bytes(custom), "/import")
        assert "не знает правил «/etc/passwd»" in (await admin.reply()).text
        await admin.send("/import")
        assert "Пришлите JSON-файл" in (await admin.reply()).text
        for table in ("tournaments", "players", "games", "game_seats", "audit_log"):
            assert (await world.database.fetchone(f"SELECT count(*) FROM {table}"))[0] == 0


async def test_absurd_numbers_in_a_file_are_refused_with_the_reason(tmp_path):
    """Issue 31 §3: a file must meet the rules /newstage does (a weight above 0, up to 10, three
    decimals at most); a nesting of 100,000 and an extra of 1e999999999 got the generic
    apology (and the admins a notice naming internals)."""
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        season = random_protocol([f"Игрок{n}" for n in range(12)], 3)
        for game in season["games"]:
            game["stage"] = "финал"
        for weight, shown in (
            ("1e-999999", "вне разумных пределов"),
            ("20", "Вес этапа «финал»"),
            ("1.2345", "Вес этапа «финал»"),
            ("1e400", "вне разумных"),
        ):
            text = json.dumps({**season, "stages": [{"name": "финал", "weight": 1}]})
            text = text.replace('"weight": 1}', f'"weight": {weight}}}')
            await admin.send_file("s.json", text.encode(), "/import")
            refused = (await admin.reply()).text
            assert shown in refused and "ничего не записано" in refused, refused
        await admin.send_file("deep.json", b"[" * 100_000 + b"]" * 100_000, "/import")
        assert "вложен слишком глубоко" in (await admin.reply()).text
        text = json.dumps(season).replace('"role": "civilian"', '"role": "civilian", "extra": '
                                          "1e999999999", 1)  # fmt: skip
        await admin.send_file("x.json", text.encode(), "/import")
        assert "доп. баллы — число вне разумных пределов" in (await admin.reply()).text
        await world.announced()
        assert not [m for m in admin.bot_messages() if "Что-то пошло не так" in m.text]
        assert await world.services.dead_letters.count() == 0  # no failure for the admins
        assert (await world.database.fetchone("SELECT count(*) FROM games"))[0] == 0


async def test_a_full_disk_during_an_import_is_said_and_nothing_is_half_written(tmp_path, caplog):
    """Issue 31 §5: the admin heard «что-то пошло не так», and the log only «cannot rollback -
    no transaction is active». A full disk is made by SQLite's page limit on the connection."""
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        connection = world.database.connection
        pages = (await (await connection.execute("PRAGMA page_count")).fetchone())[0]
        await connection.execute(f"PRAGMA max_page_count = {pages + 5}")
        season = random_protocol([f"Игрок{n:02d}" for n in range(30)], 300)
        await admin.send_file("s.json", protocol_bytes(season), "/import Сезон")
        told = (await admin.reply()).text
        assert "кончилось место на диске" in told and "ничего не записано" in told, told
        assert "database or disk is full" in caplog.text
        assert "cannot rollback" not in caplog.text
        for table in ("tournaments", "players", "games"):
            assert (await world.database.fetchone(f"SELECT count(*) FROM {table}"))[0] == 0
        await connection.execute("PRAGMA max_page_count = 1073741823")
        await admin.send_file("s2.json", protocol_bytes(season), "/import Сезон")
        assert "Игр: 300" in (await admin.reply()).text  # room again: it goes in whole


async def test_import_is_for_admins_and_export_for_judges(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _admin, judge = await setup_club(world)
        await judge.send_file("s.json", b"{}", "/import")
        assert "только администраторам" in (await judge.reply()).text
        player = world.person("Игрок")
        await player.send("/export")
        assert "судьям" in (await player.reply()).text
        await judge.send("/export")
        assert "пока нет засчитанных игр" in (await judge.reply()).text


async def test_import_matches_known_players_by_nickname(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        names = ["лис", "СОВА", "еж", *[f"Новичок{n}" for n in range(9)]]
        await admin.send_file("s.json", protocol_bytes(random_protocol(names, 6)), "/import Лето")
        text = (await admin.reply()).text
        assert "новых 9, уже знакомых клубу 3" in text
        assert (await world.database.fetchone("SELECT count(*) FROM players"))[0] == 19


@pytest.mark.process  # runs a program of ours
async def test_a_club_ruleset_travels_with_the_export(tmp_path):
    rules = tmp_path / "club.json"
    rules.write_text(
        '{"extends": "rules-8", "id": "club-8", "title": "Клубные",'
        ' "best_move": {"3": 0.5, "2": 0.3}}',
        encoding="utf-8",
    )
    async with dispatcher_world(tmp_path, ruleset=str(rules)) as world:
        admin, judge = await setup_club(world)
        created = next(m for m in reversed(admin.bot_messages()) if m.buttons())
        label = next(b["text"] for b in created.buttons() if "club" in b["text"])
        await admin.press(label, message=created)
        await admin.reply()
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        before = len(judge.bot_messages())
        await judge.send("/export")
        await world.api.wait_for(lambda: len(judge.bot_messages()) >= before + 4)
        files = [world.api.file_of(m) for m in judge.bot_messages()[-4:]]
        (ruleset_name, ruleset), (_, protocol), (_, table), (sheet, _) = files
        assert sheet.endswith(".xlsx")
        assert json.loads(protocol)["ruleset"] == ruleset_name == "club-8.json"
        folder = tmp_path / "out"
        folder.mkdir()
        (folder / ruleset_name).write_bytes(ruleset)
        (folder / "t.json").write_bytes(protocol)
        assert cli_csv("t.json", cwd=folder) == table
        assert ",0.5000," in table.decode()  # Лис's best move scored by the club's rules


async def test_the_same_file_imported_twice_makes_no_twin(tmp_path):
    """Issue 17, item 3: a second /import of the very file names the tournament it made."""
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        data = protocol_bytes(random_protocol([f"Игрок{n}" for n in range(12)], 3))
        await admin.send_file("season.json", data, "/import Прошлый сезон")
        assert "Готово" in (await admin.reply()).text
        for caption in ("/import прошлый сезон", "/import Другое имя"):
            await admin.send_file("season.json", data, caption)
            assert (await admin.reply()).text == texts.same_file("Прошлый сезон")
        assert len(await world.database.fetchall("SELECT id FROM tournaments")) == 1


async def test_a_taken_title_asks_what_to_call_the_new_tournament(tmp_path):
    """Another file under a title that exists: a title typed, the suggested one, or nothing."""
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        names = [f"Игрок{n}" for n in range(12)]
        await admin.send_file(
            "a.json", protocol_bytes(random_protocol(names, 3, seed=1)), "/import Сезон"
        )
        assert "Готово" in (await admin.reply()).text
        second = protocol_bytes(random_protocol(names, 4, seed=2))
        await admin.send_file("b.json", second, "/import сезон")
        asked = await admin.reply()
        assert asked.text == texts.title_taken("Сезон")
        assert admin.buttons() == ["📥 Импортировать как «Сезон (2)»", "Не импортировать"]
        await admin.send("Сезон")  # taken still: asked again, the file keeps waiting
        assert (await admin.reply()).text == texts.title_taken("Сезон")
        await admin.send("Весна 2025")
        done = (await admin.reply()).text
        assert "турнир «Весна 2025» создан" in done and "Игр: 4" in done
        titles = [r[0] for r in await world.database.fetchall("SELECT title FROM tournaments")]
        assert sorted(titles) == ["Весна 2025", "Сезон"]
        await admin.press("Не импортировать", message=asked)  # the old question: gone
        assert admin.last_answer()["text"] == texts.IMPORT_GONE

        third = protocol_bytes(random_protocol(names, 2, seed=3))
        await admin.send_file("c.json", third, "/import Сезон")
        asked = await admin.reply()
        await admin.press("📥 Импортировать как «Сезон (2)»")
        assert "турнир «Сезон (2)» создан" in (await admin.reply()).text
        await admin.press("📥 Импортировать как «Сезон (2)»", message=asked)  # a double tap
        assert admin.last_answer()["text"] == texts.IMPORT_GONE

        fourth = protocol_bytes(random_protocol(names, 2, seed=4))
        await admin.send_file("d.json", fourth, "/import Сезон")
        await admin.reply()
        older = admin.last()
        await admin.send_file(
            "f.json", protocol_bytes(random_protocol(names, 2, seed=6)), "/import Сезон"
        )
        await admin.reply()  # a second file waits now: the first question's buttons are stale
        await admin.press("📥 Импортировать как «Сезон (3)»", message=older)
        assert admin.last_answer()["text"] == texts.IMPORT_GONE
        await admin.send("/cancel")
        assert (await admin.reply()).text == texts.IMPORT_CANCELLED
        await admin.send_file(
            "e.json", protocol_bytes(random_protocol(names, 2, seed=5)), "/import Сезон"
        )
        await admin.reply()
        await admin.press("Не импортировать")
        assert (await admin.reply()).text == texts.IMPORT_CANCELLED
        assert len(await world.database.fetchall("SELECT id FROM tournaments")) == 3


async def test_import_leaves_the_current_tournament_current_unless_asked(tmp_path):
    """Last season imported in the middle of this one: the judges' next game stays here."""
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world, "Осень")
        data = protocol_bytes(random_protocol([f"Игрок{n}" for n in range(12)], 3))
        await admin.send_file("season.json", data, "/import Весна")
        report = (await admin.reply()).text
        assert "Текущим остаётся «Осень»" in report and "/rating Весна" in report
        assert admin.buttons() == ["⭐ Сделать текущим: Весна"]
        await judge.send("/game")
        assert "Осень" in (await judge.reply()).text
        await judge.send("/cancel")
        await judge.reply()
        await admin.press("⭐ Сделать текущим: Весна")
        assert (await admin.reply()).text == "Текущий турнир: «Весна»."
        assert "Текущим остаётся" in admin.bot_messages()[-2].text  # the report stays
        await admin.send("/rating")
        assert "Весна" in (await admin.reply()).text


@pytest.mark.process  # runs a program of ours
async def test_the_spreadsheet_opens_in_a_russian_excel(tmp_path):
    """Issue 17, item 11: Russian headers, numbers as numbers, standings and games; the CSV
    stays the command line's byte for byte."""
    async with dispatcher_world(tmp_path) as world:
        _admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge), extras={2: "0.3"}, penalties={3: ["8.5.2"]})
        await judge.press("✅ Подтвердить")
        await enter_protocol(Taps(judge), winner="🔴 Красные", fouls={5: 4, 6: 1})
        await judge.press("✅ Подтвердить")
        protocol, table, sheets = await export(world, judge, with_sheet=True)
        assert list(sheets) == ["Таблица", "Игры"]
        standings, games = sheets["Таблица"], sheets["Игры"]
        assert standings[0][:4] == ["Место", "Игрок", "Игр", "Побед"]
        assert standings[0][13] == "Итого"
        rows = list(csv.DictReader(io.StringIO(table.decode())))
        assert len(standings) == len(rows) + 1
        for line, row in zip(standings[1:], rows, strict=True):
            assert line[0] == float(row["place"]) and line[1] == row["name"]
            assert line[2] == float(row["games"]) and isinstance(line[2], float)
            assert line[13] == pytest.approx(float(row["total"]), abs=1e-4)
            assert line[7] == pytest.approx(float(row["ci"]), abs=1e-4)
        assert games[0][:8] == ["Стол", "Игра", "Этап", "Окончена", "Победили",
                                "Место за столом", "Игрок", "Роль"]  # fmt: skip
        assert len(games) == 1 + 2 * 10
        assert {row[4] for row in games[1:]} == {"чёрные", "красные"}
        assert {row[7] for row in games[1:]} == {"мирный", "шериф", "мафия", "дон"}
        assert all(isinstance(row[3], float) for row in games[1:])  # a date Excel can sort
        assert games[0][15:] == ["Фолы", "Тех. фолы", "Удалён"]
        assert [row[15:] for row in games[11:]][4:6] == [[4.0, 0.0, "4 фола"], [1.0, 0.0, ""]]
        by_name: dict[str, float] = {}
        for row in games[1:]:
            by_name[row[6]] = by_name.get(row[6], 0) + row[13]
        for row in rows:
            assert by_name[row["name"]] == pytest.approx(float(row["total"]), abs=1e-3)
        assert cli_csv_of(tmp_path, protocol) == table


def cli_csv_of(tmp_path, protocol: bytes) -> bytes:
    path = tmp_path / "exported.json"
    path.write_bytes(protocol)
    return cli_csv(path)
