// The history page: every finished match, newest first, filtered by game
// and player name, ten to a page; and the stats per game and per player,
// with bars where people would rather look than read. /history#stats
// opens the stats; ?game= and ?player= preset the filters.

import { h, replace } from "../ui.js";
import { api } from "../room.js";
import {
  loadCatalogue, gameOf, optionsText, when, minutes, resultTag, sidesOf, playerText, bars, pct, extrasList, roleName, sideClass,
} from "./common.js";

const PAGE = 10;
const $ = (sel) => document.querySelector(sel);
const q = new URLSearchParams(location.search);
const st = { game: q.get("game") || "", player: q.get("player") || "", offset: Math.max(0, Math.floor(Number(q.get("offset")) || 0)) };

function tab() {
  const stats = location.hash === "#stats";
  $("#stats").classList.toggle("hidden", !stats);
  $("#matches").classList.toggle("hidden", stats);
  $("#filters").classList.toggle("hidden", stats);
  $("#tab-stats").setAttribute("aria-selected", String(stats));
  $("#tab-matches").setAttribute("aria-selected", String(!stats));
  document.body.dataset.tab = stats ? "stats" : "matches";
  if (stats) loadStats();
}

function matchCard(m) {
  const g = gameOf(m.game);
  const sides = sidesOf(m.players);
  return h("article", { class: "card match", "data-match": m.code },
    h("h3", {}, g.title, h("span", { class: "when" }, [when(m.finished), minutes(m.minutes)].filter(Boolean).join(" · "))),
    h("p", { class: "small muted" }, optionsText(m.game, m.options)),
    h("div", { class: "sides" }, sides.map((sd) => h("div", { class: `side ${sideClass(sd.side, sd.team)}`, "data-team": sd.team },
      sd.team >= 0 ? [resultTag(sd.result), " ", h("b", {}, sd.side || ""), ": "] : null,
      sd.players.map(playerText).join(", ")))),
    m.outcome?.reason ? h("p", {}, m.outcome.reason) : null,
    h("a", { class: "button primary", href: `/match/${m.code}`, "data-open": m.code }, "Open the debrief"));
}

async function loadMatches() {
  const el = $("#matches");
  const params = new URLSearchParams({ limit: PAGE, offset: st.offset });
  if (st.game) params.set("game", st.game);
  if (st.player) params.set("player", st.player);
  let page;
  try {
    page = await api("GET", `/api/history?${params}`);
  } catch (err) {
    replace(el, h("p", { class: "refusal", role: "alert" }, `The history cannot be read: ${err.message}`));
    return;
  }
  const parts = [];
  const who = [st.game ? gameOf(st.game).title : "", st.player ? `with ${st.player}` : ""].filter(Boolean).join(" ");
  parts.push(h("h1", {}, "Past matches", who ? h("span", { class: "when" }, ` · ${who}`) : null));
  if (!page.matches.length) {
    parts.push(h("p", { class: "muted", id: "no-matches" }, st.offset ? "No more matches." : "No finished match yet: they appear here once a match ends."));
  }
  parts.push(page.matches.map(matchCard));
  const pages = Math.max(1, Math.ceil(page.total / PAGE));
  const at = Math.floor(st.offset / PAGE) + 1;
  if (page.total > PAGE) {
    parts.push(h("nav", { class: "pager", "aria-label": "pages" },
      h("button", { id: "newer", disabled: st.offset === 0, onclick: () => go(st.offset - PAGE) }, "◀ Newer"),
      h("span", {}, `Page ${at} of ${pages} · ${page.total} matches`),
      h("button", { id: "older", disabled: at >= pages, onclick: () => go(st.offset + PAGE) }, "Older ▶")));
  } else {
    parts.push(h("p", { class: "small muted" }, `${page.total} match${page.total === 1 ? "" : "es"}`));
  }
  replace(el, parts);
}

function go(offset) {
  st.offset = Math.max(0, offset);
  sync();
  loadMatches();
  window.scrollTo(0, 0);
}

// sync keeps the filters in the address, so a link or a reload shows the same list.
function sync() {
  const p = new URLSearchParams();
  if (st.game) p.set("game", st.game);
  if (st.player) p.set("player", st.player);
  if (st.offset) p.set("offset", st.offset);
  history.replaceState(null, "", `${location.pathname}${p.size ? "?" + p : ""}${location.hash}`);
}

function gameStats(g) {
  const title = gameOf(g.game).title;
  const sides = g.sides || [];
  return h("article", { class: "card", "data-game-stats": g.game },
    h("h2", {}, title),
    h("p", {}, `${g.matches} match${g.matches === 1 ? "" : "es"}`, g.draws ? ` · ${g.draws} drawn` : "", g.avg_minutes ? ` · ${minutes(g.avg_minutes)} on average` : ""),
    sides.length ? [h("h3", {}, "Wins by side"), bars(sides.map((sd, i) => ({
      label: sd.name, value: sd.win_rate, cls: sideClass(sd.name, i), text: `${sd.wins}/${sd.matches} · ${pct(sd.win_rate)}`,
    })), `${title}: wins by side`)] : null,
    (g.roles || []).length > 1 ? [h("h3", {}, "Win rate by role"), bars(g.roles.map((r) => ({
      label: roleName(r.name), value: r.win_rate, text: `${r.wins}/${r.matches} · ${pct(r.win_rate)}`,
    })), `${title}: win rate by role`)] : null,
    g.extras ? [h("h3", {}, "Over every match"), extrasList(g.extras)] : null);
}

function playerRow(p) {
  return [
    h("tr", { "data-player": p.name },
      h("td", {}, h("a", { href: `/history?player=${encodeURIComponent(p.name)}` }, p.name)),
      h("td", { class: "n" }, p.matches),
      h("td", { class: "n" }, p.wins),
      h("td", { class: "n" }, pct(p.win_rate))),
    h("tr", {}, h("td", { colspan: 4 }, h("details", { class: "more" },
      h("summary", {}, `More about ${p.name}`),
      h("p", { class: "small" }, `${minutes(p.avg_minutes) || "–"} per match on average` + (p.draws ? ` · ${p.draws} drawn` : "")),
      bars([...p.sides.map((sd) => ({ label: sd.name, value: sd.win_rate, text: `${sd.wins}/${sd.matches} won`, cls: sideClass(sd.name, -1) })),
        ...p.roles.map((r) => ({ label: roleName(r.name), value: r.win_rate, text: `${r.wins}/${r.matches} won` }))], `${p.name}: wins by side and role`),
      extrasList(p.extras)))),
  ];
}

let statsLoaded = false;

async function loadStats() {
  if (statsLoaded) return;
  const el = $("#stats");
  replace(el, h("p", {}, "Counting…"));
  let stats;
  try {
    stats = await api("GET", "/api/stats");
  } catch (err) {
    replace(el, h("p", { class: "refusal", role: "alert" }, `The stats cannot be read: ${err.message}`));
    return;
  }
  statsLoaded = true;
  const parts = [h("h1", {}, "Stats"), h("p", { class: "muted" }, `${stats.matches} finished match${stats.matches === 1 ? "" : "es"}, ${stats.open} room${stats.open === 1 ? "" : "s"} open now.`)];
  parts.push(stats.games.map(gameStats));
  if (stats.players?.length) {
    parts.push(h("article", { class: "card" }, h("h2", {}, "Players"),
      h("table", { class: "players", id: "players" },
        h("thead", {}, h("tr", {}, h("th", {}, "Name"), h("th", { class: "n" }, "Played"), h("th", { class: "n" }, "Won"), h("th", { class: "n" }, "Win rate"))),
        h("tbody", {}, stats.players.map(playerRow)))));
    replace($("#known-players"), stats.players.map((p) => h("option", { value: p.name })));
  }
  replace(el, parts);
}

async function main() {
  try {
    await loadCatalogue();
  } catch (err) {
    replace($("#matches"), h("p", { class: "refusal", role: "alert" }, `The server cannot be reached: ${err.message}`));
    return;
  }
  const sel = $("#f-game");
  for (const g of await loadCatalogue()) sel.append(h("option", { value: g.name }, g.title));
  sel.value = st.game;
  $("#f-player").value = st.player;
  $("#filters").addEventListener("submit", (e) => {
    e.preventDefault();
    st.game = sel.value;
    st.player = $("#f-player").value.trim();
    st.offset = 0;
    sync();
    loadMatches();
  });
  window.addEventListener("hashchange", tab);
  tab();
  loadMatches();
}

main();
