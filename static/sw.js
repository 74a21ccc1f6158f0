// Periscope's service worker: it keeps the app shell (pages, styles,
// scripts, icons) so "Add to Home Screen" works and a reload while the
// server is out of reach shows the app's own reconnecting screen
// (offline.html), which comes back to the page once the server answers.
//
// Everything is network first: the server is on the LAN, fast when it is
// there, and a phone must never run old scripts against a new server. The
// cache is only the fallback. The API and the websocket are never cached:
// match state lives on the server.

const CACHE = "periscope-shell-v1";
const SHELL = [
  "/offline.html",
  "/",
  "/index.html",
  "/sonar.html",
  "/table.html",
  "/history.html",
  "/match.html",
  "/css/app.css",
  "/css/history.css",
  "/img/icon.svg",
  "/manifest.webmanifest",
  "/js/pwa.js",
  "/js/ui.js",
  "/js/room.js",
  "/js/net.js",
  "/js/patch.js",
  "/js/map.js",
  "/js/log.js",
  "/js/next.js",
  "/js/history/common.js",
  "/js/history/history.js",
  "/js/history/match.js",
  "/js/history/boards.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // One missing file must not cost the whole shell.
    await Promise.all(SHELL.map((u) => cache.add(new Request(u, { cache: "no-cache" })).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const k of await caches.keys()) if (k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

// PAGE_WAIT is how long a page may take before the reconnecting screen
// shows instead: on a flaky Wi-Fi a request can hang for minutes rather
// than fail, and a blank page teaches nobody anything.
const PAGE_WAIT = 5000;

function fetchPage(req) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), PAGE_WAIT);
  return fetch(req, { signal: stop.signal }).finally(() => clearTimeout(timer));
}

// pageFor is the cached page a short link stands for.
function pageFor(path) {
  if (path.startsWith("/join/")) return "/index.html";
  if (path.startsWith("/table/")) return "/table.html";
  if (path.startsWith("/match/")) return "/match.html";
  if (path === "/history") return "/history.html";
  return path;
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/ws/") || url.pathname === "/healthz") return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const res = await (req.mode === "navigate" ? fetchPage(req) : fetch(req));
      if (res.ok && req.mode !== "navigate") cache.put(req, res.clone());
      else if (res.ok) cache.put(pageFor(url.pathname), res.clone());
      return res;
    } catch (err) {
      if (req.mode === "navigate") {
        // The server is out of reach (or too slow to answer): the app's
        // own screen, which reloads this page once the server answers.
        return (await cache.match("/offline.html")) || Response.error();
      }
      const hit = await cache.match(req, { ignoreSearch: true });
      if (hit) return hit;
      throw err;
    }
  })());
});
