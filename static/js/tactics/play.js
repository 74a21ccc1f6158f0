// The match itself: what a tap on the board means, and the panel of
// choices under it. Every legal choice comes from the view; a tap that is
// no legal choice goes to the server anyway when it names a move or an
// attack, so the refusal is the rules engine's own words.

import { h, s } from "../ui.js";
import { draw, TEAM, LETTER, unitShape } from "./board.js";

const KINDS = ["soldier", "tank", "artillery"];

export function myTurn(app) {
  const v = app.view;
  return !!v && v.phase === "play" && v.seat >= 0 && v.turn === v.seat;
}

export function actionsFor(app, sq) {
  return (app.view?.legal || []).find((a) => a.unit === sq) || null;
}

function pieceAt(view, sq) {
  return view.board.find((p) => p.at === sq) || null;
}

// keep drops a selection the new view no longer allows; an artillery that
// has moved and may still fire stays selected.
export function keep(app) {
  const v = app.view;
  if (!v) return;
  if (!v.setup) app.draft = null;
  if (app.sel && !actionsFor(app, app.sel)) app.sel = null;
  if (!app.sel && v.active && actionsFor(app, v.active)) app.sel = v.active;
  if (app.stage) {
    const ua = app.sel && actionsFor(app, app.sel);
    if (!ua || !(ua.move_attacks || []).some((m) => m.to === app.stage)) app.stage = null;
  }
  if (!myTurn(app)) app.endArmed = false;
}

// ---- setup ----

function draftOf(app) {
  if (!app.draft) app.draft = { placed: {}, kind: "soldier" };
  return app.draft;
}

function left(app, kind) {
  const units = app.view.setup.units;
  const used = Object.values(draftOf(app).placed).filter((k) => k === kind).length;
  return (units[kind] || 0) - used;
}

function nextKind(app, from) {
  const order = [from, ...KINDS.filter((k) => k !== from)];
  return order.find((k) => left(app, k) > 0) || from;
}

function tapSetup(app, sq) {
  const d = draftOf(app);
  if (!app.view.setup.squares.includes(sq)) {
    app.error = `${sq} is not on your ${app.view.size === 6 ? "two back rows" : "back row"}: place your units on the marked squares`;
    return;
  }
  if (d.placed[sq]) {
    d.kind = d.placed[sq];
    delete d.placed[sq];
    return;
  }
  if (left(app, d.kind) <= 0) d.kind = nextKind(app, d.kind);
  if (left(app, d.kind) <= 0) {
    app.error = "All seven units are placed: tap one to take it back, or tap Ready";
    return;
  }
  d.placed[sq] = d.kind;
  if (left(app, d.kind) === 0) d.kind = nextKind(app, d.kind);
}

function fillRest(app) {
  const d = draftOf(app);
  for (const sq of app.view.setup.squares) {
    if (d.placed[sq]) continue;
    const k = KINDS.find((kind) => left(app, kind) > 0);
    if (!k) break;
    d.placed[sq] = k;
  }
}

function setupPanel(app) {
  const d = draftOf(app);
  const total = Object.keys(d.placed).length;
  const all = KINDS.every((k) => left(app, k) === 0);
  return [
    h("div", { class: "tx-palette", role: "group", "aria-label": "unit to place" }, KINDS.map((k) =>
      h("button", {
        "aria-pressed": String(d.kind === k), "data-kind": k,
        onclick: () => { d.kind = k; app.render(); },
      },
      h("span", { class: "big" }, LETTER[k]),
      `${k}`,
      h("span", { class: "sub" }, `${left(app, k)} to place`)))),
    h("p", { class: "muted small" }, `Tap a marked square to place the chosen unit, tap a placed unit to take it back. ${total} of 7 placed.`),
    h("div", { class: "row" },
      h("button", { id: "fill", onclick: () => { fillRest(app); app.render(); } }, "Fill the rest"),
      h("button", { id: "clear", disabled: total === 0, onclick: () => { app.draft = null; app.render(); } }, "Clear"),
      h("button", {
        class: "primary", id: "ready", disabled: !all || app.busy,
        onclick: () => app.send({ type: "setup", place: { ...d.placed } }),
      }, "Ready")),
  ];
}

// ---- play ----

function tapPlay(app, sq) {
  const v = app.view;
  if (!myTurn(app)) {
    app.error = v.phase === "play" ? `It is ${TEAM[v.turn]}'s turn` : v.prompt;
    return;
  }
  if (v.pending) {
    if (sq === v.pending.target) app.send({ type: "second_attack" });
    else app.error = `Your artillery on ${v.pending.unit} missed: fire again at ${v.pending.target} or decline first`;
    return;
  }
  const ua = app.sel ? actionsFor(app, app.sel) : null;
  if (ua) {
    if (sq === app.sel) {
      app.sel = app.stage = null;
      return;
    }
    if (app.stage) {
      const combo = ua.move_attacks.find((m) => m.to === app.stage);
      if (combo.targets.some((t) => t.at === sq)) {
        app.send({ type: ua.kind === "tank" ? "tank" : "artillery", unit: ua.unit, to: app.stage, target: sq });
        return;
      }
      if (sq === app.stage) {
        app.send({ type: "move", unit: ua.unit, to: sq });
        return;
      }
    }
    if ((ua.attacks || []).some((t) => t.at === sq)) {
      app.send({ type: "attack", unit: ua.unit, target: sq });
      return;
    }
    if ((ua.move_attacks || []).some((m) => m.to === sq)) {
      app.stage = sq;
      return;
    }
    if ((ua.moves || []).includes(sq)) {
      app.send({ type: "move", unit: ua.unit, to: sq });
      return;
    }
  }
  if (actionsFor(app, sq)) {
    app.sel = sq;
    app.stage = null;
    return;
  }
  const p = pieceAt(v, sq);
  if (p && p.owner === v.seat) {
    app.error = `Your ${p.kind} on ${sq} has already acted this turn`;
    return;
  }
  if (!ua) {
    app.error = "Tap one of your units in a green frame first";
    return;
  }
  // Not a legal choice: the engine says why ("a tank moves at most 2
  // squares orthogonally", "D6 is out of range").
  if (p) app.send({ type: "attack", unit: ua.unit, target: sq });
  else app.send({ type: "move", unit: ua.unit, to: sq });
}

function unitName(ua) {
  return `${ua.kind} on ${ua.unit}`;
}

function targetText(t, view) {
  const p = pieceAt(view, t.at);
  const what = p ? (p.kind === "unit" ? "face-down unit" : p.kind) : "unit";
  return `${TEAM[p ? p.owner : 1 - view.seat]} ${what} on ${t.at}` + (t.shield ? " (shielded)" : "");
}

function chanceText(t) {
  let text = t.chance;
  if (t.with_second) text += `, ${t.with_second}% with a second shot`;
  if (t.if_shielded) text += `; ${t.if_shielded} if a shielded soldier`;
  return text;
}

function targetButton(app, t, cmd, prefix) {
  return h("button", { class: "block", "data-target": t.at, onclick: () => app.send(cmd) },
    h("span", {}, prefix + targetText(t, app.view)),
    h("span", { class: "pct" }, chanceText(t)));
}

function playPanel(app) {
  const v = app.view;
  if (!myTurn(app)) return [];
  if (v.pending) {
    const p = v.pending;
    return [
      h("p", {}, `Your artillery on ${p.unit} missed ${p.target}. It may fire once more: ${p.chance}.`),
      h("div", { class: "row" },
        h("button", { class: "primary", id: "again", onclick: () => app.send({ type: "second_attack" }) }, `Fire again (${p.chance})`),
        h("button", { id: "decline", onclick: () => app.send({ type: "decline_second" }) }, "Decline")),
    ];
  }
  const out = [];
  const ua = app.sel ? actionsFor(app, app.sel) : null;
  if (ua) {
    out.push(h("p", { id: "selected" }, h("strong", {}, `Your ${unitName(ua)}`), ": ", hintFor(ua, app.stage)));
    const list = [];
    if (app.stage) {
      const combo = ua.move_attacks.find((m) => m.to === app.stage);
      const type = ua.kind === "tank" ? "tank" : "artillery";
      for (const t of combo.targets) {
        list.push(targetButton(app, t, { type, unit: ua.unit, to: app.stage, target: t.at }, `From ${app.stage}: `));
      }
      list.push(h("button", { class: "block", id: "move-only", onclick: () => app.send({ type: "move", unit: ua.unit, to: app.stage }) }, `Only move to ${app.stage}`));
    } else {
      // A tank attacks without its move only under the room's house rule:
      // the button says so.
      const prefix = ua.kind === "tank" ? "Attack without moving (house rule): " : "Attack ";
      for (const t of ua.attacks || []) {
        list.push(targetButton(app, t, { type: "attack", unit: ua.unit, target: t.at }, prefix));
      }
    }
    out.push(h("div", { class: "tx-targets" }, list));
    out.push(h("button", { id: "cancel", onclick: () => { app.sel = app.stage = null; app.render(); } }, "Choose another unit"));
  } else if ((v.legal || []).length) {
    out.push(h("p", { class: "muted" }, `Tap one of your units in a green frame: ${v.legal.length} can still act.`));
  }
  if (v.turn_limit) {
    out.push(h("p", { class: "muted small", id: "turn-limit" },
      `Turn ${v.turn_number} of ${v.turn_limit}. House rule: after turn ${v.turn_limit} the side with more units wins.`));
  }
  const waiting = (v.legal || []).length;
  out.push(h("button", {
    class: "block" + (waiting ? "" : " primary"), id: "end-turn", disabled: !v.can_end_turn || app.busy,
    "data-armed": String(app.endArmed),
    onclick: () => {
      if (waiting && !app.endArmed) {
        // A stray tap must not throw away a turn: ask once more.
        app.endArmed = true;
        app.render();
        clearTimeout(app.endTimer);
        app.endTimer = setTimeout(() => { app.endArmed = false; app.render(); }, 4000);
        return;
      }
      app.endArmed = false;
      app.sel = app.stage = null;
      app.send({ type: "end_turn" });
    },
  }, app.endArmed ? `Tap again to end the turn (${waiting} unit${waiting > 1 ? "s" : ""} could still act)` : "End turn"));
  return out;
}

function hintFor(ua, stage) {
  if (stage) return `tap a marked enemy to move to ${stage} and attack it, or tap ${stage} again just to move.`;
  const parts = [];
  if ((ua.moves || []).length) parts.push("a green dot to move");
  if ((ua.move_attacks || []).length) parts.push("a ringed square to move there and attack");
  if ((ua.attacks || []).length) parts.push(ua.kind === "tank" ? "a marked enemy to attack without moving (house rule)" : "a marked enemy to attack");
  return "tap " + parts.join(", or ") + ".";
}

// ---- board ----

// boardUI is what the page draws on top of the view.
function boardUI(app, view, live) {
  const ui = { flip: view.seat === 1, last: live ? app.last : app.replay?.mark };
  if (!live) return ui;
  if (view.setup) {
    ui.setup = { squares: view.setup.squares, placed: draftOf(app).placed };
    return ui;
  }
  if (!myTurn(app) || view.pending) {
    if (view.pending) ui.targets = [{ at: view.pending.target, needs: view.pending.needs, percent: Math.round((7 - view.pending.needs) / 6 * 100), chance: view.pending.chance, if_shielded: view.pending.if_shielded }];
    return ui;
  }
  ui.ready = (view.legal || []).map((a) => a.unit);
  const ua = app.sel ? actionsFor(app, app.sel) : null;
  if (ua) {
    ui.selected = ua.unit;
    if (app.stage) {
      ui.stage = app.stage;
      ui.targets = ua.move_attacks.find((m) => m.to === app.stage).targets;
    } else {
      ui.moves = (ua.moves || []).filter((m) => !(ua.move_attacks || []).some((c) => c.to === m));
      ui.staging = (ua.move_attacks || []).map((m) => m.to);
      ui.targets = ua.attacks || [];
    }
  }
  return ui;
}

// board draws the live board (or a replayed one) with its tap handler.
export function board(app, view, live) {
  const svg = draw(view, boardUI(app, view, live));
  if (live) {
    svg.addEventListener("click", (e) => {
      const sq = e.target?.dataset?.sq;
      if (!sq || app.busy || app.showing || app.queue.length) return;
      app.error = "";
      if (app.view.setup) tapSetup(app, sq);
      else tapPlay(app, sq);
      app.render();
    });
  }
  return svg;
}

export function panel(app) {
  const v = app.view;
  if (!v || v.seat < 0) return [];
  if (v.setup) return setupPanel(app);
  if (v.phase === "play") return playPanel(app);
  return [];
}

// sides shows both players: name, units left, whose turn.
export function sides(app, view) {
  const seats = app.lobby?.seats || [];
  return (view.players || []).map((p) => {
    const st = seats[p.seat];
    const who = st ? (st.bot ? "Bot" : st.name || "") : "";
    const turn = view.phase === "play" && view.turn === p.seat;
    let state = `${p.units} unit${p.units === 1 ? "" : "s"}`;
    if (view.phase === "setup") state = p.placed ? "placed" : "placing…";
    return h("div", { class: `tx-side team${p.seat}${turn ? " turn" : ""}`, "data-seat": p.seat },
      h("span", { class: "nm" }, (turn ? "▶ " : "") + TEAM[p.seat] + (who ? ` · ${who}` : "") + (p.seat === view.seat ? " (you)" : "")),
      h("span", { class: "muted" }, state));
  });
}

// clockText is the time left of a timed match: "12:04 left".
export function clockText(view, now) {
  if (!view.deadline || view.phase === "over") return "";
  const left = Math.max(0, Math.ceil((Date.parse(view.deadline) - now) / 1000));
  const m = Math.floor(left / 60);
  const sec = String(left % 60).padStart(2, "0");
  return left > 0 ? `⏱ ${m}:${sec} left` : "⏱ time is up";
}

// legend explains the marks without relying on colour.
export function legend() {
  const icon = (owner) => s("svg", { class: "tx-svg", viewBox: "0 0 100 100", "aria-hidden": "true" }, unitShape(owner, "soldier", 50, 50, {}));
  return [
    h("span", {}, icon(0), "Red (disc)"),
    h("span", {}, icon(1), "Blue (diamond)"),
    h("span", {}, "S soldier · T tank · A artillery · ? face down · small number: which one of its kind"),
    h("span", {}, "✓ has acted"),
    h("span", {}, "dashed outline: your unit is still face down to the opponent"),
    h("span", {}, "● move · ◯ move and attack · dashed ring: target with its hit chance (4+ 50%: the die must show 4 or more, a 50% chance)"),
  ];
}

