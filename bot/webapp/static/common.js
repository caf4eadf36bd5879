// @ts-check
// What the app's pages share: Telegram's WebApp object, the API call with its signed initData,
// and a small element builder.

export const tg = window.Telegram?.WebApp;
// Telegram hands the page its signed initData in the address (#tgWebAppData=…), which its script
// reads: read here too, so that a page opened offline — Telegram's script not loaded — still
// signs its calls when the network is back.
const fromAddress = new URLSearchParams(location.hash.slice(1)).get("tgWebAppData") || "";
export const initData = tg?.initData || fromAddress;

// The pages' files kept on the device: a reload without a network opens them (sw.js).
if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
if (tg?.colorScheme === "dark") document.documentElement.classList.add("dark-theme");

export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (value === true) el.setAttribute(key, "");
    else if (value !== false && value != null) el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child != null && child !== false) el.append(child.nodeType ? child : String(child));
  }
  return el;
}

/** An event's id, made on the device. */
export function newId() {
  if ("randomUUID" in crypto) return crypto.randomUUID(); // not on plain HTTP or old phones
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export class Refused extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

export async function api(name, body) {
  let response;
  try {
    response = await fetch(`api/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `tma ${initData}` },
      body: JSON.stringify(body || {}),
    });
  } catch {
    throw new Refused(0, "Нет связи с сервером.");
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const message = data?.error || "Сервер сейчас не отвечает. Ничего не потеряно.";
    throw new Refused(response.status, message);
  }
  return data;
}

// The tabs between a player's pages, the current one marked (written once for the three pages).
const TABS = [["standings", "📊 Таблица"], ["tonight", "🎲 Вечер"], ["record", "👤 Я"]];

export function tabs(current) {
  return h("div", { class: "row" }, TABS.map(([page, label]) => (page === current
    ? h("span", { class: "tab on" }, label)
    : h("a", { class: "tab", href: `${page}.html` }, label))));
}
