// Before the battle: a new room with its options (read from the catalogue),
// the seats, the bot and the host's start.

import { h, refusal } from "../ui.js";
import { api, savedName, saveName } from "../room.js";
import { qrCard } from "../waiting.js";

// intro is the page without a room: the options and the button that opens
// a room. Labels, defaults and house marks all come from the Definition.
export function intro() {
  const box = h("div", { class: "card", id: "intro-card" }, h("h1", {}, "Pocket Battles"), h("p", { class: "muted" }, "Loading the options…"));
  api("GET", "/api/games").then((list) => {
    const def = (list.games || list).find((g) => g.name === "battles");
    if (!def) throw new Error("this server does not offer Pocket Battles");
    const fields = {};
    const rows = def.options.filter((o) => !o.advanced).map((o) => {
      const sel = h("select", { id: "opt-" + o.key },
        o.choices.map((c) => h("option", { value: String(c.value), selected: c.value === o.default }, c.label)));
      fields[o.key] = [o, sel];
      return h("label", { class: "bt-opt" }, o.label, sel);
    });
    const problem = h("div", {});
    const create = async () => {
      problem.replaceChildren();
      const options = {};
      for (const [k, [o, el]] of Object.entries(fields)) options[k] = typeof o.default === "number" ? Number(el.value) : el.value;
      try {
        const lobby = await api("POST", "/api/rooms", { game: "battles", options });
        location.assign(`/battles.html?room=${encodeURIComponent(lobby.code)}`);
      } catch (e) {
        problem.replaceChildren(refusal(e.message));
      }
    };
    box.replaceChildren(
      h("h1", {}, "Pocket Battles"),
      h("p", {}, def.summary),
      h("fieldset", {}, h("legend", {}, "Options"), rows),
      h("p", { class: "small muted", id: "house" }, h("span", { class: "house-tag" }, "HOUSE"), " Our design, not the publisher's: ", def.house.join("; "), "."),
      h("button", { class: "primary block", id: "create", onclick: create }, "New battle"),
      problem);
  }).catch((e) => box.replaceChildren(refusal(e.message)));
  return box;
}

// lobby is the waiting room, in two parts around the name box.
export function lobby(app) {
  const l = app.lobby;
  if (!l) {
    return {
      top: app.lobbyError
        ? h("div", {}, refusal(app.lobbyError), h("a", { class: "button", href: "/battles.html" }, "Open a new battle"))
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
    return h("div", { class: `seat bt-seat team${st.team}${st.seat === app.seat ? " mine" : ""}`, "data-seat": st.seat },
      h("span", { class: "label" },
        h("span", { class: "name" }, `${st.label}: ${who}${st.seat === app.seat ? " (you)" : ""}`),
        h("span", { class: "muted small" }, [st.host ? "host" : "", st.taken && !st.bot ? (st.online ? "online" : "away") : ""].filter(Boolean).join(", "))),
      !mine && !st.taken && !st.bot
        ? h("button", { class: "primary", "data-take": st.seat, onclick: () => take(st.seat) }, `Play ${st.label}`)
        : null);
  });
  const others = free.filter((st) => st.seat !== app.seat);
  const top = h("div", {},
    h("h2", {}, "Pocket Battles"),
    app.lobbyError ? refusal(app.lobbyError, () => { app.lobbyError = ""; app.render(); }) : null);
  const o = app.view?.options;
  const seats = h("div", {},
    h("div", { class: "seats" }, rows),
    host && others.length
      ? h("button", { class: "block", id: "bot", onclick: () => app.host("bot", { seat: others[0].seat }) },
        "Play against the bot", h("span", { class: "sub" }, `the bot takes ${others[0].label}`))
      : null,
    host
      ? h("button", { class: "primary block", id: "start", disabled: free.length > 0, onclick: () => app.host("start") },
        "Start the battle", free.length ? h("span", { class: "sub" }, "every seat needs a player or the bot") : null)
      : mine ? h("p", { class: "notice" }, "The host starts the battle when both seats are filled.") : null,
    o ? h("p", { class: "small muted", id: "options" }, `Battle of ${o.size} points · ${o.size / 10} tokens each` + (o.round_limit ? ` · at most ${o.round_limit} rounds (house rule)` : "")) : null,
    qrCard(l.code));
  return { top, seats };
}

// nameField is built once, outside the lobby's re-renders.
export function nameField(app) {
  app.name = app.name || savedName();
  return h("label", { id: "name-field" }, "Your name ",
    h("input", {
      id: "name", type: "text", maxlength: 24, autocomplete: "nickname", placeholder: "Your name", value: app.name,
      oninput: (e) => { app.name = e.target.value; },
    }));
}
