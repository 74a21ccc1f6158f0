// The waiting room of a seat page: who sits where, the join code and QR
// code for the others, and the host's start.

import { h } from "./ui.js";
import { api, joinURL } from "./room.js";
import { useAids } from "./banner.js";

// seatList shows the lobby's seats grouped by crew. opts.take(seat) adds a
// Take button to free seats; opts.mine marks this phone's seat; opts.free
// (host only) adds a Free button to other taken seats; opts.bot (host only,
// games with bots) adds an "Add a bot" button to free seats.
export function seatList(lobby, opts = {}) {
  const teams = new Map();
  for (const seat of lobby.seats || []) {
    if (!teams.has(seat.team)) teams.set(seat.team, []);
    teams.get(seat.team).push(seat);
  }
  // Each game names its sides in its seat labels ("Blue Captain", "Red"):
  // the first word is the side, whatever the team number.
  const crew = lobby.game === "sonar" ? " crew" : "";
  return h("div", { class: "crews" }, [...teams.entries()].map(([team, seats]) =>
    h("div", { class: "card" },
      h("h3", {}, side(seats[0]) ? side(seats[0]) + crew : `Team ${team + 1}`),
      h("div", { class: "seats" }, seats.map((seat) => seatRow(seat, opts))))));
}

// side is the first word of a seat's label: "Blue", "Red".
function side(seat) {
  return (seat.label || "").split(" ")[0];
}

function seatRow(seat, opts) {
  const taken = seat.taken || seat.bot;
  let who = "free";
  if (seat.bot) who = "Bot";
  else if (seat.taken) who = seat.name || "taken";
  const flags = [];
  if (seat.host) flags.push("host");
  if (seat.taken && !seat.bot) flags.push(seat.online ? "online" : "away");
  return h("div", {
    class: `seat side-${side(seat).toLowerCase()}${opts.mine === seat.seat ? " mine" : ""}`,
    "data-seat": seat.seat,
    "data-taken": String(!!taken),
  },
  h("span", { class: "label" },
    h("span", { class: "name" }, who + (opts.mine === seat.seat ? " (you)" : "")),
    h("span", { class: "muted small" }, seat.label + (flags.length ? " · " + flags.join(", ") : ""))),
  !taken && opts.take ? h("button", { class: "primary", "data-take": seat.seat, onclick: () => opts.take(seat.seat) }, "Take") : null,
  !taken && opts.bot ? h("button", { "data-bot": seat.seat, "aria-label": `Add a bot as ${seat.label}`, onclick: () => opts.bot(seat.seat) }, "Add a bot") : null,
  taken && opts.free && opts.mine !== seat.seat ? h("button", { "data-free": seat.seat, onclick: () => opts.free(seat.seat) }, "Free") : null);
}

// qrCard shows the join link and its QR code (hidden if the server has none).
export function qrCard(code) {
  const img = h("img", {
    class: "qr",
    src: `/api/rooms/${encodeURIComponent(code)}/qr.svg`,
    alt: `QR code to join room ${code}`,
    onerror: (e) => e.target.remove(),
  });
  const link = h("a", { href: joinURL(code), "data-join-link": "" }, joinURL(code));
  const warn = h("div", { "data-lan-warn": "", style: "flex: 1 1 100%" });
  serverLink(code, link, warn);
  return h("div", { class: "card row" },
    img,
    h("div", { class: "grow" },
      h("div", { class: "muted small" }, "Room code"),
      h("div", { class: "code-big", "data-code": code }, code),
      h("p", { class: "small" }, "Scan, or open ", link)),
    warn);
}

const loopback = (host) => host === "localhost" || host === "[::1]" || host === "::1" || /^127\./.test(host);

// serverLink puts the server's own join link (its LAN address, the one the
// QR code holds) in place of this page's origin, and warns when this page
// is on localhost, which no phone can reach.
async function serverLink(code, link, warn) {
  let url = "";
  try {
    url = (await api("GET", `/api/rooms/${encodeURIComponent(code)}/link`)).url || "";
  } catch {
    return; // the page's own origin stays: it is how this screen got here
  }
  if (url) {
    link.href = url;
    link.textContent = url;
  }
  let host = "";
  try {
    host = new URL(url).hostname;
  } catch {
    host = "";
  }
  if (loopback(host)) {
    useAids();
    warn.replaceChildren(h("p", { class: "notice lan-warn", role: "alert" },
      "Phones cannot join: the server knows no network address but this computer's own (localhost). ",
      "Connect this computer to the players' Wi-Fi and restart Periscope, or start it with -public http://ADDRESS:PORT."));
  } else if (loopback(location.hostname)) {
    useAids();
    warn.replaceChildren(h("p", { class: "notice lan-warn", role: "note", "data-lan-warn": "localhost" },
      "This screen is open on localhost, which phones cannot reach. Phones join at ",
      h("strong", {}, url), " (the QR code holds it)."));
  }
}

// waitingRoom is the seat page before the match: a head with the host's
// Start button, and a box for the seat list that waitingSeats fills. The
// page rebuilds the two apart (see waitingKeys), so phones coming online
// redraw the list without swapping the Start button under a tap.
export function waitingRoom(app) {
  const lobby = app.lobby;
  const me = lobby.seats?.[app.seat];
  const host = !!me?.host;
  const empty = (lobby.seats || []).filter((s) => !s.taken && !s.bot).length;
  return h("div", {},
    h("h2", {}, "Waiting for the crews"),
    h("p", {}, me ? `You are the ${me.label}.` : "", " ",
      empty ? `${empty} seat${empty > 1 ? "s" : ""} still free.` : "Every seat is taken."),
    host
      ? app.group("start", {},
        h("button", { class: "primary block", id: "start", onclick: () => app.host("start", "start") }, "Start the match"),
        h("p", { class: "muted small" }, botsFor(app)
          ? "You are the host: start when everyone sits. A bot can take any free seat."
          : "You are the host: start when everyone sits."))
      : h("p", { class: "notice" }, "The host starts the match when every seat is taken."),
    "wakeLock" in navigator ? null : h("p", { class: "notice warn", id: "awake-hint" },
      "This browser cannot keep the screen on here (it needs https). Set the phone's screen timeout to 5 minutes or more for the match."),
    qrCard(lobby.code),
    h("div", { id: "waiting-seats" }),
    h("p", {}, h("a", { href: `/table.html?room=${encodeURIComponent(lobby.code)}`, target: "_blank" }, "Open the table screen"), " on a laptop or TV."));
}

// gamesWithBots names the games whose catalogue entry (GET /api/games)
// says bots: true, once the server has answered.
const gamesWithBots = new Set();
let botsAsked = null;

// botsFor reports whether the room's game can seat bots; the first call
// asks the catalogue and redraws the page when it answers.
function botsFor(app) {
  if (!botsAsked) {
    botsAsked = api("GET", "/api/games").then((games) => {
      for (const g of games || []) if (g.bots) gamesWithBots.add(g.name);
      app.render();
    }).catch(() => {});
  }
  return gamesWithBots.has(app.lobby?.game);
}

// waitingSeats is the seat list of the waiting room.
export function waitingSeats(app) {
  const host = !!app.lobby.seats?.[app.seat]?.host;
  return app.group("seats", {}, seatList(app.lobby, {
    mine: app.seat,
    free: host ? (seat) => app.host("seats", "free", { seat }) : null,
    bot: host && botsFor(app) ? (seat) => app.host("seats", "bot", { seat }) : null,
  }));
}

// waitingKeys say what each part of the waiting room shows: a part is
// rebuilt only when its key changes.
export function waitingKeys(app) {
  const lobby = app.lobby;
  const empty = (lobby.seats || []).filter((s) => !s.taken && !s.bot).length;
  return {
    head: JSON.stringify([lobby.code, app.seat, lobby.seats?.[app.seat], empty, app.refusals.start, botsFor(app)]),
    seats: JSON.stringify([lobby.seats, app.refusals.seats, botsFor(app)]),
  };
}
