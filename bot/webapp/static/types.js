// @ts-check
// The shapes of the API's answers (bot/webapp/*.py) and of the judge's page's own state, for
// the type checker (tsc --checkJs in the tests). No code.

/**
 * @typedef {object} OtherGame  a game in play a head judge may take over
 * @property {number} live
 * @property {number} table
 * @property {number} number
 * @property {string} judge
 *
 * @typedef {object} GameAnswer  /api/open, /api/events: the judge's game as the server has it
 * @property {number} live
 * @property {number} table
 * @property {number} number
 * @property {"playing" | "saved" | "closed"} status  closed: its protocol left the chat's draft
 * @property {string} [closed]  what the page says of a closed game
 * @property {number | null} game_id
 * @property {{seat: number, nickname: string}[]} seats
 * @property {import("./live.js").LogEvent[]} log
 * @property {string | null} winner
 * @property {{id: string, why: string, said: string}[]} skipped
 * @property {string} [summary]  the chat's summary, once the game is over
 * @property {OtherGame[]} [others]
 * @property {string[]} [layers]  the optional layers the club records (scoring.live.Layer)
 *
 * @typedef {object} SeatingAnswer  /api/open, /api/seat: ten seats to fill before the game
 * @property {true} seating
 * @property {number} table
 * @property {number} number
 * @property {{seat: number, id: number | null, nickname: string | null}[]} seats
 * @property {OtherGame[]} others
 *
 * @typedef {{choose: true, others: OtherGame[]}} ChooseAnswer  a head judge without a table
 * @typedef {GameAnswer | SeatingAnswer | ChooseAnswer} OpenAnswer
 * @typedef {{saved: number, told: string}} SavedAnswer  /api/confirm
 * @typedef {{told: string}} ToldAnswer  /api/chat
 * @typedef {{id: number, nickname: string}} FoundPlayer  /api/search
 * @typedef {{text: string}} GameTextAnswer  /api/game
 */

/**
 * @typedef {object} StandingsRow  one player's row of /api/standings (bot/rating/app_table.py)
 * @property {number} place
 * @property {string} name
 * @property {number} value
 * @property {string} shown
 * @property {number} games
 * @property {number} wins
 * @property {number} additional
 * @property {string} additional_shown
 * @property {number} ci
 * @property {string} ci_shown
 * @property {number} average
 * @property {boolean} provisional  ⏳: may still change (a protest window is open)
 * @property {boolean} lot  🎲: the place was drawn
 * @property {boolean} me
 *
 * @typedef {object} StandingsAnswer  /api/standings: what /rating shows
 * @property {string} title
 * @property {string} tournament
 * @property {string[]} tournaments
 * @property {string} kind
 * @property {string} [period]
 * @property {string} updated
 * @property {string} today  the club's date (YYYY-MM-DD): «За дни» starts there
 * @property {number} refresh_in  seconds until a ⏳ is due to go
 * @property {number} min_games
 * @property {number} left_out
 * @property {number} games
 * @property {StandingsRow[]} rows
 * @property {string} [message]
 *
 * @typedef {object} RecordAnswer  /api/record: what /me and /player show (bot/rating/app_record.py)
 * @property {string} [text]  not linked, not found, several, no games: said as text
 * @property {boolean} [not_linked]
 * @property {string} [nickname]
 * @property {string} [tournament]
 * @property {{place: number, players: number, lot: boolean, total: string, games: number,
 *   wins: number, provisional: boolean, points: string}} summary
 * @property {{role: string, games: number, wins: number, average: string}[]} roles
 * @property {string[]} facts
 * @property {{longest: number, current: number} | null} streaks
 * @property {{title: string, done: number, target: number, reached: boolean}[]} achievements
 * @property {{teammates: Partner[], rivals: Partner[], tablemates: Partner[], min_games: number} | null} company
 * @property {number[]} points  after each game
 * @property {[number, number][]} elo  red, black
 * @property {{game: number, table: number, number: number, role: string, points: string,
 *   outcome: string, provisional: boolean}[]} games
 * @property {StatisticsBlock[]} [statistics]  from the games run in the app (/stats)
 * @property {string} [statistics_note]
 * @typedef {{name: string, count: number, games: number}} Partner
 * @typedef {{label: string, hint: string, games: number, mine: string, club: string,
 *   share: number | null, club_share: number | null}} StatisticsRow
 * @typedef {{title: string, rows: StatisticsRow[]}} StatisticsBlock
 *
 * @typedef {{seat: number, name: string, me: boolean}} TonightSeat
 * @typedef {{table: number, state: "saved" | "playing" | "waiting", seats: TonightSeat[]}} TonightTable
 * @typedef {{round: number, tables: TonightTable[], out: string[], mine: boolean}} TonightRound
 * @typedef {object} TonightAnswer  /api/tonight: the evening's seating and results so far
 * @property {string} updated
 * @property {TonightRound[]} rounds
 * @property {string} [evening]
 * @property {string} [tournament]
 * @property {string} [message]
 * @property {string | null} [results]
 *
 * @typedef {{seat: number, name: string, fouls: number, technical: number, left: string,
 *   nominated: boolean}} TvSeat
 * @typedef {object} TvTable
 * @property {number} table
 * @property {"playing" | "waiting" | "done"} state
 * @property {TvSeat[]} seats
 * @property {number} [number]
 * @property {number} [round]
 * @property {number} [rounds]
 * @property {boolean} [over]
 * @property {string} [phase]
 * @typedef {{place: number, name: string, total: string, games: number, provisional: boolean}} TvRow
 * @typedef {object} TvAnswer  /api/tv: the room's screen (no role, ever)
 * @property {string} updated
 * @property {TvTable[]} tables
 * @property {string} [tournament]
 * @property {number} [games]
 * @property {TvRow[]} [standings]
 * @property {{games: number, standings: TvRow[]}} [evening]
 * @property {string} [message]
 * @property {string} [error]
 */

/**
 * @typedef {object} Ui  the judge's page's state (app.js owns it; views only read it)
 * @property {"loading" | "game" | "done" | "seating" | "choose"} screen
 * @property {GameAnswer | null} view
 * @property {SeatingAnswer | null} seating
 * @property {OtherGame[]} choosing
 * @property {string | null} mode  chosen below the table; null: the phase's own
 * @property {number[]} chosen  seats tapped for a vote or a best move
 * @property {boolean} skipBest
 * @property {number | null} picking  the seat being seated
 * @property {FoundPlayer[]} found
 * @property {string} query
 * @property {string | null} close  a new nickname the server found players a typo away from
 * @property {string | null} told
 * @property {string | null} error
 * @property {LayerUi} lay  the layers' taps under way (layer-taps.js)
 *
 * @typedef {object} LayerUi
 * @property {number | null} nominee  nominated, his nominator not tapped yet
 * @property {number | null} candidate  the candidate the judge chose to count hands for (0: all)
 * @property {string | null} skipped  the vote («day:round») whose hands the judge left out
 * @property {Record<string, number | null> | null} split  each black's target so far
 * @property {{seat: number, black: number[], red: number[]} | null} words  last words being tapped
 *
 * @typedef {object} LayerActions
 * @property {() => void} anonymous
 * @property {() => void} cancel
 * @property {() => void} hands
 * @property {() => void} rest
 * @property {(who: number) => void} choose
 * @property {() => void} revote
 * @property {() => void} skip
 * @property {() => void} split
 * @property {() => void} notShot
 * @property {() => void} words
 * @property {() => void} saveWords
 *
 * @typedef {{pending: number, online: boolean, events: import("./live.js").LogEvent[]}} QueueShown
 *
 * @typedef {object} GameActions
 * @property {(seat: number) => void} seat
 * @property {(mode: string | null) => void} mode
 * @property {() => void} next
 * @property {(out: number[]) => void} vote
 * @property {() => void} allUp
 * @property {() => void} best
 * @property {() => void} skipBest
 * @property {() => void} miss
 * @property {() => void} undo
 * @property {() => void} end
 * @property {() => void} others
 * @property {(event: Event) => void} confirm
 * @property {() => void} toChat
 * @property {() => void} toggleClock
 * @property {(seconds: number) => void} addClock
 * @property {(seconds: number) => void} startClock
 * @property {LayerActions} layer
 *
 * @typedef {object} SeatingActions
 * @property {(seat: number) => void} pick
 * @property {(query: string) => void} type
 * @property {(choice: {player?: number, nickname?: string, sure?: boolean}) => void} choose
 * @property {(live: number) => void} take
 */

export {};
