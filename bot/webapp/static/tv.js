// @ts-check
// The club's TV: tonight's tables, the evening's and the tournament's standings, asked again every 3 s. The link's secret is
// in the address after «#» (never sent to the server in the address, so not in any log).

import { h } from "./common.js";

const token = decodeURIComponent(location.hash.slice(1));
const $screen = /** @type {HTMLElement} */ (document.getElementById("screen"));
const STATE = { waiting: "ждёт игры", playing: "идёт игра", done: "все игры сыграны" };

/** @param {import("./types.js").TvTable} t */
function table(t) {
  const title = t.state === "playing" && t.number ? `Стол ${t.table} · игра ${t.number}`
    : t.round ? `Стол ${t.table} · игра ${t.round} из ${t.rounds}` : `Стол ${t.table}`;
  const state = t.over ? "игра окончена" : t.phase ? "" : STATE[t.state] || "";
  return h("section", { class: "table", "data-table": t.table },
    h("h2", {}, title, t.phase ? h("span", { class: "phase" }, t.phase) : null,
      state ? h("span", { class: "state" }, state) : null),
    h("div", { class: "seats" }, t.seats.map(seat)));
}

/** @param {import("./types.js").TvSeat} s */
function seat(s) {
  // fouls and technical fouls apart, as the judge's page shows them: 4 fouls remove a player,
  // 2 technical ones too — «⚠4» for «3 + 1» would say he is out
  const marks = ["seat", s.left ? "out" : "", s.nominated ? "nominated" : ""].filter(Boolean);
  return h("div", { class: marks.join(" "), "data-seat": s.seat },
    h("span", { class: "n" }, s.seat), h("span", { class: "name" }, s.name),
    s.fouls ? h("span", { class: "fouls", title: "фолы" }, `⚠${s.fouls}`) : null,
    s.technical ? h("span", { class: "tech", title: "технические фолы" }, `Т${s.technical}`) : null,
    s.left ? h("span", { class: "why" }, s.left) : null);
}

/** @param {string} id @param {string} title @param {import("./types.js").TvRow[]} rows */
function standings(id, title, rows) {
  return h("section", { class: "standings", id },
    h("h2", {}, title),
    rows.length ? null : h("p", { class: "note" }, "Сохранённых игр ещё нет."),
    h("table", {}, rows.map((r) => h("tr", {},
      h("td", { class: "num place" }, r.place), h("td", { class: "name" }, r.name, r.provisional ? " ⏳" : ""),
      h("td", { class: "num" }, r.total)))));
}

/** @param {import("./types.js").TvAnswer} d */
function boards(d) {
  const evening = d.evening?.standings.length
    ? standings("evening", `Вечер · игр: ${d.evening.games}`, d.evening.standings) : null;
  return h("div", { class: "boards" }, evening, standings("standings", `Турнир · игр: ${d.games}`, d.standings || []));
}

// one table fills two thirds of the screen; two stand one above the other; more, two by two
const layout = (count) => (count <= 1 ? "few-1" : count === 2 ? "few-2" : "many");

async function refresh() {
  try {
    const response = await fetch("api/tv", { method: "POST", headers: { "X-Screen-Token": token } });
    /** @type {import("./types.js").TvAnswer} */
    const d = await response.json();
    if (!response.ok) {
      $screen.replaceChildren(h("p", { class: "error" }, d.error || "Экран недоступен."));
      return;
    }
    const blocks = [
      h("header", {}, h("h1", {}, d.tournament || "Экран клуба"), h("span", { class: "note" }, `обновлено ${d.updated}`)),
      h("div", { class: `tables ${layout(d.tables.length)}` }, d.message ? h("p", { class: "note" }, d.message)
        : d.tables.length ? d.tables.map(table) : h("p", { class: "note" }, "Сейчас за столами никого.")),
      d.tournament ? boards(d) : null,
    ];
    $screen.replaceChildren(...blocks.filter(Boolean));
  } catch {
    // the room's Wi-Fi: the last picture stays, the next try in 3 s
  } finally {
    setTimeout(refresh, 3000);
  }
}

refresh();
