// @ts-check
// The judge's taps on their way to the server: a queue kept in localStorage (a reload, a lost
// network, a closed app lose nothing), sent in batches, sent again until the server's log has
// them; the server's answer is the game as it stands (docs/live-log.md).

import { api } from "./common.js";

/** @typedef {import("./live.js").LogEvent} LogEvent */
/** @typedef {import("./types.js").GameAnswer} GameAnswer */

const LAST = "mafia-live-last"; // the game last shown, without its log: a reload offline opens it
const BATCH = 200;

/**
 * @typedef {object} QueueHooks
 * @property {(view: GameAnswer) => void} onView  the server's game, after a batch went
 * @property {(message: string) => void} onRefused  a batch refused for good (it is dropped)
 * @property {(message: string) => void} onLost  the game is not this judge's any more
 * @property {() => void} onDone  after every attempt: redraw
 * @property {() => boolean} active  whether the game is in play on the screen
 */

export class Queue {
  /** @param {QueueHooks} hooks */
  constructor(hooks) {
    this.hooks = hooks;
    /** @type {number | null} */
    this.live = null;
    /** @type {LogEvent[]} the server's log */
    this.log = [];
    /** @type {LogEvent[]} taps the server has not confirmed yet */
    this.pending = [];
    this.online = true;
    this.syncing = false;
    this.retryIn = 1000;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    window.addEventListener("online", () => { this.retryIn = 1000; this.sync(); });
  }

  get events() { return [...this.log, ...this.pending]; }

  /** The server's game: its log, and what of ours it does not have yet. @param {GameAnswer} view */
  adopt(view) {
    remember(view);
    if (view.live !== this.live) {
      this.live = view.live;
      this.pending = this.kept().pending || [];
    }
    this.log = view.log;
    const known = new Set(view.log.map((e) => e.id));
    this.pending = this.pending.filter((e) => !known.has(e.id));
    this.store();
  }

  /** The log this device kept of a game (offline: the server cannot be asked). @param {number} live */
  keptLog(live) {
    const shown = this.live;
    this.live = live;
    const log = this.kept().log || [];
    this.live = shown;
    return log;
  }

  /** @param {LogEvent} event */
  push(event) {
    this.pending.push(event);
    this.store();
    this.sync();
  }

  async sync() {
    if (this.syncing || !this.live || !this.hooks.active()) return;
    this.syncing = true;
    clearTimeout(this.timer);
    const sending = this.pending.slice(0, BATCH);
    try {
      this.hooks.onView(await api("events", { live: this.live, events: sending }));
      this.online = true;
      this.retryIn = 1000;
    } catch (error) {
      this.failed(error, sending);
    } finally {
      this.syncing = false;
      this.hooks.onDone();
      this.schedule();
    }
  }

  /** @param {any} error @param {LogEvent[]} sending */
  failed(error, sending) {
    if (error.status === 400 || error.status === 409) {
      const ids = new Set(sending.map((e) => e.id));
      this.pending = this.pending.filter((e) => !ids.has(e.id)); // refused for good
      this.store();
      this.hooks.onRefused(error.message);
    } else if (error.status === 401 || error.status === 403 || error.status === 404) {
      this.hooks.onLost(error.message);
    } else {
      this.online = false;
      this.retryIn = Math.min(this.retryIn * 2, 8000);
    }
  }

  /** The next attempt: soon with taps waiting, every few seconds to see other devices' taps. */
  schedule() {
    clearTimeout(this.timer);
    if (!this.live || !this.hooks.active()) return;
    const wait = !this.online ? this.retryIn : this.pending.length ? 30 : 4000;
    this.timer = setTimeout(() => this.sync(), wait);
  }

  key() { return `mafia-live-${this.live}`; }

  store() {
    try {
      localStorage.setItem(this.key(), JSON.stringify({ log: this.log, pending: this.pending }));
    } catch { /* private mode: the queue lives in memory */ }
  }

  /** @returns {{log?: LogEvent[], pending?: LogEvent[]}} */
  kept() {
    try { return JSON.parse(localStorage.getItem(this.key()) || "{}"); } catch { return {}; }
  }
}

/** @param {GameAnswer} view */
function remember(view) {
  try {
    localStorage.setItem(LAST, JSON.stringify({ ...view, log: undefined, others: undefined }));
  } catch { /* private mode */ }
}

/** @returns {GameAnswer | null} */
export function lastShown() {
  try { return JSON.parse(localStorage.getItem(LAST) || "null"); } catch { return null; }
}
