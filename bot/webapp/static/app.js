// The judge's table in the Mini App: one screen for the game, one tap per event, a timer, undo.
// Every tap is an event with an id made here; it goes into a queue kept in localStorage and on
// to the server, whose log is the truth (docs/live-log.md). The screen is the log replayed.

import { api, h, initData, tg } from "./common.js";
import { atTable, firstKilled, over, refusal, replay, role } from "./live.js";

const $app = document.getElementById("app");
const $sheet = document.getElementById("sheet");
const $toast = document.getElementById("toast");

const ROLE_MARK = { sheriff: "Ш", don: "Д", mafia: "М" };
const ROLE_LABEL = { sheriff: "Шериф", don: "Дон", mafia: "Мафия" };
const OUT_WHY = {
  voted: "заголосован", shot: "убит", fouls: "4 фола", technical: "2 тех. фола",
  judge: "удалён", ppk: "ППК",
};
const WINNER = { red: "Победа красных", black: "Победа чёрных", draw: "Ничья" };
const ENDED_BY = { rule: "по составу за столом", judge: "завершена судьёй", ppk: "по ППК" };
const PRESETS = [[60, "Речь"], [30, "3 фола"], [30, "Оправд."], [60, "Посл. слово"]];
const MODE_LABEL = {
  "role:sheriff": "Шериф", "role:don": "Дон", "role:mafia": "Мафия", nominate: "Выставить",
  leave: "Уходит", shot: "Выстрел", "check:sheriff": "Проверка шерифа",
  "check:don": "Проверка дона", best: "Лучший ход", foul: "Фол", technical: "Тех. фол",
  removal: "Удалить", ppk: "ППК",
};
const ONE_SHOT = new Set(["foul", "technical", "removal", "ppk", "check:sheriff", "check:don"]);

const app = {
  screen: "loading", view: null, live: null, log: [], pending: [], mode: null, chosen: [],
  online: true, error: null, skipBest: false, seating: null, picking: null, found: [], query: "", close: null,
};

// -- small helpers ------------------------------------------------------------------------------

function toast(text) {
  $toast.textContent = text;
  $toast.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { $toast.hidden = true; }, 2600);
}

function haptic(kind) {
  try {
    if (kind === "tap") tg?.HapticFeedback?.impactOccurred("light");
    else tg?.HapticFeedback?.notificationOccurred(kind);
  } catch { /* an old Telegram: no haptics */ }
}

let audio = null;
function beep(frequency, seconds) {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.value = 0.2;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + seconds);
  } catch { /* no sound here */ }
}

function newId() {
  if (window.crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function ask(question, yes, onYes) {
  $sheet.replaceChildren(h("div", { class: "box" },
    h("p", {}, question),
    h("div", { class: "row" },
      h("button", { class: "primary", onclick: () => { $sheet.hidden = true; onYes(); } }, yes),
      h("button", { onclick: () => { $sheet.hidden = true; } }, "Отмена"))));
  $sheet.hidden = false;
}

function choose(question, options) {
  $sheet.replaceChildren(h("div", { class: "box" },
    h("p", {}, question),
    options.map(([label, act, cls]) => h("div", { class: "row" },
      h("button", { class: cls || "", onclick: () => { $sheet.hidden = true; act(); } }, label))),
    h("div", { class: "row" }, h("button", { onclick: () => { $sheet.hidden = true; } }, "Отмена"))));
  $sheet.hidden = false;
}

// -- the server ---------------------------------------------------------------------------------

const storeKey = () => `mafia-live-${app.live}`;

function store() {
  try {
    localStorage.setItem(storeKey(), JSON.stringify({ log: app.log, pending: app.pending }));
  } catch { /* private mode: the queue lives in memory */ }
}

function restored() {
  try { return JSON.parse(localStorage.getItem(storeKey()) || "{}"); } catch { return {}; }
}

// The game last shown, without its log (kept under its own key): a reload without a network
// opens it from here and goes on with the queue.
const LAST = "mafia-live-last";

function remember(view) {
  try { localStorage.setItem(LAST, JSON.stringify({ ...view, log: undefined, others: undefined })); } catch { /* private mode */ }
}

function lastShown() {
  try { return JSON.parse(localStorage.getItem(LAST) || "null"); } catch { return null; }
}

function accept(view) {
  remember(view);
  app.view = { others: app.view?.live === view.live ? app.view.others : undefined, ...view };
  if (view.live !== app.live) {
    app.live = view.live;
    app.pending = restored().pending || [];
  }
  app.log = view.log;
  const known = new Set(view.log.map((e) => e.id));
  app.pending = app.pending.filter((e) => !known.has(e.id));
  store();
  app.screen = "game";
}

let syncing = false;
let retryIn = 1000;
let syncTimer = null;

async function sync() {
  if (syncing || !app.live || app.screen !== "game") return;
  syncing = true;
  clearTimeout(syncTimer);
  const sending = app.pending.slice(0, 200);
  try {
    accept(await api("events", { live: app.live, events: sending }));
    app.online = true;
    retryIn = 1000;
  } catch (error) {
    if (error.status === 400 || error.status === 409) {
      const ids = new Set(sending.map((e) => e.id));
      app.pending = app.pending.filter((e) => !ids.has(e.id));  // refused for good
      store();
      toast(error.message);
    } else if (error.status === 401 || error.status === 403 || error.status === 404) {
      app.error = error.message;
    } else {
      app.online = false;
      retryIn = Math.min(retryIn * 2, 8000);
    }
  } finally {
    syncing = false;
    render();
    schedule();
  }
}

function schedule() {
  clearTimeout(syncTimer);
  if (!app.live || app.screen !== "game" || app.view?.status !== "playing") return;
  const wait = !app.online ? retryIn : app.pending.length ? 30 : 4000;
  syncTimer = setTimeout(sync, wait);
}

window.addEventListener("online", () => { retryIn = 1000; sync(); });

// -- the game -----------------------------------------------------------------------------------

const state = () => replay([...app.log, ...app.pending]);

function tap(event, s) {
  const full = { id: newId(), ...event };
  const why = refusal(s, full);
  if (why !== null) {
    haptic("error");
    toast(`Не записано: ${why}.`);
    return;
  }
  haptic("tap");
  app.pending.push(full);
  store();
  render();
  sync();
}

function undo() {
  const s = state();
  const last = s.applied[s.applied.length - 1];
  if (!last) { toast("Отменять нечего."); return; }
  haptic("tap");
  app.pending.push({ id: newId(), kind: "undo", target: last });
  app.mode = null;
  app.chosen = [];
  store();
  render();
  sync();
}

function bestMoveDue(s) {
  const killed = firstKilled(s);
  return killed !== null && ["civilian", "sheriff"].includes(role(s, killed)) && !s.bestMove.length;
}

function defaultMode(s) {
  const best = bestMoveDue(s) && !app.skipBest;
  if (over(s)) return best ? "best" : null;
  if (s.phase === "night" && s.round === 0) {
    const marked = Object.values(s.roles);
    if (!marked.includes("sheriff")) return "role:sheriff";
    if (!marked.includes("don")) return "role:don";
    return marked.filter((r) => r === "mafia").length < 2 ? "role:mafia" : null;
  }
  if (s.phase === "day") return "nominate";
  if (s.phase === "voting") return "leave";
  if (!s.shots.some(([night]) => night === s.round)) return "shot";
  return best && s.round === 1 ? "best" : null;
}

function modesOf(s) {
  if (over(s)) return bestMoveDue(s) ? ["best"] : [];
  let own = [];
  if (s.phase === "night" && s.round === 0) own = ["role:sheriff", "role:don", "role:mafia"];
  else if (s.phase === "day") own = ["nominate"];
  else if (s.phase === "voting") own = ["leave"];
  else own = ["shot", "check:sheriff", "check:don", ...(bestMoveDue(s) ? ["best"] : [])];
  return [...own, "foul", "technical", "removal", "ppk"];
}

function nickname(seat) {
  return app.view.seats[seat - 1]?.nickname || "—";
}

function onSeat(seat) {
  const s = state();
  const mode = app.mode || defaultMode(s);
  if (!mode) { toast("Выберите действие внизу."); return; }
  const [kind, arg] = mode.split(":");
  if (mode === "leave" || mode === "best") {
    const most = mode === "best" ? 3 : 10;
    if (app.chosen.includes(seat)) app.chosen = app.chosen.filter((x) => x !== seat);
    else if (mode === "best" && seat === firstKilled(s)) toast("Лучший ход не называет себя.");
    else if (mode === "leave" && !atTable(s, seat)) toast(`Игрок ${seat} уже не за столом.`);
    else if (app.chosen.length < most) app.chosen = [...app.chosen, seat];
    haptic("tap");
    render();
    return;
  }
  if (ONE_SHOT.has(mode)) app.mode = null;
  if (kind === "role") tap({ kind: "role", seat, role: arg }, s);
  else if (kind === "check") tap({ kind: "check", by: arg, seat }, s);
  else if (kind === "removal") {
    ask(`Удалить игрока ${seat} (${nickname(seat)}) из игры?`, "Да, удалить",
      () => tap({ kind: "removal", seat }, state()));
  } else if (kind === "ppk") {
    ask(`ППК игроку ${seat} (${nickname(seat)}): игра окончена, его команда проигрывает. Записать?`,
      "Да, ППК", () => tap({ kind: "ppk", seat }, state()));
  } else tap({ kind, seat }, s);
}

// -- drawing ------------------------------------------------------------------------------------

function render() {
  if (app.error) {
    $app.replaceChildren(h("p", { class: "error" }, app.error),
      h("div", { class: "row" }, h("button", { onclick: start }, "Попробовать снова")));
    return;
  }
  if (app.screen === "loading") return;
  if (app.screen === "seating") { renderSeating(); return; }
  if (app.screen === "choose") { renderChoose(); return; }
  if (app.screen === "done") { renderDone(); return; }
  renderGame();
}

function syncBadge() {
  const n = app.pending.length;
  if (!app.online) return h("span", { class: "sync offline" }, `⚠️ нет сети · в очереди ${n}`);
  return h("span", { class: "sync" }, n ? `⏳ отправляю ${n}` : "✓ сохранено");
}

function phaseTitle(s) {
  if (s.phase === "night") return s.round === 0 ? "Ночь 0 · роли" : `Ночь ${s.round}`;
  return s.phase === "day" ? `День ${s.round}` : `Голосование ${s.round}`;
}

function nextLabel(s) {
  if (s.phase === "night") return `☀️ День ${s.round + 1}`;
  return s.phase === "day" ? "🗳 Голосование" : `🌙 Ночь ${s.round}`;
}

function seatButton(s, seat) {
  const r = s.roles[seat];
  const fouls = s.fouls[seat - 1];
  const technical = s.technical[seat - 1];
  const classes = ["seat"];
  if (!atTable(s, seat)) classes.push("out");
  if (s.nominated.includes(seat)) classes.push("nominated");
  if (app.chosen.includes(seat)) classes.push("chosen");
  const marks = [];
  if (fouls) marks.push(h("span", { class: "fouls" }, `⚠${fouls} `));
  if (technical) marks.push(h("span", { class: "fouls" }, `Т${technical} `));
  if (!atTable(s, seat)) marks.push(OUT_WHY[s.out[seat]] || "");
  else if (s.nominated.includes(seat)) marks.push(`🗳 ${s.nominated.indexOf(seat) + 1}`);
  return h("button", {
    class: classes.join(" "), "data-seat": seat, onclick: () => onSeat(seat),
    "aria-label": `Место ${seat}, ${nickname(seat)}`,
  },
  h("span", { class: "num" }, seat),
  r ? h("span", { class: `role ${r === "sheriff" ? "" : "black"}` }, ROLE_MARK[r]) : null,
  h("span", { class: "name" }, nickname(seat)),
  h("span", { class: "marks" }, marks));
}

function renderTable(s) {
  const order = [2, 3, 4, 5, 1, null, 6, 10, 9, 8, 7];
  const mode = app.mode || defaultMode(s);
  const centre = h("div", { class: "centre" },
    over(s) ? h("b", {}, `🏁 ${WINNER[s.winner]}`) : null,
    over(s) ? h("div", {}, ENDED_BY[s.endedBy] || "") : null,
    facts(s).map((line) => h("div", {}, line)),
    h("div", {}, mode ? `Нажмите место: ${MODE_LABEL[mode]}` : ""));
  return h("div", { class: "table" }, order.map((seat) => seat === null ? centre : seatButton(s, seat)));
}

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

function renderTimer() {
  return h("div", { class: "timer" },
    h("div", { class: `clock${clock.left <= 10 && clock.left > 0 ? " low" : ""}`, id: "clock" },
      clockText()),
    h("button", { class: "go", id: "clock-go", onclick: toggleClock,
      "aria-label": clock.running ? "Пауза" : "Пуск" }, clock.running ? "⏸" : "▶"),
    h("button", { class: "go", onclick: () => addClock(15) }, "+15"),
    h("div", { class: "presets" },
      PRESETS.map(([seconds, label]) => h("button", { onclick: () => startClock(seconds) },
        h("b", {}, seconds), h("br"), label))));
}

function renderModes(s) {
  const mode = app.mode || defaultMode(s);
  return h("div", { class: "modes" }, modesOf(s).map((m) => h("button", {
    class: `${m === mode ? "on" : ""} ${["removal", "ppk"].includes(m) ? "danger" : ""}`,
    onclick: () => { app.mode = m === mode && ONE_SHOT.has(m) ? null : m; app.chosen = []; render(); },
  }, MODE_LABEL[m])));
}

function renderPanel(s) {
  const mode = app.mode || defaultMode(s);
  const parts = [];
  if (mode === "leave") {
    const named = s.nominated.length ? `Выставлены: ${s.nominated.join(", ")}.` : "Никто не выставлен.";
    parts.push(h("p", { class: "hint" }, `${named} Нажмите тех, кто уходит.`));
    const who = app.chosen;
    parts.push(h("div", { class: "row wrap" },
      h("button", { class: "primary", disabled: !who.length,
        onclick: () => { tap({ kind: "vote", out: who }, s); app.chosen = []; } },
        who.length > 1 ? `Уходят: ${who.join(", ")}` : who.length ? `Уходит: ${who[0]}` : "Уходит: —"),
      h("button", { onclick: () => { tap({ kind: "vote", out: [] }, s); app.chosen = []; } },
        "Никто не уходит"),
      s.nominated.length > 1 ? h("button", {
        onclick: () => ask(`Поднять всех: уходят ${s.nominated.join(", ")}?`, "Да, уходят",
          () => tap({ kind: "vote", out: [...s.nominated] }, state())),
      }, `Поднять всех (${s.nominated.length})`) : null));
  } else if (mode === "best") {
    parts.push(h("p", { class: "hint" },
      `Лучший ход игрока ${firstKilled(s)}: нажмите троих (${app.chosen.join(", ") || "—"}).`));
    parts.push(h("div", { class: "row" },
      h("button", { class: "primary", disabled: app.chosen.length !== 3,
        onclick: () => { tap({ kind: "best_move", seats: app.chosen }, s); app.chosen = []; app.mode = null; } },
      "Записать лучший ход"),
      h("button", { onclick: () => { app.skipBest = true; app.mode = null; app.chosen = []; render(); } },
        "Без лучшего хода")));
  } else if (mode === "shot") {
    parts.push(h("div", { class: "row" },
      h("button", { onclick: () => tap({ kind: "shot", seat: null }, s) }, "Промах")));
  }
  return parts;
}

function renderGame() {
  const v = app.view;
  const s = state();
  if (!bestMoveDue(s)) app.skipBest = false;
  const head = h("header", {}, h("h1", {}, `Стол ${v.table} · игра ${v.number}`), syncBadge());
  if (v.status === "saved") { app.screen = "done"; renderDone(); return; }
  if (v.status === "closed") {
    $app.replaceChildren(head, h("p", { class: "error" },
      "Протокол этой игры закрыт в чате (сохранён или удалён). Новая игра — /game."));
    tg?.disableClosingConfirmation?.();
    return;
  }
  tg?.enableClosingConfirmation?.();
  const blocks = [head];
  if (!over(s)) {
    blocks.push(h("div", { class: "phase" }, h("b", {}, phaseTitle(s)),
      h("button", { class: "primary", id: "next",
        onclick: () => { app.mode = null; app.chosen = []; tap({ kind: "next" }, s); } },
      nextLabel(s))));
    blocks.push(renderTimer());
  }
  blocks.push(renderTable(s), renderModes(s), ...renderPanel(s));
  if (over(s)) blocks.push(...renderEnd(s));
  blocks.push(h("div", { class: "row" },
    h("button", { onclick: undo, id: "undo" }, "↶ Отменить"),
    over(s) ? null : h("button", { onclick: () => choose("Завершить игру?", [
      ["Победа красных", () => tap({ kind: "end", winner: "red" }, state())],
      ["Победа чёрных", () => tap({ kind: "end", winner: "black" }, state())],
      ["Ничья", () => tap({ kind: "end", winner: "draw" }, state())],
    ]) }, "🏁 Завершить…")));
  if (v.others?.length) {  // a head judge: the other tables' games, to take one over
    blocks.push(h("div", { class: "row" }, h("button", {
      onclick: () => choose("Взять игру другого стола?", v.others.map((g) => [
        `Стол ${g.table} · игра ${g.number} — ${g.judge}`, () => open({ live: g.live })])),
    }, `Другие столы (${v.others.length})`)));
  }
  if (s.skipped.length) {
    blocks.push(h("p", { class: "note" }, `Не вошло в протокол: ${s.skipped.length} — ` +
      s.skipped.slice(-3).map(([, why]) => why).join("; ")));
  }
  $app.replaceChildren(...blocks);
}

function renderEnd(s) {
  const v = app.view;
  const synced = !app.pending.length && v.winner === s.winner && v.summary;
  const parts = [];
  if (bestMoveDue(s) && (app.mode || defaultMode(s)) !== "best") {
    parts.push(h("p", { class: "hint" }, `Лучший ход игрока ${firstKilled(s)} не записан.`));
  }
  parts.push(synced ? h("div", { class: "summary", id: "summary" }, v.summary)
    : h("p", { class: "note" }, app.online ? "Сохраняю протокол…" : "Нет сети: протокол сохранится, когда связь вернётся."));
  parts.push(h("div", { class: "row" }, h("button", { class: "primary", id: "confirm",
    disabled: !synced, onclick: confirmGame }, "✅ Сохранить")));
  parts.push(h("div", { class: "row" }, h("button", { disabled: !synced, onclick: toChat },
    "✏️ Доп. баллы и штрафы — в чате")));
  return parts;
}

async function confirmGame(event) {
  event.target.disabled = true;
  try {
    const answer = await api("confirm", { live: app.live });
    app.view = { ...app.view, status: "saved", game_id: answer.saved };
    app.told = answer.told;
    app.screen = "done";
    haptic("success");
  } catch (error) {
    toast(error.message);
    if (error.status === 409) app.told = error.message;
  }
  render();
}

async function toChat() {
  try {
    const answer = await api("chat", { live: app.live });
    app.told = answer.told;
    app.screen = "done";
  } catch (error) {
    toast(error.message);
  }
  render();
}

function renderDone() {
  tg?.disableClosingConfirmation?.();
  const v = app.view;
  $app.replaceChildren(
    h("header", {}, h("h1", {}, `Стол ${v.table} · игра ${v.number}`)),
    h("p", {}, app.told || "✅ Игра сохранена."),
    h("div", { class: "row" }, h("button", { class: "primary", onclick: () => tg?.close?.() }, "Закрыть")));
}

// -- the timer ------------------------------------------------------------------------------------

const clock = { left: 60, running: false, endsAt: 0, warned: false };

function clockText() {
  const whole = Math.ceil(clock.left);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function startClock(seconds) {
  clock.left = seconds;
  clock.warned = seconds <= 10;
  clock.running = true;
  clock.endsAt = Date.now() + seconds * 1000;
  haptic("tap");
  render();
}

function toggleClock() {
  if (clock.running) {
    clock.left = Math.max(0, (clock.endsAt - Date.now()) / 1000);
    clock.running = false;
  } else if (clock.left > 0) {
    clock.running = true;
    clock.endsAt = Date.now() + clock.left * 1000;
  }
  render();
}

function addClock(seconds) {
  clock.left += seconds;
  if (clock.left > 10) clock.warned = false;
  if (clock.running) clock.endsAt += seconds * 1000;
  render();
}

setInterval(() => {
  if (!clock.running) return;
  clock.left = Math.max(0, (clock.endsAt - Date.now()) / 1000);
  if (clock.left <= 10 && !clock.warned) {
    clock.warned = true;
    haptic("warning");
    beep(880, 0.15);
  }
  if (clock.left <= 0) {
    clock.running = false;
    haptic("error");
    beep(440, 0.5);
    render();
  }
  const shown = document.getElementById("clock");
  if (shown) {
    shown.textContent = clockText();
    shown.classList.toggle("low", clock.left <= 10 && clock.left > 0);
  }
}, 200);

// -- seating and choosing -------------------------------------------------------------------------

function renderSeating() {
  const v = app.seating;
  if (app.picking === null) app.picking = v.seats.find((seat) => !seat.nickname)?.seat ?? null;
  const blocks = [h("header", {}, h("h1", {}, `Стол ${v.table} · игра ${v.number}: посадка`))];
  blocks.push(h("p", { class: "note" }, "Нажмите место и найдите игрока. Когда сядут все десять, начнётся игра."));
  const rows = [];
  for (const seat of v.seats) {
    rows.push(h("button", {
      class: app.picking === seat.seat ? "on" : "", "data-seat": seat.seat,
      onclick: () => { app.picking = seat.seat; app.found = []; app.query = ""; app.close = null; render(); },
    }, `${seat.seat} · ${seat.nickname || "— выбрать игрока"}`));
    if (app.picking === seat.seat) rows.push(...renderPicker());  // under the seat being chosen
  }
  blocks.push(h("div", { class: "list" }, rows));
  if (v.others?.length) blocks.push(...renderOthers(v.others));
  $app.replaceChildren(...blocks);
  const search = document.getElementById("search");
  if (search) { search.focus(); search.scrollIntoView({ block: "center" }); }
}

function renderPicker() {
  const input = h("input", { type: "search", id: "search", placeholder: `Место ${app.picking}: ник игрока`,
    value: app.query, autocomplete: "off" });
  input.addEventListener("input", () => {
    app.query = input.value;
    clearTimeout(renderPicker.timer);
    renderPicker.timer = setTimeout(search, 250);
  });
  const parts = [input, h("div", { class: "list", id: "found" }, foundButtons())];
  return parts;
}

function foundButtons() {
  const query = app.query.trim();
  const buttons = app.found.map((p) => h("button", { onclick: () => seat({ player: p.id }) }, p.nickname));
  if (query) {
    buttons.push(h("button", { onclick: () => seat({ nickname: query, sure: app.close === query }) },
      app.close === query ? `➕ Всё равно новый игрок «${query}»` : `➕ Новый игрок «${query}»`));
  }
  return buttons;
}

async function search() {
  try {
    app.found = await api("search", { q: app.query });
  } catch (error) {
    toast(error.message);
  }
  document.getElementById("found")?.replaceChildren(...foundButtons());
}

async function seat(choice) {
  try {
    const answer = await api("seat", { seat: app.picking, ...choice });
    app.picking = null;  // the next open seat
    app.close = null;
    app.query = "";
    app.found = [];
    show(answer);
  } catch (error) {
    if (error.status === 409 && choice.nickname) app.close = choice.nickname;
    toast(error.message);
    render();
  }
}

function renderOthers(others) {
  return [h("p", { class: "note" }, "Игры за столами — взять игру:"),
    h("div", { class: "list" }, others.map((g) => h("button", { onclick: () => open({ live: g.live }) },
      `Стол ${g.table} · игра ${g.number} — ${g.judge}`)))];
}

function renderChoose() {
  $app.replaceChildren(h("header", {}, h("h1", {}, "Протокол игры")),
    ...renderOthers(app.choose.others),
    h("div", { class: "row" }, h("button", { class: "primary", onclick: () => open({ new: true }) },
      "Новая игра за моим столом")));
}

// -- opening ----------------------------------------------------------------------------------------

function show(answer) {
  app.error = null;
  if (answer.choose) { app.choose = answer; app.screen = "choose"; }
  else if (answer.seating) { app.seating = answer; app.screen = "seating"; }
  else { accept(answer); }
  render();
  schedule();
  if (app.screen === "game" && app.pending.length) sync();
}

async function open(body) {
  try {
    show(await api("open", body));
  } catch (error) {
    const last = lastShown();
    if (error.status === 0 && last && last.status === "playing" && (!body.live || body.live === last.live)) {
      app.live = last.live;  // offline: the game as this device last had it, and its queue
      const kept = restored();
      app.live = null;
      accept({ ...last, log: kept.log || [] });
      app.online = false;
      render();
      schedule();
      return;
    }
    app.error = error.status === 0 ? "Нет связи с сервером. Проверьте интернет и попробуйте снова." : error.message;
    render();
  }
}

function start() {
  app.error = null;
  open(app.live ? { live: app.live } : {});
}

// A link to the app from the club chat (t.me/<bot>/<app>?startapp=standings) opens this page with
// the page it names: the players' pages are not the judge's.
const PAGES = new Set(["standings", "record", "tonight"]);
const asked = new URLSearchParams(location.search).get("tgWebAppStartParam")
  || tg?.initDataUnsafe?.start_param;
if (PAGES.has(asked)) {
  location.replace(`${asked}.html${location.hash}`);
} else {
  tg?.ready?.();
  tg?.expand?.();
  tg?.disableVerticalSwipes?.();
  if (!initData) {
    app.error = "Откройте протокол из чата с ботом: кнопка «📱 Вести игру» в /game.";
    render();
  } else {
    start();
  }
}

window.mafiaLive = { app, state };  // for the browser tests
