"""/me and /player as players use them, the game protocols behind their buttons, and pictures."""

import io

import pytest
from PIL import Image

from bot.rating import drawing, pictures
from bot.texts import record as record_texts
from tests.club import Taps, enter_protocol, setup_club
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, PICTURE_SECONDS, dispatcher_world


async def two_games(world):
    admin, judge = await setup_club(world)
    await enter_protocol(Taps(judge), extras={2: "0.3"})  # black wins; Лис shot first, 3 of 3
    await judge.press("✅ Подтвердить")
    await enter_protocol(Taps(judge), winner="🔴 Красные", penalties={4: ["8.5.6.1"]})
    await judge.press("✅ Подтвердить")
    return admin, judge


async def linked_fox(world, admin):
    """Лиса opens the bot and the admin links her to the nickname Лис."""
    fox = world.person("Лиса", username="fox")
    await fox.send("/start")
    await fox.reply()
    await admin.send("/link @fox Лис")
    await admin.reply()
    return fox


def png_size(content: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(content)) as image:
        image.verify()
        return Image.open(io.BytesIO(content)).size


async def test_me_without_a_link_explains_iam(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        await two_games(world)
        guest = world.person("Гость")
        await guest.send("/me")
        assert "/iam" in (await guest.reply()).text


async def test_me_shows_place_points_roles_best_moves_games_and_a_chart(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, _judge = await two_games(world)
        fox = await linked_fox(world, admin)
        await world.announced()  # «your account is linked» reached the player
        await fox.send("/me")
        await world.api.wait_for(lambda: fox.last().photo, PICTURE_SECONDS)
        text = fox.bot_messages()[-2].text
        assert "👤 Лис — Осенний кубок" in text
        assert "Место 1 из 10" in text and "итого 2.2" in text
        assert "победы 1" in text and "Ci +0.4" in text and "лучший ход +0.8" in text
        assert "2 игры · побед 1 (50%)" in text
        assert "• мирный — 2 игры, побед 1 (50%)" in text
        assert "Первой ночью отстрелян 2 раза" in text
        assert "Лучший ход: 3 из 3 — 2 раза" in text
        assert "⏳" in text
        buttons = [b["text"] for b in fox.bot_messages()[-2].buttons()]
        assert buttons[0].startswith("✅ Стол 1, игра 2 · мирный")
        assert buttons[1].startswith("❌ Стол 1, игра 1 · мирный")
        # The chart: a PNG of a sane size, drawn from these numbers.
        _name, content = world.api.file_of(fox.last())
        width, height = png_size(content)
        assert 400 < width < 2000 and 200 < height < 1500
        # A button opens that game's protocol with every seat's breakdown and penalty names.
        await fox.press(buttons[0], message=fox.bot_messages()[-2])
        game = await fox.reply()
        assert "Стол 1, игра 2: победа красных" in game.text
        assert "↳ штраф 8.5.6.1" in game.text and "Протест можно подать до" in game.text


async def test_a_chart_asked_for_again_is_sent_by_telegrams_file_id_until_it_changes(tmp_path):
    """/me again before his next game: the same picture, sent by the file_id Telegram gave it
    (nothing drawn, nothing uploaded); after his next game a new one."""
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await two_games(world)
        fox = await linked_fox(world, admin)
        await world.announced()
        await fox.send("/me")
        first = await world.api.wait_for(lambda: fox.last().photo and fox.last(), PICTURE_SECONDS)
        uploads = len(world.api.files)
        await fox.send("/me")
        again = await world.api.wait_for(
            lambda: fox.last().photo and fox.last() is not first and fox.last(), PICTURE_SECONDS
        )
        assert again.photo["file_id"] == first.photo["file_id"]
        assert len(world.api.files) == uploads  # nothing uploaded
        await enter_protocol(Taps(judge))  # Лис plays again
        await judge.press("✅ Подтвердить")
        await world.announced()
        await fox.send("/me")
        changed = await world.api.wait_for(
            lambda: fox.last().photo and fox.last() is not again and fox.last(), PICTURE_SECONDS
        )
        assert changed.photo["file_id"] != first.photo["file_id"]
        assert len(world.api.files) == uploads + 1


async def test_player_by_nickname_and_unknown_nickname(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        await two_games(world)
        guest = world.person("Гость")
        await guest.send("/player сова")
        await world.api.wait_for(lambda: guest.last().photo, PICTURE_SECONDS)
        assert "👤 Сова" in guest.bot_messages()[-2].text
        await guest.send("/player Никто")
        assert (await guest.reply()).text == record_texts.no_player("Никто")
        await guest.send("/player")
        assert "/player Лис" in (await guest.reply()).text
        group = world.api.chats[CLUB_CHAT_ID]
        await guest.send("/me", group)
        assert "в личном чате" in (await guest.reply(group)).text


async def test_a_forged_game_button(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        await two_games(world)
        guest = world.person("Гость")
        await guest.send("/start")
        shown = await guest.reply()
        await guest.press_data("pl:99999", shown)
        assert guest.last_answer()["text"] == "Такой игры нет."


async def test_rating_picture_has_the_rows_and_marks(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, _ = await two_games(world)
        await admin.send("/rating")
        await admin.reply()
        await admin.press("🖼 Картинкой")
        photo = await world.api.wait_for(lambda: admin.last().photo and admin.last())
        width, height = png_size(world.api.file_of(photo)[1])
        assert width > 400 and height > 200
        assert "Рейтинг «Осенний кубок»" in photo.text


@pytest.fixture
def emoji_fonts(monkeypatch):
    """Pretend the host has these emoji fonts (the drawing module's caches follow)."""

    def use(names):
        monkeypatch.setattr(drawing, "EMOJI_FONTS", names)
        drawing.font_families.cache_clear()
        drawing._font_glyphs.cache_clear()

    yield use
    drawing.font_families.cache_clear()
    drawing._font_glyphs.cache_clear()


def test_emoji_are_drawn_with_an_emoji_font_the_host_has(emoji_fonts):
    """Issue 17, item 13: «Волк🐺» keeps its emoji when a font has it (matplotlib falls back per
    glyph). No emoji font is installed here, so DejaVu Serif stands in: its «⤀» is not in DejaVu
    Sans."""
    emoji_fonts(("DejaVu Serif",))
    assert drawing.font_families() == ("DejaVu Sans", "DejaVu Serif")
    assert drawing.drawable("Волк⤀") == "Волк⤀"
    picture = drawing.StandingsPicture(
        "Рейтинг", "тест", ("Место", "Игрок", "Игр", "Побед", "Доп", "Ci", "Сумма"),
        (("1", "Волк⤀", "1", "1", "0", "0", "1"),), 0, (),
    )  # fmt: skip
    assert drawing.draw_standings(picture).startswith(b"\x89PNG")


def test_picture_data_carries_the_labels_and_drops_glyphs_the_font_lacks(emoji_fonts):
    emoji_fonts(())  # a host without an emoji font
    assert drawing.drawable("Лис🦊") == "Лис"
    assert drawing.drawable("👨‍👩‍👧") == "?"
    assert drawing.drawable("<Дон> & Co") == "<Дон> & Co"
    from fractions import Fraction

    from bot.vocabulary.ratings import Kind, Row, Table

    rows = tuple(
        Row(n, n, f"Игрок{n}🎯", Fraction(10 - n), 3, 1, Fraction(1, 4), Fraction(0), n == 2,
            n == 3)
        for n in range(1, 4)
    )  # fmt: skip
    table = Table(Kind.TOTAL, rows, 0, 0, 12)
    picture = pictures.standings_picture("Кубок", table, 1, 1, mine=2, as_of="21:47 МСК")
    assert picture.rows[0] == ("1", "Игрок1🎯", "9", "3", "1", "0.25", "0")  # drawn without 🎯
    assert picture.rows[1][0] == "2*" and picture.rows[2][0] == "3°"
    assert picture.highlighted == 1
    assert len(picture.legend) == 2 and "21:47 МСК" in picture.subtitle
    png = drawing.draw_standings(picture)
    assert png.startswith(b"\x89PNG")


async def test_pictures_are_drawn_in_a_worker_process_that_comes_back_if_it_dies():
    chart = pictures.ProgressChart("Лис🦊", "Кубок", (1.0, 2.5), ("1", "2.5"), "Игры", "Баллы")
    assert (await pictures.render_async(chart)).startswith(b"\x89PNG")
    assert await pictures.render_async(chart) is await pictures.render_async(chart)  # kept
    worker = pictures._worker()
    for process in list(worker._processes.values()):
        process.kill()
        process.join()
    other = pictures.ProgressChart("Сова", "Кубок", (0.5,), ("0.5", "0.5"), "Игры", "Баллы")
    assert (await pictures.render_async(other)).startswith(b"\x89PNG")
    pictures.stop_drawing()


async def test_a_player_with_a_single_game(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        _, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        guest = world.person("Гость")
        await guest.send("/player Филин")
        chart = await world.api.wait_for(lambda: guest.last().photo and guest.last())
        text = guest.bot_messages()[-2].text
        assert "1 игра · побед 0 (0%)" in text and "Первой ночью не отстреливали" in text
        assert png_size(world.api.file_of(chart)[1])[0] > 400


async def test_player_by_part_of_a_nickname_a_typo_or_with_a_tournament(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        await two_games(world)
        await world.services.players.create("Совушка", ADMIN_ID)
        guest = world.person("Гость")
        await guest.send("/player фил")  # a part: one player
        await world.api.wait_for(lambda: guest.last().photo, PICTURE_SECONDS)
        assert "👤 Филин" in guest.bot_messages()[-2].text
        await guest.send("/player Филн")  # a typo
        await world.api.wait_for(lambda: "👤 Филин" in guest.bot_messages()[-1].text
                                 or "👤 Филин" in guest.bot_messages()[-2].text)  # fmt: skip
        await guest.send("/player сов")  # a part of two nicknames: a button each
        several = await guest.reply()
        assert several.text == record_texts.several_players("сов")
        assert sorted(b["text"] for b in several.buttons()) == ["Сова", "Совушка"]
        await guest.press("Сова")
        await world.api.wait_for(lambda: any("👤 Сова" in m.text for m in guest.bot_messages()))
        await guest.send("/player Сова нет такого турнира")
        assert "нет такого турнира" in (await guest.reply()).text


def test_a_one_game_chart_has_one_tick():
    """Issue 17, item 13: one game is tick «1», not 0.945…1.050."""
    chart = drawing.ProgressChart("Лис", "1 игра", (1.5,), ("1.5", "1.5"), "Игра", "Сумма")
    figure = drawing.progress_figure(chart)
    assert list(figure.axes[0].get_xticks()) == [1]
    many = drawing.ProgressChart("Лис", "30 игр", tuple(range(30)), ("0", "29"), "Игра", "Сумма")
    ticks = drawing.progress_figure(many).axes[0].get_xticks()
    assert all(float(t).is_integer() for t in ticks) and len(ticks) < 12


def test_the_elo_legend_keeps_clear_of_its_title():
    """Issue 30 §4: the /me chart's Elo legend overlapped its title."""
    from bot.texts import pictures as picture_texts

    curve = drawing.EloCurve(
        picture_texts.ELO_TITLE, tuple(1500.0 + i for i in range(13)),
        tuple(1500.0 - i for i in range(13)), picture_texts.ELO_LINES, picture_texts.ELO_X_LABEL,
    )  # fmt: skip
    chart = drawing.ProgressChart(
        "Сова", "12 игр", tuple(float(i) for i in range(12)), ("0", "11"), "Игра", "Сумма",
        elo=curve,
    )  # fmt: skip
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = drawing.progress_figure(chart)
    renderer = FigureCanvasAgg(figure).get_renderer()
    axes = figure.axes[1]
    titles = [t for t in (axes.title, axes._left_title, axes._right_title) if t.get_text()]
    legend = axes.get_legend().get_window_extent(renderer)
    assert titles and not any(t.get_window_extent(renderer).overlaps(legend) for t in titles)
