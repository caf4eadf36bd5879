// The live table protocol's log read into the game's state: the page's copy of scoring/live.py
// (docs/live-log.md). The server's reading is the truth; this one lets the judge's taps show at
// once and work without a network. A browser test replays random logs through both and compares.

export const SEATS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const LIMITS = { sheriff: 1, don: 1, mafia: 2 };
const MAX_FOULS = 4;
const MAX_TECHNICAL = 2;
const TEAM = { civilian: "red", sheriff: "red", mafia: "black", don: "black" };

export function newState() {
  return {
    roles: {}, phase: "night", round: 0,
    fouls: Array(10).fill(0), technical: Array(10).fill(0), removals: Array(10).fill(null),
    out: {}, order: [], nominated: [], shots: [], checks: [], bestMove: [],
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

export function refusal(s, e) {
  const kind = e.kind;
  if (over(s) && kind !== "best_move") return "игра уже окончена";
  const seat = e.seat;
  const night0 = s.phase === "night" && s.round === 0;
  if (kind === "role") {
    if (!night0) return "роли раздаются в нулевую ночь";
    const r = e.role;
    const taken = r !== "civilian" && role(s, seat) !== r;
    if (taken && Object.values(s.roles).filter((m) => m === r).length >= LIMITS[r]) {
      return "эта роль уже отмечена";
    }
    return null;
  }
  if (["foul", "technical", "removal", "ppk", "nominate"].includes(kind)) {
    if (!atTable(s, seat)) return `игрок ${seat} уже не за столом`;
    if (kind === "nominate") {
      if (s.phase !== "day") return "выставляют днём";
      if (s.nominated.includes(seat)) return `игрок ${seat} уже выставлен`;
    }
    if (kind === "ppk" && !rolesComplete(s)) return "сначала отметьте роли";
    return null;
  }
  if (kind === "vote") {
    if (s.phase !== "voting") return "голосование — после дня";
    if (e.out.some((x) => !atTable(s, x))) return "уйти может только тот, кто за столом";
    return null;
  }
  if (kind === "shot" || kind === "check") {
    if (s.phase !== "night" || s.round === 0) return "стреляют и проверяют ночью, с первой ночи";
    if (kind === "shot") {
      if (s.shots.some(([night]) => night === s.round)) return "выстрел этой ночи уже записан";
      if (seat !== null && !atTable(s, seat)) return `игрок ${seat} уже не за столом`;
    } else if (s.checks.some(([night, by]) => night === s.round && by === e.by)) {
      return "эта проверка уже записана";
    }
    return null;
  }
  if (kind === "best_move") {
    const killed = firstKilled(s);
    if (killed === null || TEAM[role(s, killed)] !== "red") {
      return "лучший ход — у красного, убитого первой ночью";
    }
    if (s.bestMove.length) return "лучший ход уже записан";
    if (e.seats.includes(killed)) return "лучший ход не называет себя";
    return null;
  }
  if (kind === "next") {
    if (night0 && !rolesComplete(s)) return "сначала отметьте роли: шериф, дон, две мафии";
    return null;
  }
  return null; // end
}

function apply(s, e) {
  const seat = e.seat;
  switch (e.kind) {
    case "role":
      if (e.role === "civilian" || role(s, seat) === e.role) delete s.roles[seat];
      else s.roles[seat] = e.role;
      break;
    case "foul":
      s.fouls[seat - 1] += 1;
      if (s.fouls[seat - 1] >= MAX_FOULS) leave(s, seat, "fouls");
      break;
    case "technical":
      s.technical[seat - 1] += 1;
      if (s.technical[seat - 1] >= MAX_TECHNICAL) leave(s, seat, "technical");
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
      break;
    case "vote":
      for (const x of e.out) leave(s, x, "voted");
      break;
    case "shot":
      s.shots.push([s.round, seat]);
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
  else if (s.phase === "day") s.phase = "voting";
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
