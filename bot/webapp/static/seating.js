// @ts-check
// Seating the judge's table in the app: the seat chosen, the search as he types, a player (or a
// new one) seated — the actions of the seating screen; seating-view.js draws it.

import { api } from "./common.js";
import { foundButtons, pickingSeat } from "./seating-view.js";
import { toast } from "./sheet.js";

/** @typedef {import("./types.js").Ui} Ui */
/** @typedef {import("./types.js").OpenAnswer} OpenAnswer */

/**
 * @param {Ui} ui  the page's state, which these actions change
 * @param {{show: (answer: OpenAnswer) => void, render: () => void,
 *   open: (body: {live?: number}) => void}} page
 * @returns {import("./types.js").SeatingActions}
 */
export function seatingActions(ui, page) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let typing;

  async function search() {
    try {
      ui.found = await api("search", { q: ui.query });
    } catch (error) {
      toast(error.message);
    }
    document.getElementById("found")?.replaceChildren(...foundButtons(ui, actions));
  }

  /** @param {{player?: number, nickname?: string, sure?: boolean}} choice */
  async function seatPlayer(choice) {
    try {
      const answer = await api("seat", { seat: pickingSeat(ui), ...choice });
      Object.assign(ui, { picking: null, close: null, query: "", found: [] }); // the next open seat
      page.show(answer);
    } catch (error) {
      if (error.status === 409 && choice.nickname) ui.close = choice.nickname;
      toast(error.message);
      page.render();
    }
  }

  /** @type {import("./types.js").SeatingActions} */
  const actions = {
    pick: (seat) => {
      Object.assign(ui, { picking: seat, found: [], query: "", close: null });
      page.render();
    },
    type: (query) => { ui.query = query; clearTimeout(typing); typing = setTimeout(search, 250); },
    choose: seatPlayer,
    take: (live) => page.open({ live }),
  };
  return actions;
}
