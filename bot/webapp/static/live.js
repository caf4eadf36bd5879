// @ts-check
// The live table protocol's log read into the game's state: the page's copy of scoring/live.py
// (docs/live-log.md) — its logic only: the numbers and words are the server's (rules.js). The
// server's reading is the truth; this one lets the judge's taps show at once and work without a
// network. A browser test replays random logs through both and compares, reason codes included.

import { applyLayer, layerRefusal, nominatorRefusal } from "./layers.js";
import { RULES } from "./rules.js";

export const SEATS = RULES.seats;
const LIMITS = RULES.limits;
const TEAM = RULES.team;

/**
 * An event of the log (docs/live-log.md): its id, its kind, and the kind's fields (seat, role,
 * out, by, seats, winner, target), checked by the server (scoring.live.check_event).
 * @typedef {{id: string, kind: string} & Record<string, any>} LogEvent
 * @typedef {object} State  a game as its log tells it so far (scoring/live.py's LiveState)
 * @property {Record<string, string>} roles
 * @property {"night" | "day" | "voting"} phase
 * @property {number} round
 * @property {number[]} fouls
 * @property {number[]} technical
 * @property {(string | null)[]} removals
 * @property {Record<string, string>} out  seat → how he left
 * @property {number[]} order  seats in the order they left
 * @property {number[]} nominated
 * @property {[number, number, number | null][]} nominations  (day, seat, by): the nominators' layer
 * @property {number} votingRound  today's vote: 0, then 1, 2, … after each re-vote
 * @property {[number, number, number | null, number[]][]} hands  (day, round, for, voters)
 * @property {[number, number | null][]} shots
 * @property {[number, number, number | null][]} shooters  (night, black, target)
 * @property {Record<string, [number[], number[]]>} lastWords  seat → (called black, called red)
 * @property {[number, string, number][]} checks
 * @property {number[]} bestMove
 * @property {string | null} winner
 * @property {string | null} endedBy
 * @property {string[]} applied
 * @property {[string, string][]} skipped  (id, reason code)
 */

/** @returns {State} */
export function newState() {
  return {
    roles: {}, phase: "night", round: 0,
    fouls: SEATS.map(() => 0), technical: SEATS.map(() => 0), removals: SEATS.map(() => null),
    out: {}, order: [], nominated: [], nominations: [], votingRound: 0, hands: [], shots: [],
    shooters: [], lastWords: {}, checks: [], bestMove: [],
    winner: null, endedBy: null, applied: [], skipped: [],
  };
}

export const role = (s, seat) => s.roles[seat] || "civilian";
export const atTable = (s, seat) => !(seat in s.out);
export const over = (s) => s.winner !== null;

export function rolesComplete(s) {
  const marked = Object.values(s.roles);
  return Object.entries(LIMITS).every(([r, n]) => marked.filter((m) => m === r).length === n);
}

export function firstKilled(s) {
  const shot = s.shots.find(([night]) => night === 1);
  return shot ? shot[1] : null;
}

export function replay(events) {
  const seen = new Set();
  const kept = [];
  for (const e of events) {
    if (!seen.has(e.id)) { seen.add(e.id); kept.push(e); }
  }
  const undone = new Set(kept.filter((e) => e.kind === "undo").map((e) => String(e.target)));
  const s = newState();
  for (const e of kept) {
    if (e.kind === "undo" || undone.has(e.id)) continue;
    const why = refusal(s, e);
    if (why !== null) { s.skipped.push([e.id, why]); continue; }
    apply(s, e);
    s.applied.push(e.id);
  }
  return s;
}

/**
 * Why ``e`` cannot happen in ``s`` (a reason code of scoring/live.py's Skip), or null.
 * @param {State} s
 * @param {LogEvent} e
 * @returns {string | null}
 */
export function refusal(s, e) {
  const kind = e.kind;
  if (over(s) && kind !== "best_move") return "game_over";
  const seat = e.seat;
  const night0 = s.phase === "night" && s.round === 0;
  if (kind === "role") {
    if (!night0) return "roles_at_night_zero";
    const r = e.role;
    const taken = r !== "civilian" && role(s, seat) !== r;
    if (taken && Object.values(s.roles).filter((m) => m === r).length >= LIMITS[r]) {
      return "role_taken";
    }
    return null;
  }
  if (["foul", "technical", "removal", "ppk", "nominate"].includes(kind)) {
    if (!atTable(s, seat)) return "not_at_table";
    if (kind === "nominate") {
      if (s.phase !== "day") return "nominate_by_day";
      if (s.nominated.includes(seat)) return "already_nominated";
      return nominatorRefusal(s, e.by);
    }
    if (kind === "ppk" && !rolesComplete(s)) return "roles_before_ppk";
    return null;
  }
  if (["vote", "hands", "revote"].includes(kind) && s.phase !== "voting") return "vote_after_day";
  if (kind === "vote") {
    if (e.out.some((x) => !atTable(s, x))) return "vote_at_table";
    return null;
  }
  if (kind === "hands" || kind === "last_words") return layerRefusal(s, e);
  if (kind === "shot" || kind === "check") {
    if (s.phase !== "night" || s.round === 0) return "night_only";
    if (kind === "shot") {
      if (s.shots.some(([night]) => night === s.round)) return "shot_recorded";
      if (seat !== null && !atTable(s, seat)) return "not_at_table";
      if (e.by !== undefined
          && !e.by.every(([black]) => atTable(s, black) && TEAM[role(s, black)] === "black")) {
        return "shooters";
      }
    } else if (s.checks.some(([night, by]) => night === s.round && by === e.by)) {
      return "check_recorded";
    }
    return null;
  }
  if (kind === "best_move") {
    const killed = firstKilled(s);
    if (killed === null || TEAM[role(s, killed)] !== "red") {
      return "best_move_who";
    }
    if (s.bestMove.length) return "best_move_recorded";
    if (e.seats.includes(killed)) return "best_move_self";
    return null;
  }
  if (kind === "next") {
    if (night0 && !rolesComplete(s)) return "roles_before_next";
    return null;
  }
  return null; // end
}

function apply(s, e) {
  const seat = e.seat;
  if (applyLayer(s, e)) return;
  switch (e.kind) {
    case "role":
      if (e.role === "civilian" || role(s, seat) === e.role) delete s.roles[seat];
      else s.roles[seat] = e.role;
      break;
    case "foul":
      s.fouls[seat - 1] += 1;
      if (s.fouls[seat - 1] >= RULES.maxFouls) leave(s, seat, "fouls");
      break;
    case "technical":
      s.technical[seat - 1] += 1;
      if (s.technical[seat - 1] >= RULES.maxTechnical) leave(s, seat, "technical");
      break;
    case "removal":
      s.removals[seat - 1] = "judge";
      leave(s, seat, "judge");
      break;
    case "ppk":
      s.removals[seat - 1] = "ppk";
      leave(s, seat, "ppk");
      s.winner = TEAM[role(s, seat)] === "red" ? "black" : "red";
      s.endedBy = "ppk";
      return;
    case "nominate":
      s.nominated.push(seat);
      s.nominations.push([s.round, seat, e.by === undefined ? null : e.by]);
      return;
    case "vote":
      for (const x of e.out) leave(s, x, "voted");
      break;
    case "shot":
      s.shots.push([s.round, seat]);
      for (const [black, target] of e.by || []) s.shooters.push([s.round, black, target]);
      if (seat !== null) leave(s, seat, "shot");
      break;
    case "check":
      s.checks.push([s.round, e.by, seat]);
      break;
    case "best_move":
      s.bestMove = [...e.seats];
      return;
    case "next":
      nextPhase(s);
      return;
    case "end":
      s.winner = e.winner;
      s.endedBy = "judge";
      return;
  }
  decide(s);
}

function leave(s, seat, why) {
  if (!(seat in s.out)) { s.out[seat] = why; s.order.push(seat); }
  s.nominated = s.nominated.filter((x) => x !== seat);
}

function nextPhase(s) {
  if (s.phase === "night") { s.phase = "day"; s.round += 1; s.nominated = []; }
  else if (s.phase === "day") { s.phase = "voting"; s.votingRound = 0; }
  else { s.phase = "night"; s.nominated = []; }
}

function decide(s) {
  if (!rolesComplete(s) || over(s)) return;
  const left = SEATS.filter((x) => atTable(s, x));
  const reds = left.filter((x) => TEAM[role(s, x)] === "red").length;
  const blacks = left.length - reds;
  if (blacks === 0) { s.winner = "red"; s.endedBy = "rule"; }
  else if (blacks >= reds) { s.winner = "black"; s.endedBy = "rule"; }
}

// The events still in effect that an undo may take back, newest last.
export function undoable(s) {
  return s.applied;
}
