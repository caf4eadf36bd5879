// @ts-check
// The record page's statistics from the games run in the app (issue 48 §3): a block per role,
// each number beside the club's average player, the games it counts, what it says, and for a
// share two bars to compare at a glance. The words and numbers are the server's (/stats's own).

import { h } from "./common.js";

/** @typedef {import("./types.js").StatisticsBlock} Block */

/** @param {number | null} share @param {string} kind */
function bar(share, kind) {
  if (share === null) return null;
  return h("meter", { class: `bar ${kind}`, min: 0, max: 1, value: share });
}

/** @param {Block} block @param {string} who */
function table(block, who) {
  return h("table", { class: "stats" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, who), h("th", {}, "Клуб"))),
    h("tbody", {}, block.rows.map((r) => h("tr", {},
      h("td", {}, r.label, h("br"), h("span", { class: "note" }, `${r.hint} · игр: ${r.games}`)),
      h("td", { class: "num" }, h("b", {}, r.mine), bar(r.share, "mine")),
      h("td", { class: "num" }, r.club, bar(r.club_share, "club"))))));
}

/**
 * The statistics section, or null before any game of his was run in the app.
 * @param {Block[] | undefined} blocks @param {string | undefined} note
 * @param {string} who  «Вы» on his own page, «Игрок» on another's (the name is the title: a long one
 *   would not fit the column)
 */
export function statistics(blocks, note, who) {
  if (!blocks || !blocks.length) return null;
  return h("section", { id: "statistics" }, h("h2", {}, "📈 Статистика по записям игр"),
    h("p", { class: "note" }, "Рядом — средний игрок клуба: среднее по игрокам, у кого хватает игр."),
    blocks.flatMap((block) => [h("h3", {}, block.title), table(block, who)]),
    note ? h("p", { class: "note" }, note) : null);
}
