// @ts-check
// A player's record: what /me and /player say, laid out as blocks — place and points, roles,
// achievements, partners and rivals (a tap opens theirs) — the points after each game and the Elo
// ratings drawn as charts in the page, and every game of his, each opening as the club chat
// announced it.

import { api, h, initData, tabs, tg } from "./common.js";
import { statistics } from "./record-stats.js";

const $app = /** @type {HTMLElement} */ (document.getElementById("app"));
const SVG = "http://www.w3.org/2000/svg";
const OUTCOME = { win: "победа", loss: "поражение", draw: "ничья" };

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  el.append(...children);
  return el;
}

// A line chart of one or more series (same length) in a 320 × 140 box, with its min and max.
function chart(title, series, colours) {
  const width = 320, height = 140, pad = 6;
  const values = series.flat();
  const low = Math.min(...values), high = Math.max(...values);
  const span = high - low || 1;
  const x = (i, n) => pad + (n > 1 ? (i * (width - 2 * pad)) / (n - 1) : (width - 2 * pad) / 2);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / span;
  const lines = series.map((points, k) => svg("polyline", {
    points: points.map((v, i) => `${x(i, points.length)},${y(v)}`).join(" "),
    fill: "none", stroke: colours[k], "stroke-width": 2.5, "stroke-linejoin": "round",
  }));
  const round = (v) => Math.round(v * 100) / 100;
  return h("figure", { class: "chart" }, h("figcaption", {}, title),
    svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title }, ...lines),
    h("div", { class: "range" }, h("span", {}, `от ${round(low)}`), h("span", {}, `до ${round(high)}`)));
}

function search(player) {
  const input = h("input", { type: "search", id: "player", placeholder: "Другой игрок: ник",
    value: player || "", autocomplete: "off", enterkeyhint: "search" });
  const form = h("form", { class: "row" }, input,
    h("button", { type: "submit" }, "Найти"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    load(input.value.trim());
  });
  return form;
}

async function openGame(game, where) {
  try {
    const answer = await api("game", { game });
    where.replaceChildren(h("div", { class: "summary" }, answer.text));
  } catch (error) {
    where.replaceChildren(h("p", { class: "error" }, error.message));
  }
}

const SHOWN = 20; // games listed at first; «Показать ещё» adds as many

function percent(part, whole) { return whole ? `${Math.round((100 * part) / whole)}%` : "—"; }

/** @param {import("./types.js").RecordAnswer} d */
function tiles(d) {
  const s = d.summary;
  const tile = (value, label) => h("div", { class: "tile" }, h("b", {}, value), h("span", {}, label));
  return h("section", { class: "tiles" },
    tile(`${s.place}${s.lot ? "🎲" : ""}`, `место из ${s.players}`), tile(s.total, s.provisional ? "итого ⏳" : "итого"),
    tile(s.games, "игр"), tile(percent(s.wins, s.games), `побед: ${s.wins}`));
}

/** @param {import("./types.js").RecordAnswer} d */
function roles(d) {
  return h("section", {}, h("h2", {}, "По ролям"), h("table", { class: "roles" },
    h("thead", {}, h("tr", {}, h("th", {}, "Роль"), h("th", {}, "Игр"), h("th", {}, "Побед"), h("th", {}, "Ср."))),
    h("tbody", {}, d.roles.map((r) => h("tr", {}, h("td", {}, r.role), h("td", { class: "num" }, r.games),
      h("td", { class: "num" }, `${r.wins} · ${percent(r.wins, r.games)}`), h("td", { class: "num" }, r.average))))));
}

/** @param {import("./types.js").RecordAnswer} d */
function achievements(d) {
  if (!d.streaks && !d.achievements.length) return null;
  return h("section", {}, h("h2", {}, "🏅 Достижения"),
    d.streaks ? h("p", {}, `🔥 Серия побед: лучшая — ${d.streaks.longest}, сейчас — ${d.streaks.current}`) : null,
    h("ul", { class: "achievements" }, d.achievements.map((a) => h("li", { class: a.reached ? "reached" : "" },
      h("span", {}, a.reached ? `✅ ${a.title}${a.done > 1 && a.target === 1 ? ` ×${a.done}` : ""}` : a.title),
      a.reached ? null : h("progress", { max: a.target, value: Math.min(a.done, a.target) }),
      a.reached ? null : h("span", { class: "note" }, `${a.done} из ${a.target}`)))));
}

function people(title, list, count) {
  if (!list.length) return null;
  return h("div", { class: "people" }, h("h3", {}, title), h("ol", {}, list.map((p) => h("li", {},
    h("button", { class: "link", onclick: () => load(p.name) }, p.name), " ", h("span", { class: "note" }, count(p))))));
}

/** @param {import("./types.js").RecordAnswer} d */
function company(d) {
  const c = d.company;
  if (!c) return null;
  const blocks = [
    people("🤝 Чаще побеждает вместе с", c.teammates, (p) => `${p.count} из ${p.games}`),
    people("⚔️ Чаще проигрывает против", c.rivals, (p) => `${p.count} из ${p.games}`),
    people("👥 Чаще всего за одним столом", c.tablemates, (p) => `игр: ${p.games}`),
  ].filter(Boolean);
  if (!c.teammates.length && !c.rivals.length) {
    blocks.push(h("p", { class: "note" }, `Партнёры и соперники — от ${c.min_games} общих игр с одним человеком: пока таких нет.`));
  }
  return h("section", {}, h("h2", {}, "Партнёры и соперники"), ...blocks);
}

/** @param {import("./types.js").RecordAnswer} d */
function games(d) {
  const list = h("div", { class: "list", id: "games" });
  let shown = 0;
  const more = h("button", { class: "more", onclick: () => add() }, "Показать ещё");
  function add() {
    for (const g of d.games.slice(shown, shown + SHOWN)) {
      const where = h("div", {});
      list.append(h("button", { class: "game", "data-game": g.game, onclick: () => openGame(g.game, where) },
        h("span", {}, `Стол ${g.table}, игра ${g.number} · ${g.role} · ${OUTCOME[g.outcome]}`),
        h("b", {}, `${g.points}${g.provisional ? " ⏳" : ""}`)), where);
    }
    shown += SHOWN;
    if (shown >= d.games.length) more.remove();
  }
  add();
  return h("section", {}, h("h2", {}, `Игры (${d.games.length})`),
    h("p", { class: "note" }, "Нажмите на игру — откроется протокол с баллами каждого."), list,
    d.games.length > SHOWN ? more : null);
}

async function load(player) {
  try {
    /** @type {import("./types.js").RecordAnswer} */
    const d = await api("record", { player: player || "" });
    const blocks = [tabs("record"), search(player)];
    if (!d.nickname) {
      blocks.push(h("div", { class: "summary", id: "text" }, d.text));
    } else {
      blocks.push(h("header", {}, h("h1", {}, d.nickname)), h("p", { class: "note" }, d.tournament),
        tiles(d), h("p", { class: "note", id: "points" }, d.summary.points));
      if (d.points.length > 1) blocks.push(chart("Очки после каждой игры", [d.points], ["var(--button)"]));
      blocks.push(roles(d), h("ul", { class: "facts" }, d.facts.map((line) => h("li", {}, line))));
      if (d.elo.length > 1) {
        blocks.push(chart("Эло: красная линия — за красных, серая — за чёрных", [d.elo.map((e) => e[0]), d.elo.map((e) => e[1])],
          ["#d43b3b", "#8a8a96"]));
      }
      blocks.push(statistics(d.statistics, d.statistics_note, player ? "Игрок" : "Вы"), achievements(d), company(d), games(d));
    }
    $app.replaceChildren(...blocks.filter(Boolean));
    window.scrollTo(0, 0);
  } catch (error) {
    $app.replaceChildren(tabs("record"), search(player), h("p", { class: "error" }, error.message));
  }
}

tg?.ready?.();
tg?.expand?.();
if (!initData) {
  $app.replaceChildren(h("p", { class: "error" }, "Откройте статистику из чата с ботом: /me."));
} else {
  load(new URLSearchParams(location.search).get("player"));
}
