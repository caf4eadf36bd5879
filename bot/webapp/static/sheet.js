// @ts-check
// The judge's page's questions and notes: a sheet that asks before a tap that cannot be taken
// back lightly, and a toast that says what happened.

import { h } from "./common.js";

const $sheet = /** @type {HTMLElement} */ (document.getElementById("sheet"));
const $toast = /** @type {HTMLElement} */ (document.getElementById("toast"));
/** @type {ReturnType<typeof setTimeout> | undefined} */
let hiding;

/** @param {string} text */
export function toast(text) {
  $toast.textContent = text;
  $toast.hidden = false;
  clearTimeout(hiding);
  hiding = setTimeout(() => { $toast.hidden = true; }, 2600);
}

/**
 * One question, one answer besides «Отмена».
 * @param {string} question @param {string} yes @param {() => void} onYes
 */
export function ask(question, yes, onYes) {
  const close = () => { $sheet.hidden = true; };
  $sheet.replaceChildren(h("div", { class: "box" },
    h("p", {}, question),
    h("div", { class: "row" },
      h("button", { class: "primary", onclick: () => { close(); onYes(); } }, yes),
      h("button", { onclick: close }, "Отмена"))));
  $sheet.hidden = false;
}

/**
 * A question with several answers besides «Отмена».
 * @param {string} question
 * @param {[string, () => void, string?][]} options  label, action, class
 */
export function choose(question, options) {
  const close = () => { $sheet.hidden = true; };
  $sheet.replaceChildren(h("div", { class: "box" },
    h("p", {}, question),
    options.map(([label, act, cls]) => h("div", { class: "row" },
      h("button", { class: cls || "", onclick: () => { close(); act(); } }, label))),
    h("div", { class: "row" }, h("button", { onclick: close }, "Отмена"))));
  $sheet.hidden = false;
}
