"""The editor's screens: one message, edited in place, with the buttons of each step.

Pure rendering: a draft and what it refers to in, text and keyboard out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from bot.callbacks import EntryAction, EntryCB, GameAction, GameCB
from bot.club.players import Player
from bot.entry.discipline import undo_label
from bot.entry.draft import Draft, Step
from bot.telegram.keyboards import button, column, in_rows, keyboard
from bot.texts import entry as texts
from bot.texts import live as live_texts
from bot.texts.game import ROLE, ROLE_MARK, WINNER, WINNER_BUTTON, discipline, seat_points, short
from bot.texts.markup import quote
from bot.texts.points import show
from bot.vocabulary.protocol import SEATS
from scoring import GameScore, Removal, Ruleset, Winner, outcome_for
from scoring.validation import Problem

Rows = list[list[InlineKeyboardButton]]


@dataclass
class EditorContext:
    """What the editor shows besides the draft itself."""

    tournament: str
    stage: str
    ruleset: Ruleset
    players: dict[int, Player]
    suggestions: list[Player] = field(default_factory=list)
    close: dict[int, list[Player]] = field(default_factory=dict)  # unknown pasted seat → close
    score: GameScore | None = None
    problems: list[Problem] = field(default_factory=list)
    # A new game whose winner was tapped longer ago than the protest window: (minutes ago,
    # the window), said on the summary (the window counts from the publication).
    ended_long_ago: tuple[int, int] | None = None
    # A new game at a table whose game N was annulled and not replayed yet: N, said on the
    # summary with the choice (``Draft.not_replay``); the game saved as its replay by default.
    awaiting_replay: int | None = None
    # A protocol of a seated evening whose lineup differs from the seating: (seat, who sits
    # there now, who the seating put there), said on the summary before Confirm.
    off_seating: list[tuple[int, str, str]] = field(default_factory=list)
    # Players of the protocol who left the evening (a seated evening's /leave or «🚪 Ухожу»):
    # marked on their seats, to be replaced by who sits the round out.
    left: set[int] = field(default_factory=set)
    app_page: str | None = None  # the Mini App's page (WEBAPP_URL): the game can be run there


def render(draft: Draft, ctx: EditorContext) -> tuple[str, InlineKeyboardMarkup]:
    protocol = draft.protocol
    parts = [
        texts.header(
            draft.is_correction,
            protocol.table,
            protocol.number,
            ctx.tournament,
            ctx.stage,
            draft.step,
        )
    ]
    if draft.notice:
        parts.append(texts.notice(draft.notice))
    body, rows = _VIEWS[draft.step](draft, ctx)
    parts.append(body)
    if ctx.app_page and _app_offered(draft):  # above the step's last row (cancel, back)
        app = [InlineKeyboardButton(text=live_texts.OPEN_APP, web_app=WebAppInfo(url=ctx.app_page))]
        rows = [*rows[:-1], app, *rows[-1:]]
    return "\n\n".join(parts), keyboard(rows)


def _app_offered(draft: Draft) -> bool:
    """«📱 Вести игру» while a new game is still to be played: before its winner."""
    early = draft.step in (Step.PLAYERS, Step.ROLES, Step.WINNER)
    return early and not draft.is_correction and draft.protocol.winner is None


# -- pieces ------------------------------------------------------------------------------------


def _nickname(draft: Draft, ctx: EditorContext, seat: int) -> str | None:
    player_id = draft.protocol.player(seat)
    if player_id in ctx.players:
        return ctx.players[player_id].nickname
    return next((name for s, name in draft.unknown if s == seat), None)


def _button(
    text: str, draft: Draft, action: EntryAction, value: object = ""
) -> InlineKeyboardButton:
    return button(text, EntryCB(d=draft.id, r=draft.rev, a=action, v=str(value)))


def _seat_rows(draft: Draft, ctx: EditorContext, action: EntryAction, mark: dict[int, str]) -> Rows:
    buttons = []
    for seat in SEATS:
        nickname = _nickname(draft, ctx, seat)
        label = f"{seat} {short(nickname, 9)}" if nickname else f"{seat} —"
        if mark.get(seat):
            label = f"{mark[seat]} {label}"
        buttons.append(_button(label, draft, action, seat))
    return in_rows(buttons, 5)


def _nav(draft: Draft, *, forward: str | None = None, back: bool = True) -> Rows:
    row = []
    if back:
        row.append(_button(texts.BACK, draft, EntryAction.BACK))
    if forward:
        row.append(_button(forward, draft, EntryAction.NEXT))
    rows = [row] if row else []
    rows.append([_button(texts.DISCARD, draft, EntryAction.DISCARD)])
    return rows


def _seat_list(draft: Draft, ctx: EditorContext, cursor: int | None = None) -> str:
    lines = []
    unknown = dict(draft.unknown)
    for seat in SEATS:
        nickname = _nickname(draft, ctx, seat)
        role = draft.protocol.role(seat)  # None until marked; unmarked seats end up civilians
        role_text = f" — {ROLE[role]}" if role else ""
        pointer = "▶ " if seat == cursor else ""
        shown = quote(nickname) if nickname else "—"
        if seat in unknown:
            shown += f" ({texts.UNKNOWN_MARK})"
        if draft.protocol.player(seat) in ctx.left:
            shown += f" {texts.LEFT_MARK}"
        lines.append(f"{pointer}{seat}. {shown}{role_text}")
    return "\n".join(lines)


# -- steps -------------------------------------------------------------------------------------


def _players(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    protocol = draft.protocol
    cursor = draft.cursor or draft.next_open_seat()
    text = [_seat_list(draft, ctx, cursor)]
    leavers = [seat for seat in SEATS if protocol.player(seat) in ctx.left]
    if leavers:
        text.append(texts.left_the_evening(leavers))
    if cursor:
        seated = protocol.player(cursor) is not None
        text.append(texts.swap_prompt(cursor) if seated else texts.players_prompt(cursor))
    rows = _seat_rows(draft, ctx, EntryAction.SEAT, {cursor: "▶"} if cursor else {})
    for player in ctx.suggestions:
        seat = protocol.seat_of(player.id)
        label = texts.swap_button(short(player.nickname, 30), seat) if seat else player.nickname
        rows.append([_button(label, draft, EntryAction.PICK, player.id)])
    if draft.query:
        label = texts.new_player_button(short(draft.query, 24))
        rows.append([_button(label, draft, EntryAction.NEW)])
    if draft.unknown:
        text.append(texts.not_in_club(draft.unknown))
        for seat, name in draft.unknown:  # «Совв → Сова?» before any new player
            for player in ctx.close.get(seat, []):
                label = texts.close_button(short(name, 14), short(player.nickname, 14))
                rows.append([_button(label, draft, EntryAction.SEAT_AS, f"{seat}-{player.id}")])
            if ctx.close.get(seat):
                label = texts.new_anyway_button(short(name, 20))
                rows.append([_button(label, draft, EntryAction.NEW_ONE, seat)])
        plain = [seat for seat, _ in draft.unknown if not ctx.close.get(seat)]
        if plain:
            label = texts.create_all_button(len(plain))
            rows.append([_button(label, draft, EntryAction.NEW_ALL)])
    label = texts.table_button(protocol.table, protocol.number)
    rows.append([_button(label, draft, EntryAction.GOTO, Step.TABLE.value)])
    rows += _nav(draft, forward=texts.NEXT if protocol.players_complete else None, back=False)
    return "\n\n".join(text), rows


def _table(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    tables = [
        _button(texts.choose_table(table), draft, EntryAction.TABLE, table) for table in range(1, 9)
    ]
    text = texts.table_prompt(draft.protocol.table, draft.protocol.number)
    return text, in_rows(tables, 4) + _nav(draft)


def _roles(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    protocol = draft.protocol
    if protocol.sheriff is None:
        prompt = texts.PROMPT_SHERIFF
    elif protocol.don is None:
        prompt = texts.PROMPT_DON
    elif len(protocol.mafia) < 2:
        prompt = texts.prompt_mafia(len(protocol.mafia) + 1)
    else:
        prompt = texts.ROLES_DONE
    marks = {
        seat: ROLE_MARK[role] for seat in SEATS if (role := protocol.role(seat)) and ROLE_MARK[role]
    }
    rows = _seat_rows(draft, ctx, EntryAction.ROLE, marks)
    rows.append([_button(texts.ROLES_AGAIN, draft, EntryAction.ROLES_AGAIN)])
    rows += _nav(draft, forward=texts.NEXT if protocol.roles_complete else None)
    return f"{_seat_list(draft, ctx)}\n\n{prompt}", rows


def _winner(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    winner = draft.protocol.winner
    current = texts.current_winner(WINNER[winner]) if winner else ""
    row = [
        _button(("✓ " if winner == w else "") + WINNER_BUTTON[w], draft, EntryAction.WINNER, w)
        for w in Winner
    ]
    rows = [row, *_nav(draft, forward=texts.NEXT if winner else None)]
    return f"{texts.WHO_WON} {current}".strip(), rows


def _night(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    protocol = draft.protocol
    marks = {protocol.first_killed: "✝"} if protocol.first_killed else {}
    rows = _seat_rows(draft, ctx, EntryAction.KILLED, marks)
    nobody = protocol.night_done and protocol.first_killed is None
    rows.append(
        [_button(("✓ " if nobody else "") + texts.NOBODY_KILLED, draft, EntryAction.KILLED, 0)]
    )
    rows += _nav(draft, forward=texts.NEXT if protocol.night_done else None)
    return f"{_seat_list(draft, ctx)}\n\n{texts.WHO_WAS_KILLED}", rows


def _best_move(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    protocol = draft.protocol
    marks = {seat: "✓" for seat in protocol.best_move}
    if protocol.first_killed:
        marks[protocol.first_killed] = "✝"
    rows = _seat_rows(draft, ctx, EntryAction.BEST_MOVE, marks)
    rows.append([_button(texts.NO_BEST_MOVE, draft, EntryAction.BEST_MOVE, 0)])
    rows += _nav(draft, forward=texts.NEXT if len(protocol.best_move) == 3 else None)
    return texts.best_move_prompt(protocol.first_killed, list(protocol.best_move)), rows


def _no_extras_in_draw(draft: Draft, ctx: EditorContext) -> bool:
    return draft.protocol.winner is Winner.DRAW and not ctx.ruleset.extra_in_draw


def _discipline(draft: Draft, ctx: EditorContext, seat: int, *, joiner: str) -> str | None:
    protocol = draft.protocol
    removed = protocol.removed(seat)
    return discipline(
        protocol.seat_fouls(seat), protocol.seat_technical_fouls(seat), removed,
        ctx.ruleset.discipline(removed), joiner=joiner,
    )  # fmt: skip


def _undo_row(draft: Draft) -> Rows:
    label = undo_label(draft)
    return [[_button(label, draft, EntryAction.UNDO)]] if label else []


def _extras(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    protocol = draft.protocol
    marks = {}
    lines = []
    for seat in SEATS:
        extra = protocol.extra(seat)
        codes = list(protocol.seat_penalties(seat))
        told = _discipline(draft, ctx, seat, joiner=", ")
        if extra or codes or told:
            marks[seat] = "🚫" if protocol.removed(seat) else "•"
            nickname = _nickname(draft, ctx, seat) or "—"
            shown = show(extra) if extra else None
            lines.append(texts.extras_line(seat, nickname, shown, codes, told))
    note = texts.DRAW_NO_EXTRAS if _no_extras_in_draw(draft, ctx) else texts.TAP_A_SEAT
    body = "\n".join(lines) if lines else texts.NO_EXTRAS_YET
    rows = _seat_rows(draft, ctx, EntryAction.SEAT_EXTRAS, marks)
    fouls = []
    for seat in SEATS:
        removed = protocol.removed(seat) is not None
        label = texts.foul_button(seat, protocol.seat_fouls(seat), removed)
        fouls.append(_button(label, draft, EntryAction.FOUL, seat))
    rows += in_rows(fouls, 5)
    rows += _undo_row(draft)
    rows += _nav(draft, forward=texts.TO_SUMMARY)
    return f"{body}\n\n{note}", rows


def _discipline_rows(draft: Draft, seat: int) -> Rows:
    protocol = draft.protocol
    fouls, technical = protocol.seat_fouls(seat), protocol.seat_technical_fouls(seat)
    foul_row = [_button(texts.foul_plus(fouls), draft, EntryAction.FOUL, seat)]
    if fouls:
        foul_row.append(_button(texts.FOUL_MINUS, draft, EntryAction.UNFOUL, seat))
    technical_row = [_button(texts.technical_plus(technical), draft, EntryAction.TECHNICAL, seat)]
    if technical:
        technical_row.append(_button(texts.TECHNICAL_MINUS, draft, EntryAction.UNTECHNICAL, seat))
    removal = protocol.removal(seat)
    if removal is not None:
        removal_row = [_button(texts.UNREMOVE_BUTTON[removal.value], draft, EntryAction.UNREMOVE)]
    else:
        removal_row = [
            _button(texts.REMOVE_BUTTON, draft, EntryAction.REMOVE, Removal.JUDGE.value),
            _button(texts.PPK_BUTTON, draft, EntryAction.REMOVE, Removal.PPK.value),
        ]
    return [foul_row, technical_row, removal_row, *_undo_row(draft)]


def _asking(draft: Draft, ctx: EditorContext, seat: int, asked: Removal) -> tuple[str, Rows]:
    """«Удалить игрока 7?» / «ППК: …?» before a removal is recorded."""
    nickname = _nickname(draft, ctx, seat) or "—"
    points = show(ctx.ruleset.discipline(asked.value))
    if asked is Removal.JUDGE:
        text = texts.ask_removal(seat, nickname, points)
        yes = texts.REMOVE_YES
    else:
        role = draft.protocol.role(seat)
        assert role is not None
        loser = role.team.value
        winner = "black" if loser == "red" else "red"
        text = texts.ask_ppk(
            seat, nickname, texts.TEAM_GENITIVE[loser], texts.TEAM_DATIVE[winner], points
        )
        yes = texts.PPK_YES
    row = [
        _button(yes, draft, EntryAction.REMOVE_YES, asked.value),
        _button(texts.REMOVE_NO, draft, EntryAction.REMOVE_NO),
    ]
    return text, [row]


def _seat(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    protocol = draft.protocol
    seat = draft.cursor or 1
    if draft.asking:
        return _asking(draft, ctx, seat, Removal(draft.asking))
    role = protocol.role(seat)
    assert role is not None and protocol.winner is not None
    outcome = outcome_for(role, protocol.winner)
    nickname = _nickname(draft, ctx, seat) or "—"
    rows: Rows = []
    text = [texts.seat_title(seat, nickname, ROLE[role], outcome.value)]
    if not _no_extras_in_draw(draft, ctx):
        current = protocol.extra(seat)
        text.append(texts.extra_now(show(current)))
        values = ctx.ruleset.allowed_extras()
        if len(values) <= 40:
            extras = [
                _button(("• " if value == current else "") + show(value), draft,
                        EntryAction.EXTRA, value)
                for value in values
            ]  # fmt: skip
            rows += in_rows(extras, 5)
    items = ctx.ruleset.penalties_for(role, outcome)
    chosen = protocol.seat_penalties(seat)
    if items:
        text.append(texts.PENALTIES_TITLE)
        for item in items:
            label = texts.penalty_button(
                item.code, item.description, show(item.value), item.code in chosen
            )
            rows.append([_button(label, draft, EntryAction.PENALTY, item.code)])
    else:
        text.append(texts.NO_PENALTIES_HERE)
    text.append(texts.discipline_now(_discipline(draft, ctx, seat, joiner=", ")))
    rows += _discipline_rows(draft, seat)
    # Done with this seat: back to the others, or — the last one — straight to the summary.
    rows.append([
        _button(texts.DONE, draft, EntryAction.BACK),
        _button(texts.TO_SUMMARY, draft, EntryAction.GOTO, Step.SUMMARY.value),
    ])  # fmt: skip
    return "\n".join(text), rows


def summary_lines(draft: Draft, ctx: EditorContext) -> list[str]:
    if ctx.score is None:
        return []
    return [
        seat_points(
            seat, _nickname(draft, ctx, seat.seat) or "—", ctx.ruleset.discipline(seat.removed)
        )
        for seat in ctx.score.seats
    ]


def discipline_lines(draft: Draft, ctx: EditorContext) -> list[str]:
    """«⚠️ 7. Сова: 4 фола — удалён, −0.5» for each seat with discipline."""
    return [
        texts.discipline_line(seat, _nickname(draft, ctx, seat) or "—", told)
        for seat in SEATS
        if (told := _discipline(draft, ctx, seat, joiner=", "))
    ]


def summary_body(draft: Draft, ctx: EditorContext) -> str:
    """The summary's text without the editor's header (the Mini App has its own)."""
    return _summary(draft, ctx)[0]


def _summary(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    protocol = draft.protocol
    text = []
    gaps = protocol.missing()
    if gaps:
        text.append(texts.missing(gaps))
        text.append(_seat_list(draft, ctx))
    elif ctx.problems:
        lines = [texts.problem_line(p.message) for p in ctx.problems]
        text.append(texts.FIX_ERRORS + "\n" + "\n".join(lines))
        text.append(_seat_list(draft, ctx))
    else:
        assert protocol.winner is not None
        night = texts.night_line(protocol.first_killed, protocol.best_move)
        text.append(texts.result_line(WINNER[protocol.winner], night))
        text.append("\n".join(summary_lines(draft, ctx)))
        if told := discipline_lines(draft, ctx):
            text.append("\n".join(told))
        text.append(texts.CI_NOW)
        if ctx.ended_long_ago is not None:
            text.append(texts.ended_long_ago(*ctx.ended_long_ago))
    if ctx.off_seating:
        text.append(texts.off_seating(ctx.off_seating))
    if ctx.awaiting_replay is not None:
        text.append(texts.replay_line(ctx.awaiting_replay, not draft.not_replay))
    rows: Rows = []
    if not gaps and not ctx.problems:
        rows.append([_button(texts.CONFIRM, draft, EntryAction.CONFIRM)])
    if ctx.awaiting_replay is not None:
        label = texts.replay_button(ctx.awaiting_replay, draft.not_replay)
        rows.append([_button(label, draft, EntryAction.REPLAY, "1" if draft.not_replay else "0")])
    rows.append([_button(texts.CHANGE, draft, EntryAction.GOTO, Step.EDIT.value)])
    rows.append([_button(texts.DISCARD, draft, EntryAction.DISCARD)])
    return "\n\n".join(text), rows


def _edit(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    rows = [
        [_button(title, draft, EntryAction.GOTO, step.value)] for step, title in texts.EDIT_PARTS
    ]
    rows.append([_button(texts.BACK_TO_SUMMARY, draft, EntryAction.GOTO, Step.SUMMARY.value)])
    return texts.CHOOSE_PART, rows


def _discard(draft: Draft, ctx: EditorContext) -> tuple[str, Rows]:
    question = (
        texts.DISCARD_QUESTION_CORRECTION if draft.is_correction else texts.DISCARD_QUESTION_NEW
    )
    row = [
        _button(texts.DISCARD_YES, draft, EntryAction.DISCARD_YES),
        _button(texts.DISCARD_NO, draft, EntryAction.BACK),
    ]
    return question, [row]


_VIEWS: dict[Step, Callable[[Draft, EditorContext], tuple[str, Rows]]] = {
    Step.PLAYERS: _players,
    Step.TABLE: _table,
    Step.ROLES: _roles,
    Step.WINNER: _winner,
    Step.NIGHT: _night,
    Step.BEST_MOVE: _best_move,
    Step.EXTRAS: _extras,
    Step.SEAT: _seat,
    Step.SUMMARY: _summary,
    Step.EDIT: _edit,
    Step.DISCARD: _discard,
}


def saved(
    draft: Draft, ctx: EditorContext, game_id: int, announced: bool
) -> tuple[str, InlineKeyboardMarkup]:
    protocol = draft.protocol
    assert protocol.winner is not None
    lines = [
        texts.saved_title(draft.is_correction, protocol.table, protocol.number),
        f"{WINNER[protocol.winner].capitalize()}.",
        "\n".join(summary_lines(draft, ctx) + discipline_lines(draft, ctx)),
        texts.ANNOUNCED_SOON if announced else texts.NO_CLUB_CHAT,
    ]
    return "\n\n".join(lines), after_game_keyboard(game_id)


def after_game_keyboard(game_id: int) -> InlineKeyboardMarkup:
    return column([
        button(texts.NEXT_GAME, GameCB(a=GameAction.NEXT_GAME)),
        button(texts.CORRECT_THIS, GameCB(a=GameAction.CORRECT, g=game_id)),
    ])  # fmt: skip


def correctable_keyboard(games: list[tuple[int, int, int]]) -> InlineKeyboardMarkup:
    """Buttons for (game id, table, number) the judge may correct."""
    return column(
        button(texts.correct_button(table, number), GameCB(a=GameAction.CORRECT, g=game_id))
        for game_id, table, number in games
    )


def enter_result_keyboard() -> InlineKeyboardMarkup:
    return column([button(texts.ENTER_RESULT, GameCB(a=GameAction.NEXT_GAME))])
