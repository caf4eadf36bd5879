// @ts-check
// The judge's table in the Mini App: one screen for the game, one tap per event, a timer, undo.
// Every tap is an event with an id made here; it goes into the queue (queue.js) kept on the
// device and on to the server, whose log is the truth (docs/live-log.md). The screen is the log
// replayed (live.js), drawn by the views (game-view.js, seating-view.js) from the state kept
// here; only the actions below change it.

import { api, h, initData, newId, tg } from "./common.js";
import { addClock, haptic, startClock, tick, toggleClock } from "./clock.js";
import { closedView, doneView, gameView, modeNow, nickname } from "./game-view.js";
import { layerActions, layerSeat, noLayerTaps } from "./layer-taps.js";
import { atTable, firstKilled, refusal, replay } from "./live.js";
import { bestMoveDue, eventOf, ONE_SHOT } from "./modes.js";
import { lastShown, Queue } from "./queue.js";
import { skipSaid } from "./rules.js";
import { seatingActions } from "./seating.js";
import { chooseView, seatingView } from "./seating-view.js";
import { ask, choose, toast } from "./sheet.js";

/** @typedef {import("./types.js").Ui} Ui */
/** @typedef {import("./types.js").GameAnswer} GameAnswer */
/** @typedef {import("./types.js").OpenAnswer} OpenAnswer */
/** @typedef {import("./live.js").LogEvent} LogEvent */

const $app = /** @type {HTMLElement} */ (document.getElementById("app"));

/** @type {Ui} */
const ui = {
  screen: "loading", view: null, seating: null, choosing: [], mode: null, chosen: [],
  skipBest: false, picking: null, found: [], query: "", close: null, told: null, error: null,
  lay: noLayerTaps(),
};
const queue = new Queue({
  onView: accept, onRefused: toast, onLost: (message) => { ui.error = message; },
  onDone: render, active: () => ui.screen === "game" && ui.view?.status === "playing",
});
const state = () => replay(queue.events);

// -- what the server says ---------------------------------------------------------------------

/** @param {GameAnswer} view */
function accept(view) {
  queue.adopt(view);
  ui.view = { ...view, others: ui.view?.live === view.live && !view.others ? ui.view.others : view.others };
  ui.screen = view.status === "saved" ? "done" : "game";
  if (!bestMoveDue(state())) ui.skipBest = false;
}

/** @param {OpenAnswer} answer */
function show(answer) {
  ui.error = null;
  if ("choose" in answer) { ui.choosing = answer.others; ui.screen = "choose"; }
  else if ("seating" in answer) { ui.seating = answer; ui.screen = "seating"; }
  else accept(answer);
  render();
  queue.schedule();
  if (ui.screen === "game" && queue.pending.length) queue.sync();
}

/** @param {{live?: number, new?: boolean}} body */
async function open(body) {
  try {
    show(await api("open", body));
  } catch (error) {
    const last = lastShown();
    if (error.status === 0 && last?.status === "playing" && (!body.live || body.live === last.live)) {
      accept({ ...last, log: queue.keptLog(last.live) }); // offline: as this device last had it
      queue.online = false;
      render();
      queue.schedule();
      return;
    }
    ui.error = error.status === 0 ? "Нет связи с сервером. Проверьте интернет и попробуйте снова." : error.message;
    render();
  }
}

function start() {
  ui.error = null;
  open(queue.live ? { live: queue.live } : {});
}

// -- taps ---------------------------------------------------------------------------------------

/** A tap's event, unless the rules set it aside. @param {Omit<LogEvent, "id">} event */
function tap(event) {
  const full = { id: newId(), ...event };
  const why = refusal(state(), full);
  if (why !== null) {
    haptic("error");
    toast(`Не записано: ${skipSaid(why, full.seat)}.`);
    return;
  }
  haptic("tap");
  ui.chosen = [];
  queue.push(full);
  if (!bestMoveDue(state())) ui.skipBest = false;
  render();
}

function undo() {
  const s = state();
  const last = s.applied[s.applied.length - 1];
  if (!last) { toast("Отменять нечего."); return; }
  haptic("tap");
  ui.mode = null;
  ui.chosen = [];
  ui.skipBest = false;
  ui.lay = noLayerTaps();
  queue.push({ id: newId(), kind: "undo", target: last });
  render();
}

/** A tap on a seat, in the mode chosen or the phase's own. @param {number} seat */
function onSeat(seat) {
  const s = state();
  const mode = modeNow(ui, s);
  if (layerSeat(ui, s, mode, seat, tap)) { render(); return; }
  if (!mode) { toast("Выберите действие внизу."); return; }
  if (mode === "leave" || mode === "best") { collect(s, mode, seat); return; }
  if (ONE_SHOT.has(mode)) ui.mode = null;
  if (mode === "removal") {
    ask(`Удалить игрока ${seat} (${nickname(ui, seat)}) из игры?`, "Да, удалить",
      () => tap({ kind: "removal", seat }));
  } else if (mode === "ppk") {
    ask(`ППК игроку ${seat} (${nickname(ui, seat)}): игра окончена, его команда проигрывает. Записать?`,
      "Да, ППК", () => tap({ kind: "ppk", seat }));
  } else tap(eventOf(mode, [seat]));
  render();
}

/** Seats gathered for a vote (who leaves) or a best move (three). */
function collect(/** @type {import("./live.js").State} */ s, /** @type {string} */ mode, /** @type {number} */ seat) {
  if (ui.chosen.includes(seat)) ui.chosen = ui.chosen.filter((x) => x !== seat);
  else if (mode === "best" && seat === firstKilled(s)) toast("Лучший ход не называет себя.");
  else if (mode === "leave" && !atTable(s, seat)) toast(`Игрок ${seat} уже не за столом.`);
  else if (ui.chosen.length < (mode === "best" ? 3 : 10)) ui.chosen = [...ui.chosen, seat];
  haptic("tap");
  render();
}

/** @type {import("./types.js").GameActions} */
const game = {
  seat: onSeat,
  mode: (m) => { ui.mode = m; ui.chosen = []; render(); },
  next: () => { ui.mode = null; tap({ kind: "next" }); },
  vote: (out) => tap({ kind: "vote", out }),
  allUp: () => {
    const all = [...state().nominated];
    ask(`Поднять всех: уходят ${all.join(", ")}?`, "Да, уходят", () => tap({ kind: "vote", out: all }));
  },
  best: () => { ui.mode = null; tap({ kind: "best_move", seats: ui.chosen }); },
  skipBest: () => { ui.skipBest = true; ui.mode = null; ui.chosen = []; render(); },
  miss: () => tap({ kind: "shot", seat: null }),
  undo,
  end: () => choose("Завершить игру?", [
    ["Победа красных", () => tap({ kind: "end", winner: "red" })],
    ["Победа чёрных", () => tap({ kind: "end", winner: "black" })],
    ["Ничья", () => tap({ kind: "end", winner: "draw" })],
  ]),
  others: () => choose("Взять игру другого стола?", (ui.view?.others || []).map((g) => [
    `Стол ${g.table} · игра ${g.number} — ${g.judge}`, () => open({ live: g.live })])),
  confirm: confirmGame,
  toChat,
  toggleClock: () => { toggleClock(); render(); },
  addClock: (seconds) => { addClock(seconds); render(); },
  startClock: (seconds) => { startClock(seconds); render(); },
  layer: layerActions(ui, { tap, render, state }),
};

/** @param {Event} event */
async function confirmGame(event) {
  /** @type {HTMLButtonElement} */ (event.target).disabled = true;
  try {
    /** @type {import("./types.js").SavedAnswer} */
    const answer = await api("confirm", { live: queue.live });
    if (ui.view) ui.view = { ...ui.view, status: "saved", game_id: answer.saved };
    ui.told = answer.told;
    ui.screen = "done";
    haptic("success");
  } catch (error) {
    toast(error.message);
    if (error.status === 409) ui.told = error.message;
  }
  render();
}

async function toChat() {
  try {
    ui.told = (await api("chat", { live: queue.live })).told;
    ui.screen = "done";
  } catch (error) {
    toast(error.message);
  }
  render();
}

const seating = seatingActions(ui, { show, render, open });

// -- drawing ------------------------------------------------------------------------------------

function render() {
  if (ui.error) {
    $app.replaceChildren(h("p", { class: "error" }, ui.error),
      h("div", { class: "row" }, h("button", { onclick: start }, "Попробовать снова")));
    return;
  }
  if (ui.screen === "loading") return;
  if (ui.screen === "seating" && ui.seating) {
    $app.replaceChildren(...seatingView(ui, ui.seating, seating));
    const box = document.getElementById("search");
    if (box) { box.focus(); box.scrollIntoView({ block: "center" }); }
  } else if (ui.screen === "choose") {
    $app.replaceChildren(...chooseView(ui.choosing, seating.take, () => open({ new: true })));
  } else if (ui.screen === "done" || ui.view?.status === "saved") {
    tg?.disableClosingConfirmation?.();
    $app.replaceChildren(...doneView(ui, () => tg?.close?.()));
  } else if (ui.view?.status === "closed") {
    tg?.disableClosingConfirmation?.();
    $app.replaceChildren(...closedView(ui, ui.view.closed || ""));
  } else {
    tg?.enableClosingConfirmation?.();
    const shown = { pending: queue.pending.length, online: queue.online, events: queue.events };
    $app.replaceChildren(...gameView(ui, state(), shown, game));
  }
}

// -- start ----------------------------------------------------------------------------------------

// A link to the app from the club chat (t.me/<bot>/<app>?startapp=standings-club5) opens this page
// with the page it names (the players' pages are not the judge's); the server reads the club.
const PAGES = new Set(["standings", "record", "tonight"]);
const asked = (new URLSearchParams(location.search).get("tgWebAppStartParam")
  || tg?.initDataUnsafe?.start_param || "").split("-club")[0];
if (PAGES.has(asked)) {
  location.replace(`${asked}.html${location.hash}`);
} else {
  tg?.ready?.();
  tg?.expand?.();
  tg?.disableVerticalSwipes?.();
  tick(render);
  if (!initData) {
    ui.error = "Откройте протокол из чата с ботом: кнопка «📱 Вести игру» в /game.";
    render();
  } else {
    start();
  }
}
