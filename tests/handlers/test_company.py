"""Partners and rivals in /player and /me, and /vs: the numbers counted from the games as a
person would count them from the protocols."""

from bot.texts.plural import games, games_genitive
from tests.harness import ADMIN_ID, PICTURE_SECONDS, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol

NAMES = [f"Игрок{n:02d}" for n in range(1, 15)]
RED = ("civilian", "sheriff")


def counted(protocol, me):
    """From the file: teammates (games, wins together), rivals (games, losses), tablemates."""
    together, against, shared = {}, {}, {}
    for game in protocol["games"]:
        seats = {p["name"]: p["role"] in RED for p in game["players"]}
        if me not in seats:
            continue
        red = seats[me]
        won = game["winner"] == ("red" if red else "black")
        lost = game["winner"] == ("black" if red else "red")
        for other, other_red in seats.items():
            if other == me:
                continue
            shared[other] = shared.get(other, 0) + 1
            kept = together if other_red == red else against
            games, count = kept.get(other, (0, 0))
            kept[other] = (games + 1, count + (won if other_red == red else lost))
    return together, against, shared


def best(counts, minimum=3):
    chosen = [(n, g, c) for n, (g, c) in counts.items() if g >= minimum and c]
    chosen.sort(key=lambda x: (-x[2] / x[1], -x[2], -x[1], x[0]))
    return chosen[:3]


async def test_partners_rivals_and_head_to_head_as_the_protocols_count_them(tmp_path):
    protocol = random_protocol(NAMES, 60, seed=5)
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("season.json", protocol_bytes(protocol), "/import Сезон")
        assert "Игр: 60" in (await admin.reply()).text
        me = NAMES[0]
        together, against, shared = counted(protocol, me)
        await admin.send(f"/player {me}")
        await world.api.wait_for(lambda: admin.last().photo, PICTURE_SECONDS)
        text = admin.bot_messages()[-2].text
        mates = ", ".join(f"{n} — {c} из {games_genitive(g)}" for n, g, c in best(together))
        assert f"🤝 Чаще побеждает вместе с: {mates}" in text, text
        rivals = ", ".join(f"{n} — {c} из {games_genitive(g)}" for n, g, c in best(against))
        assert f"⚔️ Чаще проигрывает против: {rivals}" in text, text
        top = sorted(shared.items(), key=lambda x: (-x[1], x[0]))[:3]
        tablemates = ", ".join(f"{n} ({games(g)})" for n, g in top)
        assert f"👥 Чаще всего за одним столом с: {tablemates}" in text, text
        # Head to head, both ways round, and what a typo or the same name twice gets.
        other = NAMES[1]
        games_together, won_together = together[other]
        games_against, lost_against = against[other]
        await admin.send(f"/vs {me} — {other}")
        vs = (await admin.reply()).text
        assert f"В одной команде: {games(games_together)}, побед {won_together}" in vs, vs
        assert f"Друг против друга: {games(games_against)}" in vs
        assert f"• побеждал {other}: {lost_against}" in vs, vs
        await admin.send(f"/vs {other} и {me}")
        assert f"• побеждал {other}: {lost_against}" in (await admin.reply()).text
        await admin.send("/vs Игрок99 — Игрок01")
        assert "Игрока «Игрок99» нет" in (await admin.reply()).text
        await admin.send(f"/vs {me} — {me}")
        assert "один и тот же игрок" in (await admin.reply()).text
        await admin.send(f"/vs {other}")  # the admin is linked to nobody
        assert "не привязан" in (await admin.reply()).text
        await admin.send("/vs")
        assert "/vs Ник" in (await admin.reply()).text


async def test_streaks_and_achievements_with_their_progress(tmp_path):
    from scoring.protocol_json import dump_protocol
    from tests.scoring.helpers import LAYOUT, game
    from tests.scoring.helpers import NAMES as SEATS

    def seated(seat):  # Лис in that seat, the others as the helper names them
        return [("Лис" if n == seat else SEATS[n - 1]) for n in range(1, 11)]

    games = [
        *(game("red", id=f"g{n}", names=seated(2)) for n in (1, 2, 3)),  # sheriff, won ×3
        game("black", id="g4", names=seated(9)),  # don, won
        game("black", id="g5", names=seated(1), first_killed=1, best_move=[4, 7, 9]),  # lost
        game("red", id="g6", names=seated(3)),  # civilian, won
    ]
    assert LAYOUT[1].value == "sheriff" and LAYOUT[8].value == "don"
    text = dump_protocol(games, "rules-8", 0)
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("season.json", text.encode(), "/import Сезон")
        assert "Игр: 6" in (await admin.reply()).text
        await admin.send("/player Лис")
        await world.api.wait_for(lambda: admin.last().photo, PICTURE_SECONDS)
        record = admin.bot_messages()[-2].text
        assert "🔥 Серия побед: лучшая — 4, сейчас — 1" in record, record
        assert (
            "🏅 ✅ лучший ход 3 из 3 · шериф-победитель: 3 из 10 · дон-победитель: 1 из 5 · "
            "победы во всех ролях: 3 из 4 · идеальный вечер: 0 из 3"
        ) in record, record
