package chrome

// ContrastJS is a page function of a list of selectors, for the browser
// tests' contrast checks: it lists every visible text under them whose
// contrast with what lies under it is below 4.5:1 (WCAG AA), colours
// composited through the backgrounds and opacities of its ancestors, as
// the eye gets them.
const ContrastJS = `((sels) => {
  const parse = (c) => { const m = /rgba?\(([^)]+)\)/.exec(c || ""); if (!m) return null; const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const bad = [];
  const seen = new Set();
  for (const sel of sels) for (const el of document.querySelectorAll(sel)) {
    if (seen.has(el) || el instanceof SVGElement || el.closest(".pic")) continue;
    seen.add(el);
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(" ").trim();
    if (!own) continue;
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    if (!r.width || !r.height || st.visibility === "hidden") continue;
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let bg = [255, 255, 255, 1];
    let alpha = 1;
    for (const e of chain) {
      const cs = getComputedStyle(e);
      alpha *= Number(cs.opacity);
      const c = parse(cs.backgroundColor);
      if (c && c[3] > 0) bg = over([c[0], c[1], c[2], c[3] * alpha], bg);
    }
    const fg = parse(st.color);
    const text = over([fg[0], fg[1], fg[2], fg[3] * alpha], bg);
    const [a, b] = [lum(text), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) bad.push(own.slice(0, 40) + " " + ratio.toFixed(2) + ":1");
  }
  return bad;
})`
