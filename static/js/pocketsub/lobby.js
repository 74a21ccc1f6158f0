// Before the match: a new room with its options, the seats, the bots and
// the host's start.

import { h, refusal } from "../ui.js";
import { api, savedName, saveName } from "../room.js";
import { qrCard } from "../waiting.js";
import { primer } from "./story.js";

// field is one option of the catalogue as a form control, with a reader of
// its value.
function field(o) {
  const id = `opt-${o.key}`;
  const help = o.help ? h("span", { class: "muted small", style: "display:block" }, o.help) : null;
  const house = o.house ? h("span", { class: "house" }, "house") : null;
  if (o.kind === "bool") {
    const box = h("input", { type: "checkbox", id, name: o.key, checked: o.default === true });
    return { node: h("label", { class: "inline" }, box, h("span", {}, o.label, " ", house, help)), read: () => box.checked };
  }
  const sel = h("select", { id, name: o.key });
  if (o.kind === "int") {
    for (let n = o.min; n <= o.max; n++) sel.append(h("option", { value: String(n), selected: n === o.default }, String(n)));
    return { node: h("label", {}, o.label, " ", sel, help), read: () => Number(sel.value) };
  }
  for (const c of o.choices || []) {
    sel.append(h("option", { value: JSON.stringify(c.value), selected: c.value === o.default }, c.label + (c.house && !/house/i.test(c.label) ? " (house)" : "")));
  }
  return { node: h("label", {}, o.label, " ", house, sel, help), read: () => JSON.parse(sel.value) };
}

// intro is the page without a room: pick the options and open a room. The
// options are the catalogue's (GET /api/games), so their keys, labels and
// defaults have one source: the game's Definition.
export function intro() {
  const fields = h("fieldset", {}, h("legend", {}, "Options"), h("p", { class: "muted small" }, "Loading the options…"));
  const problem = h("div", {});
  let read = () => ({});
  api("GET", "/api/games").then((list) => {
    const game = (list || []).find((g) => g.name === "pocketsub");
    const opts = (game?.options || []).map((o) => [o, field(o)]);
    const basic = opts.filter(([o]) => !o.advanced).map(([, f]) => f.node);
    const advanced = opts.filter(([o]) => o.advanced).map(([, f]) => f.node);
    fields.replaceChildren(h("legend", {}, "Options"), ...basic,
      advanced.length ? h("details", {}, h("summary", {}, "More options"), ...advanced) : null);
    // Only what differs from the defaults travels.
    read = () => Object.fromEntries(opts.map(([o, f]) => [o.key, f.read()]).filter(([k, v]) => v !== opts.find(([o]) => o.key === k)[0].default));
  }).catch((e) => {
    fields.replaceChildren(h("legend", {}, "Options"), refusal(e.message));
  });
  const create = async () => {
    problem.replaceChildren();
    try {
      const lobby = await api("POST", "/api/rooms", { game: "pocketsub", options: read() });
      location.assign(`/pocketsub.html?room=${encodeURIComponent(lobby.code)}`);
    } catch (e) {
      problem.replaceChildren(refusal(e.message));
    }
  };
  return [
    h("div", { class: "card" },
      h("h1", {}, "Pocket Sub"),
      h("p", {}, "2 to 4 fleet commanders (with 4, two teams of 2). Move a Sub, lay a Mine behind it, sink the others: the last fleet afloat wins. Play on a phone each, or alone against bots."),
      fields,
      h("button", { class: "primary block", id: "create", onclick: create }, "New match"),
      problem),
    primer(true),
  ];
}

// lobby is the waiting room: seats to take, the bots, the start. It comes
// in two parts, above and below the name box (which is not re-rendered).
export function lobby(app) {
  const l = app.lobby;
  if (!l) {
    return {
      top: app.lobbyError
        ? h("div", {}, refusal(app.lobbyError), h("a", { class: "button", href: "/pocketsub.html" }, "Open a new match"))
        : h("p", { class: "muted" }, "Connecting to room " + app.code + "…"),
      seats: null,
    };
  }
  const mine = app.seat >= 0 ? l.seats[app.seat] : null;
  const host = !!mine?.host;
  const free = l.seats.filter((st) => !st.taken && !st.bot);
  const take = (seat) => {
    const n = (app.name || "").trim() || savedName() || "Player";
    saveName(n);
    app.take(seat, n);
  };
  const rows = l.seats.map((st) => {
    let who = "free";
    if (st.bot) who = "Bot";
    else if (st.taken) who = st.name || "taken";
    const notes = [];
    if (st.host) notes.push("host");
    if (st.taken && !st.bot) notes.push(st.online ? "online" : "away");
    const colour = st.label.split(" ")[0];
    return h("div", { class: `seat ps-seat c-${colour.toLowerCase()}${st.seat === app.seat ? " mine" : ""}`, "data-seat": st.seat },
      h("span", { class: "label" },
        h("span", { class: "name" }, `${st.label}: ${who}${st.seat === app.seat ? " (you)" : ""}`),
        h("span", { class: "muted small" }, notes.join(", "))),
      !mine && !st.taken && !st.bot
        ? h("button", { class: "primary", "data-take": st.seat, onclick: () => take(st.seat) }, `Play ${colour}`)
        : null);
  });
  const others = free.filter((st) => st.seat !== app.seat);
  const fill = async () => {
    for (const st of others) await app.host("bot", { seat: st.seat });
  };
  const top = h("div", {},
    h("h2", {}, "Pocket Sub"),
    app.lobbyError ? refusal(app.lobbyError, () => { app.lobbyError = ""; app.render(); }) : null);
  const seats = h("div", { class: "ps-lobby" },
    h("div", { class: "seats" }, rows),
    host && others.length
      ? h("button", { class: "block", id: "bot", onclick: fill },
        others.length === 1 ? "Play against the bot" : "Fill the empty seats with bots",
        h("span", { class: "sub" }, others.length === 1 ? `the bot takes ${others[0].label}` : `bots take ${others.map((s) => s.label.split(" ")[0]).join(", ")}`))
      : null,
    host
      ? h("button", { class: "primary block", id: "start", disabled: free.length > 0, onclick: () => app.host("start") },
        "Start the match", free.length ? h("span", { class: "sub" }, "every seat needs a player or a bot") : null)
      : mine
        ? h("p", { class: "notice" }, "The host starts the match when every seat is filled.")
        : null,
    options(app.view),
    qrCard(l.code),
    primer(true));
  return { top, seats };
}

function options(view) {
  if (!view || !view.options) return null;
  const o = view.options;
  const parts = [`${o.players} players`, o.setup === "standard" ? "standard setup" : "introductory layout (house)"];
  if (o.captain) parts.push("Captain's expansion");
  if (o.first_player === "random") parts.push("random first player");
  if (o.running_deep === "adjacent") parts.push("running deep to neighbouring tiles only (house)");
  if (o.mine_supply === "unlimited") parts.push("Mines never run out (house)");
  return h("p", { class: "muted small", id: "options" }, "Options: " + parts.join(", "));
}

// nameField is the name box above the seats, built once and kept out of
// the lobby's re-renders, which would take its focus away.
export function nameField(app) {
  app.name = app.name || savedName();
  return h("label", { id: "name-field" }, "Your name ",
    h("input", {
      id: "name", type: "text", maxlength: 24, autocomplete: "nickname",
      placeholder: "Your name", value: app.name,
      oninput: (e) => { app.name = e.target.value; },
    }));
}
