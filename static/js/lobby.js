// The lobby: create a room with its options, join one by code, link or QR
// code, see who sits where and take a seat with a name.

import { h, replace, refusal } from "./ui.js";
import { api, roomCode, rememberSeat, heldSeats, savedName, saveName, pageFor } from "./room.js";
import { Conn, badge } from "./net.js";
import { seatList, qrCard } from "./waiting.js";

const $ = (sel) => document.querySelector(sel);

// Options forms per game. Each returns [fields, read()] where read builds
// the options JSON.
const optionForms = {
  sonar() {
    const sel = (name, values, value) => h("select", { name, id: `opt-${name}` },
      values.map(([v, label]) => h("option", { value: v, selected: v === value }, label)));
    const sizes = [[4, "4 players"], [3, "3 players"], [2, "2 players"], [1, "1 player"]];
    const fields = h("div", {},
      h("fieldset", {}, h("legend", {}, "Mode"),
        h("label", { class: "inline" }, h("input", { type: "radio", name: "mode", value: "turnbased", checked: true }), "Turn-based (easier, for a first game)"),
        h("label", { class: "inline" }, h("input", { type: "radio", name: "mode", value: "realtime" }), "Real time (4+ players in all)")),
      h("label", {}, "Map ", sel("map", [["alpha", "Alpha"], ["bravo", "Bravo"], ["charlie", "Charlie"], ["delta", "Delta"], ["echo", "Echo (Archer mines)"]], "alpha")),
      h("div", { class: "row" },
        h("label", {}, "Blue crew ", sel("blue", sizes, 4)),
        h("label", {}, "Red crew ", sel("red", sizes, 4))),
      h("label", {}, "Radio Operator assist ", sel("radio", [["off", "off: plot by hand"], ["cells", "possible cells"], ["heat", "possible cells + likelihood"]], "off")),
      h("label", { class: "inline" }, h("input", { type: "checkbox", name: "teaching", id: "opt-teaching" }), "Teaching hints on every phone"),
      h("details", {}, h("summary", { class: "button" }, "Rule options"),
        h("label", {}, "Mines may be dropped ", sel("mine_adjacency", [[8, "on any of the 8 cells around"], [4, "only N, E, S or W"]], 8)),
        h("label", {}, "Shortest silence ", sel("silence_min", [[0, "0 cells (errata)"], [1, "1 cell"]], 0)),
        h("label", { class: "inline" }, h("input", { type: "checkbox", name: "trigger_is_system" }), "Triggering a mine counts as a system"),
        h("label", { class: "inline" }, h("input", { type: "checkbox", name: "damage_before_repair" }), "A mark that fills a panel and a circuit costs damage")));
    const read = (form) => {
      const f = new FormData(form);
      const o = {
        map: f.get("map"),
        mode: f.get("mode"),
        crews: [Number(f.get("blue")), Number(f.get("red"))],
        radio: f.get("radio"),
      };
      if (f.get("teaching")) o.teaching = true;
      if (f.get("mine_adjacency") === "4") o.mine_adjacency = 4;
      if (f.get("silence_min") === "1") o.silence_min = 1;
      if (f.get("trigger_is_system")) o.trigger_is_system = true;
      if (f.get("damage_before_repair")) o.damage_before_repair = true;
      return o;
    };
    return [fields, read];
  },
  gridtactics() {
    const box = (name, label) => h("label", { class: "inline" }, h("input", { type: "checkbox", name }), label);
    const fields = h("div", {},
      box("smallBoard", "Small 6x6 board"),
      box("hiddenSetup", "Hidden setup (units face down)"),
      box("timeLimit", "15-minute time limit"));
    const read = (form) => {
      const f = new FormData(form);
      const o = {};
      for (const k of ["smallBoard", "hiddenSetup", "timeLimit"]) if (f.get(k)) o[k] = true;
      return o;
    };
    return [fields, read];
  },
};

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
    joinCard(),
    h("div", { id: "open" }),
    createCard());
  listRooms();
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
      return h("li", {},
        h("span", { class: "grow" }, h("strong", {}, r.code), ` ${r.title} · ${r.state} · ${free} free`),
        h("button", { onclick: () => go(r.code) }, "Open"));
    }))) : null);
  setTimeout(listRooms, 5000);
}

function createCard() {
  const gameBox = h("div");
  const optsBox = h("div");
  const errBox = h("div");
  let read = () => ({});
  const form = h("form", {
    id: "create",
    onsubmit: async (e) => {
      e.preventDefault();
      const game = new FormData(form).get("game");
      try {
        const lobby = await api("POST", "/api/rooms", { game, options: read(form) });
        go(lobby.code);
      } catch (err) {
        replace(errBox, refusal(err.message));
      }
    },
  }, gameBox, optsBox, errBox, h("button", { class: "primary block", type: "submit", id: "create-room" }, "Create the room"));
  api("GET", "/api/games").then((games) => {
    const pick = (name) => {
      const make = optionForms[name];
      if (make) {
        const [fields, r] = make();
        read = r;
        replace(optsBox, fields);
      } else {
        read = () => ({});
        replace(optsBox);
      }
    };
    replace(gameBox, h("fieldset", {}, h("legend", {}, "Game"),
      games.map((g, i) => h("label", { class: "inline" },
        h("input", { type: "radio", name: "game", value: g.name, checked: i === 0, onchange: () => pick(g.name) }),
        g.title))));
    if (games.length) pick(games[0].name);
  }).catch((err) => replace(errBox, refusal(err.message)));
  return h("div", { class: "card" }, h("h2", {}, "Create a room"), form);
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
    lobby = await api("GET", `/api/rooms/${encodeURIComponent(code)}`);
  } catch (err) {
    replace($("#main"), h("h1", {}, "Periscope"), refusal(`Room ${code}: ${err.message}`), h("a", { class: "button", href: "/" }, "Back"));
    return;
  }
  const name = nameInput();
  const errBox = h("div", { "data-group": "take" });
  const seatsBox = h("div");
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
    const held = heldSeats(lobby.code).filter((s) => lobby.seats[s]);
    replace(seatsBox,
      held.length ? h("div", { class: "card alert" },
        h("p", {}, "This phone already holds a seat here."),
        held.map((s) => h("a", { class: "button primary", href: pageFor(lobby.game, lobby.code, s), "data-back": s }, `Back to ${lobby.seats[s].label}`))) : null,
      lobby.state === "finished" ? h("div", { class: "notice" }, "This match is over.") : null,
      lobby.state === "playing" ? h("div", { class: "notice" }, "The match is under way.") : null,
      seatList(lobby, { take: lobby.state === "finished" ? null : take }));
  }

  replace($("#main"),
    h("div", { class: "row" }, h("h1", { class: "grow" }, lobby.title), conn),
    qrCard(lobby.code),
    h("div", { class: "card" },
      h("label", {}, "Your name", name),
      h("p", { class: "muted small" }, "Then take a free seat. Your phone keeps the seat: if it sleeps or reloads, it comes back by itself.")),
    errBox,
    seatsBox,
    h("p", {},
      h("a", { href: `/table.html?room=${encodeURIComponent(lobby.code)}`, target: "_blank" }, "Table screen"),
      " for a laptop or TV · ",
      h("a", { href: "/" }, "Other rooms")));
  draw();
  live?.stop();
  live = new Conn(lobby.code, "", {
    welcome(msg) { if (msg.room) { lobby = msg.room; draw(); } },
    room(l) { lobby = l; draw(); },
    state(state, attempt) { badge(conn, state, attempt); },
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
