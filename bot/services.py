"""The bot's long-lived services, built once and wired together.

``Services`` is the one typed set the dispatcher (its handlers are given them by name), the run
loop and the test harness all read: nobody looks a service up by a string.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, fields

from bot.admin.service import ClubAdmin
from bot.announce.announcer import Announcer
from bot.club.clubs import Clubs
from bot.club.elo import EloRatings
from bot.club.games import Games
from bot.club.members import MemberDirectory
from bot.club.options import ClubOptions
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournaments
from bot.core.backup import Backups, DailyBackups
from bot.core.clock import Clock
from bot.core.club_scope import CLUB_WINDOW, CLUB_ZONE
from bot.core.config import Settings, bot_version
from bot.core.db import Change, Database
from bot.core.lead import Lead
from bot.core.scheduler import Scheduler
from bot.delivery.club_chat import ClubChat
from bot.delivery.pacing import Pacing
from bot.delivery.worker import Outbox
from bot.entry.draft import Drafts
from bot.entry.editor import Editor
from bot.identity.repair import NicknameRepair
from bot.identity.service import Identity
from bot.joining.service import Joining
from bot.live import service as live_service
from bot.live.service import LiveTables
from bot.moving.archive import ClubArchive
from bot.nights import played
from bot.nights.service import Nights, build_nights
from bot.ops.health import Operations
from bot.protests.service import Protests
from bot.rating.closing import Closing
from bot.rating.interchange import Files, Importer
from bot.rating.periods import GameResults
from bot.rating.screens import RatingScreens
from bot.rating.service import Ratings
from bot.rating.standings import Standings
from bot.rating.statistics import PlayerStatistics
from bot.rating.statistics_screens import StatisticsScreens
from bot.settings.service import NoticeSettings
from bot.tables import games as game_rows
from bot.tables import nights as night_rows
from bot.tables import statistics as statistics_rows
from bot.tables import tournaments as tournament_rows
from bot.telegram.dead_letters import DeadLetters
from bot.telegram.middlewares import InFlightMiddleware
from bot.telegram.polling import PollState, UpdateJournal
from bot.tv.service import ClubTv
from bot.webapp.context import WebApp
from scoring.elo import EloSettings

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True, kw_only=True)
class Services:
    settings: Settings
    database: Database
    clock: Clock
    # the club's records
    clubs: Clubs
    members: MemberDirectory
    players: PlayerDirectory
    tournaments: Tournaments
    games: Games
    elo: EloRatings
    # what people do
    editor: Editor
    live: LiveTables
    tv: ClubTv
    identity: Identity
    nicknames: NicknameRepair
    protests: Protests
    nights: Nights
    notices: NoticeSettings
    club_admin: ClubAdmin
    joining: Joining
    # what people read
    announcer: Announcer
    standings: Standings
    ratings: Ratings
    rating: RatingScreens
    closing: Closing
    statistics: PlayerStatistics
    stats: StatisticsScreens
    files: Files
    # running
    outbox: Outbox
    scheduler: Scheduler
    backups: Backups
    daily: DailyBackups | None
    in_flight: InFlightMiddleware
    dead_letters: DeadLetters
    journal: UpdateJournal
    polling: PollState
    operations: Operations
    lead: Lead

    def web_app(self) -> WebApp:
        """What the Mini App's pages and API use, for ``webapp_routes``."""
        return WebApp(
            self.settings.bot_token.get_secret_value(), self.clock, self.members, self.live,
            self.editor, self.ratings, CLUB_ZONE, self.tv, self.nights.tonight,
            self.rating, self.announcer, self.clubs, self.database.lost,
        )  # fmt: skip

    def by_name(self) -> dict[str, object]:
        """Every service under its field's name: what a handler's parameters are given."""
        return {field.name: getattr(self, field.name) for field in fields(self)}


def build_services(
    settings: Settings, database: Database, clock: Clock | None = None, pacing: Pacing | None = None
) -> Services:
    """Every service, and what a committed change or the time of day sets going, wired once."""
    clock = clock or Clock()
    clubs = Clubs(settings, database, clock)
    window = CLUB_WINDOW  # the club at hand's, as is the time zone
    zone = CLUB_ZONE
    members = MemberDirectory(settings, database, clock)
    players = PlayerDirectory(database, clock)
    tournaments = Tournaments(database, clock)
    games = Games(database, clock, tournaments, window)
    elo = EloRatings(database, EloSettings(start=settings.elo_start, k=settings.elo_k))
    announcer = Announcer(settings, database, games, players, members, clock, window, elo)
    options = ClubOptions(database, clock)
    results = GameResults(database, clock, zone, tournaments, games, players, options)
    standings = Standings(database, tournaments, window)
    ratings = Ratings(
        database, tournaments, standings, clock, window, settings.partner_min_games, zone
    )
    nights = build_nights(
        database,
        clock,
        zone,
        tournaments,
        players,
        members,
        results,
        ratings.top,
        ratings,
    )
    closing = Closing(database, clock, tournaments, ratings, zone, options)
    outbox = Outbox(
        clubs, database, clock, announcer, members, pacing=pacing,
        kept_posts={
            night_rows.POSTS: nights.posts.draw, night_rows.DESK: nights.desk.draw,
            tournament_rows.POSTS: closing.draw,
        },
    )  # fmt: skip
    protests = Protests(database, clock, window, zone, members, announcer, games)
    scheduler = Scheduler(clock, database.lost)
    each = clubs.each_club  # a club's job runs in its club, for every club that has one due
    statistics = PlayerStatistics(database, clock, settings.stats_min_games)
    scheduler.add("statistics to count", *each(
        statistics.next_uncounted, statistics.count_uncounted, statistics_rows.clubs_with_uncounted
    ))  # fmt: skip
    scheduler.add("protest windows", *each(
        protests.next_deadline, protests.finalize_due, game_rows.clubs_with_open_games
    ))  # fmt: skip
    # after the windows: a game made final there may end its evening in the same round
    scheduler.add("evenings' end", *each(
        nights.timer.next_end, nights.timer.end_finished, night_rows.clubs_with_seated
    ))  # fmt: skip
    scheduler.add("evening reminders", *each(
        nights.timer.next_reminder, nights.timer.remind_due, night_rows.clubs_with_seated
    ))  # fmt: skip
    lead = Lead(database)  # which process sends the outbox and runs the jobs
    backups = Backups(database, clock, settings.zone)  # the deployment's
    daily = None
    if settings.backup_dir is not None and database.shared:
        log.warning("BACKUP_DIR is for SQLite: a PostgreSQL database is copied with pg_dump")
    elif settings.backup_dir is not None:
        daily = DailyBackups(
            backups, settings.backup_dir, settings.backup_keep, settings.backup_hour,
            settings.zone, clock, settings.backup_send_weekday, clubs.deployment_admins,
        )  # fmt: skip
        scheduler.add("daily backup", daily.due, daily.run)
    # What a committed change sets going, wired once: nobody wakes these by hand.
    database.after_commit(Change.OUTBOX, outbox.wake_soon)
    database.after_commit(Change.STANDINGS, standings.refresh_soon)
    database.after_commit(Change.STANDINGS, elo.refresh_soon)
    database.after_commit(Change.SCHEDULE, scheduler.wake)
    # What a saved, corrected or annulled game means above the games owner, in its transaction.
    games.events.on_saved(played.game_saved)
    games.events.on_saved(live_service.game_saved)
    # a saved game's statistics are counted by the job right after the commit (Change.SCHEDULE):
    # counting inside the save doubled Confirm's median (docs/performance.md, A/B)
    games.events.on_results_changed(played.results_changed)
    games.events.on_results_changed(closing.redraw_for)
    games.events.on_results_changed(statistics.results_changed)
    dead_letters = DeadLetters(database, clock, clubs.deployment_admins)
    polling = PollState()
    club_chat = ClubChat(clubs, database, clock, members)
    stats = StatisticsScreens(statistics, ratings, players)
    rating = RatingScreens(
        ratings, players, zone, results, elo, settings.elo_min_games,
        settings.elo_chance_games, settings.webapp_page, settings.webapp_name, stats,
    )  # fmt: skip
    drafts = Drafts(database, clock)
    identity = Identity(database, clock, members, players)
    editor = Editor(
        drafts, players, games, tournaments, clock,
        app_page=settings.webapp_page,
    )  # fmt: skip
    return Services(
        settings=settings,
        database=database,
        clock=clock,
        clubs=clubs,
        members=members,
        players=players,
        tournaments=tournaments,
        games=games,
        elo=elo,
        editor=editor,
        live=LiveTables(database, clock, drafts, editor, games, players, members, options),
        tv=ClubTv(
            clubs, database, clock, zone, ratings, players, drafts, results, settings.webapp_page
        ),
        identity=identity,
        nicknames=NicknameRepair(database, clock, identity),
        protests=protests,
        nights=nights,
        notices=NoticeSettings(members, options),
        club_admin=ClubAdmin(settings, members, tournaments),
        joining=Joining(settings, clubs, members, database, clock),
        announcer=announcer,
        standings=standings,
        ratings=ratings,
        rating=rating,
        closing=closing,
        statistics=statistics,
        stats=stats,
        files=Files(
            Importer(database, clock),
            ratings,
            zone,
            ClubArchive(database, clubs, members, clock),
            statistics,
        ),
        outbox=outbox,
        scheduler=scheduler,
        backups=backups,
        daily=daily,
        in_flight=InFlightMiddleware(),
        dead_letters=dead_letters,
        journal=UpdateJournal(database, clock, dead_letters),
        polling=polling,
        operations=Operations(
            database,
            clock,
            polling,
            club_chat,
            dead_letters,
            daily,
            bot_version(),
            settings.process_name,
            lead,
        ),
        lead=lead,
    )
