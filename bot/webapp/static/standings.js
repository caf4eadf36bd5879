// @ts-check
// The standings for a player's phone: what /rating shows — a tournament's, tonight's or some
// days' — every row at once, sorted by any column, filtered by role, searched by nickname; ⏳ on
// rows that may still change. It asks again by itself: when a ⏳ is due to go, or each minute.

import { api, h, initData, tabs, tg } from "./common.js";

const $app = /** @type {HTMLElement} */ (document.getElementById("app"));
const KINDS = [
  ["total", "Все"], ["avg", "Среднее"], ["sheriff", "Шериф"], ["don", "Дон"],
  ["mafia", "Мафия"], ["civilian", "Мирные"],
];
const SCOPES = [["", "Турнир"], ["вечер", "За вечер"], ["days", "За дни"]];
/** @type {{data: import("./types.js").StandingsAnswer | null, kind: string, tournament: string,
 *   period: string, scope: string, from: string, to: string, sort: string, down: boolean,
 *   query: string, extra: string}} */
const state = {
  data: null, kind: "total", tournament: "", period: "", scope: "", from: "", to: "",
  sort: "place", down: false, query: "", extra: "wins",
};
let timer = null;

function today() { // the club's date (a player abroad reads his club's evening), else the device's
  const club = /** @type {import("./types.js").StandingsAnswer | null} */ (state.data)?.today;
  if (club) return club;
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
}

function dotted(iso) { // 2026-11-01 → 01.11.2026, as /rating takes days
  const [y, m, d] = iso.split("-");
  return `${d}.${m}.${y}`;
}

// A phone shows the columns that fit its width — №, the player, the points, games and one more
// of its choosing (a tap away); a wider screen shows them all.
const narrow = window.matchMedia("(max-width: 480px)");
narrow.addEventListener?.("change", () => state.data && render());

function allColumns() {
  const total = state.kind === "total";
  return [
    ["place", "№"], ["name", "Игрок"], ["value", total ? "Сумма" : "Ср."], ["games", "Игр"],
    ["wins", "Поб."], ["additional", "Доп."], ["ci", "Ci"],
    ...(total ? [["average", "Ср."]] : []),
  ];
}

const extras = () => allColumns().slice(4);

function columns() {
  const all = allColumns();
  if (!narrow.matches) return all;
  const extra = extras().find(([key]) => key === state.extra) || extras()[0];
  return [...all.slice(0, 4), extra];
}

function extraSwitch() {
  if (!narrow.matches) return null;
  const current = columns()[4][0];
  return h("div", { class: "row extra" }, "Ещё столбец:", extras().map(([key, label]) => h("button", {
    class: key === current ? "on" : "", "aria-pressed": String(key === current),
    onclick: () => { state.extra = key; render(); },
  }, label)));
}

function shown(row, key) {
  if (key === "value") return row.shown;
  if (key === "additional") return row.additional_shown;
  if (key === "ci") return row.ci_shown;
  if (key === "average") return row.games ? row.average.toFixed(2).replace(/\.?0+$/, "") : "—";
  if (key === "name") return row.name;
  return String(row[key]);
}

function sorted(rows) {
  const key = state.sort;
  const sign = state.down ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[key], y = b[key];
    const order = typeof x === "string" ? x.localeCompare(y, "ru") : x - y;
    return sign * order || a.place - b.place;
  });
}

function sortBy(key) {
  if (state.sort === key) state.down = !state.down;
  else { state.sort = key; state.down = !["place", "name"].includes(key); }
  render();
}

function render() {
  const d = /** @type {import("./types.js").StandingsAnswer} */ (state.data);
  const query = state.query.trim().toLocaleLowerCase("ru");
  const rows = sorted(d.rows).filter((row) => !query || row.name.toLocaleLowerCase("ru").includes(query));
  const head = h("tr", {}, columns().map(([key, label]) => h("th", {
    class: key === state.sort ? "sorted" : "", onclick: () => sortBy(key), "data-key": key,
  }, label, key === state.sort ? (state.down ? " ▼" : " ▲") : "")));
  const body = rows.map((row) => h("tr", { class: row.me ? "me" : "" },
    columns().map(([key]) => h("td", { class: key === "name" ? "name" : "num" },
      shown(row, key), key === "name" && row.lot ? " 🎲" : "", key === "name" && row.provisional ? " ⏳" : ""))));
  const search = h("input", { type: "search", id: "search", placeholder: "Поиск по нику",
    value: state.query, autocomplete: "off" });
  search.addEventListener("input", () => { state.query = search.value; render(); });
  const choose = state.scope === "" && d.tournaments.length > 1 ? h("select", {
    id: "tournament", onchange: (event) => { state.tournament = event.target.value; load(); },
  }, d.tournaments.map((title) => h("option", { value: title, selected: title === d.tournament }, title))) : null;
  const scopes = h("div", { class: "modes scopes" }, SCOPES.map(([scope, label]) => h("button", {
    class: scope === state.scope ? "on" : "", onclick: () => chooseScope(scope),
  }, label)));
  const days = state.scope === "days" ? h("form", { class: "row days", onsubmit: (event) => {
    event.preventDefault();
    state.from = event.target.from.value || today();
    state.to = event.target.to.value || state.from;
    load();
  } }, h("input", { type: "date", name: "from", value: state.from, "aria-label": "С" }),
  h("input", { type: "date", name: "to", value: state.to, "aria-label": "По" }),
  h("button", { type: "submit" }, "Показать")) : null;
  const marks = [];
  if (d.rows.some((row) => row.provisional)) marks.push("⏳ — результат ещё может измениться (идёт время протеста)");
  if (d.rows.some((row) => row.lot)) marks.push("🎲 — место решил жребий");
  const blocks = [
    tabs("standings"),
    h("header", {}, h("h1", {}, d.title), d.period && d.tournament ? h("p", { class: "note" }, d.tournament) : null),
    scopes,
    choose,
    days,
    h("div", { class: "modes kinds" }, KINDS.map(([kind, label]) => h("button", {
      class: kind === state.kind ? "on" : "", onclick: () => { state.kind = kind; load(); },
    }, label))),
    search,
    h("p", { class: "note", id: "updated" }, `Обновлено ${d.updated} · игр: ${d.games}` +
      (d.min_games ? ` · в таблице — от ${d.min_games} игр` : "") + (marks.length ? ` · ${marks.join(" · ")}` : "")),
    d.message || !rows.length ? null : extraSwitch(),
    d.message ? h("p", { class: "note" }, d.message)
      : rows.length ? h("div", { class: "scroll" }, h("table", { id: "standings" }, h("thead", {}, head), h("tbody", {}, body)))
        : h("p", { class: "note" }, query ? "Никого с таким ником." : "В этой таблице пока никого."),
  ];
  const active = /** @type {HTMLInputElement | null} */ (document.activeElement);
  const typing = active?.id === "search" ? active.selectionStart : null;
  $app.replaceChildren(...blocks.filter(Boolean));
  if (typing !== null) {
    const again = /** @type {HTMLInputElement} */ (document.getElementById("search"));
    again.focus();
    again.setSelectionRange(typing, typing);
  }
}

function chooseScope(scope) {
  state.scope = scope;
  if (scope === "days") {
    state.from ||= today();
    state.to ||= state.from;
  }
  load();
}

function asked() {
  if (state.scope === "days") return state.from === state.to ? dotted(state.from) : `${dotted(state.from)}-${dotted(state.to)}`;
  return state.scope;
}

async function load() {
  clearTimeout(timer);
  try {
    /** @type {import("./types.js").StandingsAnswer} */
    const data = await api("standings", { tournament: state.tournament, kind: state.kind, period: asked() });
    state.data = data;
    if (!data.period) state.tournament = data.tournament;
    if (!columns().some(([key]) => key === state.sort)) state.sort = "place";
    render();
    timer = setTimeout(refresh, data.refresh_in * 1000);
  } catch (error) {
    if (state.data && error.status === 0) { // offline for a moment: keep the table, try again
      timer = setTimeout(refresh, 10000);
      return;
    }
    $app.replaceChildren(h("p", { class: "error" }, error.message));
  }
}

function refresh() {
  if (document.visibilityState === "hidden") timer = setTimeout(refresh, 5000);
  else load();
}

tg?.ready?.();
tg?.expand?.();
if (!initData) {
  $app.replaceChildren(h("p", { class: "error" }, "Откройте таблицу из чата с ботом: /rating."));
} else {
  load();
}
