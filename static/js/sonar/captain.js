// The Captain's panel: the chart with the own route, mines and position;
// the secret start; headings that say why they are closed; silence with a
// preview; surfacing; mines, torpedo, drone, sonar and the Archer; the
// answer to the enemy's sonar; and the log of both crews.

import { h, replace, dirArrow, parseCell, sectorOf } from "../ui.js";
import { chartSVG, stepCell } from "../map.js";
import { logList } from "../log.js";
import { reason, courseReason, briefs } from "./reasons.js";
import { zoomable } from "../zoom.js";

// short keeps the part of a refusal's sentence before its explanation, for the small
// line under a button; tapping the closed button shows the whole sentence.
export function short(reason) {
  if (!reason) return "";
  if (reason.startsWith("wait for the OK")) return "waiting for OKs";
  if (reason.startsWith("wait: the")) return "sonar answer first";
  const i = reason.indexOf(":");
  return i > 3 && i < reason.length - 1 ? reason.slice(0, i) : reason;
}

// brief is a closed heading's reason in a few words, so the compass keeps
// one line per button on a small phone; the tap shows the whole rule.
function brief(reason) {
  const r = reason || "";
  if (/leaves the map/.test(r)) return "off the map";
  if (/island/.test(r)) return "island";
  if (/own mine|your mine/.test(r)) return "own mine";
  if (/route/.test(r)) return "own route";
  return short(r);
}

// surfaceWhat says what surfacing costs and how the crew dives again, as
// the rulebook plays it in the room's mode.
export function surfaceWhat(v) {
  const start = "SURFACE: the enemy learns your sector and your route is erased (mines stay).";
  if (v.public.mode === "turnbased") {
    return `${start} Every breakdown is erased at once. The enemy then takes 3 turns in a row, and you dive by yourself.`;
  }
  const order = v.rules?.surface_order;
  const first = order === "any" ? "" : order === "sheet" ? ", one at a time, the Engineer first" : ", the Engineer first";
  return `${start} The enemy keeps sailing while each role traces one section of the submarine${first}. ` +
    "The enemy Engineer inspects the lines; once they pass, every breakdown is erased and you may dive.";
}

function gauge(own, system) {
  return (own.gauges || []).find((g) => g.system === system);
}

// systemState says whether a system may be used now and, if not, why.
// (The view says why in brief; reasons.js words it.)
function systemState(v, system) {
  const g = gauge(v.own, system);
  if (!g) return { ok: false, why: "not on this map" };
  if (g.ready) return { ok: true, why: "READY" };
  const full = reason(briefs(v.own).gauge(system), v);
  if (g.marks < g.size) return { ok: false, why: `charging ${g.marks}/${g.size}`, full: full || `${system.toUpperCase()} is not ready: its gauge is ${g.marks}/${g.size}` };
  return { ok: false, why: short(full), full };
}

function factLabel(f) {
  return `${f.type.toUpperCase()} ${f.value}`;
}

function factKey(f) {
  return `${f.type}:${f.value}`;
}

export function captainPanel(el, app) {
  const st = { mode: null, selected: null, silenceDir: null, silenceDist: null, factA: null, zoom: null };
  const reset = () => Object.assign(st, { mode: null, selected: null, silenceDir: null, silenceDist: null, zoom: null });
  const redo = () => app.render();

  function statusCard(v) {
    const own = v.own;
    const pub = v.public;
    const enemy = pub.crews.find((c) => c.crew !== v.crew);
    const pills = [];
    if (pub.mode === "turnbased" && pub.turn) {
      const mine = pub.turn === v.crew;
      pills.push(h("span", { class: "pill " + (mine ? "ok" : "wait"), id: "turn", "data-mine": String(mine) },
        mine ? (pub.bonus ? `YOUR TURN (${pub.bonus} bonus left)` : "YOUR TURN") : `${pub.turn.toUpperCase()}'S TURN`));
    } else if (pub.mode === "realtime") {
      pills.push(h("span", { class: "pill" }, "Real time"));
    }
    if (own.position) {
      const c = parseCell(own.position);
      pills.push(h("span", { class: "pill", id: "position", "data-cell": own.position },
        `At ${own.position} · sector ${sectorOf(v.chart.size, c)}`));
    }
    if (own.placed && pub.playing) {
      const fm = own.duties.first_mate;
      const en = own.duties.engineer;
      pills.push(h("span", { class: "pill " + (fm ? "wait" : "ok"), "data-duty": "first_mate", "data-done": String(!fm) },
        fm ? "First Mate: charging…" : "First Mate ✓"));
      pills.push(h("span", { class: "pill " + (en ? "wait" : "ok"), "data-duty": "engineer", "data-done": String(!en) },
        en ? `Engineer: ${own.duties.panel || ""} panel…` : "Engineer ✓"));
    }
    if (enemy?.surfaced) pills.push(h("span", { class: "pill bad" }, `${enemy.crew.toUpperCase()} surfaced in sector ${enemy.sector}`));
    // The fight at a glance: the enemy's damage, as the table shows it.
    if (enemy && pub.started) {
      pills.push(h("span", { class: "pill" + (enemy.damage ? " ok" : ""), id: "enemy-damage", "data-damage": enemy.damage },
        `${enemy.crew.toUpperCase()} damage ${enemy.damage}/4`));
    }
    const notes = [];
    if (own.placed && !pub.playing && !pub.outcome) {
      notes.push(h("div", { class: "notice" }, `Waiting for the ${enemy.crew.toUpperCase()} Captain to choose a start.`));
    }
    if (own.blackout) notes.push(h("div", { class: "notice warn" }, "BLACKOUT: no heading is open. You must surface."));
    if (v.chart.name === "delta") {
      const holes = v.chart.ice_holes || [];
      notes.push(h("div", { class: "notice", id: "ice" }, holes.length
        ? `Under the ice: surface in a hole (dashed circles: ${holes.join(", ")}) or break the ice for 1 damage.`
        : "Delta without its ice rule: the table gave no ice holes, so surfacing costs nothing extra."));
    }
    if (pub.sonar_pending && pub.sonar_pending !== v.crew) {
      notes.push(h("div", { class: "notice" }, `Sonar: waiting for the ${pub.sonar_pending.toUpperCase()} Captain's answer.`));
    }
    // Surfaced: the duty banner says what happens (surfaceStep).
    const results = ownResults(v);
    if (results.length) {
      notes.push(h("div", { class: "notice small", id: "own-results" }, h("strong", {}, "Your systems: "),
        results.map((l, i) => [i ? " · " : "", h("span", { "data-kind": l.kind }, l.text)])));
    }
    const missed = whileSurfaced(v);
    if (missed.length) {
      notes.push(h("details", { class: "notice small", id: "while-surfaced" },
        h("summary", {}, `While you were surfaced, ${enemy.crew.toUpperCase()} announced ${missed.length}`),
        h("ul", {}, missed.map((l) => h("li", {}, l.text)))));
    }
    return h("div", { class: "card crew" }, h("div", { class: "pills" }, pills), notes);
  }

  // ownResults is what the crew's own systems found, latest last: its
  // torpedoes' and mines' impacts, its drones' answers, the enemy's
  // answers to its sonar. They stay here while the log moves on.
  function ownResults(v) {
    const out = [];
    for (let i = app.lines.length - 1; i >= 0 && out.length < 2; i--) {
      const l = app.lines[i];
      if (l.private) continue;
      if ((l.crew === v.crew && ["torpedo", "trigger", "drone"].includes(l.kind)) || (l.crew !== v.crew && l.kind === "sonar_answer")) out.unshift(l);
    }
    return out;
  }

  // whileSurfaced lists the enemy's announcements between this crew's
  // latest surfacing and its dive (turn-based: three turns in a row that
  // pass quickly), so they can be read afterwards, until the next heading.
  function whileSurfaced(v) {
    if (v.public.mode !== "turnbased") return [];
    let from = -1;
    for (let i = app.lines.length - 1; i >= 0; i--) {
      const l = app.lines[i];
      if (l.crew === v.crew && l.kind === "course") return [];
      if (l.crew === v.crew && l.kind === "surface") {
        from = i;
        break;
      }
    }
    if (from < 0) return [];
    return app.lines.slice(from + 1).filter((l) => !l.private && l.crew && l.crew !== v.crew && l.kind !== "turn");
  }

  function placeSection(v) {
    const sel = st.mode === "place" ? st.selected : null;
    return [
      h("div", { class: "notice warn" }, "Choose your secret start: tap a water cell. The enemy never sees it."),
      zoomable(chartSVG(v.chart, {
        label: "your chart: choose a start",
        archer: v.chart.archer,
        selected: sel,
        onAny: (cell) => { st.mode = "place"; st.selected = cell; redo(); },
      }), st, redo),
      app.group("place", {},
        h("div", { class: "confirm" },
          h("button", {
            class: "primary", id: "place", disabled: !sel || app.busy.place,
            onclick: () => { app.act("place", { type: "place", cell: sel }); },
          }, sel ? `DIVE AT ${sel}` : "Tap a cell first"))),
    ];
  }

  function targetsFor(own) {
    switch (st.mode) {
      case "torpedo": return own.torpedo_targets;
      case "mine": return own.mine_cells;
      case "trigger": return own.triggers;
      case "archer": return own.archer_targets || [];
    }
    return null;
  }

  function silencePath(v) {
    const own = v.own;
    if (st.mode !== "silence" || !st.silenceDir || st.silenceDist === null) return null;
    const path = [own.position];
    for (let i = 1; i <= st.silenceDist; i++) {
      const c = stepCell(v.chart.size, own.position, st.silenceDir, i);
      if (c) path.push(c);
    }
    return [...own.route, ...path.slice(1)];
  }

  function mapSection(v) {
    const own = v.own;
    const cells = targetsFor(own);
    const svg = chartSVG(v.chart, {
      label: "your chart",
      archer: v.public.archer_mines,
      route: own.route,
      mines: own.mines,
      position: own.position,
      preview: silencePath(v),
      targets: cells ? { cells, selected: st.selected, kind: st.mode, onPick: (c) => { st.selected = c; redo(); } } : null,
    });
    // A cell to tap: small cells zoom in under the finger.
    return cells ? zoomable(svg, st, redo) : svg;
  }

  const modeText = {
    torpedo: ["Tap a highlighted cell for the impact (up to 4 water cells away).", (c) => `FIRE TORPEDO AT ${c}`, (c) => ({ type: "torpedo", cell: c })],
    mine: ["Tap a highlighted cell next to your submarine.", (c) => `DROP MINE AT ${c}`, (c) => ({ type: "mine", cell: c })],
    trigger: ["Tap one of your mines.", (c) => `TRIGGER MINE AT ${c}`, (c) => ({ type: "trigger", cell: c })],
    archer: ["Tap an Archer mine to set it off.", (c) => `ARCHER MINE AT ${c}`, (c) => ({ type: "archer", cell: c })],
  };

  function modeSection(v) {
    const own = v.own;
    if (modeText[st.mode]) {
      const [help, label, cmd] = modeText[st.mode];
      return app.group("target", { class: "card alert" },
        h("p", {}, help),
        h("div", { class: "confirm" },
          h("button", {
            class: "primary", id: "confirm", disabled: !st.selected || app.busy.target,
            onclick: async () => {
              const c = st.selected;
              await app.act("target", cmd(c));
              if (!app.refusals.target) reset();
              redo();
            },
          }, st.selected ? label(st.selected) : "Tap a cell"),
          h("button", { onclick: () => { reset(); delete app.refusals.target; redo(); } }, "Cancel")));
    }
    if (st.mode === "silence") {
      const opts = own.silences || [];
      const chosen = opts.find((o) => o.dir === st.silenceDir);
      const dists = [];
      if (chosen && !briefs(own).silence(chosen.dir)) {
        for (let d = chosen.min; d <= chosen.max; d++) {
          dists.push(h("button", {
            class: st.silenceDist === d ? "selected" : "", "data-distance": d,
            onclick: () => { st.silenceDist = d; redo(); },
          }, String(d)));
        }
      }
      return app.group("silence", { class: "card alert" },
        h("p", {}, "Silence: a straight move of 0 to 4 cells that the enemy does not hear. Choose a heading, then how far."),
        h("div", { class: "compass" },
          ...opts.map((o) => [o, reason(briefs(own).silence(o.dir), v)]).map(([o, why]) => h("button", {
            class: `${o.dir[0].toLowerCase()}${st.silenceDir === o.dir ? " selected" : ""}${why ? " off" : ""}`,
            "data-silence-dir": o.dir,
            "aria-disabled": why ? "true" : null,
            title: why,
            onclick: () => {
              if (why) { app.explain("silence", `${o.dir}: ${why}`); return; }
              st.silenceDir = o.dir; st.silenceDist = null; redo();
            },
          }, `${dirArrow[o.dir]} ${o.dir}`, h("span", { class: "sub" }, why ? short(why) : `up to ${o.max}`)))),
        dists.length ? h("div", { class: "distances", "aria-label": "distance" }, dists) : null,
        h("div", { class: "confirm" },
          h("button", {
            class: "primary", id: "confirm", disabled: st.silenceDist === null || app.busy.silence,
            onclick: async () => {
              await app.act("silence", { type: "silence", dir: st.silenceDir, distance: st.silenceDist });
              if (!app.refusals.silence) reset();
              redo();
            },
          }, st.silenceDist === null ? "Choose heading and distance" : `SILENCE: ${st.silenceDist} ${st.silenceDir}`),
          h("button", { onclick: () => { reset(); delete app.refusals.silence; redo(); } }, "Cancel")));
    }
    if (st.mode === "drone") return droneChooser(v, app, () => { reset(); redo(); });
    if (st.mode === "surface") {
      return app.group("surface", { class: "card alert" },
        h("p", { id: "surface-what" }, surfaceWhat(v)),
        (v.chart.ice_holes || []).length && !v.chart.ice_holes.includes(own.position)
          ? h("p", { class: "notice warn" }, `${own.position} is not an ice hole: breaking through the ice costs 1 damage.`)
          : null,
        h("div", { class: "confirm" },
          h("button", {
            class: "danger", id: "confirm",
            onclick: async () => {
              await app.act("surface", { type: "surface" });
              if (!app.refusals.surface) reset();
              redo();
            },
          }, "SURFACE NOW"),
          h("button", { onclick: () => { reset(); redo(); } }, "Cancel")));
    }
    return null;
  }

  function compass(v) {
    const own = v.own;
    const courses = own.courses || [];
    // The view says why a heading is closed in brief; reasons.js words it.
    const why = courses.map((c) => courseReason(briefs(own).course(c.dir), v));
    const reasons = new Set(why);
    const common = courses.length && !courses.some((c) => c.legal) && reasons.size === 1 ? why[0] : "";
    // A closed heading stays tappable: the tap shows the whole rule.
    // A heading whose panel has no symbol left to cross out without damage
    // costs 1 damage: the Captain is told on the button, before the tap.
    const costs = (o) => o.legal && !(own.sheet || []).some((x) => x.panel === o.dir && !x.marked && !x.damage);
    const btn = (o, i) => h("button", {
      class: o.dir[0].toLowerCase() + (o.legal ? " primary" : " off") + (costs(o) ? " costly" : ""),
      "data-costs": costs(o) ? "1" : null,
      "data-course": o.dir,
      disabled: !!app.busy.course || st.mode !== null,
      "aria-disabled": o.legal ? null : "true",
      title: why[i] || `to ${o.to}`,
      "aria-label": o.legal ? `head ${o.dir} to ${o.to}` : `${o.dir}: ${why[i]}`,
      onclick: () => (o.legal ? app.act("course", { type: "course", dir: o.dir }) : app.explain("course", `${o.dir}: ${why[i]}`)),
    }, `${dirArrow[o.dir]} ${o.dir}`, h("span", { class: "sub" }, o.legal ? (costs(o) ? `⚠ costs 1 damage` : `to ${o.to}`) : common ? "" : brief(why[i])));
    return app.group("course", {},
      h("h3", {}, "Course"),
      common ? h("p", { class: "muted small", id: "course-why" }, common) : null,
      h("div", { class: "compass" },
        ...courses.map(btn),
        h("div", { class: "mid" }, own.position || "")));
  }

  function endTurnState(v) {
    const own = v.own;
    const t = own.turn;
    if (!t || v.public.outcome) return null;
    if (!t.current) return { ok: false, why: `${v.public.turn?.toUpperCase()}'s turn`, full: `it is ${v.public.turn?.toUpperCase()}'s turn: you end only your own` };
    if (!t.moved) return { ok: false, why: "move first", full: "announce a course (or surface) before ending the turn" };
    if (own.duties.first_mate || own.duties.engineer) return { ok: false, why: "wait for OKs", full: "wait for the OK of your First Mate and Engineer before ending the turn" };
    return { ok: true, why: "pass the turn" };
  }

  function systems(v) {
    const own = v.own;
    const pub = v.public;
    const buttons = [];
    // A closed system stays tappable: the tap shows why, in full.
    const sys = (key, label, state, onclick, extra = {}) => buttons.push(h("button", {
      "data-system": key,
      disabled: st.mode !== null || !!app.busy.systems,
      "aria-disabled": state.ok ? null : "true",
      title: state.full || state.why,
      class: state.ok ? "good" : "off",
      onclick: state.ok ? onclick : () => app.explain("systems", `${label}: ${state.full || state.why}`),
      ...extra,
    }, label, h("span", { class: "sub" }, state.why)));

    if (own.surfacing && pub.mode === "realtime") {
      const ok = own.surfacing.inspected;
      buttons.push(h("button", {
        class: ok ? "primary" : "", id: "dive", "data-system": "dive", disabled: !ok,
        onclick: () => app.act("systems", { type: "dive" }),
      }, "DIVE", h("span", { class: "sub" }, ok ? "inspection passed" : "secure 4 sections, then inspection")));
    }
    const torpedo = systemState(v, "torpedo");
    if (torpedo.ok && !own.torpedo_targets.length) Object.assign(torpedo, { ok: false, why: "no water in reach", full: "no water cell is within the torpedo's reach" });
    sys("torpedo", "Torpedo", torpedo, () => { st.mode = "torpedo"; st.selected = null; redo(); });
    const mine = systemState(v, "mine");
    if (mine.ok && !own.mine_cells.length) Object.assign(mine, { ok: false, why: "no free cell", full: "no cell next to your submarine is free for a mine: water, off your route, without a mine" });
    sys("mine", "Drop mine", mine, () => { st.mode = "mine"; st.selected = null; redo(); });
    const trig = own.triggers.length
      ? { ok: true, why: `${own.triggers.length} mine${own.triggers.length > 1 ? "s" : ""}` }
      : own.mines.length
        ? { ok: false, why: "not now", full: "none of your mines may go off now: not while surfaced, before your crew's OKs, during a sonar question, or when the table's rules say it is not your moment" }
        : { ok: false, why: "no mines", full: "you have no mine to trigger: drop one first" };
    sys("trigger", "Trigger mine", trig, () => { st.mode = "trigger"; st.selected = null; redo(); });
    sys("silence", "Silence", systemState(v, "silence"), () => { st.mode = "silence"; redo(); });
    sys("drone", "Drone", systemState(v, "drone"), () => { st.mode = "drone"; redo(); });
    sys("sonar", "Sonar", systemState(v, "sonar"), () => app.act("systems", { type: "sonar" }, crewmateFirst(app, "systems", "sonar")));
    if (gauge(own, "scenario")) {
      const a = systemState(v, "scenario");
      if (a.ok && !(own.archer_targets || []).length) Object.assign(a, { ok: false, why: "no Archer mine", full: "every Archer mine has gone off" });
      sys("archer", "Archer", a, () => { st.mode = "archer"; st.selected = null; redo(); });
    }
    const end = endTurnState(v);
    if (end) sys("end_turn", "End turn", end, () => app.act("systems", { type: "end_turn" }), { id: "end-turn" });
    // Surface sits apart, below, never green: a stray tap there on the
    // first turn would give the sector away (it still asks to confirm).
    const blocked = reason(briefs(own).surface, v);
    const surf = blocked ? { ok: false, why: short(blocked), full: blocked } : { ok: true, why: "reveals your sector" };
    sys("surface", "Surface…", surf, () => { st.mode = "surface"; redo(); }, { class: surf.ok ? "surface-btn" : "off surface-btn" });
    const surfaceBtn = buttons.pop();
    return app.group("systems", {}, h("h3", {}, "Systems"), h("div", { class: "systems" }, buttons),
      h("div", { class: "surface-row" }, surfaceBtn));
  }

  function sonarAnswer(v) {
    const pairs = v.own.sonar_answers || [];
    if (!pairs.length) return null;
    const pos = parseCell(v.own.position);
    const truth = new Set([
      `row:${pos.row + 1}`,
      `column:${String.fromCharCode(65 + pos.col)}`,
      `sector:${sectorOf(v.chart.size, pos)}`,
    ]);
    const facts = new Map();
    for (const p of pairs) for (const f of p) facts.set(factKey(f), f);
    const order = { row: 0, column: 1, sector: 2 };
    const sorted = [...facts.values()].sort((a, b) => order[a.type] - order[b.type] || String(a.value).localeCompare(String(b.value), undefined, { numeric: true }));
    const factBtn = (f, onclick) => h("button", {
      class: truth.has(factKey(f)) ? "true" : "",
      "data-fact": factKey(f),
      onclick,
    }, factLabel(f), h("span", { class: "sub" }, truth.has(factKey(f)) ? "true" : "false"));
    let body;
    if (!st.factA || !facts.has(st.factA)) {
      body = [h("p", {}, "Step 1: pick one fact to announce."),
        h("div", { class: "facts" }, sorted.map((f) => factBtn(f, () => { st.factA = factKey(f); redo(); })))];
    } else {
      const a = facts.get(st.factA);
      const partners = pairs.filter((p) => p.some((f) => factKey(f) === st.factA));
      body = [h("p", {}, `Step 2: ${factLabel(a)} and… (only answers with exactly one true fact are offered)`),
        h("div", { class: "facts", "data-step": "2" }, partners.map((p) => {
          const other = p.find((f) => factKey(f) !== st.factA);
          return factBtn(other, async () => {
            await app.act("sonar", { type: "sonar_answer", facts: p });
            st.factA = null;
            redo();
          });
        })),
        h("button", { onclick: () => { st.factA = null; redo(); } }, "Back")];
    }
    return app.group("sonar", { class: "card alert", id: "sonar-answer" },
      h("h3", {}, "Enemy sonar: answer"),
      h("p", { class: "small" }, "Give two facts of different kinds about your position: exactly one true, one false."),
      body);
  }

  return function render() {
    const v = app.view;
    if (!v?.own) return;
    const own = v.own;
    if (st.mode && (st.mode === "place") === own.placed) reset();
    const parts = [statusCard(v)];
    if (v.public.outcome) {
      // The match is over: the voyages above say it all; no orders left.
      reset();
    } else if (!own.placed) {
      parts.push(...placeSection(v));
    } else {
      // A mode whose targets vanished (the turn passed) closes by itself.
      const t = targetsFor(own);
      if (t && !t.length && st.mode !== "archer") reset();
      // Headings and systems first, within the first screen of a phone;
      // a chosen system puts its card and the chart (to pick a cell) first.
      if (st.mode) parts.push(sonarAnswer(v), modeSection(v), mapSection(v), compass(v), systems(v));
      else parts.push(sonarAnswer(v), compass(v), systems(v), mapSection(v));
    }
    parts.push(h("h3", {}, "Announcements"), logList(app.lines));
    replace(el, parts);
  };
}

// crewmateFirst is the onRefuse of a drone or a sonar (app.act): the
// Captain and the First Mate may both launch them, from two phones. A
// refusal of a system this page still shows ready means the crewmate was
// first (its announcement may not even be here yet): say who and what,
// not the bare rule.
export function crewmateFirst(app, group, system) {
  return (err) => {
    const v = app.view;
    const who = !app.has("captain") ? "Captain" : !app.has("first_mate") ? "First Mate" : "";
    if (!who || !v?.own) return false;
    const rule = err.rule || err.code;
    const ready = !!v.own.gauges.find((g) => g.system === system)?.ready;
    const line = [...(app.lines || [])].reverse().find((l) => l.crew === v.crew && SYSTEM_KINDS.includes(l.kind));
    const heard = line && line.kind === system && Date.now() - (line.at || 0) < 15000;
    const enemy = v.crew === "blue" ? "RED" : "BLUE";
    let words = "";
    if (system === "sonar" && (heard || (ready && rule === "sonar_pending" && err.message.includes(enemy)))) {
      words = `Your ${who} activated the sonar a moment before you: the ${enemy} Captain answers it now.`;
    } else if (system === "drone" && heard) {
      words = `Your ${who} launched the drone a moment before you: ${line.text}.`;
    } else if (ready && rule === "not_ready") {
      words = `Your ${who} used the ${system} a moment before you: its gauge is empty again.`;
    } else if (ready && rule === "course_between_systems") {
      words = `Your ${who} used a system a moment before you: the next one waits for a heading.`;
    }
    if (!words) return false;
    app.refusals[group] = words;
    return true;
  };
}

const SYSTEM_KINDS = ["drone", "sonar", "torpedo", "mine_dropped", "silence", "archer"];

// droneChooser asks which sector to probe; used by Captain and First Mate.
export function droneChooser(v, app, done) {
  const n = v.chart.sectors;
  const buttons = [];
  for (let i = 1; i <= n; i++) {
    buttons.push(h("button", {
      "data-sector": i,
      onclick: async () => {
        await app.act("drone", { type: "drone", sector: i }, crewmateFirst(app, "drone", "drone"));
        if (!app.refusals.drone) done();
      },
    }, `Sector ${i}`));
  }
  return app.group("drone", { class: "card alert" },
    h("p", {}, `Drone: ask the enemy Captain "are you in sector X?" The answer is always true.`),
    h("div", { class: "sectors" + (n === 4 ? " s4" : "") }, buttons),
    h("div", { class: "confirm" }, h("button", { onclick: done }, "Cancel")));
}
