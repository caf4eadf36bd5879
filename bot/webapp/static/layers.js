// @ts-check
// The log's optional layers (issue 48; docs/live-log.md «Layers»): who nominated whom, every
// raised hand by round, each black's shot, the leavers' last words — the page's copy of their
// part of scoring/live.py, split from live.js by reason. Logic only, as live.js.

/** @typedef {import("./live.js").State} State */
/** @typedef {import("./live.js").LogEvent} LogEvent */

const atTable = (s, seat) => !(seat in s.out);

/** Why a nomination's nominator cannot be (a reason code), or null. */
export function nominatorRefusal(s, by) {
  if (by === undefined) return null;
  if (!atTable(s, by)) return "nominator_at_table";
  if (s.nominations.some(([day, , who]) => day === s.round && who === by)) return "nominator_once";
  return null;
}

/**
 * Why a ``hands`` or ``last_words`` event cannot happen (the vote's phase is checked before).
 * @param {State} s
 * @param {LogEvent} e
 * @returns {string | null}
 */
export function layerRefusal(s, e) {
  if (e.kind === "last_words") {
    if (!(e.seat in s.out)) return "last_words_who";
    if (e.seat in s.lastWords) return "last_words_recorded";
    return null;
  }
  if (e.for !== null && !s.nominated.includes(e.for)) return "hands_for_nominated";
  if (e.seats.some((x) => !atTable(s, x))) return "hands_at_table";
  const raised = new Set(s.hands
    .filter(([day, round]) => day === s.round && round === s.votingRound)
    .flatMap(([, , , who]) => who));
  if (e.seats.some((x) => raised.has(x))) return "hands_once";
  return null;
}

/**
 * Apply a layer's own event (it never changes who is at the table); false for any other.
 * @param {State} s
 * @param {LogEvent} e
 * @returns {boolean}
 */
export function applyLayer(s, e) {
  switch (e.kind) {
    case "hands":
      s.hands.push([s.round, s.votingRound, e.for, [...e.seats]]);
      return true;
    case "revote":
      s.votingRound += 1;
      return true;
    case "last_words":
      s.lastWords[e.seat] = [[...e.black], [...e.red]];
      return true;
    default:
      return false;
  }
}
