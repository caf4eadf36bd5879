// @ts-check
// The judge's game drawn: a function of the page's state and the game's, which assigns
// nothing — every button calls an action of app.js.

import { h } from "./common.js";
import { clock, clockText, low } from "./clock.js";
import { atTable, firstKilled, over } from "./live.js";
import { bestMoveDue, DANGER, defaultMode, modesOf, ONE_SHOT } from "./modes.js";
import { RULES, skipSaid } from "./rules.js";
import { LAYER_LABEL, layerButtons, layerMode, layerPanel, recording, voteExtras } from "./layer-taps.js";

/** @typedef {import("./live.js").State} State */
/** @typedef {import("./types.js").Ui} Ui */
/** @typedef {import("./types.js").GameActions} Actions */
/** @typedef {import("./types.js").QueueShown} QueueShown */

const ROLE_MARK = { sheriff: "Ш", don: "Д", mafia: "М" };
const PRESETS = [[60, "Речь"], [30, "3 фола"], [30, "Оправд."], [60, "Посл. слово"]];
const MODE_LABEL = {
  "role:sheriff": "Шериф", "role:don": "Дон", "role:mafia": "Мафия", nominate: "Выставить",
  leave: "Уходит", shot: "Выстрел", "check:sheriff": "Проверка шерифа",
  "check:don": "Проверка дона", best: "Лучший ход", foul: "Фол", technical: "Тех. фол",
  removal: "Удалить", ppk: "ППК", ...LAYER_LABEL,
};
const TABLE_ORDER = [2, 3, 4, 5, 1, null, 6, 10, 9, 8, 7]; // seats around the centre, as they sit

/** @param {Ui} ui @param {State} s */
export const modeNow = (ui, s) => layerMode(ui, s) || ui.mode || defaultMode(s, ui.skipBest);

/** @param {Ui} ui @param {number} seat */
export const nickname = (ui, seat) => ui.view?.seats[seat - 1]?.nickname || "—";

/** @param {Ui} ui @param {QueueShown} queue */
export function header(ui, queue) {
  const v = ui.view;
  return h("header", {}, h("h1", {}, `Стол ${v?.table} · игра ${v?.number}`), syncBadge(queue));
}

/** @param {QueueShown} queue */
function syncBadge({ pending, online }) {
  if (!online) return h("span", { class: "sync offline" }, `⚠️ нет сети · в очереди ${pending}`);
  return h("span", { class: "sync" }, pending ? `⏳ отправляю ${pending}` : "✓ сохранено");
}

/**
 * @param {Ui} ui @param {State} s @param {QueueShown} queue
 * @param {Actions} act
 */
export function gameView(ui, s, queue, act) {
  const blocks = [header(ui, queue)];
  if (!over(s)) {
    blocks.push(h("div", { class: "phase" }, h("b", {}, phaseTitle(s)),
      h("button", { class: "primary", id: "next", onclick: act.next }, nextLabel(s))));
    blocks.push(timerView(act));
  }
  blocks.push(tableView(ui, s, act), modesView(ui, s, act), ...panel(ui, s, act));
  if (over(s)) blocks.push(...endView(ui, s, queue, act));
  blocks.push(h("div", { class: "row" },
    h("button", { onclick: act.undo, id: "undo" }, "↶ Отменить"),
    over(s) ? null : h("button", { onclick: act.end }, "🏁 Завершить…")));
  const others = ui.view?.others || [];
  if (others.length) { // a head judge: the other tables' games, to take one over
    blocks.push(h("div", { class: "row" },
      h("button", { onclick: act.others }, `Другие столы (${others.length})`)));
  }
  if (s.skipped.length) {
    const events = new Map(queue.events.map((e) => [e.id, e]));
    const said = s.skipped.slice(-3).map(([id, why]) => skipSaid(why, events.get(id)?.seat));
    blocks.push(h("p", { class: "note" }, `Не вошло в протокол: ${s.skipped.length} — ${said.join("; ")}`));
  }
  return blocks;
}

/** @param {State} s */
function phaseTitle(s) {
  if (s.phase === "night") return s.round === 0 ? "Ночь 0 · роли" : `Ночь ${s.round}`;
  return s.phase === "day" ? `День ${s.round}` : `Голосование ${s.round}`;
}

/** @param {State} s */
function nextLabel(s) {
  if (s.phase === "night") return `☀️ День ${s.round + 1}`;
  return s.phase === "day" ? "🗳 Голосование" : `🌙 Ночь ${s.round}`;
}

/** @param {Ui} ui @param {State} s @param {number} seat @param {Actions} act */
function seatButton(ui, s, seat, act) {
  const r = s.roles[seat];
  const here = atTable(s, seat);
  const classes = ["seat", here ? "" : "out", s.nominated.includes(seat) ? "nominated" : "",
    ui.chosen.includes(seat) ? "chosen" : ""].filter(Boolean);
  const marks = [];
  if (s.fouls[seat - 1]) marks.push(h("span", { class: "fouls" }, `⚠${s.fouls[seat - 1]} `));
  if (s.technical[seat - 1]) marks.push(h("span", { class: "fouls" }, `Т${s.technical[seat - 1]} `));
  if (!here) marks.push(RULES.left[s.out[seat]] || "");
  else if (s.nominated.includes(seat)) marks.push(`🗳 ${s.nominated.indexOf(seat) + 1}`);
  return h("button", {
    class: classes.join(" "), "data-seat": seat, onclick: () => act.seat(seat),
    "aria-label": `Место ${seat}, ${nickname(ui, seat)}`,
  },
  h("span", { class: "num" }, seat),
  r ? h("span", { class: `role ${r === "sheriff" ? "" : "black"}` }, ROLE_MARK[r]) : null,
  h("span", { class: "name" }, nickname(ui, seat)),
  h("span", { class: "marks" }, marks));
}

/** @param {Ui} ui @param {State} s @param {Actions} act */
function tableView(ui, s, act) {
  const mode = modeNow(ui, s);
  const centre = h("div", { class: "centre" },
    over(s) ? h("b", {}, `🏁 ${RULES.winner[s.winner || ""]}`) : null,
    over(s) ? h("div", {}, RULES.ended[s.endedBy || ""] || "") : null,
    facts(s).map((line) => h("div", {}, line)),
    h("div", {}, mode ? `Нажмите место: ${MODE_LABEL[mode]}` : ""));
  return h("div", { class: "table" },
    TABLE_ORDER.map((seat) => seat === null ? centre : seatButton(ui, s, seat, act)));
}

/** @param {State} s */
function facts(s) {
  if (over(s)) return [];
  if (s.phase === "day" || s.phase === "voting") {
    return s.nominated.length ? [`Выставлены: ${s.nominated.join(", ")}`] : [];
  }
  const lines = [];
  const shot = s.shots.find(([night]) => night === s.round);
  if (shot) lines.push(shot[1] === null ? "Промах" : `Убит: ${shot[1]}`);
  for (const [night, by, seat] of s.checks) {
    if (night === s.round) lines.push(`${by === "sheriff" ? "Шериф" : "Дон"} проверил ${seat}`);
  }
  return lines;
}

/** @param {Actions} act */
function timerView(act) {
  return h("div", { class: "timer" },
    h("div", { class: `clock${low() ? " low" : ""}`, id: "clock" }, clockText()),
    h("button", { class: "go", id: "clock-go", onclick: act.toggleClock,
      "aria-label": clock.running ? "Пауза" : "Пуск" }, clock.running ? "⏸" : "▶"),
    h("button", { class: "go", onclick: () => act.addClock(15) }, "+15"),
    h("div", { class: "presets" },
      PRESETS.map(([seconds, label]) => h("button", { onclick: () => act.startClock(+seconds) },
        h("b", {}, seconds), h("br"), label))));
}

/** @param {Ui} ui @param {State} s @param {Actions} act */
function modesView(ui, s, act) {
  const mode = modeNow(ui, s);
  return h("div", { class: "modes" }, modesOf(s).map((m) => h("button", {
    class: `${m === mode ? "on" : ""} ${DANGER.has(m) ? "danger" : ""}`,
    onclick: () => act.mode(m === mode && ONE_SHOT.has(m) ? null : m),
  }, MODE_LABEL[m])), layerButtons(ui, s, act.layer));
}

/** @param {Ui} ui @param {State} s @param {Actions} act */
function panel(ui, s, act) {
  const mode = modeNow(ui, s);
  const layer = layerPanel(ui, s, mode, act.layer);
  if (layer) return layer;
  if (mode === "leave") {
    const named = s.nominated.length ? `Выставлены: ${s.nominated.join(", ")}.` : "Никто не выставлен.";
    const who = ui.chosen;
    return [h("p", { class: "hint" }, `${named} Нажмите тех, кто уходит.`),
      h("div", { class: "row wrap" },
        h("button", { class: "primary", disabled: !who.length, onclick: () => act.vote(who) },
          who.length > 1 ? `Уходят: ${who.join(", ")}` : who.length ? `Уходит: ${who[0]}` : "Уходит: —"),
        h("button", { onclick: () => act.vote([]) }, "Никто не уходит"),
        s.nominated.length > 1 ? h("button", { onclick: act.allUp },
          `Поднять всех (${s.nominated.length})`) : null), ...voteExtras(ui, s, act.layer)];
  }
  if (mode === "best") {
    return [h("p", { class: "hint" },
      `Лучший ход игрока ${firstKilled(s)}: нажмите троих (${ui.chosen.join(", ") || "—"}).`),
    h("div", { class: "row" },
      h("button", { class: "primary", disabled: ui.chosen.length !== 3, onclick: act.best },
        "Записать лучший ход"),
      h("button", { onclick: act.skipBest }, "Без лучшего хода"))];
  }
  if (mode === "shot") {
    return [h("div", { class: "row" }, h("button", { onclick: act.miss }, "Промах"),
      recording(ui, "shooters") ? h("button", { id: "split", onclick: act.layer.split }, "Стреляли по-разному") : null)];
  }
  return [];
}

/**
 * @param {Ui} ui @param {State} s @param {QueueShown} queue
 * @param {Actions} act
 */
function endView(ui, s, queue, act) {
  const v = ui.view;
  const synced = !queue.pending && v?.winner === s.winner && v?.summary;
  const parts = [];
  if (bestMoveDue(s) && modeNow(ui, s) !== "best") {
    parts.push(h("p", { class: "hint" }, `Лучший ход игрока ${firstKilled(s)} не записан.`));
  }
  parts.push(synced ? h("div", { class: "summary", id: "summary" }, v?.summary)
    : h("p", { class: "note" }, queue.online ? "Сохраняю протокол…" : "Нет сети: протокол сохранится, когда связь вернётся."));
  parts.push(h("div", { class: "row" }, h("button", { class: "primary", id: "confirm",
    disabled: !synced, onclick: act.confirm }, "✅ Сохранить")));
  parts.push(h("div", { class: "row" }, h("button", { disabled: !synced, onclick: act.toChat },
    "✏️ Доп. баллы и штрафы — в чате")));
  return parts;
}

/** @param {Ui} ui @param {string} closed  the server's word for a protocol closed in the chat */
export function closedView(ui, closed) {
  return [header(ui, { pending: 0, online: true, events: [] }), h("p", { class: "error" }, closed)];
}

/** @param {Ui} ui @param {() => void} close */
export function doneView(ui, close) {
  const v = ui.view;
  return [h("header", {}, h("h1", {}, `Стол ${v?.table} · игра ${v?.number}`)),
    h("p", {}, ui.told || "✅ Игра сохранена."),
    h("div", { class: "row" }, h("button", { class: "primary", onclick: close }, "Закрыть"))];
}
