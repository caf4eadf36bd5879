// The judge's page opens without a network (the club's Wi-Fi drops and he reloads): its files are
// kept on the device. Network first — a new version of the page arrives as soon as it can — and
// the kept copy when the network is gone. The API is never kept: the server's log is the truth,
// and the page's own queue (localStorage) holds what waits for it.

const CACHE = "mafia-app-v5";
const SHELL = ["./", "index.html", "app.js", "common.js", "rules.js", "rules.json", "layers.js", "layer-taps.js",
  "live.js", "modes.js", "queue.js", "clock.js", "sheet.js", "game-view.js", "seating.js", "seating-view.js",
  "style.css", "standings.html", "standings.js", "record.html", "record.js", "record-stats.js",
  "tonight.html", "tonight.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin || url.pathname.includes("/api/")) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  }).catch(() => caches.match(request, { ignoreSearch: true })
    .then((kept) => kept || caches.match("index.html"))));
});
