"""Every button's callback data: ids and short codes only, never names, within Telegram's 64 bytes.

One place for all of them, so that the view that draws a button, the logic that answers it and
the tests that press it share one vocabulary.
"""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData


class EntryAction(StrEnum):
    """What a button of the protocol editor does (values are short: they travel in buttons)."""

    SEAT = "seat"  # choose the seat to fill (players)
    PICK = "pick"  # seat a suggested player
    NEW = "new"  # create the searched nickname as a new player
    NEW_ALL = "newall"  # create every unknown pasted nickname that is close to no player
    SEAT_AS = "as"  # a pasted unknown nickname is that close player: "seat-player"
    NEW_ONE = "new1"  # create one pasted nickname although it is close to a player: seat
    GOTO = "goto"  # open a step
    NEXT = "next"
    BACK = "back"
    TABLE = "tbl"  # choose a table (the next free game number follows)
    ROLE = "role"
    ROLES_AGAIN = "reroles"
    WINNER = "win"
    KILLED = "kill"  # first night: the seat shot, 0 for nobody
    BEST_MOVE = "bm"  # a best-move seat, 0 for none
    SEAT_EXTRAS = "ex"  # open one seat's extra and penalties
    EXTRA = "exv"
    PENALTY = "pen"
    FOUL = "f"  # one foul more for seat v (the extras screen's grid, or the seat's screen)
    UNFOUL = "f-"  # one foul less for seat v
    TECHNICAL = "t"  # one technical foul more for seat v
    UNTECHNICAL = "t-"
    REMOVE = "rm"  # ask to record a removal of the open seat: v «judge» or «ppk»
    REMOVE_YES = "rmy"  # the removal v confirmed
    REMOVE_NO = "rmn"
    UNREMOVE = "rm-"  # the open seat's recorded removal taken back
    UNDO = "undo"  # the last discipline tap undone
    CONFIRM = "ok"
    REPLAY = "rp"  # is this game the replay of the table's annulled one? (v: "1" yes, "0" no)
    DISCARD = "cancel"  # asks once
    DISCARD_YES = "del"


class EntryCB(CallbackData, prefix="e"):
    """A button of a judge's protocol editor: draft ``d`` as shown at revision ``r``.

    The revision makes a double tap harmless: the second tap comes from a screen that is no
    longer current and is ignored, instead of toggling a choice back off.
    """

    d: int
    r: int
    a: EntryAction
    v: str = ""


class GameAction(StrEnum):
    NEXT_GAME = "new"
    CORRECT = "fix"


class GameCB(CallbackData, prefix="g"):
    """A button about a saved game (correct it) or about starting the next one."""

    a: GameAction
    g: int = 0


class AdminAction(StrEnum):
    MAKE_CURRENT = "cur"
    RULESET = "rs"
    LIST = "ls"  # /tournaments (``v`` = "a": the archive)
    CARD = "tc"  # one tournament's card
    RENAME = "rn"  # asks for the new title
    ARCHIVE = "ar"
    UNARCHIVE = "ua"
    REMOVE = "rm"  # asks first (``v`` = "y": sure)


NEW_MESSAGE = "n"  # AdminCB.v of «make current» under a report: answer below, keep the report


class AdminCB(CallbackData, prefix="a"):
    a: AdminAction
    t: int = 0
    v: str = ""


class RatingAction(StrEnum):
    PAGE = "p"  # show page ``p`` of board ``k``
    PICTURE = "img"  # the page as a picture


class ImportCB(CallbackData, prefix="im"):
    """The file waiting for a title (its title was taken): import under the suggested title, or
    not at all."""

    go: bool


class RatingCB(CallbackData, prefix="r"):
    """A button under a rating: tournament ``t``, board ``k`` (``bot.rating.boards.Kind``),
    page ``p`` (from 1)."""

    a: RatingAction
    t: int
    k: str
    p: int = 1


class RecordCB(CallbackData, prefix="rec"):
    """Show player ``p``'s record in tournament ``t`` (0: the current one), from /player."""

    p: int
    t: int = 0


class StatsCB(CallbackData, prefix="st"):
    """A /stats button: board ``k`` (a statistic's key) in tournament ``t`` (0: all time), or
    player ``p``'s statistics (``k`` empty)."""

    k: str = ""
    t: int = 0
    p: int = 0


class PlayerCB(CallbackData, prefix="pl"):
    """Open the protocol of game ``g`` (from a player's list of last games)."""

    g: int


class LinkAction(StrEnum):
    APPROVE = "yes"
    REJECT = "no"
    MINE = "me"  # the person who typed /iam: «I am this club player» (``q``: his id)
    NEW = "new"  # the person who typed /iam: «I am new, under the nickname I typed»


class LinkCB(CallbackData, prefix="lk"):
    """A judge's or admin's decision on link request ``q`` (/iam); or the asker's choice."""

    a: LinkAction
    q: int


class ProtestAction(StrEnum):
    FILE = "f"  # ``i``: the game to protest
    REJECT = "rj"  # ``i``: the protest
    CHANGE = "ch"
    REPLAY = "rp"
    SHOW = "sh"  # open a pending protest (from /protests)


class ProtestCB(CallbackData, prefix="pt"):
    a: ProtestAction
    i: int


class SettingsCB(CallbackData, prefix="st"):
    """A /settings toggle: notice ``k`` (a ``Notice`` value) on (``on`` = 1) or off."""

    k: str
    on: int


class ClubOptionCB(CallbackData, prefix="co"):
    """An admin's /settings toggle of a club option ``k`` (a ``ClubOption`` value)."""

    k: str
    on: int


class ClosingCB(CallbackData, prefix="tc"):
    """«🖼 Картинкой» under a closed tournament's results in the club chat."""

    t: int


class SeasonAction(StrEnum):
    NEXT = "next"  # start the next season (its title suggested), the closed one kept
    REOPEN = "reopen"  # the closed tournament takes games again


class SeasonCB(CallbackData, prefix="ss"):
    """An admin's choice after /closetournament, about tournament ``t``."""

    a: SeasonAction
    t: int


class NightAction(StrEnum):
    SIGN_UP = "su"  # a sign-up button in the club chat (v: SignupChoice)
    SEAT = "seat"
    ADD_TABLE = "t+"
    REMOVE_TABLE = "t-"
    CLOSE = "close"
    REOPEN = "open"
    REFRESH = "ref"
    END = "end"  # v «1»: confirmed with games still to play
    UNEND = "unend"  # an ended evening opened again the same day
    PICTURE = "pic"  # the seating or the results as a picture (v: which)
    GUEST = "g"  # /guest of a nickname close to club players' (v: the player's id, or «new»)
    FIT_IN = "fit"  # a late arrival into the rounds to come, in reserve (v: the player's id)
    PLAY_IN = "play"  # a late arrival plays his share of the rounds to come (v: the player's id)
    REPLACE = "rep"  # a leaver's seats to those who sit out (v: the player's id)
    NAME = "nm"  # the head judge names one signed up without a nickname (v: his row's id)
    LINK = "ln"  # «this nickname is him» (v: «row id.player id»)


class NightCB(CallbackData, prefix="nt"):
    """A button of evening ``n``: a sign-up tap, or an action of the head judge's screen."""

    n: int
    a: NightAction
    v: str = ""


class ClubAction(StrEnum):
    CONNECT = "con"  # a group's admin connects the group as a club (i: the group's chat id)
    APPROVE = "ok"  # an operator approves a club's request (i: the club)
    REJECT = "no"
    SUSPEND = "stop"  # an operator stops a club (i: the club; v: the /clubs page shown)
    RESUME = "go"
    PAGE = "page"  # an operator turns /clubs's page (i: the page)
    CHOOSE = "pick"  # a person chooses the club he speaks of in private (i: the club)
    LIST = "list"  # ... and first sees his clubs to choose from
    KEEP_TITLE = "keep"  # the joining dialog: keep the group's title
    ZONE = "tz"  # the joining dialog: a time zone (v: its name)


class ClubCB(CallbackData, prefix="cl"):
    a: ClubAction
    i: int = 0
    v: str = ""
