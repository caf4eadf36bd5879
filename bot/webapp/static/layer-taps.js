// @ts-check
// The judge's taps for the log's optional layers (issue 48; docs/live-log.md «Layers»), on when
// the club records them (the game's ``layers``): who nominated each nominee (a second tap after
// the nominee), the raised hands for each candidate (a tap per hand, «Все остальные» for the
// rest), each black's shot when they disagree, the last words' colours. Split from app.js by
// reason: the game's own taps stay there; these add to them and never replace one.

import { h } from "./common.js";
import { atTable, over, refusal, role, SEATS } from "./live.js";
import { skipSaid } from "./rules.js";
import { toast } from "./sheet.js";

/** @typedef {import("./live.js").State} State */
/** @typedef {import("./live.js").LogEvent} LogEvent */
/** @typedef {import("./types.js").Ui} Ui */
/** @typedef {import("./types.js").LayerActions} Actions */
/** @typedef {(event: Omit<LogEvent, "id">) => void} Tap */

export const LAYER_LABEL = { nominator: "Кто выставил", hands: "Голоса", split: "Выстрел каждого", words: "Завещание" };
const ALL = 0; // the candidate «поднять всех»: a hand for lifting everyone

/** @param {Ui} ui @param {string} layer */
export const recording = (ui, layer) => (ui.view?.layers || []).includes(layer);

/** @returns {import("./types.js").LayerUi} */
export const noLayerTaps = () => ({ nominee: null, candidate: null, skipped: null, split: null, words: null });

/** The layer's own mode now, before the judge's choice and the phase's own. @param {Ui} ui @param {State} s */
export function layerMode(ui, s) {
  if (ui.lay.words) return "words";
  if (over(s)) return null;
  if (ui.lay.nominee !== null) return "nominator";
  if (ui.lay.split) return "split";
  if (!ui.mode && s.phase === "voting" && recording(ui, "hands") && candidate(ui, s) !== null) return "hands";
  return null;
}

/** Who the hands are for now: the judge's choice, else the first candidate of this round without them. */
function candidate(ui, s) {
  if (ui.lay.skipped === voteKey(s)) return null;
  if (ui.lay.candidate !== null) return ui.lay.candidate;
  const done = new Set(today(s).map(([, , who]) => who));
  return candidates(s).find((x) => !done.has(x)) ?? null;
}

const voteKey = (s) => `${s.round}:${s.votingRound}`;
const today = (s) => s.hands.filter(([day, round]) => day === s.round && round === s.votingRound);
const raised = (s) => new Set(today(s).flatMap(([, , , who]) => who));

/** This round's candidates: everyone nominated; after a re-vote, those who tied in the round before. */
function candidates(s) {
  if (s.votingRound === 0) return [...s.nominated];
  const before = s.hands.filter(([day, round, who]) => day === s.round && round === s.votingRound - 1 && who !== null);
  if (!before.length) return [...s.nominated];
  const most = Math.max(...before.map(([, , , who]) => who.length));
  return before.filter(([, , , who]) => who.length === most).map(([, , c]) => /** @type {number} */ (c));
}

/** The blacks at the table, by seat. @param {State} s */
const blacks = (s) => Object.keys(s.roles).map(Number)
  .filter((x) => atTable(s, x) && ["mafia", "don"].includes(role(s, x))).sort((a, b) => a - b);

/** Leavers whose last words are not recorded: the latest first. @param {State} s */
const unsaid = (s) => [...s.order].reverse()
  .filter((x) => ["voted", "shot"].includes(s.out[x]) && !(x in s.lastWords));

/**
 * A tap on a seat in a layer's mode; false when the layer has nothing to do with it.
 * @param {Ui} ui @param {State} s @param {string | null} mode @param {number} seat @param {Tap} tap
 */
export function layerSeat(ui, s, mode, seat, tap) {
  if (mode === "nominate" && recording(ui, "nominators")) {
    const why = refusal(s, { id: "", kind: "nominate", seat });
    if (why !== null) toast(`Не записано: ${skipSaid(why, seat)}.`);
    else ui.lay.nominee = seat;
    return true;
  }
  if (mode === "nominator") {
    const event = { kind: "nominate", seat: ui.lay.nominee, by: seat };
    if (refusal(s, { id: "", ...event }) === null) ui.lay.nominee = null;
    tap(event); // a nominator refused is said, and the nominee waits for another
    return true;
  }
  if (mode === "hands") {
    if (ui.chosen.includes(seat)) ui.chosen = ui.chosen.filter((x) => x !== seat);
    else if (!atTable(s, seat)) toast(`Игрок ${seat} уже не за столом.`);
    else if (raised(s).has(seat)) toast(`Игрок ${seat} уже голосовал в этом круге.`);
    else ui.chosen = [...ui.chosen, seat];
    return true;
  }
  if (mode === "split") return aim(ui, s, seat, tap);
  if (mode === "words" && ui.lay.words) {
    const { black, red } = ui.lay.words;
    if (black.includes(seat)) ui.lay.words = { ...ui.lay.words, black: black.filter((x) => x !== seat), red: [...red, seat] };
    else if (red.includes(seat)) ui.lay.words = { ...ui.lay.words, red: red.filter((x) => x !== seat) };
    else if (seat !== ui.lay.words.seat) ui.lay.words = { ...ui.lay.words, black: [...black, seat] };
    ui.chosen = [...ui.lay.words.black, ...ui.lay.words.red];
    return true;
  }
  return false;
}

/** The next black's target; the last one's makes the night's shot. @param {Ui} ui @param {State} s @param {number | null} seat @param {Tap} tap */
function aim(ui, s, seat, tap) {
  const split = ui.lay.split || {};
  const shooter = blacks(s).find((x) => !(x in split));
  if (shooter === undefined) return true;
  split[shooter] = seat;
  ui.chosen = Object.values(split).filter((x) => x !== null);
  if (blacks(s).some((x) => !(x in split))) { ui.lay.split = split; return true; }
  const by = blacks(s).map((x) => [x, split[x]]);
  const targets = new Set(by.map(([, t]) => t));
  const kill = targets.size === 1 && !targets.has(null) ? by[0][1] : null;
  ui.lay.split = null;
  tap({ kind: "shot", seat: kill, by });
  return true;
}

/**
 * The layers' actions, made once by app.js over its state.
 * @param {Ui} ui @param {{tap: Tap, render: () => void, state: () => State}} page
 * @returns {Actions}
 */
export function layerActions(ui, { tap, render, state }) {
  const again = (/** @type {() => void} */ change) => () => { change(); render(); };
  const forCandidate = (/** @type {number[]} */ seats) => {
    const who = candidate(ui, state());
    ui.lay.candidate = null;
    tap({ kind: "hands", for: who === ALL ? null : who, seats });
  };
  return {
    anonymous: () => { const seat = ui.lay.nominee; ui.lay.nominee = null; tap({ kind: "nominate", seat }); },
    cancel: again(() => { Object.assign(ui.lay, noLayerTaps()); ui.chosen = []; }),
    hands: () => forCandidate(ui.chosen),
    rest: () => {
      const s = state();
      const up = raised(s);
      forCandidate(SEATS.filter((x) => atTable(s, x) && !up.has(x)));
    },
    choose: (/** @type {number} */ who) => { ui.lay.candidate = who; ui.chosen = []; render(); },
    revote: () => { ui.lay.candidate = null; tap({ kind: "revote" }); },
    skip: again(() => { ui.lay.skipped = voteKey(state()); ui.chosen = []; }),
    split: again(() => { ui.lay.split = {}; ui.chosen = []; }),
    notShot: () => { aim(ui, state(), null, tap); render(); },
    words: again(() => {
      const seat = unsaid(state())[0];
      ui.lay.words = seat === undefined ? null : { seat, black: [], red: [] };
      ui.chosen = [];
    }),
    saveWords: () => {
      const w = ui.lay.words;
      ui.lay.words = null;
      if (w) tap({ kind: "last_words", seat: w.seat, black: w.black, red: w.red });
    },
  };
}

/** The buttons that start a layer's taps, beside the modes. @param {Ui} ui @param {State} s @param {Actions} act */
export function layerButtons(ui, s, act) {
  const buttons = [];
  if (recording(ui, "last_words") && unsaid(s).length && !ui.lay.words) {
    buttons.push(h("button", { onclick: act.words }, `Завещание ${unsaid(s)[0]}`));
  }
  return buttons;
}

/** What the leave panel adds once hands are recorded: the count, and the re-vote. @param {Ui} ui @param {State} s @param {Actions} act */
export function voteExtras(ui, s, act) {
  if (!recording(ui, "hands") || !s.nominated.length) return [];
  const counted = today(s).map(([, , who, up]) => `${who === null ? "за всех" : `за ${who}`} — ${up.length}`);
  return [counted.length ? h("p", { class: "hint", id: "tally" }, `Голоса: ${counted.join(", ")}.`) : null,
    h("div", { class: "row" }, h("button", { onclick: act.revote }, "🔁 Переголосование"))];
}

/** The panel of a layer's own mode, or null. @param {Ui} ui @param {State} s @param {string | null} mode @param {Actions} act */
export function layerPanel(ui, s, mode, act) {
  const cancel = h("button", { onclick: act.cancel }, "✖ Сбросить");
  if (mode === "nominator") {
    return [h("p", { class: "hint" }, `Выставлен ${ui.lay.nominee}. Кто выставил? Нажмите место.`),
      h("div", { class: "row" }, h("button", { onclick: act.anonymous }, "Не записывать кто"), cancel)];
  }
  if (mode === "hands") return handsPanel(ui, s, act);
  if (mode === "split") {
    const split = ui.lay.split || {};
    const shooter = blacks(s).find((x) => !(x in split));
    const so = Object.entries(split).map(([b, t]) => `${b} → ${t === null ? "не стрелял" : t}`);
    return [h("p", { class: "hint" }, `Выстрел чёрного ${shooter}: нажмите место, куда он стрелял.`),
      so.length ? h("p", { class: "hint" }, so.join(", ")) : null,
      h("div", { class: "row" }, h("button", { onclick: act.notShot }, "Не стрелял"), cancel)];
  }
  if (mode === "words" && ui.lay.words) {
    const { seat, black, red } = ui.lay.words;
    return [h("p", { class: "hint" }, `Завещание игрока ${seat}: нажмите названных — раз: чёрный, ещё раз: красный, ещё: снять.`),
      h("p", { class: "hint" }, `Чёрные: ${black.join(", ") || "—"} · красные: ${red.join(", ") || "—"}`),
      h("div", { class: "row" }, h("button", { class: "primary", id: "save-words", onclick: act.saveWords }, "Записать завещание"), cancel)];
  }
  return null;
}

/** @param {Ui} ui @param {State} s @param {Actions} act */
function handsPanel(ui, s, act) {
  const who = candidate(ui, s);
  const up = raised(s);
  const rest = SEATS.filter((x) => atTable(s, x) && !up.has(x)).length;
  const named = who === ALL ? "за подъём всех" : `за ${who}`;
  const done = new Set(today(s).map(([, , c]) => c));
  const chips = [...candidates(s), ...(s.votingRound > 0 ? [ALL] : [])].map((c) => h("button", {
    class: c === who ? "on" : "", onclick: () => act.choose(c),
  }, `${c === ALL ? "Всех" : `За ${c}`}${done.has(c === ALL ? null : c) ? " ✓" : ""}`));
  return [h("p", { class: "hint" }, `Голосование ${named}: нажмите поднятые руки (${ui.chosen.length}).`),
    h("div", { class: "row wrap" }, chips),
    h("div", { class: "row wrap" },
      h("button", { class: "primary", id: "hands", onclick: act.hands }, `Записать ${named}: ${ui.chosen.length}`),
      ui.chosen.length ? null : h("button", { id: "rest", onclick: act.rest }, `Все остальные (${rest})`)),
    h("div", { class: "row" }, h("button", { onclick: act.skip }, "К итогу без голосов"))];
}
