// The Monopoly table, drawn from the widget's traits (the source of truth).
//
// This file only renders traits and sends small requests to Python:
//   {type: "step", by: 1 | -1}, {type: "seek", step}, {type: "reset"},
//   {type: "play"}, {type: "pause"}, {type: "speed", value}, {type: "tick"},
//   {type: "perspective", seat}, {type: "new_game", seed}, {type: "save"},
//   {type: "action", id, seat, step}, {type: "coach", on}.
// Python checks every request and answers by changing traits (or showing an
// error).
//
// render() puts the parts together and owns what they share: the layout (wide or
// compact, see layout.js), when each part is drawn (at most once a frame, right
// after a message), the keyboard, and the wiring to the model. The parts, each in
// its own file and joined before this one in one module (widgets/table.py,
// TABLE_SCRIPT, says the order): controls.js (header and toolbar), narration.js
// (events, error, notice), choices.js (the human's moves), seats.js and cards.js
// (the table area), charts.js (the charts beside it), timer.js (the play timer).

function render({ model, el: host }) {
  const root = el("div", "mw-root");
  root.tabIndex = 0;
  root.setAttribute("role", "group");
  root.setAttribute(
    "aria-label",
    "Monopoly game table. Left and right arrow keys step; in a hand or a list of moves they move between them, and Enter chooses.",
  );
  host.appendChild(root);

  const send = (message) => model.send(message);
  let compact = false;

  const controls = createControls(model, send);
  const { header, toolbar, gameGroup, decision } = controls;
  const narration = createNarration(model);
  const messages = createMessages(model);
  const tableArea = createTableArea();
  const choices = createChoices(model, send, () => compact, drawTable, {
    onMove: narration.movedByPlayer,
    tableNode: tableArea.node,
    home: root,
  });
  const main = el("div", "mw-main");
  main.append(narration.node, narration.log, messages.error, messages.notice, choices.node, tableArea.node);
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
    const layout = layoutFor(model.get("layout_mode") || "auto", width);
    if (layout === null) return; // not measured yet: the observer calls again
    const next = layout.compact;
    root.classList.toggle("mw-one-column", layout.oneColumn);
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
    tableArea.clear();
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
    if (parts.has("header")) controls.drawHeader();
    if (parts.has("controls")) controls.drawControls();
    if (parts.has("narration")) narration.draw();
    if (parts.has("messages")) messages.draw();
    if (parts.has("table")) drawTable();
    if (parts.has("choices") || parts.has("table")) choices.draw();
  }

  function drawTable() {
    tableArea.draw(model.get("table") || {}, {
      byCard: actionsByCard(model.get("choices") || []),
      onCardClick: choices.onCardClick,
      selectedCard: choices.selectedCard(),
      compact,
    });
  }

  const timer = createPlayTimer(model, send);

  // --- keyboard -------------------------------------------------------------------
  // In a hand (a seat's row of cards), the list of moves and the chart tabs, the arrow
  // keys move the focus along (Home and End to its ends) and Enter chooses; Escape
  // goes back from a card's moves. Elsewhere left and right step through the game.
  function onKey(event) {
    const tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    if (event.key === "Escape") {
      const back = root.querySelector(".mw-choice-back");
      if (!back) return;
      back.focus();
      back.click();
      event.preventDefault();
      return;
    }
    const group = focusGroup(event.target);
    if (group && moveFocus(group, event.target, event.key)) {
      event.preventDefault();
      return;
    }
    if (event.key === "ArrowRight") send({ type: "step", by: 1 });
    else if (event.key === "ArrowLeft") send({ type: "step", by: -1 });
    else if (event.key === "Home") send({ type: "reset" });
    else return;
    event.preventDefault();
  }
  root.addEventListener("keydown", onKey);

  // The items the arrow keys move along from `target`, or null: a row's cards with
  // moves, the moves' buttons, the chart tabs.
  function focusGroup(target) {
    if (!target.closest) return null;
    if (target.classList.contains("mw-clickable")) {
      const row = target.closest(".mw-row, .mw-middle");
      return row ? [...row.querySelectorAll(".mw-card.mw-clickable")] : null;
    }
    const list = target.closest(".mw-choice-list, .mw-chart-tabs");
    if (!list || target.tagName !== "BUTTON") return null;
    return [...list.querySelectorAll("button:not(:disabled)")].filter((b) => !b.closest("[hidden]"));
  }
  function moveFocus(items, target, key) {
    const at = items.indexOf(target);
    if (at < 0) return false;
    const last = items.length - 1;
    const to = {
      ArrowRight: Math.min(at + 1, last), ArrowDown: Math.min(at + 1, last),
      ArrowLeft: Math.max(at - 1, 0), ArrowUp: Math.max(at - 1, 0), Home: 0, End: last,
    }[key];
    if (to === undefined) return false;
    items[to].focus();
    return true;
  }

  // --- messages from Python: a download, or "step waits for a person" ----------------
  function onCustom(message) {
    if (!message) return;
    if (message.type === "nudge") {
      // Step was pressed on a person's turn: show whose move it is, every time.
      messages.draw();
      flash(messages.notice, "mw-nudge");
      if (!choices.node.hidden) flash(choices.node, "mw-nudge");
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
    choices.forgetCard();
    drawSoon("header", "table");
  };
  const onChoices = () => {
    choices.forgetPick();
    drawSoon("table", "choices");
  };
  const onStep = () => {
    timer.answered();
    reportStep();
    drawSoon("controls");
  };
  const onPlaying = () => {
    drawSoon("controls");
    timer.restart();
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
    ...["step", "choices", "error_count", "notice"].map((t) => [`change:${t}`, choices.moveAnswered]),
  ];
  for (const [name, handler] of handlers) model.on(name, handler);

  applyLayout();
  controls.drawHeader();
  controls.drawControls();
  narration.draw();
  messages.draw();
  drawTable();
  choices.draw();
  timer.startIfIdle();

  return () => {
    for (const [name, handler] of handlers) model.off(name, handler);
    root.removeEventListener("keydown", onKey);
    resize.disconnect();
    charts.destroy();
    destroyed = true;
    if (frame !== null) cancelAnimationFrame(frame);
    timer.release();
    root.remove();
  };
}

export default { render };
