// The lobby: create a room with its options, join one by code, link or QR
// code, see who sits where and take a seat with a name.

import { h, replace, refusal } from "./ui.js";
import { api, roomCode, rememberSeat, heldSeats, savedName, saveName, pageFor, useCatalogue } from "./room.js";
import { Conn, badge } from "./net.js";
import { connectionBanner, useAids } from "./banner.js";
import { seatList, qrCard } from "./waiting.js";
import { optionsForm as sharedForm, houseLine } from "./optionsform.js";

const $ = (sel) => document.querySelector(sel);

// The catalogue of games (GET /api/games): names, pages, options with
// their defaults, house content. Loaded once; every form is drawn from it.
const catalogue = api("GET", "/api/games").then((games) => {
  useCatalogue(games);
  return games;
});

// optionsForm draws a game's options from the catalogue with the shared
// form (optionsform.js) and returns [fields, read], where read gives the
// options JSON: only the values that differ from the game's defaults, so a
// default the game derives (the radio assist of a teaching room) is never
// overridden by the form.
function optionsForm(game) {
  // The teaching choice comes first and stands out: it is what a table
  // that never played needs (hints, and the Radio Operator's tracker).
  const teach = (game.options || []).find((o) => o.key === "teaching" && o.kind === "bool");
  const form = sharedForm(game, { apart: teach ? [teach.key] : [], more: "Rule options" });
  const { controls } = form;
  const teachField = teach ? teachFirst(form.apart[teach.key]) : null;
  const rest = [
    game.summary ? h("p", { class: "muted" }, game.summary) : null,
    houseLine(game),
    form.basic,
    form.advanced];
  const note = h("p", { class: "notice small", id: "implied", hidden: true });
  wireImplied(game, controls, note);
  // A game with a training match opens on it: one tap for a first match
  // at this table; every other choice is folded below.
  const fields = implies[game.name] && controls.first_dive
    ? h("div", {},
      h("p", { class: "muted small" }, "First match? The First dive at the top of the page is one tap."),
      h("details", { id: "all-options", class: "all-options" },
        h("summary", { class: "button block" }, "Another match: all the options"),
        teachField, note, rest))
    : h("div", {}, teachField, note, rest);
  return [fields, form.read];
}

// implies lists, per game, what an option sets when it is on: the First
// dive plays turn-based on Alpha, with teaching, against learner bots
// (roles.ParseOptions applies the same). The form shows these values and
// sends them, so the form and the room's header tell the truth.
const implies = {
  sonar: { first_dive: { mode: "turnbased", map: "alpha", teaching: true, bot_level: "learner" } },
};

// wireImplied makes the form follow what an option implies: ticking the
// First dive sets and locks the options it decides; ticking Teaching
// proposes turn-based play (the host may still choose real time).
function wireImplied(game, controls, note) {
  const rules = implies[game.name] || {};
  for (const [key, set] of Object.entries(rules)) {
    const c = controls[key];
    if (!c?.input) continue;
    c.input.addEventListener("change", () => {
      const on = c.input.checked;
      for (const [k, v] of Object.entries(set)) {
        if (!controls[k]) continue;
        if (on) controls[k].set(v);
        controls[k].lock(on);
      }
      note.hidden = !on;
      note.textContent = on ? "The First dive sets these: turn-based, map Alpha, teaching hints, learner bots on Red." : "";
    });
  }
  const teach = controls.teaching;
  const mode = controls.mode;
  if (teach?.input && mode?.inputs) {
    teach.input.addEventListener("change", () => {
      if (!teach.input.checked || teach.input.disabled) return;
      mode.set("turnbased");
      note.hidden = false;
      note.textContent = "Teaching: turn-based play proposed, easier for a first game (real time stays a choice above).";
    });
  }
}

// firstMatchCard is the one big choice for a table's first match: a First
// dive (teaching, turn-based, a coach on every phone, learner bots on
// Red), created with one tap; the crew's size is a choice beside it.
function firstMatchCard(game) {
  useAids();
  const crewOpt = (game.options || []).find((o) => o.key === "blue_crew");
  let crew = crewOpt?.default ?? 4;
  const errBox = h("div");
  const sizes = [1, 2, 3, 4].map((n) => h("label", { class: "inline" },
    h("input", { type: "radio", name: "first-crew", value: n, checked: n === crew, onchange: () => { crew = n; } }), String(n)));
  const create = async () => {
    try {
      const lobby = await api("POST", "/api/rooms", { game: game.name, options: { first_dive: true, blue_crew: crew, ...implies[game.name].first_dive } });
      go(lobby.code);
    } catch (err) {
      replace(errBox, refusal(err.message));
    }
  };
  return h("div", { class: "card first-match", id: "first-match" },
    h("h2", {}, `First ${game.title} at this table?`),
    h("p", {}, "A First dive: turn-based, teaching hints, and a coach on every phone that teaches the whole game as you play, against a learner bot crew."),
    h("button", { class: "primary block big", type: "button", id: "first-dive-go", onclick: create }, "Start a First dive"),
    h("fieldset", { class: "crew-size" }, h("legend", {}, "Phones in your crew"), sizes),
    errBox);
}

// teachFirst frames the teaching option for a first match.
function teachFirst(control) {
  useAids();
  return h("div", { class: "teach-first", "data-teach": "1" },
    h("strong", {}, "First match at this table?"),
    h("p", { class: "muted small" }, "Turn teaching on: every phone says what to do now, and the Radio Operator gets the tracker of the enemy's possible cells."),
    control);
}

// expiry says when a waiting room closes by itself (the server's
// `expires`): a room nobody joined soon, one whose match never starts at
// the end of the night. "" for a room that does not expire.
export function expiry(room, now = Date.now()) {
  if (room.state !== "waiting" || !room.expires) return "";
  const at = Date.parse(room.expires);
  if (Number.isNaN(at)) return "";
  const unless = (room.seats || []).some((s) => s.taken) ? "unless its match starts" : "unless someone takes a seat";
  const mins = Math.ceil((at - now) / 60000);
  if (mins <= 1) return `Closes within a minute ${unless}.`;
  if (mins < 90) return `Closes in ${mins} min ${unless}.`;
  const clock = new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return `Closes at ${clock} ${unless}.`;
}

// summary names a room by its options, as the catalogue labels them: the
// basic ones always (defaults included), the advanced ones when set.
export function summary(room) {
  const game = games.find((g) => g.name === room.game);
  if (!game) return "";
  let set = room.options || {};
  // An option that decides others (the First dive) shows what it decides.
  for (const [key, more] of Object.entries(implies[room.game] || {})) {
    if (set[key] === true) set = { ...set, ...more };
  }
  const parts = [];
  for (const o of game.options || []) {
    const has = Object.hasOwn(set, o.key);
    if (o.advanced && !has) continue;
    const v = has ? set[o.key] : o.default;
    if (o.kind === "bool") {
      if (v === true) parts.push(o.label);
    } else if (o.kind === "int") {
      parts.push(`${o.label} ${v}`);
    } else if (o.key !== "radio" || has) {
      const c = (o.choices || []).find((x) => JSON.stringify(x.value) === JSON.stringify(v));
      // "Alpha", "Turn-based" say enough; others need their option's name.
      const short = c?.label.split(":")[0];
      if (c) parts.push(/\s/.test(o.label) ? `${o.label}: ${short}` : short);
    }
  }
  return parts.join(" · ");
}

let games = [];
catalogue.then((g) => { games = g || []; }).catch(() => {});

function nameInput() {
  return h("input", {
    id: "name", name: "name", autocomplete: "nickname", maxlength: 24, placeholder: "Your name",
    value: savedName(), "aria-label": "your name",
  });
}

async function home() {
  replace($("#main"),
    h("h1", {}, "Periscope"),
    h("p", { class: "muted" }, "Board game nights on the LAN: phones are the crew's sheets."),
    h("div", { id: "first" }),
    joinCard(),
    h("div", { id: "open" }),
    createCard(),
    h("p", { class: "row" },
      h("a", { class: "button", href: "/history", id: "history-link" }, "Past matches and stats")));
  listRooms();
  // The one big choice for a first match, when a game offers a First dive.
  catalogue.then((games) => {
    const game = (games || []).find((g) => implies[g.name] && (g.options || []).some((o) => o.key === "first_dive"));
    if (game && $("#first")) replace($("#first"), firstMatchCard(game));
  }).catch(() => {});
}

function joinCard() {
  const input = h("input", { id: "join-code", class: "grow", placeholder: "Room code", autocapitalize: "characters", autocomplete: "off", maxlength: 8, "aria-label": "room code" });
  const box = h("div", {});
  const form = h("form", {
    class: "row",
    onsubmit: async (e) => {
      e.preventDefault();
      const code = input.value.trim().toUpperCase();
      if (!code) return;
      try {
        await api("GET", `/api/rooms/${encodeURIComponent(code)}`);
        go(code);
      } catch (err) {
        replace(box, refusal(err.message));
      }
    },
  }, input, h("button", { class: "primary", type: "submit" }, "Join"));
  return h("div", { class: "card", "data-group": "join" }, h("h2", {}, "Join a room"), form, box);
}

async function listRooms() {
  const box = $("#open");
  if (!box) return;
  let rooms = [];
  try {
    rooms = await api("GET", "/api/rooms");
  } catch {
    rooms = [];
  }
  if (!$("#open")) return;
  replace(box, rooms.length ? h("div", { class: "card" }, h("h2", {}, "Open rooms"),
    h("ul", { class: "rooms" }, rooms.map((r) => {
      const free = (r.seats || []).filter((s) => !s.taken && !s.bot).length;
      const opts = summary(r);
      const closes = expiry(r);
      return h("li", { "data-room": r.code },
        h("span", { class: "grow" }, h("strong", {}, r.code), ` ${r.title} · ${r.state} · ${free} free`,
          opts ? h("span", { class: "muted small block", "data-summary": "" }, opts) : null,
          closes ? h("span", { class: "muted small block", "data-expires": "" }, closes) : null),
        h("button", { onclick: () => go(r.code) }, "Open"));
    }))) : null);
  setTimeout(listRooms, 5000);
}

function createCard() {
  const gameBox = h("div");
  const optsBox = h("div");
  const errBox = h("div");
  let read = () => ({});
  const create = async (options) => {
    const game = new FormData(form).get("game");
    try {
      const lobby = await api("POST", "/api/rooms", { game, options });
      go(lobby.code);
    } catch (err) {
      replace(errBox, refusal(err.message));
    }
  };
  const form = h("form", {
    id: "create",
    onsubmit: (e) => {
      e.preventDefault();
      create(read(form));
    },
  }, gameBox, optsBox, errBox, h("button", { class: "primary block", type: "submit", id: "create-room" }, "Create the room"));
  catalogue.then((games) => {
    const pick = (game) => {
      const [fields, r] = optionsForm(game);
      read = r;
      replace(optsBox, fields);
    };
    replace(gameBox, h("fieldset", {}, h("legend", {}, "Game"),
      games.map((g, i) => h("label", { class: "inline" },
        h("input", { type: "radio", name: "game", value: g.name, checked: i === 0, onchange: () => pick(g) }),
        g.title, h("span", { class: "muted small" }, ` · ${players(g)}`)))));
    if (games.length) pick(games[0]);
  }).catch((err) => replace(errBox, refusal(err.message)));
  return h("div", { class: "card" }, h("h2", {}, "Create a room"), form);
}

function players(g) {
  if (!g.min_players) return "";
  const n = g.min_players === g.max_players ? `${g.min_players}` : `${g.min_players}-${g.max_players}`;
  return `${n} players${g.bots ? ", bots" : ""}`;
}

function go(code) {
  history.pushState({}, "", `/?room=${encodeURIComponent(code)}`);
  route();
}

let live = null;

async function room(code) {
  replace($("#main"), h("p", {}, `Opening room ${code}…`));
  let lobby;
  try {
    await catalogue;
    lobby = await api("GET", `/api/rooms/${encodeURIComponent(code)}`);
  } catch (err) {
    replace($("#main"), h("h1", {}, "Periscope"), refusal(`Room ${code}: ${err.message}`), h("a", { class: "button", href: "/" }, "Back"));
    return;
  }
  const name = nameInput();
  const errBox = h("div", { "data-group": "take" });
  const seatsBox = h("div");
  const nameHelp = h("p", { class: "muted small", id: "name-help" });
  const conn = h("span", { class: "conn connecting", id: "conn" }, "connecting…");

  async function take(seat) {
    const n = name.value.trim();
    if (!n) {
      replace(errBox, refusal("Type your name first: the others see it at the table."));
      name.focus();
      return;
    }
    saveName(n);
    try {
      const res = await api("POST", `/api/rooms/${encodeURIComponent(lobby.code)}/seats`, { seat, name: n });
      rememberSeat(lobby.code, res.seat, res.token, n);
      live?.stop();
      location.href = pageFor(lobby.game, lobby.code, res.seat);
    } catch (err) {
      replace(errBox, refusal(err.message));
      errBox.scrollIntoView({ block: "nearest" });
    }
  }

  // draw redraws the seats only when the lobby changed, so a live update
  // that brings nothing new never moves a button under a finger.
  let drawn = "";
  function draw() {
    const key = JSON.stringify(lobby);
    if (key === drawn) return;
    drawn = key;
    nameHelp.textContent = lobby.state === "waiting"
      ? "Then take a free seat. Your phone keeps the seat: if it sleeps or reloads, it comes back by itself."
      : "The match is under way: its seats are taken. Watch from the table screen, or ask below for your own seat back if your phone died.";
    const held = heldSeats(lobby.code).filter((s) => lobby.seats[s]);
    replace(seatsBox,
      held.length ? h("div", { class: "card alert" },
        h("p", {}, "This phone already holds a seat here."),
        held.map((s) => h("a", { class: "button primary", href: pageFor(lobby.game, lobby.code, s), "data-back": s }, `Back to ${lobby.seats[s].label}`))) : null,
      lobby.state === "finished" ? h("div", { class: "notice" }, "This match is over.") : null,
      lobby.state === "playing" ? h("div", { class: "notice" }, "The match is under way.") : null,
      seatList(lobby, { take: lobby.state === "finished" ? null : take }),
      lobby.state === "playing" ? claimCard() : null);
  }

  // claimCard is the way back to a seat for a player whose phone died or
  // who changes phones: ask, and a player of that seat's side lets you in.
  let asked = null;
  const claimBox = h("div", { "data-group": "claim" });
  function claimCard() {
    const held = new Set(heldSeats(lobby.code));
    const seats = lobby.seats.filter((s) => !held.has(s.seat));
    if (!seats.length) return null;
    const pick = h("select", { id: "claim-seat", "aria-label": "seat to ask for" },
      seats.map((s) => h("option", { value: s.seat }, `${s.label}${s.name ? " (" + s.name + ")" : ""}`)));
    const pending = asked !== null && (lobby.claims || []).some((c) => c.seat === asked);
    return h("div", { class: "card" },
      h("h2", {}, "Your seat on another phone"),
      h("p", { class: "muted small" }, "Phone died, or changing phones? Ask for your seat: a player of that side lets this phone in. If nobody of that side is left, the host can once the old phone has been gone 2 minutes (any player after 10, with no host about)."),
      pending ? h("p", { class: "notice", role: "status" }, `Asked for ${lobby.seats[asked].label}: waiting for a player of that side to answer (or the host, once that seat's phone has been gone a while).`)
        : h("div", { class: "row" }, pick, h("button", { class: "primary", id: "claim", onclick: () => claim(Number(pick.value)) }, "Ask for it")),
      claimBox);
  }

  async function claim(seat) {
    const n = name.value.trim() || lobby.seats[seat].name || "";
    if (!n) {
      replace(errBox, refusal("Type your name first: the others see it at the table."));
      name.focus();
      return;
    }
    saveName(n);
    try {
      await live.claim(seat, n);
      asked = seat;
      drawn = "";
      draw();
    } catch (err) {
      replace(claimBox, refusal(err.message));
    }
  }

  replace($("#main"),
    h("div", { class: "row" }, h("h1", { class: "grow" }, lobby.title), conn),
    summary(lobby) ? h("p", { class: "muted small", "data-summary": "" }, summary(lobby)) : null,
    expiry(lobby) ? h("p", { class: "muted small", "data-expires": "" }, expiry(lobby)) : null,
    qrCard(lobby.code),
    h("div", { class: "card" },
      h("label", {}, "Your name", name),
      nameHelp),
    errBox,
    seatsBox,
    h("p", {},
      h("a", { href: `/table.html?room=${encodeURIComponent(lobby.code)}`, target: "_blank" }, "Table screen"),
      " for a laptop or TV · ",
      h("a", { href: "/" }, "Other rooms")));
  draw();
  live?.stop();
  const lost = connectionBanner();
  live = new Conn(lobby.code, "", {
    welcome(msg) { if (msg.room) { lobby = msg.room; draw(); } },
    room(l) { lobby = l; draw(); },
    state(state, attempt) { badge(conn, state, attempt); lost(state, attempt); },
    // A claim granted: this phone now holds the seat.
    seat(seat, token) {
      rememberSeat(lobby.code, seat, token, savedName());
      live?.stop();
      location.href = pageFor(lobby.game, lobby.code, seat);
    },
    notice(message) { asked = null; drawn = ""; draw(); replace(claimBox, refusal(message)); },
  }).start();
}

function route() {
  const code = roomCode();
  if (code) room(code);
  else {
    live?.stop();
    live = null;
    home();
  }
}

window.addEventListener("popstate", route);
route();
