// The tournament's standings for a player's phone: what /rating shows, every row at once, sorted
// by any column, filtered by role, searched by nickname; ⏳ on rows that may still change.

import { api, h, initData, tg } from "./common.js";

const $app = document.getElementById("app");
const KINDS = [
  ["total", "Все"], ["avg", "Среднее"], ["sheriff", "Шериф"], ["don", "Дон"],
  ["mafia", "Мафия"], ["civilian", "Мирные"],
];
const state = { data: null, kind: "total", tournament: "", sort: "place", down: false, query: "" };

function columns() {
  const total = state.kind === "total";
  return [
    ["place", "№"], ["name", "Игрок"], ["value", total ? "Сумма" : "Ср."], ["games", "Игр"],
    ["wins", "Поб."], ["additional", "Доп."], ["ci", "Ci"],
    ...(total ? [["average", "Ср."]] : []),
  ];
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
  const d = state.data;
  const query = state.query.trim().toLocaleLowerCase("ru");
  const rows = sorted(d.rows).filter((row) => !query || row.name.toLocaleLowerCase("ru").includes(query));
  const head = h("tr", {}, columns().map(([key, label]) => h("th", {
    class: key === state.sort ? "sorted" : "", onclick: () => sortBy(key), "data-key": key,
  }, label, key === state.sort ? (state.down ? " ▼" : " ▲") : "")));
  const body = rows.map((row) => h("tr", { class: row.me ? "me" : "" },
    columns().map(([key]) => h("td", { class: key === "name" ? "name" : "num" },
      shown(row, key), key === "name" && row.provisional ? " ⏳" : ""))));
  const search = h("input", { type: "search", id: "search", placeholder: "Поиск по нику",
    value: state.query, autocomplete: "off" });
  search.addEventListener("input", () => {
    state.query = search.value;
    const position = search.selectionStart;
    render();
    const again = document.getElementById("search");
    again.focus();
    again.setSelectionRange(position, position);
  });
  const choose = h("select", { id: "tournament", onchange: (event) => load(event.target.value) },
    d.tournaments.map((title) => h("option", { value: title, selected: title === d.tournament }, title)));
  const blocks = [
    h("div", { class: "row" }, h("span", { class: "tab on" }, "📊 Таблица"),
      h("a", { class: "tab", href: "tonight.html" }, "🎲 Вечер"),
      h("a", { class: "tab", href: "record.html" }, "👤 Я")),
    h("header", {}, h("h1", {}, d.tournament)),
    d.tournaments.length > 1 ? choose : null,
    h("div", { class: "modes kinds" }, KINDS.map(([kind, label]) => h("button", {
      class: kind === state.kind ? "on" : "", onclick: () => { state.kind = kind; load(state.tournament); },
    }, label))),
    search,
    h("p", { class: "note" }, `Обновлено ${d.updated} · игр в турнире: ${d.games}` +
      (d.min_games ? ` · от ${d.min_games} игр` : "") +
      (d.rows.some((row) => row.provisional) ? " · ⏳ — результат ещё может измениться (идёт время протеста)" : "")),
    rows.length ? h("div", { class: "scroll" }, h("table", { id: "standings" }, h("thead", {}, head), h("tbody", {}, body)))
      : h("p", { class: "note" }, query ? "Никого с таким ником." : "В этой таблице пока никого."),
  ];
  $app.replaceChildren(...blocks.filter(Boolean));
}

async function load(tournament) {
  state.tournament = tournament || "";
  try {
    state.data = await api("standings", { tournament: state.tournament, kind: state.kind });
    state.tournament = state.data.tournament;
    if (!columns().some(([key]) => key === state.sort)) state.sort = "place";
    render();
  } catch (error) {
    $app.replaceChildren(h("p", { class: "error" }, error.message));
  }
}

tg?.ready?.();
tg?.expand?.();
if (!initData) {
  $app.replaceChildren(h("p", { class: "error" }, "Откройте таблицу из чата с ботом: /rating."));
} else {
  load("");
}
