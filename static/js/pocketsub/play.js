// The match itself: what a tap on the ocean means, and the panel of
// choices under it. Every legal choice comes from the view (its legal
// setup places and its list of moves); a tap that is no legal choice goes
// to the server anyway when it names a step or a Mine, so the refusal is
// the rules engine's own words.

import { h } from "../ui.js";
import { draw, icon } from "./board.js";
import { zoomFirst } from "../zoom.js";

export function myTurn(app) {
  const v = app.view;
  return !!v && v.seat >= 0 && v.turn === v.seat && v.phase !== "over" && v.phase !== "waiting";
}

function subOf(view, id) {
  return view.subs.find((u) => u.id === id) || null;
}

function movesOf(view, id) {
  return (view.moves || []).filter((m) => m.sub === id);
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const startsWith = (path, prefix) => prefix.every((x, i) => path[i] === x);

// candidates are the selected Sub's moves that go on from the path so far.
function candidates(app) {
  return movesOf(app.view, app.sel).filter((m) => startsWith(m.path, app.path));
}

// fate is how a move ends for the Sub: win, lost or safe.
function fate(m) {
  if (m.ends === "win") return "win";
  return m.lost ? "lost" : "safe";
}

// nextSteps marks each region the next step may enter: safe when some way
// on from it keeps the Sub afloat without a token, token when that needs a
// token, lost when every way on loses the Sub.
function nextSteps(app) {
  const out = {};
  const rank = { lost: 0, token: 1, safe: 2 };
  for (const m of candidates(app)) {
    if (m.path.length <= app.path.length) continue;
    const r = m.path[app.path.length];
    let kind = fate(m) === "lost" ? "lost" : (m.tokens || []).length ? "token" : "safe";
    if (out[r] && rank[out[r]] >= rank[kind]) kind = out[r];
    out[r] = kind;
  }
  return out;
}

function endsOf(app) {
  const out = {};
  for (const m of candidates(app)) {
    const end = m.path[m.path.length - 1];
    const f = fate(m);
    if (!out[end] || f === "win" || (f === "safe" && out[end] === "lost")) out[end] = f;
  }
  return out;
}

// keep drops choices the new view no longer allows.
export function keep(app) {
  const v = app.view;
  if (!myTurn(app) || v.phase !== "playing") {
    app.sel = null;
    app.path = [];
    app.move = null;
    app.mine = "";
  }
  if (app.sel && !movesOf(v, app.sel).length) app.sel = null;
  if (!app.sel) {
    app.path = [];
    app.move = null;
    app.mine = "";
  }
  if (app.move && !(v.moves || []).some((m) => m.sub === app.move.sub && same(m.path, app.move.path))) {
    app.move = null;
    app.mine = "";
  }
  if (myTurn(app) && v.phase === "playing" && !app.sel) {
    // With a single Sub left there is nothing to choose.
    const ids = [...new Set((v.moves || []).map((m) => m.sub))];
    if (ids.length === 1) app.sel = ids[0];
  }
  if (v.phase !== "whirlpools") app.whirl = "";
}

function select(app, id) {
  app.sel = id;
  app.path = [];
  app.move = null;
  app.mine = "";
}

// pick takes a complete move; a single Mine spot is chosen for the player.
function pick(app, m) {
  app.path = [...m.path];
  app.move = m;
  app.mine = m.mines.length === 1 ? m.mines[0] : "";
}

function commandOf(app) {
  const m = app.move;
  const cmd = { type: "move", sub: m.sub, path: m.path };
  if (app.mine) cmd.mine = app.mine;
  if ((m.tokens || []).length) cmd.tokens = m.tokens;
  return cmd;
}

// ---- taps ----

function tapPlay(app, region) {
  const v = app.view;
  const own = v.subs.filter((u) => u.at === region && u.owner === v.seat && movesOf(v, u.id).length);
  if (!app.sel) {
    if (own.length) select(app, own[0].id);
    else app.error = "Tap one of your Subs (in a yellow frame) first.";
    return;
  }
  if (app.move) {
    if (app.move.mines.includes(region)) {
      app.mine = region;
      return;
    }
    // Not a place for the Mine: the engine says why.
    app.send({ ...commandOf(app), mine: region });
    return;
  }
  const steps = nextSteps(app);
  if (steps[region]) {
    app.path.push(region);
    const c = candidates(app);
    const exact = c.find((m) => same(m.path, app.path));
    if (exact && c.length === 1) pick(app, exact);
    return;
  }
  const start = subOf(v, app.sel)?.at;
  if (region === start && !app.path.length) {
    select(app, null);
    return;
  }
  if (!app.path.length && own.length) {
    select(app, own[0].id);
    return;
  }
  // Not a legal step: the engine names the rule ("C3 is rocky: 2 points,
  // you have 1 left", "C1 is not next to A4").
  app.send({ type: "move", sub: app.sel, path: [...app.path, region] });
}

function tapSetup(app, region) {
  const v = app.view;
  const legal = (v.legal || []).filter((c) => c.at === region);
  if (v.phase === "whirlpools") {
    if (legal.length === 1) app.send(legal[0]);
    else if (legal.length > 1) app.whirl = region;
    else app.send({ type: "place_whirlpool", at: region, spin: (v.whirlpools[0]?.spin === "cw" ? "ccw" : "cw") });
    return;
  }
  if (legal.length) {
    app.send(legal[0]);
    return;
  }
  const type = (v.legal || [])[0]?.type || "place_sub";
  app.send({ type, at: region });
}

// board draws the live ocean (or a replayed one) with its tap handler.
export function board(app, view, live) {
  const marks = { last: live ? app.last : app.replay?.mark };
  if (live && myTurn(app)) {
    if (view.phase === "setup" || view.phase === "whirlpools") {
      marks.places = [...new Set((view.legal || []).map((c) => c.at))];
      if (app.whirl) marks.places = [app.whirl];
    } else if (view.phase === "playing") {
      marks.subs = [...new Set((view.moves || []).map((m) => m.sub))];
      if (app.sel) {
        const u = subOf(view, app.sel);
        marks.selected = app.sel;
        marks.path = [u.at, ...app.path];
        if (app.move) {
          marks.mines = app.move.mines;
          marks.mine = app.mine;
        } else {
          marks.steps = nextSteps(app);
          marks.ends = endsOf(app);
        }
      }
    }
  }
  const svg = draw(view, marks);
  // On a small phone some regions are under a thumb (44 px): while this
  // phone plays, a tap also zooms the ocean in around it.
  if (!live || !myTurn(app) || view.phase !== "playing") app.zoom = null;
  if (live) {
    svg.addEventListener("click", (e) => {
      const region = e.target?.dataset?.region;
      if (!region || app.busy || app.showing || app.queue.length) return;
      app.error = "";
      if (!myTurn(app)) {
        const v = app.view;
        app.error = v.phase === "over" ? "The match is over." : v.turn >= 0 ? `It is ${v.players[v.turn].colour}'s turn.` : v.prompt;
      } else if (app.view.phase === "playing") {
        tapPlay(app, region);
      } else {
        tapSetup(app, region);
      }
      app.render();
    });
    if (myTurn(app) && view.phase === "playing") {
      return zoomFirst(svg, app, () => app.render(), { hits: "polygon.hit", whole: "⤢ Whole ocean" });
    }
  }
  return svg;
}

// ---- the panel under the ocean ----

function pathText(view, m) {
  const u = subOf(view, m.sub);
  return [u ? u.at : "", ...m.path].join(" → ");
}

// fateText says what a move does, in words.
function fateText(m) {
  const parts = [];
  if (m.ends === "win") parts.push("wins the match");
  if ((m.kills || []).length) parts.push(`sinks the enemy on ${m.kills.join(", ")}`);
  if (m.lost) parts.push(m.why || "your Sub is destroyed");
  if ((m.tokens || []).length) parts.push("uses your " + m.tokens.map(tokenName).join(" and ") + " token" + (m.tokens.length > 1 ? "s" : ""));
  if (!m.lost && m.ends !== "win") parts.push(m.mines.length ? `Mine on ${m.mines.join(" or ")}` : "no Mine");
  return parts.join(" · ");
}

export function tokenName(t) {
  return { intel: "Intelligence Report", map: "Map", current: "Strong Current" }[t] || t;
}

function moveButton(app, m) {
  const f = fate(m);
  return h("button", {
    class: `block ps-move ${f}`, "data-path": m.path.join(" "), "data-fate": f,
    onclick: () => { pick(app, m); app.error = ""; app.render(); },
  },
  h("span", { class: "pth" }, (f === "lost" ? "✕ " : f === "win" ? "★ " : "⚑ ") + pathText(app.view, m)),
  h("span", { class: "sub" }, fateText(m)));
}

function playPanel(app) {
  const v = app.view;
  if (!myTurn(app)) return [];
  const ids = [...new Set((v.moves || []).map((m) => m.sub))];
  if (!app.sel) {
    return [
      h("p", {}, "Tap one of your Subs (framed in yellow) to see where it can go."),
      h("div", { class: "ps-choices" }, ids.map((id) => {
        const u = subOf(v, id);
        const ms = movesOf(v, id);
        const safe = ms.filter((m) => !m.lost).length;
        return h("button", { class: "block", "data-choose": id, onclick: () => { select(app, id); app.render(); } },
          h("span", {}, `${u.label} on ${u.at}` + (u.hero ? " ★ Hero Sub" : "")),
          h("span", { class: "sub" }, safe ? `${safe} safe way${safe > 1 ? "s" : ""} to go` : "every way loses it"));
      })),
    ];
  }
  const u = subOf(v, app.sel);
  const back = h("button", { id: "other-sub", onclick: () => { select(app, null); app.render(); } }, ids.length > 1 ? "Another Sub" : "Start over");
  if (app.move) {
    const m = app.move;
    const f = fate(m);
    const out = [
      h("p", { id: "chosen" }, h("strong", {}, `${u.label}: ${pathText(v, m)}`), h("br", {}), f === "lost" ? "" : fateText(m)),
    ];
    if (m.mines.length) {
      out.push(h("p", { class: "muted small" }, m.mines.length > 1 ? "Tap a ringed region on the ocean, or a button, for your Mine:" : "Your Mine goes here:"));
      const left = v.players[v.seat]?.mines;
      if (left >= 0) out.push(h("p", { class: "small", id: "mines-left" }, h("span", { class: "house" }, "house"), ` Destroyed Mines are gone for good: ${left} left.`));
      out.push(h("div", { class: "ps-mines" }, m.mines.map((r) => h("button", {
        "data-mine": r, "aria-pressed": String(app.mine === r), class: app.mine === r ? "selected" : "",
        onclick: () => { app.mine = r; app.error = ""; app.render(); },
      }, `Mine on ${r}`))));
    } else if (m.ends !== "win") {
      out.push(h("p", { class: "notice warn" }, "No Mine can be laid after this move."));
    }
    const ready = !m.mines.length || app.mine;
    out.push(h("div", { class: "row" },
      h("button", {
        class: f === "lost" ? "danger grow" : "primary grow", id: "confirm", disabled: !ready || app.busy,
        onclick: () => app.send(commandOf(app)),
      }, f === "lost" ? `Move anyway: ${u.label} is destroyed` : f === "win" ? "Move and win" : "Move"),
      h("button", { id: "undo", onclick: () => { app.move = null; app.mine = ""; app.path.pop(); app.render(); } }, "Back"),
      back));
    if (f === "lost") out.splice(1, 0, h("p", { class: "notice warn", id: "doom" }, "✕ " + m.why));
    return out;
  }
  const c = candidates(app);
  const used = c.length ? Math.max(0, ...c.map((m) => m.cost)) : 0;
  const out = [
    h("p", { id: "selected" }, h("strong", {}, u.label + (u.hero ? " ★ Hero Sub" : "")), ": ",
      app.path.length ? [u.at, ...app.path].join(" → ") + ". " : `on ${u.at}. `,
      "Tap a ringed region for the next step (⚑ where a move can end, ✕ where it loses the Sub), or pick a whole move:"),
  ];
  out.push(h("div", { class: "ps-choices", id: "moves" }, c.slice().sort(order).map((m) => moveButton(app, m))));
  out.push(h("div", { class: "row" },
    app.path.length ? h("button", { id: "undo", onclick: () => { app.path.pop(); app.render(); } }, "Undo step") : null,
    back));
  if (used === 4) out.push(h("p", { class: "muted small" }, "Moves of 4 points use your Strong Current token."));
  return out;
}

// order lists safe moves first, then the ones that lose the Sub.
function order(a, b) {
  const rank = { win: 0, safe: 1, lost: 2 };
  return rank[fate(a)] - rank[fate(b)] || (a.tokens || []).length - (b.tokens || []).length || a.path.join().localeCompare(b.path.join());
}

function setupPanel(app) {
  const v = app.view;
  if (!myTurn(app)) return [];
  const legal = v.legal || [];
  if (v.phase === "whirlpools") {
    const at = app.whirl;
    if (at) {
      return [
        h("p", {}, `Which way does the Whirlpool on ${at} turn its tile at the end of each round?`),
        h("div", { class: "row" }, legal.filter((c) => c.at === at).map((c) => h("button", {
          class: "primary grow", "data-spin": c.spin, onclick: () => app.send(c),
        }, c.spin === "cw" ? "↻ Clockwise" : "↺ Counter-clockwise")),
        h("button", { onclick: () => { app.whirl = ""; app.render(); } }, "Another tile")),
      ];
    }
    return [
      h("p", {}, "Tap a ringed tile centre for a Whirlpool (not on a Command Centre)."),
      h("div", { class: "ps-places" }, [...new Set(legal.map((c) => c.at))].map((r) => h("button", {
        "data-place": r, onclick: () => { tapSetup(app, r); app.render(); },
      }, r))),
    ];
  }
  const what = legal[0]?.type === "place_cc" ? "your Command Centre" : "a Sub";
  return [
    h("p", {}, `Tap a ringed region (or a button) for ${what}.`),
    h("div", { class: "ps-places" }, legal.map((c) => h("button", { "data-place": c.at, onclick: () => app.send(c) }, c.at))),
  ];
}

export function panel(app) {
  const v = app.view;
  if (!v || v.seat < 0) return [];
  if (v.phase === "playing") return playPanel(app);
  if (v.phase === "setup" || v.phase === "whirlpools") return setupPanel(app);
  return [];
}

// players shows every seat: shape and colour, team, Subs and Mines left,
// tokens, whose turn.
export function players(app, view) {
  const seats = app.lobby?.seats || [];
  const cards = (view.players || []).map((p) => {
    const st = seats[p.seat];
    const who = st ? (st.bot ? "Bot" : st.name || "") : "";
    const turn = view.turn === p.seat;
    const bits = [];
    const each = view.options.players === 4 ? 2 : 3;
    if (view.phase === "setup") bits.push(`${p.placed} of ${each} Subs placed`);
    else bits.push(p.out ? "out" : `${p.subs} Sub${p.subs === 1 ? "" : "s"}`);
    bits.push(p.mines < 0 ? "∞ Mines" : `${p.mines} Mine${p.mines === 1 ? "" : "s"} left`);
    if (view.options.captain) bits.push(p.tokens.length ? p.tokens.map((t) => ({ intel: "IR", map: "Map", current: "SC" })[t]).join(" ") : "no tokens");
    return h("div", { class: `ps-player${turn ? " turn" : ""}${p.out ? " out" : ""}`, "data-seat": p.seat, "data-team": p.team },
      icon(p),
      h("span", { class: "nm" }, (turn ? "▶ " : "") + p.colour + (p.seat === view.seat ? " (you)" : who ? ` · ${who}` : "")),
      h("span", { class: "muted small" }, bits.join(" · ")));
  });
  if ((view.players || []).length !== 4) return h("div", { class: "ps-players" }, cards);
  // Four players: a column per team under its name, two lines a card, so
  // the fleets leave a 360x640 screen to the ocean.
  return h("div", { class: "ps-players teams" }, [0, 1].map((team) => h("div", { class: "ps-team", "data-team": team },
    h("span", { class: "team" }, team === 0 ? "team Red+Blue" : "team White+Black"),
    cards.filter((c) => c.dataset.team === String(team)))));
}
