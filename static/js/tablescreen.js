// The table screen of the pocket games: a laptop or a TV in landscape that
// watches a room as a spectator (it never holds a seat, so it never holds
// a secret). Each game page draws its own board; this module gives them
// the parts every table screen shares: the waiting screen with the QR
// code, the big turn line, the last events and the outcome, and the
// stylesheet for it all (loaded only when a page is at the table, so the
// phones never fetch it).

import { h, replace } from "./ui.js";
import { api, joinURL, roomCode } from "./room.js";

// atTable is true on /table/CODE: the server serves a pocket game's own
// page there, and the page shows the table screen.
export function atTable() {
  return /^\/table\//.test(location.pathname);
}

let styled = false;

// tableMode turns the page into the table screen (on) or back (off): the
// body's class "tv", the stylesheet, and a section of its own in the
// page's <main id="app">, which it returns (null when off). The page's
// phone sections are hidden while it is on.
export function tableMode(on) {
  document.body.classList.toggle("tv", on);
  let box = document.getElementById("tv");
  for (const id of ["intro", "lobby", "play"]) {
    if (on) document.getElementById(id)?.classList.add("hidden");
  }
  if (!on) {
    box?.classList.add("hidden");
    return null;
  }
  if (!styled) {
    styled = true;
    document.head.append(h("link", { rel: "stylesheet", href: "/css/tablescreen.css" }));
  }
  if (!box) {
    box = h("section", { id: "tv", class: "tv-screen", "aria-label": "table screen" });
    document.getElementById("app").append(box);
  }
  box.classList.remove("hidden");
  return box;
}

// waitingScreen is the table before the start: the QR code and the room
// code as large as the screen allows, the join link, who sits where.
// about is a line on the room's options; mark(seat) gives the shape that
// goes with a seat's colour (or null).
export function waitingScreen(box, opts) {
  const { title, lobby, code, about, mark } = opts;
  let screen = box.querySelector(".tv-waiting");
  if (!screen) {
    // The QR code is drawn once: it is never cached (no-store).
    screen = h("div", { class: "tv-waiting", id: "tv-waiting" }, joinPart(code), h("div", { class: "tv-who" }));
    screen.append(screen.querySelector(".tv-warn")); // under the seats
    replace(box, screen);
  }
  const seats = (lobby?.seats || []).map((st) => {
    let who = "free seat";
    if (st.bot) who = "Bot";
    else if (st.taken) who = st.name || "taken";
    const free = !st.taken && !st.bot;
    return h("li", { class: "tv-seat" + (free ? " free" : ""), "data-seat": st.seat },
      mark ? mark(st) : null,
      h("span", { class: "tv-seatname" }, st.label),
      h("span", { class: "tv-seatwho" }, free ? "✚ " + who : who + (st.host ? " · host" : "")));
  });
  const empty = (lobby?.seats || []).filter((st) => !st.taken && !st.bot).length;
  replace(screen.querySelector(".tv-who"),
    h("h1", { class: "tv-title" }, title),
    about ? h("p", { class: "tv-about" }, about) : null,
    h("ul", { class: "tv-seats" }, seats),
    h("p", { class: "tv-status", id: "tv-status", role: "status" },
      opts.error || (!lobby ? "Connecting to the room…"
        : empty ? `Waiting for players: ${empty} seat${empty > 1 ? "s" : ""} free` : "Every seat is filled: the host starts the match")));
}

// joinPart is the QR code of the join link, the room code and the link,
// on the server's own LAN address (the one the QR code holds).
function joinPart(code) {
  const link = h("span", { class: "tv-link", "data-join-link": "" }, joinURL(code));
  const warn = h("div", { class: "tv-warn" });
  api("GET", `/api/rooms/${encodeURIComponent(code)}/link`).then((l) => {
    if (!l?.url) return;
    link.textContent = l.url;
    let host = "";
    try {
      host = new URL(l.url).hostname;
    } catch {
      host = "";
    }
    // No phone reaches this computer's own address.
    if (loopback(host)) {
      replace(warn, h("p", { class: "notice warn", role: "alert" },
        "Phones cannot join: the server knows no network address but this computer's own. ",
        "Connect it to the players' Wi-Fi and restart Periscope, or start it with -public http://ADDRESS:PORT."));
    }
  }).catch(() => {});
  return h("div", { class: "tv-joinbox" },
    h("img", {
      class: "tv-qr", src: `/api/rooms/${encodeURIComponent(code)}/qr.svg`, alt: `QR code to join room ${code}`,
      onerror: (e) => e.target.remove(),
    }),
    h("div", { class: "tv-joinwords" },
      h("div", { class: "tv-label" }, "Room code"),
      h("div", { class: "tv-code", id: "tv-code", "data-code": code }, code),
      h("div", { class: "tv-label" }, "Scan the code, or open"),
      link),
    warn);
}

const loopback = (host) => host === "localhost" || host === "[::1]" || host === "::1" || /^127\./.test(host);

// playScreen lays out the table during the match: the board on the left,
// the turn, the sides, what the game adds (dice, a fight) and the last
// events on the right. Every part is a node or null.
export function playScreen(box, parts) {
  let screen = box.querySelector(".tv-play");
  if (!screen) {
    screen = h("div", { class: "tv-play" },
      h("div", { class: "tv-board", id: "tv-board" }),
      h("aside", { class: "tv-side" },
        h("div", { id: "tv-head" }),
        h("div", { id: "tv-sides" }),
        h("div", { id: "tv-extra" }),
        h("h2", { class: "tv-h" }, "Last events"),
        h("div", { id: "tv-events" })));
    replace(box, screen);
    // A new size, or a part above the events that grows later (the dice
    // as they land, a fight's panel), shows as many whole events as fit.
    addEventListener("resize", () => fitEvents(screen));
    if (window.ResizeObserver) {
      const ro = new ResizeObserver(() => fitEvents(screen));
      for (const id of ["#tv-head", "#tv-sides", "#tv-extra"]) ro.observe(screen.querySelector(id));
    }
  }
  replace(screen.querySelector("#tv-board"), parts.board);
  // A board drawn for phones names its places as buttons: here they keep
  // their words, as pictures, for nothing on a TV is tapped.
  for (const el of screen.querySelectorAll("#tv-board [role=button], #tv-board [tabindex]")) {
    if (el.getAttribute("role") === "button") el.setAttribute("role", "img");
    el.removeAttribute("tabindex");
  }
  replace(screen.querySelector("#tv-head"), parts.outcome || parts.turn);
  replace(screen.querySelector("#tv-sides"), parts.sides);
  replace(screen.querySelector("#tv-extra"), parts.extra);
  replace(screen.querySelector("#tv-events"), parts.events);
  fitEvents(screen);
}

// fitEvents hides the oldest events that do not fit whole in the column,
// so the last line shown is never cut in half. When not even the newest
// fits (a dice exchange fills the column), the events and their heading
// step aside until there is room again.
function fitEvents(screen) {
  const items = [...screen.querySelectorAll("#tv-events-list > li")];
  const head = screen.querySelector(".tv-side > .tv-h");
  if (head) head.hidden = false;
  if (!items.length) return;
  for (const li of items) li.hidden = false;
  const bottom = Math.min(screen.querySelector(".tv-side").getBoundingClientRect().bottom, innerHeight);
  for (let i = items.length - 1; i >= 0 && items[i].getBoundingClientRect().bottom > bottom + 0.5; i--) items[i].hidden = true;
  if (head) head.hidden = items[0].hidden;
}

// turnLine is whose turn it is, in words and with the side's shape.
export function turnLine(text, mark, cls = "") {
  return h("div", { class: "tv-turn " + cls, id: "tv-turn", role: "status", "aria-live": "polite" }, mark || null, h("span", {}, text));
}

// outcomeBox is the end of the match: who won and why. The table screen
// then follows the rematch a player's phone opens (it has no buttons of
// its own): it says so, and moves to the rematch's table screen.
export function outcomeBox(head, reason, mark, winner) {
  if (atTable()) followRematch(roomCode());
  return h("div", { class: "tv-outcome", id: "tv-outcome", role: "status", "data-winner": winner },
    h("div", { class: "tv-outhead" }, mark || null, h("span", {}, head)),
    reason ? h("div", { class: "tv-reason" }, reason) : null,
    atTable() ? h("div", { class: "tv-next", id: "tv-next" }, "Rematch? Ask from a player's phone: this screen follows it.") : null);
}

let following = "";

// followRematch asks every few seconds whether a player opened the
// rematch of room code, and opens its table screen when one did.
async function followRematch(code) {
  if (!code || following === code) return;
  following = code;
  while (following === code) {
    try {
      // {"pending": true} until a player asks; a 404 once the room is gone.
      const m = await api("GET", `/api/rooms/${encodeURIComponent(code)}/rematch`);
      if (m?.code) {
        location.href = `/table/${encodeURIComponent(m.code)}`;
        return;
      }
    } catch (err) {
      // The room is gone: no rematch can come. Otherwise the Wi-Fi blinked.
      if (/no room/.test(err.message)) return;
    }
    await new Promise((r) => setTimeout(r, 3000));
  }
}

// lastEvents lists the newest events first, n at most: each item is
// {text, kind, tag} where tag (a node or text) says whose event it is.
export function lastEvents(items, n = 6) {
  const shown = items.slice(-n).reverse();
  if (!shown.length) return h("p", { class: "tv-none" }, "Nothing has happened yet.");
  return h("ol", { class: "tv-events", id: "tv-events-list", "aria-label": "last events" },
    shown.map((e, i) => h("li", { class: (i === 0 ? "newest " : "") + (e.cls || ""), "data-kind": e.kind || "" },
      e.tag ? h("span", { class: "tv-tag" }, e.tag) : null,
      h("span", {}, e.text))));
}
