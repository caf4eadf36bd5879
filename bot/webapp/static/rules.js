// @ts-check
// The rules' numbers and words, as the server writes them (rules.json, made by
// bot/webapp/rules.py from scoring/ and bot/texts/): the page mirrors the logic, never the data.
// Kept on the device too, so that a page reopened without a network still reads its log.

/**
 * @typedef {object} Rules
 * @property {number[]} seats
 * @property {Record<string, number>} limits  sheriff, don, mafia → how many
 * @property {number} maxFouls  the foul that removes a player
 * @property {number} maxTechnical  the technical foul that removes a player
 * @property {Record<string, "red" | "black">} team  by role
 * @property {Record<string, string>} skips  why an event is set aside («{seat}»: its seat)
 * @property {Record<string, string>} left  how a player left the table
 * @property {Record<string, string>} winner
 * @property {Record<string, string>} ended  how a game ended
 */

const KEPT = "mafia-rules";

/** @returns {Promise<Rules>} */
async function load() {
  try {
    const response = await fetch(new URL("rules.json", import.meta.url));
    if (!response.ok) throw new Error(String(response.status));
    const rules = await response.json();
    try { localStorage.setItem(KEPT, JSON.stringify(rules)); } catch { /* private mode */ }
    return rules;
  } catch (error) {
    const kept = localStorage.getItem(KEPT);
    if (kept) return JSON.parse(kept);
    throw error;
  }
}

export const RULES = await load();

/**
 * Why an event was set aside, as the judge reads it.
 * @param {string} code
 * @param {number | null | undefined} seat
 */
export function skipSaid(code, seat) {
  return (RULES.skips[code] || code).replace("{seat}", String(seat));
}
