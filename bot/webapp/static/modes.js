// @ts-check
// What a tap on a seat means now: the modes the judge's page offers in a state and the event a
// mode makes. Pure, as live.js is: a browser test checks that every mode offered has a legal
// event (tests/e2e/test_live_rules.py).

import { atTable, firstKilled, over, role, rolesComplete, SEATS } from "./live.js";
import { RULES } from "./rules.js";

/** @typedef {import("./live.js").State} State */
/** @typedef {import("./live.js").LogEvent} LogEvent */

/** Modes that go back to the phase's own after one tap. */
export const ONE_SHOT = new Set(["foul", "technical", "removal", "ppk", "check:sheriff", "check:don"]);
/** Modes a tap of which is asked about first. */
export const DANGER = new Set(["removal", "ppk"]);

/** @param {State} s */
export function bestMoveDue(s) {
  const killed = firstKilled(s);
  return killed !== null && RULES.team[role(s, killed)] === "red" && !s.bestMove.length;
}

/**
 * The mode a tap on a seat has when the judge chose none.
 * @param {State} s
 * @param {boolean} skipBest  the judge said «Без лучшего хода»
 * @returns {string | null}
 */
export function defaultMode(s, skipBest) {
  const best = bestMoveDue(s) && !skipBest;
  if (over(s)) return best ? "best" : null;
  if (s.phase === "night" && s.round === 0) {
    const marked = Object.values(s.roles);
    for (const r of ["sheriff", "don", "mafia"]) {
      if (marked.filter((m) => m === r).length < RULES.limits[r]) return `role:${r}`;
    }
    return null;
  }
  if (s.phase === "day") return "nominate";
  if (s.phase === "voting") return "leave";
  if (!shotTonight(s)) return "shot";
  return best && s.round === 1 ? "best" : null;
}

/**
 * The modes offered below the table: each has a legal event in ``s``.
 * @param {State} s
 * @returns {string[]}
 */
export function modesOf(s) {
  if (over(s)) return bestMoveDue(s) ? ["best"] : [];
  /** @type {string[]} */
  let own;
  if (s.phase === "night" && s.round === 0) own = ["role:sheriff", "role:don", "role:mafia"];
  else if (s.phase === "day") own = SEATS.some((x) => atTable(s, x) && !s.nominated.includes(x)) ? ["nominate"] : [];
  else if (s.phase === "voting") own = ["leave"];
  else {
    own = [
      ...(shotTonight(s) ? [] : ["shot"]),
      ...["sheriff", "don"].filter((by) => !checkedTonight(s, by)).map((by) => `check:${by}`),
      ...(bestMoveDue(s) ? ["best"] : []),
    ];
  }
  return [...own, "foul", "technical", "removal", ...(rolesComplete(s) ? ["ppk"] : [])];
}

/**
 * The event a mode makes of the seats tapped (one seat; the leavers of a vote; the three of a
 * best move).
 * @param {string} mode
 * @param {number[]} seats
 * @returns {Omit<LogEvent, "id">}
 */
export function eventOf(mode, seats) {
  const [kind, arg] = mode.split(":");
  if (mode === "leave") return { kind: "vote", out: seats };
  if (mode === "best") return { kind: "best_move", seats };
  if (kind === "role") return { kind, seat: seats[0], role: arg };
  if (kind === "check") return { kind, by: arg, seat: seats[0] };
  return { kind, seat: seats[0] };
}

/** @param {State} s */
function shotTonight(s) {
  return s.shots.some(([night]) => night === s.round);
}

/** @param {State} s @param {string} by */
function checkedTonight(s, by) {
  return s.checks.some(([night, who]) => night === s.round && who === by);
}
