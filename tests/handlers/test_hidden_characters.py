"""Issue 45 §4: a tournament's title and a stage's name refuse right-to-left overrides and
zero-width characters, as nicknames do (the record page showed «…кобуК»); an emoji sequence
keeps its joiners; a title from a file's caption loses them."""

from __future__ import annotations

from bot.texts import tournaments as texts
from bot.vocabulary.names import hidden_characters, without_hidden
from tests.club import setup_club
from tests.harness import dispatcher_world


async def test_titles_and_stage_names_refuse_hidden_characters(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, _ = await setup_club(world)
        for title in ("Кубок\u202eкобуК", "Зимний\u200bкубок", "Кубок\u2066 лета"):
            await admin.send(f"/newtournament {title}")
            assert (await admin.reply()).text == texts.TITLE_INVISIBLE
            await admin.send(f"/newstage {title}")
            assert (await admin.reply()).text == texts.TITLE_INVISIBLE
        await admin.send("/newtournament Кубок 👨‍👩‍👧")  # a family emoji: its joiners are its own
        assert "создан" in (await admin.reply()).text
        await admin.send("/tournaments")
        shown = (await admin.reply()).text
        assert "\u202e" not in shown and "\u200b" not in shown


def test_the_rule_is_one_for_every_name():
    assert hidden_characters("Сова\u202e") and hidden_characters("Со\u200bва")
    assert not hidden_characters("👨‍👩‍👧 Сова") and not hidden_characters("🏴󠁧󠁢󠁳󠁣󠁴󠁿")
    assert without_hidden("Кубок\u202eкобуК\u200b") == "КубоккобуК"
