// The Monopoly table, drawn from the widget's traits (the source of truth).
//
// This file only renders traits and sends small requests to Python:
//   {type: "step", by: 1 | -1}, {type: "seek", step}, {type: "reset"},
//   {type: "play"}, {type: "pause"}, {type: "speed", value}, {type: "tick"},
//   {type: "perspective", seat}, {type: "new_game", seed}, {type: "save"},
//   {type: "action", id, seat, step}.
// Python checks every request and answers by changing traits (or showing an
// error). The play timer lives here, so the kernel is never blocked waiting.
//
// Layout: "wide" puts the charts beside the full table; "compact" shows the
// seat that decides (or is watched) in full, the others one line each, and
// the charts in tabs, so a 1280x720 projector shows hand, choices, narration
// and a chart at once; "auto" picks by the width the widget really has.
// The charts' code (createCharts) comes from charts.js, joined before this file.

const SPEEDS = [0.5, 1, 2, 5, 10];
// "auto" is wide from this width (px) of the widget itself; below it, compact.
const WIDE_FROM = 1500;
// Below this width the charts go under the table instead of beside it.
const ONE_COLUMN_BELOW = 760;
// More choices than this (fewer in the compact layout) are shown one step at a
// time: click a highlighted card (or a group), then its target, then the move.
const CHOICE_LIMIT = 10;
const COMPACT_CHOICE_LIMIT = 6;

// One play timer per model, however many views show it, so that two views
// of the same explorer do not play twice as fast.
const timers = new WeakMap();

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function button(label, ariaLabel, onClick, className = "mw-btn") {
  const node = el("button", className, label);
  node.type = "button";
  node.setAttribute("aria-label", ariaLabel);
  node.title = ariaLabel;
  node.addEventListener("click", onClick);
  return node;
}

// The transport buttons' icons, drawn (not font glyphs: "⏸" is an empty box in
// fonts without it, as in JupyterLite's). 16x16, in the button's text colour.
const ICONS = {
  reset: "M2.5 2.5h2v11h-2zM13.5 2.5v11L5.5 8z",
  back: "M12.5 2.5v11L3.5 8z",
  play: "M4 2.5v11L13 8z",
  pause: "M3.5 2.5h3.2v11H3.5zM9.3 2.5h3.2v11H9.3z",
  step: "M2.5 2.5v11L10.5 8zM11.5 2.5h2v11h-2z",
};
function setIcon(node, name) {
  if (node.dataset.icon === name) return;
  node.dataset.icon = name;
  node.innerHTML =
    `<svg class="mw-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">` +
    `<path d="${ICONS[name]}" fill="currentColor"/></svg>`;
}

function bandBackground(bands) {
  if (!bands || bands.length === 0) return "#9e9e9e";
  if (bands.length === 1) return bands[0];
  const step = 100 / bands.length;
  const stops = bands.map((c, i) => `${c} ${i * step}% ${(i + 1) * step}%`);
  return `linear-gradient(90deg, ${stops.join(", ")})`;
}

// Card names wrap only between words and stay readable on a projector: a name
// that does not fit its card at the normal size is tried smaller (down to
// NAME_MIN_PX), then with "Avenue" written "Ave." (on the card only; its title
// and aria label keep the full name), and a single word still too wide at the
// smallest size ("Mediterranean" on a compact card) makes its card wider.
// Chips (one-line cards) show the whole name at their own size.
// Sizes are measured with a canvas in the theme's own font, so no layout is read.
const NAME_FONT_PX = 11.5;
const NAME_MIN_PX = 9.5;
const NAME_LINE = 1.15; // the name's line height, as in table.css
// Card geometry, as in table.css: [card height, colour band] per layout, the
// badge in the bottom corner, and the name's padding.
const CARD_BOX = { wide: [106, 24], compact: [84, 18] };
const CORNER_ROOM = 21;
const NAME_PAD = 4;
const measureCanvas = document.createElement("canvas");
const nameFits = new Map();
let nameFamily = null;

function nameWords(text) {
  // Break after a slash too ("Red/Yellow wild"), as the card does.
  return text.split(" ").flatMap((w) => w.split(/(?<=\/)/)).filter((w) => w);
}

// Lines a greedy word wrap needs at the context's font, in `room` px.
function lineCount(ctx, words, room) {
  const space = ctx.measureText(" ").width;
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const w = ctx.measureText(word).width;
    const gap = used === 0 || word.startsWith("/") ? 0 : space;
    if (used > 0 && used + gap + w > room) {
      lines += 1;
      used = w;
    } else used += gap + w;
  }
  return lines;
}

// {text, size, width}: the name as drawn, its font size, and the card's width
// when it has to be wider than `widthPx` of room (else null).
function fitName(name, widthPx, heightPx) {
  const key = `${name}|${widthPx}|${heightPx}`;
  if (nameFits.has(key)) return nameFits.get(key);
  const ctx = measureCanvas.getContext("2d");
  let fit = { text: name, size: NAME_FONT_PX, width: null };
  if (ctx) {
    // Measure in the font the card uses: the Jupyter theme's UI font (as in table.css).
    if (nameFamily === null) {
      const themed = getComputedStyle(document.body).getPropertyValue("--jp-ui-font-family").trim();
      nameFamily = themed || 'system-ui, -apple-system, "Segoe UI", sans-serif';
    }
    const short = name.replace(/\bAvenue\b/g, "Ave.");
    const texts = short === name ? [name] : [name, short];
    // 4% to spare: the canvas and the page may round glyph widths differently.
    const room = widthPx * 0.96;
    const fits = (text, size, roomPx) => {
      ctx.font = `700 ${size}px ${nameFamily}`;
      const words = nameWords(text);
      const widest = Math.max(...words.map((w) => ctx.measureText(w).width));
      return widest <= roomPx && lineCount(ctx, words, roomPx) * size * NAME_LINE <= heightPx;
    };
    let found = null;
    search: for (const text of texts) {
      for (let size = NAME_FONT_PX; size >= NAME_MIN_PX; size -= 0.5) {
        if (fits(text, size, room)) {
          found = { text, size, width: null };
          break search;
        }
      }
    }
    if (!found) {
      // Too long even at the smallest size: the card grows to its widest word
      // (and, if need be, to fewer lines), with the name in full.
      const text = name;
      ctx.font = `700 ${NAME_MIN_PX}px ${nameFamily}`;
      let wider = Math.max(...nameWords(text).map((w) => ctx.measureText(w).width)) / 0.96;
      while (!fits(text, NAME_MIN_PX, wider * 0.96) && wider < widthPx * 3) wider += 4;
      found = { text, size: NAME_MIN_PX, width: Math.ceil(wider) };
    }
    fit = found;
  }
  nameFits.set(key, fit);
  return fit;
}

// DOM nodes remembered by the data they show. A redraw asks for each node by
// a key made of everything the node shows; the node drawn for that key last
// time comes back as it is (still attached, its style and layout already
// worked out), and only nodes for new keys are built. A step thus restyles
// and lays out the few cards, lines and numbers it changed, not whole seats.
// get(key, make): last draw's node for `key`, else make()'s; sweep(): forget
// the nodes the draw just done did not ask for.
function nodeCache() {
  let previous = new Map();
  let current = new Map();
  return {
    get(key, make) {
      const spare = previous.get(key);
      const node = (spare && spare.pop()) || make();
      if (!current.has(key)) current.set(key, []);
      current.get(key).push(node);
      return node;
    },
    sweep() {
      previous = current;
      current = new Map();
    },
    clear() {
      previous = new Map();
      current = new Map();
    },
  };
}

// Makes `parent`'s element children exactly `nodes`, in order, touching only
// what differs: children no longer wanted are removed first, so a list that
// lost its first line and gained a last one moves nothing (a node moved is
// restyled as if new).
function setChildren(parent, nodes) {
  const wanted = new Set(nodes);
  for (const child of [...parent.children]) if (!wanted.has(child)) child.remove();
  nodes.forEach((node, i) => {
    if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] || null);
  });
}

// A card, from the cache: `ctx` is the table's {byCard, onCardClick, selectedCard, nameWidth, compact, nodes}.
function cardNode(face, ctx, chip) {
  const actions = ctx.byCard.get(String(face.id));
  const selected = Boolean(actions) && String(ctx.selectedCard) === String(face.id);
  const key = JSON.stringify([
    "card", face, actions ? actions.map((a) => [a.id, a.text]) : null, selected, ctx.nameWidth, ctx.compact, chip,
  ]);
  return ctx.nodes.get(key, () =>
    drawCard(face, ctx.byCard, ctx.onCardClick, ctx.selectedCard, ctx.nameWidth, ctx.compact, chip),
  );
}

function drawCard(face, actionsByCard, onCardClick, selectedCard, nameWidth = 72, compact = false, chip = false) {
  const card = el("div", `mw-card mw-kind-${face.kind || "card"}`);
  card.dataset.card = String(face.id);
  const title = `${face.name}${face.corner ? ` (${face.corner})` : ""}`;
  card.title = title;
  const band = el("div", "mw-band");
  band.style.background = bandBackground(face.bands);
  card.appendChild(band);
  if (face.kind === "money") {
    card.style.setProperty("--mw-money", face.bands[0]);
    card.appendChild(el("div", "mw-money-value", face.corner));
  } else {
    // The room between the colour band and the corner badge (see CARD_BOX).
    const [cardHeight, band] = CARD_BOX[compact ? "compact" : "wide"];
    const kindBand = !compact && (face.kind === "action" || face.kind === "rent") ? 18 : band;
    const nameRoom = cardHeight - kindBand - NAME_PAD - (face.corner ? CORNER_ROOM : NAME_PAD);
    const fit = chip
      ? { text: face.name, size: NAME_FONT_PX, width: null }
      : fitName(face.name, nameWidth, nameRoom - (face.kind === "action" ? 6 : 0));
    // Let long names wrap after a slash ("Red/Yellow wild") rather than mid-word.
    const name = el("div", "mw-card-name", fit.text.replaceAll("/", "/\u200b"));
    if (fit.size < NAME_FONT_PX) name.style.fontSize = `${fit.size}px`;
    if (fit.width !== null) card.style.setProperty("--mw-card-width", `${fit.width + 8}px`);
    card.appendChild(name);
  }
  if (face.tag) card.appendChild(el("div", "mw-tag", face.tag));
  if (face.corner) card.appendChild(el("div", "mw-corner", face.corner));
  const actions = actionsByCard.get(String(face.id));
  if (actions) {
    card.classList.add("mw-clickable");
    card.tabIndex = 0;
    card.setAttribute("role", "button");
    const n = actions.length;
    card.setAttribute("aria-label", `${title}: ${n === 1 ? actions[0].text : `${n} choices`}`);
    const activate = () => onCardClick(face.id, actions);
    card.addEventListener("click", activate);
    card.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        activate();
      }
    });
    if (String(selectedCard) === String(face.id)) card.classList.add("mw-selected");
  } else {
    card.setAttribute("aria-label", title);
  }
  return card;
}

function drawBack(count, label) {
  const stack = el("div", "mw-card mw-back");
  stack.setAttribute("aria-label", `${label}: ${count} face down`);
  stack.title = `${count} face down`;
  stack.appendChild(el("div", "mw-back-count", count));
  return stack;
}

// A seat's row (kept from draw to draw; its cards come from the cache). "chips"
// draws its cards as small one-line chips (compact view).
function drawRow(row, ctx, chips, seatIndex) {
  const hand = Boolean(row.label === "Hand" && !chips && row.cards);
  const wrap = ctx.nodes.get(JSON.stringify(["row", seatIndex, row.label, chips, hand]), () => {
    const node = el("div", `mw-row${chips ? " mw-row-chips" : ""}${hand ? " mw-row-hand" : ""}`);
    node.dataset.row = row.label;
    node.appendChild(el("div", "mw-row-label", row.label));
    node.appendChild(el("div", "mw-row-cards"));
    return node;
  });
  const items = [];
  const note = (key, make) => items.push(ctx.nodes.get(JSON.stringify([key, seatIndex, row.label]), make));
  if (row.sealed) {
    note(["sealed"], () => drawBack("?", `${row.label} (sealed)`));
    note(["sealed-note"], () => el("span", "mw-hidden-note", "sealed"));
  } else if (row.hidden !== undefined) {
    note(["hidden", row.hidden], () => drawBack(row.hidden, row.label));
    note(["hidden-note", row.hidden], () => el("span", "mw-hidden-note", `${row.hidden} hidden`));
  } else if (row.groups) {
    if (row.groups.length === 0) note(["none"], () => el("span", "mw-empty", "none yet"));
    for (const group of row.groups) {
      const key = JSON.stringify(["set", seatIndex, group.label, group.band, group.note, group.complete]);
      const g = ctx.nodes.get(key, () => {
        const node = el("div", `mw-set${group.complete ? " mw-complete" : ""}`);
        node.style.setProperty("--mw-set", group.band);
        const head = el("div", "mw-set-head");
        head.appendChild(el("span", "mw-set-name", group.label));
        head.appendChild(el("span", "mw-set-note", group.note + (group.complete ? " ✓" : "")));
        node.appendChild(head);
        node.appendChild(el("div", "mw-set-cards"));
        return node;
      });
      setChildren(g.lastElementChild, group.cards.map((face) => cardNode(face, ctx, chips)));
      items.push(g);
    }
  } else {
    const cards = row.cards || [];
    if (cards.length === 0) note(["empty"], () => el("span", "mw-empty", "empty"));
    for (const face of cards) items.push(cardNode(face, ctx, chips));
  }
  setChildren(wrap.lastElementChild, items);
  return wrap;
}

function drawStats(seat) {
  const stats = el("div", "mw-stats");
  for (const [label, value] of seat.stats || []) {
    const s = el("span", "mw-stat");
    s.appendChild(el("span", "mw-stat-label", label));
    s.appendChild(el("span", "mw-stat-value", value));
    stats.appendChild(s);
  }
  return stats;
}

// One seat (its panel kept from draw to draw). "full" (the seat in focus, or
// every seat in the wide layout) shows the hand as cards first; otherwise the
// seat is one compact block of chips.
function drawSeat(seat, ctx, full, compact) {
  const classes = ["mw-seat"];
  if (seat.turn) classes.push("mw-turn");
  if (seat.deciding) classes.push("mw-deciding");
  if (seat.winner) classes.push("mw-winner");
  if (!full) classes.push("mw-seat-compact");
  const panel = ctx.nodes.get(JSON.stringify(["seat", seat.seat]), () => el("section"));
  const className = classes.join(" ");
  if (panel.className !== className) panel.className = className;
  panel.dataset.seat = String(seat.seat);
  if (panel.style.getPropertyValue("--mw-seat") !== seat.colour) panel.style.setProperty("--mw-seat", seat.colour);
  const label = `${seat.name}${seat.role ? ` (${seat.role})` : ""}`;
  if (panel.getAttribute("aria-label") !== label) panel.setAttribute("aria-label", label);
  const headKey = JSON.stringify(["head", seat.seat, seat.name, seat.role, seat.winner, seat.deciding, seat.turn, compact && seat.stats]);
  const head = ctx.nodes.get(headKey, () => {
    const node = el("header", "mw-seat-head");
    node.appendChild(el("span", "mw-seat-name", seat.name));
    if (seat.role) node.appendChild(el("span", "mw-seat-role", seat.role));
    if (seat.winner) node.appendChild(el("span", "mw-badge mw-badge-win", "winner"));
    else if (seat.deciding) node.appendChild(el("span", "mw-badge", "deciding"));
    else if (seat.turn) node.appendChild(el("span", "mw-badge mw-badge-turn", "turn"));
    if (compact) node.appendChild(drawStats(seat)); // one line: name, role, badge, numbers
    return node;
  });
  const children = [head];
  if (!compact) children.push(ctx.nodes.get(JSON.stringify(["stats", seat.seat, seat.stats]), () => drawStats(seat)));
  let rows = seat.rows || [];
  if (compact && full) {
    // The hand first: it is what the person in focus decides with.
    rows = [...rows.filter((r) => r.label === "Hand"), ...rows.filter((r) => r.label !== "Hand")];
  }
  for (const row of rows) {
    const chips = compact && !(full && row.label === "Hand" && row.cards);
    children.push(drawRow(row, ctx, chips, seat.seat));
  }
  setChildren(panel, children);
  return panel;
}

// The seat a compact table shows in full: the viewer's, else the one deciding.
function focusSeat(t) {
  const seats = t.seats || [];
  if (t.viewer !== null && t.viewer !== undefined) return t.viewer;
  const deciding = seats.find((s) => s.deciding) || seats.find((s) => s.turn);
  return deciding ? deciding.seat : null;
}

// The two-step choice: from the choices under `prefix` (path labels chosen so
// far), either every move (when few) or the next level's labels.
function choiceMenu(list, prefix, limit) {
  const under = list.filter((c) => prefix.every((label, i) => (c.path || [])[i] === label));
  if (under.length <= limit) return { depth: prefix.length, leaves: under, groups: [] };
  let depth = prefix.length;
  const deeper = (c) => depth < (c.path || []).length - 1;
  while (under.every(deeper) && new Set(under.map((c) => c.path[depth])).size === 1) depth += 1;
  const groups = new Map();
  const direct = [];
  for (const c of under) {
    if (!deeper(c)) {
      direct.push(c);
      continue;
    }
    const label = c.path[depth];
    if (!groups.has(label)) groups.set(label, []);
    groups.get(label).push(c);
  }
  const leaves = direct;
  const named = [];
  for (const [label, members] of groups) {
    if (members.length === 1) leaves.push(members[0]);
    else named.push({ label, path: [...members[0].path.slice(0, depth), label], count: members.length });
  }
  return { depth, leaves, groups: named };
}

function render({ model, el: host }) {
  const root = el("div", "mw-root");
  root.tabIndex = 0;
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", "Monopoly game table. Left and right arrow keys step.");
  host.appendChild(root);

  const send = (message) => model.send(message);
  let selectedCard = null;
  let choicePath = [];
  let compact = false;

  // --- header and controls (built once, updated in place) -------------------
  const header = el("div", "mw-header");
  const title = el("div", "mw-title");
  const status = el("div", "mw-status");
  const decision = el("div", "mw-decision");
  header.append(title, status, decision);

  const toolbar = el("div", "mw-toolbar");
  const resetBtn = button("", "Reset to the start", () => send({ type: "reset" }));
  const backBtn = button("", "Step back", () => send({ type: "step", by: -1 }));
  const playBtn = button("", "Play", () =>
    send({ type: model.get("playing") ? "pause" : "play" }),
  );
  playBtn.classList.add("mw-play");
  const stepBtn = button("", "Step forward", () => send({ type: "step", by: 1 }));
  setIcon(resetBtn, "reset");
  setIcon(backBtn, "back");
  setIcon(playBtn, "play");
  setIcon(stepBtn, "step");
  stepBtn.classList.add("mw-step");
  backBtn.classList.add("mw-back-btn");
  resetBtn.classList.add("mw-reset");

  const speed = el("select", "mw-speed");
  speed.setAttribute("aria-label", "Play speed, steps per second");
  for (const s of SPEEDS) {
    const option = el("option", null, `${s}/s`);
    option.value = String(s);
    speed.appendChild(option);
  }
  speed.addEventListener("change", () => send({ type: "speed", value: Number(speed.value) }));

  const scrubber = el("input", "mw-scrubber");
  scrubber.type = "range";
  scrubber.min = "0";
  scrubber.setAttribute("aria-label", "Timeline: choose a step");
  scrubber.addEventListener("input", () => send({ type: "seek", step: Number(scrubber.value) }));
  const stepLabel = el("span", "mw-step-label");
  stepLabel.setAttribute("aria-live", "off");

  const perspective = el("select", "mw-perspective");
  perspective.setAttribute("aria-label", "Whose view: the teacher's or one player's");
  // Short options ("Teacher view", "Player 0 (person)") so the menu is never cut off.
  perspective.title = "Teacher view shows every hand; a player's view hides the others' hands";
  perspective.addEventListener("change", () => {
    const v = perspective.value;
    send({ type: "perspective", seat: v === "teacher" ? null : Number(v) });
  });

  // The coach: the deciding player's move chart beside the table (the hint in human play).
  const coachBtn = button("Coach", "Coach: show each move's chance of winning", () =>
    send({ type: "coach", on: !(model.get("coach") || {}).on }),
  );
  coachBtn.classList.add("mw-coach-toggle");
  coachBtn.setAttribute("aria-pressed", "false");

  const seedInput = el("input", "mw-seed");
  seedInput.type = "number";
  seedInput.min = "0";
  seedInput.setAttribute("aria-label", "Seed for a new game");
  const newBtn = button("New game", "Start a new game with this seed", () => {
    const raw = seedInput.value.trim();
    send({ type: "new_game", seed: raw === "" ? null : Number(raw) });
  });
  newBtn.classList.add("mw-new");
  const saveBtn = button("Save", "Save the game as JSON", () => send({ type: "save" }));
  saveBtn.classList.add("mw-save");

  const group = (...nodes) => {
    const g = el("span", "mw-group");
    g.append(...nodes);
    return g;
  };
  // New game and Save move up beside the title in the compact layout (one row less).
  const gameGroup = group(seedInput, newBtn, saveBtn);
  gameGroup.classList.add("mw-game-group");
  toolbar.append(
    group(resetBtn, backBtn, playBtn, stepBtn, speed),
    group(scrubber, stepLabel),
    group(perspective, coachBtn),
    gameGroup,
  );

  const narration = el("div", "mw-narration");
  const narrationLines = el("div", "mw-narration-lines");
  narration.appendChild(narrationLines);
  narration.setAttribute("aria-live", "polite");
  narration.setAttribute("role", "status");
  const notice = el("div", "mw-notice");
  const error = el("div", "mw-error");
  error.setAttribute("role", "alert");
  const choices = el("div", "mw-choices");
  const table = el("div", "mw-table");
  const main = el("div", "mw-main");
  main.append(narration, error, notice, choices, table);
  // The charts draw in this view's own frame, first (see scheduleDraw).
  const charts = createCharts(model, el, (soon) => queueDraw(["charts"], soon));
  const side = el("div", "mw-side");
  side.appendChild(charts.node);
  const body = el("div", "mw-body");
  body.append(main, side);
  root.append(header, toolbar, body);

  // --- layout: wide or compact, by the trait or by the width we really get ------
  let width = 0;
  function applyLayout() {
    const mode = model.get("layout_mode") || "auto";
    if (mode === "auto" && width === 0) return; // not measured yet: the observer calls again
    const next = mode === "compact" || (mode === "auto" && width > 0 && width < WIDE_FROM);
    root.classList.toggle("mw-one-column", width > 0 && width < ONE_COLUMN_BELOW);
    root.dataset.layout = next ? "compact" : "wide";
    if (next === compact && root.classList.contains(next ? "mw-compact" : "mw-wide")) {
      charts.setCompact(compact);
      return;
    }
    compact = next;
    root.classList.toggle("mw-compact", compact);
    root.classList.toggle("mw-wide", !compact);
    if (compact) header.insertBefore(gameGroup, decision);
    else toolbar.appendChild(gameGroup);
    charts.setCompact(compact);
    tableNodes.clear();
    scheduleDraw("table");
  }
  const resize = new ResizeObserver((entries) => {
    const w = Math.round(entries[0].contentRect.width);
    if (w === width || w === 0) return;
    width = w;
    applyLayout();
  });
  resize.observe(host);

  // --- drawing from traits: soon after a message, at most once per frame --------
  // A message from Python changes several traits in a row (one step sends the
  // table, the narration and the charts together); drawSoon draws them all
  // right after the message, in a microtask, so the very next frame paints them
  // (waiting for an animation frame to draw adds up to a frame to every step).
  // A second draw asked for before the next frame waits for that frame, so a
  // burst of messages is still drawn once a frame. scheduleDraw (a resize, the
  // theme, a tab) always waits for the next frame: drawing inside a
  // ResizeObserver's callback would resize what it observes in the same frame.
  const dirty = new Set();
  let frame = null; // an animation frame asked for: a waiting draw, or the end of this frame
  let queued = false; // a draw is waiting (in a microtask or for the frame)
  let drewThisFrame = false;
  let destroyed = false;
  function frameEnds() {
    frame = null;
    drewThisFrame = false;
    if (queued) drawQueued();
  }
  function drawQueued() {
    queued = false;
    if (destroyed) return;
    drewThisFrame = true;
    if (frame === null) frame = requestAnimationFrame(frameEnds);
    drawDirty();
  }
  function queueDraw(parts, soon) {
    for (const part of parts) dirty.add(part);
    if (queued) return;
    queued = true;
    if (soon && !drewThisFrame) queueMicrotask(drawQueued);
    else if (frame === null) frame = requestAnimationFrame(frameEnds);
  }
  const scheduleDraw = (...parts) => queueDraw(parts, false);
  const drawSoon = (...parts) => queueDraw(parts, true);
  function drawDirty() {
    const parts = new Set(dirty);
    dirty.clear();
    // Charts first: Plotly measures its text as it draws, which is cheap while the
    // page is still laid out and costly after the table's writes below.
    if (parts.has("charts")) charts.drawNow();
    if (parts.has("header")) drawHeader();
    if (parts.has("controls")) drawControls();
    if (parts.has("narration")) drawNarration();
    if (parts.has("messages")) drawMessages();
    if (parts.has("table")) drawTable();
    if (parts.has("choices") || parts.has("table")) drawChoices();
  }

  // The cards a click may start a move from: its own card and identical copies.
  function choiceCards(choice) {
    return choice.cards && choice.cards.length ? choice.cards : [choice.card];
  }

  function actionsByCardMap() {
    const map = new Map();
    for (const choice of model.get("choices") || []) {
      if (choice.card === null || choice.card === undefined) continue;
      // Every identical copy of the move's card (two Wild! in a hand) offers it.
      for (const id of choiceCards(choice)) {
        const key = String(id);
        if (!map.has(key)) map.set(key, []);
        map.get(key).push(choice);
      }
    }
    return map;
  }

  // A click is one move: the message names the step it was chosen at (Python refuses
  // it if that step is gone), and the moves take no click until Python answers.
  let moveSent = false;
  function chooseAction(choice) {
    if (moveSent) return;
    moveSent = true;
    for (const b of choices.querySelectorAll("button")) b.disabled = true;
    selectedCard = null;
    choicePath = [];
    send({ type: "action", id: choice.id, seat: model.get("choice_seat"), step: model.get("step") });
  }
  const moveAnswered = () => {
    moveSent = false;
  };

  // A click on a card shows its moves (the first step); the move is the second.
  function onCardClick(cardId) {
    if (moveSent) return;
    selectedCard = String(selectedCard) === String(cardId) ? null : cardId;
    choicePath = [];
    drawTable();
    drawChoices();
  }

  function drawHeader() {
    const t = model.get("table") || {};
    title.textContent = t.title || "";
    status.textContent = t.status || "";
    decision.textContent = t.over ? "" : t.decision || "";
  }

  function drawControls() {
    const step = model.get("step");
    const steps = model.get("steps");
    scrubber.max = String(steps);
    scrubber.value = String(step);
    scrubber.setAttribute("aria-valuetext", `step ${step} of ${steps}`);
    stepLabel.textContent = `step ${step} / ${steps}`;
    const playing = model.get("playing");
    setIcon(playBtn, playing ? "pause" : "play");
    playBtn.setAttribute("aria-label", playing ? "Pause" : "Play");
    playBtn.title = playing ? "Pause" : "Play";
    playBtn.setAttribute("aria-pressed", playing ? "true" : "false");
    backBtn.disabled = step === 0;
    resetBtn.disabled = step === 0;
    const rate = model.get("speed");
    if (![...speed.options].some((o) => Number(o.value) === rate)) {
      const option = el("option", null, `${rate}/s`);
      option.value = String(rate);
      speed.appendChild(option);
    }
    speed.value = String(rate);
    if (document.activeElement !== seedInput) seedInput.value = String(model.get("seed"));
    const names = model.get("seat_names") || [];
    const wanted = ["teacher", ...names.map((_, i) => String(i))];
    const have = [...perspective.options].map((o) => o.value);
    if (wanted.join("|") !== have.join("|")) {
      perspective.replaceChildren();
      const teacher = el("option", null, "Teacher view");
      teacher.value = "teacher";
      perspective.appendChild(teacher);
      names.forEach((name, i) => {
        const option = el("option", null, name);
        option.value = String(i);
        perspective.appendChild(option);
      });
    }
    const seat = model.get("perspective");
    perspective.value = seat === null || seat === undefined ? "teacher" : String(seat);
    const coachOn = Boolean((model.get("coach") || {}).on);
    coachBtn.setAttribute("aria-pressed", coachOn ? "true" : "false");
    coachBtn.classList.toggle("mw-active", coachOn);
  }

  // Narration lines are kept by their text: a step adds its events and drops
  // the oldest, and the lines in between stay as drawn.
  const narrationNodes = nodeCache();
  function drawNarration() {
    const lines = [];
    for (const event of model.get("narration") || []) {
      lines.push(
        narrationNodes.get(JSON.stringify([event.text, event.rule]), () => {
          const line = el("div", "mw-event");
          line.appendChild(el("span", "mw-event-text", event.text));
          if (event.rule) line.appendChild(el("span", "mw-rule", event.rule));
          return line;
        }),
      );
    }
    narrationNodes.sweep();
    // The latest event is the last line. In the compact layout the box shows the
    // last three lines: it is a column-reverse flex box, so it starts scrolled to
    // its end with no scroll position set here (setting one forces a layout).
    setChildren(narrationLines, lines);
  }

  function flash(node, className) {
    node.classList.remove(className);
    void node.offsetWidth; // restart the animation
    node.classList.add(className);
  }

  function drawMessages() {
    const text = model.get("error");
    error.textContent = text ? `⚠ ${text}` : "";
    error.hidden = !text;
    if (text) flash(error, "mw-flash");
    const hint = model.get("notice");
    notice.textContent = hint;
    notice.hidden = !hint;
  }

  let choicesKey = null;
  function drawChoices() {
    const list = model.get("choices") || [];
    // Redrawn only when the moves, the selection or the layout changed.
    const key = [list, model.get("choice_seat"), String(selectedCard), JSON.stringify(choicePath), compact];
    if (choicesKey && key.every((part, i) => part === choicesKey[i])) return;
    choicesKey = key;
    if (list.length === 0) {
      choices.replaceChildren();
      choices.hidden = true;
      return;
    }
    choices.hidden = false;
    const seat = model.get("choice_seat");
    const names = model.get("seat_names") || [];
    const who = names[seat] || `Player ${seat}`;
    const limit = compact ? COMPACT_CHOICE_LIMIT : CHOICE_LIMIT;
    // Many moves: the cards on the table are the first step (click one to see its
    // moves), and only the moves without such a card are buttons.
    const byCards =
      selectedCard === null && choicePath.length === 0 && list.length > limit && list.some((c) => c.on_table);
    let pool = list;
    if (selectedCard !== null) pool = list.filter((c) => choiceCards(c).some((id) => String(id) === String(selectedCard)));
    else if (byCards) pool = list.filter((c) => !c.on_table);
    const menu = choiceMenu(pool, choicePath, limit);
    const head = el("div", "mw-choices-head");
    const where = menu.leaves.length && menu.depth > 0 ? (menu.leaves[0].path || []).slice(0, menu.depth) : choicePath;
    if (byCards) {
      // "\u00a0" keeps "or" with the words after it: a line never ends in a lone "or".
      head.textContent = `${who}: ${list.length} moves. Click a highlighted card to see its moves${pool.length ? ", or\u00a0one\u00a0of\u00a0these:" : "."}`;
    } else if (selectedCard === null && where.length === 0) {
      head.textContent = `${who}: choose a move${list.some((c) => c.on_table) ? " (or\u00a0click a highlighted card)" : ""}`;
    } else {
      head.textContent = `${who}: ${where.join(" › ") || "this card"}: choose`;
    }
    const box = el("div", "mw-choice-list");
    for (const g of menu.groups) {
      const b = button(`${g.label} (${g.count}) ›`, `${g.label}: ${g.count} choices`, () => {
        choicePath = g.path;
        drawChoices();
      }, "mw-choice mw-choice-group");
      b.dataset.group = g.label;
      box.appendChild(b);
    }
    for (const choice of menu.leaves) {
      const b = button(choice.text, choice.text, () => chooseAction(choice),
        `mw-choice mw-choice-${choice.kind}`);
      b.dataset.action = choice.id;
      box.appendChild(b);
    }
    if (selectedCard !== null || choicePath.length > 0) {
      box.appendChild(button("◀ Back", "Back to the previous choice", () => {
        if (choicePath.length > 0) choicePath = choicePath.slice(0, -1);
        else selectedCard = null;
        drawTable();
        drawChoices();
      }, "mw-btn mw-choice-back"));
    }
    choices.replaceChildren(head, box);
  }

  // The table is redrawn from nodes kept by what they show (see nodeCache):
  // a step builds only the cards, numbers and labels it changed.
  const tableNodes = nodeCache();
  const middle = el("div", "mw-middle");
  const seats = el("div", "mw-seats");
  const others = el("div", "mw-seats mw-others");
  function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
  }
  function drawTable() {
    const t = model.get("table") || {};
    const byCard = actionsByCardMap();
    // The room for a name: the card's width less its padding and border.
    const nameWidth = compact ? 54 : 72;
    const ctx = { byCard, onCardClick, selectedCard, nameWidth, compact, nodes: tableNodes };
    const piles = [];
    for (const pile of t.piles || []) {
      const p = tableNodes.get(JSON.stringify(["pile", pile.label]), () => {
        const node = el("div", "mw-pile");
        node.appendChild(el("div", "mw-pile-label"));
        return node;
      });
      setText(p.firstElementChild, `${pile.label}: ${pile.count}`);
      let shown;
      if (pile.top) shown = cardNode(pile.top, ctx, compact);
      else if (pile.back && pile.count > 0) {
        shown = tableNodes.get(JSON.stringify(["pile-back", pile.label, pile.count]), () => drawBack(pile.count, pile.label));
      } else shown = tableNodes.get(JSON.stringify(["pile-slot", pile.label]), () => el("div", "mw-card mw-slot"));
      setChildren(p, [p.firstElementChild, shown]);
      piles.push(p);
    }
    if (t.pending) piles.push(tableNodes.get(JSON.stringify(["pending", t.pending]), () => el("div", "mw-pending", t.pending)));
    const middleClass = `mw-middle${compact ? " mw-row-chips" : ""}`;
    if (middle.className !== middleClass) middle.className = middleClass;
    setChildren(middle, piles);
    const focus = compact ? focusSeat(t) : null;
    const seatNodes = [];
    for (const seat of t.seats || []) {
      const full = !compact || seat.seat === focus;
      const node = drawSeat(seat, ctx, full, compact);
      if (seat.seat === focus) seatNodes.unshift(node);
      else seatNodes.push(node);
    }
    tableNodes.sweep();
    if (compact && focus !== null && seatNodes.length) {
      // The seat in focus, then the piles, then everyone else.
      setChildren(seats, seatNodes.slice(0, 1));
      setChildren(others, seatNodes.slice(1));
      setChildren(table, seatNodes.length > 1 ? [seats, middle, others] : [seats, middle]);
    } else {
      setChildren(seats, seatNodes);
      setChildren(table, [middle, seats]);
    }
  }

  // --- the play timer ---------------------------------------------------------------
  // One tick at a time, on the nominal beat: the next tick goes when Python has
  // answered the last one (the step changed) and its beat has come, so a slow
  // answer delays one beat instead of skipping one, and a busy kernel never
  // builds up a queue of ticks.
  function timerRecord() {
    if (!timers.has(model)) {
      timers.set(model, { id: null, watchdog: null, views: 0, waiting: false, next: 0 });
    }
    return timers.get(model);
  }
  const record = timerRecord();
  record.views += 1;

  function stopTimer() {
    if (record.id !== null) clearTimeout(record.id);
    if (record.watchdog !== null) clearTimeout(record.watchdog);
    record.id = null;
    record.watchdog = null;
    record.waiting = false;
  }

  function beat() {
    return 1000 / Math.max(0.1, Number(model.get("speed")) || 1);
  }

  function tickOnBeat() {
    if (record.id !== null || record.waiting || !model.get("playing")) return;
    const delay = Math.max(0, record.next - performance.now());
    record.id = setTimeout(() => {
      record.id = null;
      if (!model.get("playing")) return;
      const now = performance.now();
      // Never owe more than one beat: after a long stall, restart the beat from now.
      record.next = Math.max(record.next + beat(), now);
      record.waiting = true;
      send({ type: "tick" });
      record.watchdog = setTimeout(() => {
        record.watchdog = null;
        record.waiting = false;
        tickOnBeat();
      }, 2000);
    }, delay);
  }

  function restartTimer() {
    stopTimer();
    record.next = performance.now() + beat();
    tickOnBeat();
  }

  function answered() {
    if (!record.waiting) return;
    record.waiting = false;
    if (record.watchdog !== null) clearTimeout(record.watchdog);
    record.watchdog = null;
    tickOnBeat();
  }

  // --- keyboard -------------------------------------------------------------------
  function onKey(event) {
    const tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    if (event.key === "ArrowRight") send({ type: "step", by: 1 });
    else if (event.key === "ArrowLeft") send({ type: "step", by: -1 });
    else if (event.key === "Home") send({ type: "reset" });
    else return;
    event.preventDefault();
  }
  root.addEventListener("keydown", onKey);

  // --- messages from Python: a download, or "step waits for a person" ----------------
  function onCustom(message) {
    if (!message) return;
    if (message.type === "nudge") {
      // Step was pressed on a person's turn: show whose move it is, every time.
      drawMessages();
      flash(notice, "mw-nudge");
      if (!choices.hidden) flash(choices, "mw-nudge");
      return;
    }
    if (message.type !== "download") return;
    const blob = new Blob([message.text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = message.filename || "game.json";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // --- the step shown, reported back (only when Python asks: reports_step) --------
  // marimo re-runs the cells that read a widget only when the browser changes one of
  // its traits; shown_step is the one trait the browser sets (table.py checks it).
  function reportStep() {
    if (!model.get("reports_step")) return;
    const step = model.get("step");
    if (model.get("shown_step") === step) return;
    model.set("shown_step", step);
    model.save_changes();
  }

  // --- wiring -----------------------------------------------------------------------
  const onTable = () => {
    selectedCard = null;
    drawSoon("header", "table");
  };
  const onChoices = () => {
    selectedCard = null;
    choicePath = [];
    drawSoon("table", "choices");
  };
  const onStep = () => {
    answered();
    reportStep();
    drawSoon("controls");
  };
  const onPlaying = () => {
    drawSoon("controls");
    restartTimer();
  };
  const handlers = [
    ["change:table", onTable],
    ["change:choices", onChoices],
    ["change:choice_seat", onChoices],
    ["change:narration", () => drawSoon("narration")],
    ["change:error", () => drawSoon("messages")],
    ["change:error_count", () => drawSoon("messages")],
    ["change:notice", () => drawSoon("messages")],
    ["change:step", onStep],
    ["change:steps", () => drawSoon("controls")],
    ["change:perspective", () => drawSoon("controls")],
    ["change:seat_names", () => drawSoon("controls")],
    ["change:seed", () => drawSoon("controls")],
    ["change:coach", () => drawSoon("controls")],
    ["change:playing", onPlaying],
    ["change:speed", onPlaying],
    ["change:layout_mode", applyLayout],
    ["msg:custom", onCustom],
    ...["step", "choices", "error_count", "notice"].map((t) => [`change:${t}`, moveAnswered]),
  ];
  for (const [name, handler] of handlers) model.on(name, handler);

  applyLayout();
  drawHeader();
  drawControls();
  drawNarration();
  drawMessages();
  drawTable();
  drawChoices();
  if (record.id === null && !record.waiting) restartTimer();

  return () => {
    for (const [name, handler] of handlers) model.off(name, handler);
    root.removeEventListener("keydown", onKey);
    resize.disconnect();
    charts.destroy();
    destroyed = true;
    if (frame !== null) cancelAnimationFrame(frame);
    record.views -= 1;
    if (record.views <= 0) stopTimer();
    root.remove();
  };
}

export default { render };
