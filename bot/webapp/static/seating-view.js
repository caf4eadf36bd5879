// @ts-check
// The judge's table seated in the app, and a head judge's choice of a game to take over: drawn
// from the page's state, assigning nothing.

import { h } from "./common.js";

/** @typedef {import("./types.js").Ui} Ui */
/** @typedef {import("./types.js").SeatingActions} Actions */
/** @typedef {import("./types.js").OtherGame} OtherGame */
/** @typedef {import("./types.js").SeatingAnswer} SeatingAnswer */

/** The seat being chosen: the one tapped, else the first without a player. @param {Ui} ui */
export function pickingSeat(ui) {
  if (ui.picking !== null) return ui.picking;
  return ui.seating?.seats.find((seat) => !seat.nickname)?.seat ?? null;
}

/** @param {Ui} ui @param {SeatingAnswer} v @param {Actions} act */
export function seatingView(ui, v, act) {
  const picking = pickingSeat(ui);
  const rows = [];
  for (const seat of v.seats) {
    rows.push(h("button", { class: picking === seat.seat ? "on" : "", "data-seat": seat.seat,
      onclick: () => act.pick(seat.seat) }, `${seat.seat} · ${seat.nickname || "— выбрать игрока"}`));
    if (picking === seat.seat) rows.push(...picker(ui, picking, act)); // under the seat chosen
  }
  return [h("header", {}, h("h1", {}, `Стол ${v.table} · игра ${v.number}: посадка`)),
    h("p", { class: "note" }, "Нажмите место и найдите игрока. Когда сядут все десять, начнётся игра."),
    h("div", { class: "list" }, rows),
    ...(v.others?.length ? othersView(v.others, act.take) : [])];
}

/** @param {Ui} ui @param {number} seat @param {Actions} act */
function picker(ui, seat, act) {
  const input = /** @type {HTMLInputElement} */ (h("input", { type: "search", id: "search",
    placeholder: `Место ${seat}: ник игрока`, value: ui.query, autocomplete: "off" }));
  input.addEventListener("input", () => act.type(input.value));
  return [input, h("div", { class: "list", id: "found" }, foundButtons(ui, act))];
}

/** The players found, and a new one by the nickname typed. @param {Ui} ui @param {Actions} act */
export function foundButtons(ui, act) {
  const query = ui.query.trim();
  const buttons = ui.found.map((p) => h("button", { onclick: () => act.choose({ player: p.id }) }, p.nickname));
  if (query) {
    const again = ui.close === query; // the server named players a typo away: asked once more
    buttons.push(h("button", { onclick: () => act.choose({ nickname: query, sure: again }) },
      again ? `➕ Всё равно новый игрок «${query}»` : `➕ Новый игрок «${query}»`));
  }
  return buttons;
}

/** @param {OtherGame[]} others @param {(live: number) => void} take */
export function othersView(others, take) {
  return [h("p", { class: "note" }, "Игры за столами — взять игру:"),
    h("div", { class: "list" }, others.map((g) => h("button", { onclick: () => take(g.live) },
      `Стол ${g.table} · игра ${g.number} — ${g.judge}`)))];
}

/** @param {OtherGame[]} others @param {(live: number) => void} take @param {() => void} fresh */
export function chooseView(others, take, fresh) {
  return [h("header", {}, h("h1", {}, "Протокол игры")), ...othersView(others, take),
    h("div", { class: "row" }, h("button", { class: "primary", onclick: fresh },
      "Новая игра за моим столом"))];
}
