// The seats and the piles: the table area below the choices. Each seat is a panel
// of rows (hand, properties, bank); in the compact layout the seat in focus is
// drawn in full and the others one line of chips each. Every node comes from the
// area's node cache, so a step rebuilds only what it changed.

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
    s.appendChild(document.createTextNode(" ")); // read "Bank $7M", not "Bank$7M"
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

// The table area: the piles in the middle and the seats around them. draw(t, how)
// draws the table trait `t`, with `how` = {byCard, onCardClick, selectedCard, compact}
// (the moves by card id, the click that starts a move, the card picked, the layout).
function createTableArea() {
  const table = el("div", "mw-table");
  // The table is redrawn from nodes kept by what they show (see nodeCache):
  // a step builds only the cards, numbers and labels it changed.
  const tableNodes = nodeCache();
  const middle = el("div", "mw-middle");
  const seats = el("div", "mw-seats");
  const others = el("div", "mw-seats mw-others");
  function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
  }
  function draw(t, { byCard, onCardClick, selectedCard, compact }) {
    const nameWidth = nameWidthFor(compact);
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
  return { node: table, draw, clear: () => tableNodes.clear() };
}
