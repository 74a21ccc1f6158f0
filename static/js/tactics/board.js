// Drawing the Pocket Tactics board as SVG. Pure: a view and the page's
// selection go in, an SVG element comes out; nothing here talks to the server.

const NS = 'http://www.w3.org/2000/svg';

// CELL is a square's size in SVG units; the SVG scales to the screen.
export const CELL = 100;

export const LETTER = { soldier: 'S', tank: 'T', artillery: 'A', unit: '?' };
export const TEAM = ['Red', 'Blue'];

// parse turns "C4" into zero-based file and rank.
export function parse(sq) {
  return { file: sq.charCodeAt(0) - 65, rank: Number(sq.slice(1)) - 1 };
}

export function name(file, rank) {
  return String.fromCharCode(65 + file) + String(rank + 1);
}

// place is where a square is drawn. Blue sees the board turned round, so
// every player has its own back row at the bottom, as at the table.
export function place(sq, size, flip) {
  const { file, rank } = parse(sq);
  const col = flip ? size - 1 - file : file;
  const row = flip ? rank : size - 1 - rank;
  return { x: col * CELL, y: row * CELL };
}

function el(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== undefined && v !== null && v !== false) e.setAttribute(k, String(v));
  }
  if (text !== undefined) e.textContent = text;
  return e;
}

// unitShape draws a unit centred at (cx, cy): Red as a disc, Blue as a
// diamond, so the sides differ by shape as well as colour. The letter names
// the kind; "?" is a face-down enemy.
export function unitShape(owner, kind, cx, cy, opts = {}) {
  const g = el('g', { class: `unit team${owner}` + (opts.spent ? ' spent' : '') + (opts.faceDown ? ' facedown' : '') + (opts.mine ? ' mine' : '') });
  const r = 36;
  if (owner === 0) {
    g.append(el('circle', { cx, cy, r, class: 'body' }));
  } else {
    const d = r + 6;
    g.append(el('path', { d: `M${cx} ${cy - d}L${cx + d} ${cy}L${cx} ${cy + d}L${cx - d} ${cy}Z`, class: 'body' }));
  }
  g.append(el('text', { x: cx, y: cy + 1, class: 'letter', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, LETTER[kind] || '?'));
  if (opts.id) {
    g.append(el('text', { x: cx + 30, y: cy + 36, class: 'uid', 'text-anchor': 'middle' }, opts.id.replace(/^AR|^[ST]/, '')));
  }
  if (opts.spent) {
    // A tick as well as the dimming: acted units must be told apart without colour.
    g.append(el('text', { x: cx - 30, y: cy - 24, class: 'spentmark', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, '✓'));
  }
  return g;
}

// chanceLabel is the short text drawn on a target: "4+ 50%".
export function chanceLabel(t) {
  return `${t.needs}+ ${t.percent}%`;
}

// draw builds the board for a view.
//
// ui holds what the page adds on top of the view:
//   flip        turn the board for Blue
//   selected    square of the selected unit
//   moves       squares the selected unit may move to
//   staging     squares it may move to and then attack from
//   stage       the staging square picked, if any
//   targets     [{at, needs, percent, ...}] targets to highlight
//   setup       {squares: [...], placed: {sq: kind}} while placing
//   ready       squares of own units that may still act
//   last        {from, to} or {attacker, target} of the last thing that happened
export function draw(view, ui) {
  const size = view.size;
  const side = size * CELL;
  const svg = el('svg', {
    viewBox: `0 0 ${side} ${side}`,
    class: 'tx-svg',
    role: 'group',
    'aria-label': `Board ${size} by ${size}`,
  });
  const at = (sq) => place(sq, size, ui.flip);
  const squares = el('g', { class: 'squares' });
  const marks = el('g', { class: 'marks' });
  const units = el('g', { class: 'units' });
  const labels = el('g', { class: 'labels' });
  const hits = el('g', { class: 'hits' });
  svg.append(squares, marks, units, labels, hits);

  const setupSquares = new Set(ui.setup ? ui.setup.squares : []);
  const moves = new Set(ui.moves || []);
  const staging = new Set(ui.staging || []);
  const ready = new Set(ui.ready || []);
  const targets = new Map((ui.targets || []).map((t) => [t.at, t]));
  const pieces = new Map(view.board.map((p) => [p.at, p]));
  if (ui.setup) {
    for (const [sq, kind] of Object.entries(ui.setup.placed)) {
      pieces.set(sq, { at: sq, owner: view.seat, kind, id: '' });
    }
  }

  for (let rank = 0; rank < size; rank++) {
    for (let file = 0; file < size; file++) {
      const sq = name(file, rank);
      const { x, y } = at(sq);
      const dark = (file + rank) % 2 === 0;
      squares.append(el('rect', { x, y, width: CELL, height: CELL, class: dark ? 'sq dark' : 'sq light' }));
      // Coordinates inside the edge squares, as on a printed board, so the
      // board can use the whole width of a phone.
      if (y === side - CELL) {
        // The letter keeps to the corner: a unit's number holds the
        // bottom right, its disc the middle.
        squares.append(el('text', { x: x + 4, y: y + CELL - 4, class: 'coord' }, String.fromCharCode(65 + file)));
      }
      if (x === 0) {
        squares.append(el('text', { x: x + 6, y: y + 27, class: 'coord' }, String(rank + 1)));
      }
      if (setupSquares.has(sq)) {
        marks.append(el('rect', { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, class: 'mark setup' }));
      }
      if (ui.last && (ui.last.from === sq || ui.last.to === sq || ui.last.attacker === sq || ui.last.target === sq)) {
        marks.append(el('rect', { x, y, width: CELL, height: CELL, class: 'mark last' }));
      }
      if (ready.has(sq)) {
        marks.append(el('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 10, class: 'mark ready' }));
      }
      if (ui.selected === sq) {
        marks.append(el('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 10, class: 'mark selected' }));
      }
      if (ui.stage === sq) {
        marks.append(el('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 10, class: 'mark stage' }));
      }
      if (moves.has(sq) && ui.stage !== sq) {
        marks.append(el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 14, class: 'mark move' }));
      }
      if (staging.has(sq) && ui.stage !== sq) {
        // A ring around the move dot: from here the unit can also attack.
        marks.append(el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 26, class: 'mark staging' }));
      }
      const p = pieces.get(sq);
      if (p) {
        units.append(unitShape(p.owner, p.kind, x + CELL / 2, y + CELL / 2 + 4, {
          id: p.id, spent: p.spent, faceDown: p.face_down, mine: p.owner === view.seat,
        }));
      }
      const t = targets.get(sq);
      if (t) {
        marks.append(el('circle', { cx: x + CELL / 2, cy: y + CELL / 2 + 4, r: 44, class: 'mark target' }));
        labels.append(el('rect', { x: x + 1, y: y + 1, width: CELL - 2, height: 32, rx: 6, class: 'chip' }));
        labels.append(el('text', { x: x + CELL / 2, y: y + 18, class: 'chance', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, chanceLabel(t)));
      }
      // The tap target lies over everything else (pieces ignore the
      // pointer), so a tap anywhere on a square means that square.
      const tags = [];
      if (setupSquares.has(sq)) tags.push('setup');
      if (ready.has(sq)) tags.push('ready');
      if (ui.selected === sq) tags.push('selected');
      if (ui.stage === sq) tags.push('stage');
      if (moves.has(sq)) tags.push('move');
      if (staging.has(sq)) tags.push('staging');
      if (t) tags.push('target');
      if (p) tags.push(p.owner === view.seat ? 'mine' : 'enemy');
      const hit = el('rect', {
        x, y, width: CELL, height: CELL, class: 'hit', 'data-sq': sq, 'data-mark': tags.join(' '),
        role: 'button', 'aria-label': describe(sq, p, t, moves.has(sq), view.seat),
      });
      hits.append(hit);
    }
  }
  return svg;
}

// describe is what a screen reader says for a square.
export function describe(sq, p, t, move, seat) {
  let s = sq;
  if (p) {
    const whose = p.owner === seat ? 'your' : TEAM[p.owner];
    s += `: ${whose} ${p.kind === 'unit' ? 'face-down unit' : p.kind}`;
    if (p.spent) s += ', has acted';
  }
  if (t) s += `, target ${t.chance}`;
  if (move) s += ', move here';
  return s;
}
