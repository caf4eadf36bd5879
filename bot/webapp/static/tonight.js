// @ts-check
// Tonight for a player's phone: the evening's seating, every round (his own seats marked), each
// table's state, and the results so far — asked again every 15 s while the page is open.

import { api, h, initData, tabs, tg } from "./common.js";

const $app = /** @type {HTMLElement} */ (document.getElementById("app"));
const STATE = { saved: "✅ сыграна", playing: "▶ идёт", waiting: "ждёт" };

/** @param {import("./types.js").TonightRound} r */
function round(r) {
  return h("section", { class: r.mine ? "round mine" : "round", "data-round": r.round },
    h("h2", {}, `Игра ${r.round}`, r.mine ? " · вы играете" : ""),
    r.tables.map((t) => h("div", { class: "seating", "data-table": t.table },
      h("div", { class: "caption" }, `Стол ${t.table} · ${STATE[t.state]}`),
      h("ol", {}, t.seats.map((s) => h("li", { class: s.me ? "me" : "" },
        h("span", { class: "n" }, s.seat), " ", s.name))))),
    r.out.length ? h("p", { class: "note" }, `Отдыхают: ${r.out.join(", ")}`) : null);
}

async function load() {
  try {
    /** @type {import("./types.js").TonightAnswer} */
    const d = await api("tonight", {});
    const blocks = [tabs("tonight"), h("header", {}, h("h1", {}, d.evening || "Вечер клуба"),
      h("span", { class: "sync" }, `обновлено ${d.updated}`))];
    if (d.message) blocks.push(h("p", { class: "note" }, d.message));
    blocks.push(...d.rounds.map(round));
    if (d.results) blocks.push(h("h2", {}, "Итоги вечера"), h("div", { class: "summary" }, d.results));
    $app.replaceChildren(...blocks);
  } catch (error) {
    $app.replaceChildren(tabs("tonight"), h("p", { class: "error" }, error.message));
  } finally {
    setTimeout(load, 15000);
  }
}

tg?.ready?.();
tg?.expand?.();
if (!initData) {
  $app.replaceChildren(h("p", { class: "error" }, "Откройте вечер из чата с ботом: /rating."));
} else {
  load();
}
