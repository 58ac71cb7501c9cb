// The Monopoly table, drawn from the widget's traits (the source of truth).
//
// This file only renders traits and sends small requests to Python:
//   {type: "step", by: 1 | -1}, {type: "seek", step}, {type: "reset"},
//   {type: "play"}, {type: "pause"}, {type: "speed", value}, {type: "tick"},
//   {type: "perspective", seat}, {type: "new_game", seed}, {type: "save"},
//   {type: "action", id, seat}.
// Python checks every request and answers by changing traits (or showing an
// error). The play timer lives here, so the kernel is never blocked waiting.

const SPEEDS = [0.5, 1, 2, 5, 10];

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

function bandBackground(bands) {
  if (!bands || bands.length === 0) return "#9e9e9e";
  if (bands.length === 1) return bands[0];
  const step = 100 / bands.length;
  const stops = bands.map((c, i) => `${c} ${i * step}% ${(i + 1) * step}%`);
  return `linear-gradient(90deg, ${stops.join(", ")})`;
}

function drawCard(face, actionsByCard, onCardClick, selectedCard) {
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
    // Let long names wrap after a slash ("Red/Yellow wild") rather than mid-word.
    card.appendChild(el("div", "mw-card-name", face.name.replaceAll("/", "/\u200b")));
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

function drawRow(row, actionsByCard, onCardClick, selectedCard) {
  const wrap = el("div", "mw-row");
  wrap.appendChild(el("div", "mw-row-label", row.label));
  const body = el("div", "mw-row-cards");
  if (row.sealed) {
    body.appendChild(drawBack("?", `${row.label} (sealed)`));
    body.appendChild(el("span", "mw-hidden-note", "sealed"));
  } else if (row.hidden !== undefined) {
    body.appendChild(drawBack(row.hidden, row.label));
    body.appendChild(el("span", "mw-hidden-note", `${row.hidden} hidden`));
  } else if (row.groups) {
    if (row.groups.length === 0) body.appendChild(el("span", "mw-empty", "none yet"));
    for (const group of row.groups) {
      const g = el("div", `mw-set${group.complete ? " mw-complete" : ""}`);
      g.style.setProperty("--mw-set", group.band);
      const head = el("div", "mw-set-head");
      head.appendChild(el("span", "mw-set-name", group.label));
      head.appendChild(el("span", "mw-set-note", group.note + (group.complete ? " ✓" : "")));
      g.appendChild(head);
      const cards = el("div", "mw-set-cards");
      for (const face of group.cards) {
        cards.appendChild(drawCard(face, actionsByCard, onCardClick, selectedCard));
      }
      g.appendChild(cards);
      body.appendChild(g);
    }
  } else {
    const cards = row.cards || [];
    if (cards.length === 0) body.appendChild(el("span", "mw-empty", "empty"));
    for (const face of cards) {
      body.appendChild(drawCard(face, actionsByCard, onCardClick, selectedCard));
    }
  }
  wrap.appendChild(body);
  return wrap;
}

function drawSeat(seat, actionsByCard, onCardClick, selectedCard) {
  const classes = ["mw-seat"];
  if (seat.turn) classes.push("mw-turn");
  if (seat.deciding) classes.push("mw-deciding");
  if (seat.winner) classes.push("mw-winner");
  const panel = el("section", classes.join(" "));
  panel.dataset.seat = String(seat.seat);
  panel.style.setProperty("--mw-seat", seat.colour);
  panel.setAttribute("aria-label", `${seat.name}${seat.role ? ` (${seat.role})` : ""}`);
  const head = el("header", "mw-seat-head");
  head.appendChild(el("span", "mw-seat-name", seat.name));
  if (seat.role) head.appendChild(el("span", "mw-seat-role", seat.role));
  if (seat.winner) head.appendChild(el("span", "mw-badge mw-badge-win", "winner"));
  else if (seat.deciding) head.appendChild(el("span", "mw-badge", "deciding"));
  else if (seat.turn) head.appendChild(el("span", "mw-badge mw-badge-turn", "turn"));
  panel.appendChild(head);
  const stats = el("div", "mw-stats");
  for (const [label, value] of seat.stats || []) {
    const s = el("span", "mw-stat");
    s.appendChild(el("span", "mw-stat-label", label));
    s.appendChild(el("span", "mw-stat-value", value));
    stats.appendChild(s);
  }
  panel.appendChild(stats);
  for (const row of seat.rows || []) {
    panel.appendChild(drawRow(row, actionsByCard, onCardClick, selectedCard));
  }
  return panel;
}

function render({ model, el: host }) {
  const root = el("div", "mw-root");
  root.tabIndex = 0;
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", "Monopoly game table. Left and right arrow keys step.");
  host.appendChild(root);

  const send = (message) => model.send(message);
  let selectedCard = null;

  // --- header and controls (built once, updated in place) -------------------
  const header = el("div", "mw-header");
  const title = el("div", "mw-title");
  const status = el("div", "mw-status");
  const decision = el("div", "mw-decision");
  header.append(title, status, decision);

  const toolbar = el("div", "mw-toolbar");
  const resetBtn = button("|◀", "Reset to the start", () => send({ type: "reset" }));
  const backBtn = button("◀", "Step back", () => send({ type: "step", by: -1 }));
  const playBtn = button("▶", "Play", () =>
    send({ type: model.get("playing") ? "pause" : "play" }),
  );
  playBtn.classList.add("mw-play");
  const stepBtn = button("▶|", "Step forward", () => send({ type: "step", by: 1 }));
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
  perspective.addEventListener("change", () => {
    const v = perspective.value;
    send({ type: "perspective", seat: v === "teacher" ? null : Number(v) });
  });

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
  toolbar.append(
    group(resetBtn, backBtn, playBtn, stepBtn, speed),
    group(scrubber, stepLabel),
    group(perspective),
    group(seedInput, newBtn, saveBtn),
  );

  const narration = el("div", "mw-narration");
  narration.setAttribute("aria-live", "polite");
  narration.setAttribute("role", "status");
  const notice = el("div", "mw-notice");
  const error = el("div", "mw-error");
  error.setAttribute("role", "alert");
  const choices = el("div", "mw-choices");
  const table = el("div", "mw-table");
  root.append(header, toolbar, narration, error, notice, choices, table);

  // --- drawing from traits ------------------------------------------------------
  function actionsByCardMap() {
    const map = new Map();
    for (const choice of model.get("choices") || []) {
      if (choice.card === null || choice.card === undefined) continue;
      const key = String(choice.card);
      if (!map.has(key)) map.set(key, []);
      map.get(key).push(choice);
    }
    return map;
  }

  function chooseAction(choice) {
    selectedCard = null;
    send({ type: "action", id: choice.id, seat: model.get("choice_seat") });
  }

  function onCardClick(cardId, actions) {
    if (actions.length === 1) {
      chooseAction(actions[0]);
      return;
    }
    selectedCard = String(selectedCard) === String(cardId) ? null : cardId;
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
    playBtn.textContent = playing ? "⏸" : "▶";
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
      const teacher = el("option", null, "Teacher: see everything");
      teacher.value = "teacher";
      perspective.appendChild(teacher);
      names.forEach((name, i) => {
        const option = el("option", null, `View as ${name}`);
        option.value = String(i);
        perspective.appendChild(option);
      });
    }
    const seat = model.get("perspective");
    perspective.value = seat === null || seat === undefined ? "teacher" : String(seat);
  }

  function drawNarration() {
    narration.replaceChildren();
    for (const event of model.get("narration") || []) {
      const line = el("div", "mw-event");
      line.appendChild(el("span", "mw-event-text", event.text));
      if (event.rule) line.appendChild(el("span", "mw-rule", event.rule));
      narration.appendChild(line);
    }
  }

  function drawMessages() {
    const text = model.get("error");
    error.textContent = text ? `⚠ ${text}` : "";
    error.hidden = !text;
    if (text) {
      error.classList.remove("mw-flash");
      void error.offsetWidth; // restart the flash animation
      error.classList.add("mw-flash");
    }
    const hint = model.get("notice");
    notice.textContent = hint;
    notice.hidden = !hint;
  }

  function drawChoices() {
    choices.replaceChildren();
    const list = model.get("choices") || [];
    if (list.length === 0) {
      choices.hidden = true;
      return;
    }
    choices.hidden = false;
    const seat = model.get("choice_seat");
    const names = model.get("seat_names") || [];
    const head = el("div", "mw-choices-head");
    const who = names[seat] || `Player ${seat + 1}`;
    head.textContent = selectedCard === null
      ? `${who}: choose an action (or click a highlighted card)`
      : `${who}: choose what to do with this card`;
    choices.appendChild(head);
    const shown = selectedCard === null
      ? list
      : list.filter((c) => String(c.card) === String(selectedCard));
    const box = el("div", "mw-choice-list");
    for (const choice of shown) {
      const b = button(choice.text, choice.text, () => chooseAction(choice),
        `mw-choice mw-choice-${choice.kind}`);
      b.dataset.action = choice.id;
      box.appendChild(b);
    }
    if (selectedCard !== null) {
      box.appendChild(button("Show all choices", "Show all choices", () => {
        selectedCard = null;
        drawTable();
        drawChoices();
      }, "mw-btn mw-show-all"));
    }
    choices.appendChild(box);
  }

  function drawTable() {
    const t = model.get("table") || {};
    const byCard = actionsByCardMap();
    table.replaceChildren();
    const middle = el("div", "mw-middle");
    for (const pile of t.piles || []) {
      const p = el("div", "mw-pile");
      p.appendChild(el("div", "mw-pile-label", `${pile.label}: ${pile.count}`));
      if (pile.top) p.appendChild(drawCard(pile.top, byCard, onCardClick, selectedCard));
      else if (pile.back && pile.count > 0) p.appendChild(drawBack(pile.count, pile.label));
      else p.appendChild(el("div", "mw-card mw-slot"));
      middle.appendChild(p);
    }
    if (t.pending) middle.appendChild(el("div", "mw-pending", t.pending));
    table.appendChild(middle);
    const seats = el("div", "mw-seats");
    for (const seat of t.seats || []) {
      seats.appendChild(drawSeat(seat, byCard, onCardClick, selectedCard));
    }
    table.appendChild(seats);
  }

  // --- the play timer ---------------------------------------------------------------
  // One tick at a time: the next tick waits until Python has answered the last
  // one (a step change), so a busy kernel never builds up a queue of ticks.
  function timerRecord() {
    if (!timers.has(model)) timers.set(model, { id: null, views: 0, waiting: false, sent: 0 });
    return timers.get(model);
  }
  const record = timerRecord();
  record.views += 1;

  function restartTimer() {
    if (record.id !== null) clearInterval(record.id);
    record.id = null;
    record.waiting = false;
    if (!model.get("playing")) return;
    const rate = Math.max(0.1, Number(model.get("speed")) || 1);
    record.id = setInterval(() => {
      const now = Date.now();
      if (record.waiting && now - record.sent < 2000) return;
      record.waiting = true;
      record.sent = now;
      send({ type: "tick" });
    }, 1000 / rate);
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

  // --- saving: Python sends the JSON, the browser downloads it -----------------------
  function onCustom(message) {
    if (!message || message.type !== "download") return;
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

  // --- wiring -----------------------------------------------------------------------
  const onTable = () => {
    selectedCard = null;
    drawHeader();
    drawTable();
    drawChoices();
  };
  const onChoices = () => {
    selectedCard = null;
    drawTable();
    drawChoices();
  };
  const onStep = () => {
    record.waiting = false;
    drawControls();
  };
  const onPlaying = () => {
    drawControls();
    restartTimer();
  };
  const handlers = [
    ["change:table", onTable],
    ["change:choices", onChoices],
    ["change:choice_seat", onChoices],
    ["change:narration", drawNarration],
    ["change:error", drawMessages],
    ["change:error_count", drawMessages],
    ["change:notice", drawMessages],
    ["change:step", onStep],
    ["change:steps", drawControls],
    ["change:perspective", drawControls],
    ["change:seat_names", drawControls],
    ["change:seed", drawControls],
    ["change:playing", onPlaying],
    ["change:speed", onPlaying],
    ["msg:custom", onCustom],
  ];
  for (const [name, handler] of handlers) model.on(name, handler);

  drawHeader();
  drawControls();
  drawNarration();
  drawMessages();
  drawChoices();
  drawTable();
  if (record.id === null) restartTimer();

  return () => {
    for (const [name, handler] of handlers) model.off(name, handler);
    root.removeEventListener("keydown", onKey);
    record.views -= 1;
    if (record.views <= 0 && record.id !== null) {
      clearInterval(record.id);
      record.id = null;
    }
    root.remove();
  };
}

export default { render };
