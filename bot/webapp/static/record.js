// A player's record: what /me and /player say, the points after each game and the Elo ratings
// drawn as charts in the page, and his recent games — each opens as the club chat announced it.

import { api, h, initData, tg } from "./common.js";

const $app = document.getElementById("app");
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

function nav() {
  return h("div", { class: "row" },
    h("a", { class: "tab", href: "standings.html" }, "📊 Таблица"),
    h("a", { class: "tab", href: "tonight.html" }, "🎲 Вечер"),
    h("span", { class: "tab on" }, "👤 Я"));
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

async function load(player) {
  try {
    const d = await api("record", { player: player || "" });
    const blocks = [nav(), search(player)];
    if (d.nickname) blocks.push(h("header", {}, h("h1", {}, d.nickname)), h("p", { class: "note" }, d.tournament));
    if (d.points?.length > 1) blocks.push(chart("Очки после каждой игры", [d.points], ["var(--button)"]));
    if (d.elo?.length > 1) {
      blocks.push(chart("Эло: за красных и за чёрных", [d.elo.map((e) => e[0]), d.elo.map((e) => e[1])],
        ["#d43b3b", "#8a8a96"]));
    }
    blocks.push(h("div", { class: "summary", id: "text" }, d.text));
    if (d.recent?.length) {
      blocks.push(h("h2", {}, "Последние игры"));
      for (const g of d.recent) {
        const where = h("div", {});
        blocks.push(h("div", { class: "list" }, h("button", { "data-game": g.game, onclick: () => openGame(g.game, where) },
          `Стол ${g.table}, игра ${g.number} — ${g.role}, ${OUTCOME[g.outcome]}: ${g.points}${g.provisional ? " ⏳" : ""}`)), where);
      }
    }
    $app.replaceChildren(...blocks);
  } catch (error) {
    $app.replaceChildren(nav(), search(player), h("p", { class: "error" }, error.message));
  }
}

tg?.ready?.();
tg?.expand?.();
if (!initData) {
  $app.replaceChildren(h("p", { class: "error" }, "Откройте статистику из чата с ботом: /me."));
} else {
  load(new URLSearchParams(location.search).get("player"));
}
