// The class server's student page: one seat, its own view only (docs/class-protocol.md).
// Everything a server, a classmate or a card name supplies goes in with textContent:
// a name like "<b>x</b>" shows as those characters, never as markup.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const V = 2;
  let socket = null;
  let seat = null;
  let token = null;
  let step = 0;
  let story = [];
  let retry = 0;
  let me = "";
  let deadline = null; // when the clock of the decision now runs out (this computer's time)

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  function showError(text) { $("error").hidden = !text; $("error").textContent = text || ""; }
  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ v: V, ...message }));
  }

  function connect(code, name) {
    // Relative to this page, so it also works under a JupyterHub service's prefix.
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(url);
    socket.onopen = () => { retry = 0; send(token ? { type: "join", token } : { type: "join", code, ...(name ? { name } : {}) }); };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (event.code === 4000 || event.code === 1008) { $("status").textContent = "This page has left the seat."; return; }
      if (seat === null) return;
      $("status").textContent = "Connection lost: joining again…";
      retry = Math.min(retry + 1, 5);
      setTimeout(() => connect(code, name), 500 * retry);
    };
  }

  function receive(frame) {
    if (frame.type === "error") { showError(frame.message); return; }
    if (frame.type === "welcome") {
      seat = frame.seat; token = frame.token; me = frame.name + " (Player " + frame.seat + ")";
      $("join").hidden = true; $("seat").hidden = false; story = [];
      $("status").textContent = "You are " + frame.name + " (Player " + frame.seat + ").";
      return;
    }
    if (frame.type === "seats") { drawSeats(frame.seats); return; }
    if (frame.type === "question") { drawQuestion(frame); return; }
    if (frame.type === "answered") { $("answer-status").textContent = "Your answer is in: " + answerText(frame.answer) + ". You may change it while the question is open."; return; }
    if (frame.type === "state") { showError(""); drawState(frame); }
  }

  function drawState(frame) {
    step = frame.step;
    const obs = frame.observation;
    let line = "Step " + frame.step + ". You are " + me + ". ";
    if (frame.closed) line += "The teacher closed this table.";
    else if (frame.paused) line += "The teacher paused this table.";
    else if (frame.over) line += frame.winner === null ? "The game is over: a draw." : "The game is over: Player " + frame.winner + " wins.";
    else line += frame.current_player === seat ? "Your decision." : "Waiting for Player " + frame.current_player + ".";
    $("status").textContent = line;
    $("decision").textContent = obs.decision || "";
    deadline = frame.clock ? { at: Date.now() + frame.clock.seconds * 1000, seat: frame.clock.seat } : null;
    tickClock();
    const moves = $("moves");
    moves.replaceChildren();
    for (const action of frame.legal) {
      const button = el("button", action.text);
      button.type = "button";
      button.dataset.action = action.id;
      button.addEventListener("click", () => {
        for (const b of moves.querySelectorAll("button")) b.disabled = true;
        send({ type: "move", seat, token, action: action.id, step });
      });
      moves.append(button);
    }
    const mine = obs.seats ? obs.seats[seat] : null;
    $("mine").replaceChildren(seatBox(mine, true));
    const others = $("others");
    others.replaceChildren(tableBox(obs));
    for (const other of obs.seats || []) if (other.seat !== seat) others.append(seatBox(other, false));
    drawSeats(frame.seats);
    for (const event of frame.events) story.unshift({ text: event.text, rule: event.rule });
    for (const note of frame.notes) story.unshift({ text: note.text, note: true });
    story = story.slice(0, 40);
    $("story").replaceChildren(...story.map((item) => {
      const li = el("li", item.text, item.note ? "note" : "");
      if (item.rule) { li.append(" "); li.append(el("span", "(" + item.rule + ")", "rule")); }
      return li;
    }));
  }

  // A live question: the choices as buttons (or a number), the position for a move
  // question; the class's answers only once the teacher shows them.
  let question = null;
  function answerText(answer) {
    const choice = question && question.choices.find((c) => c.id === answer);
    return choice ? choice.text : String(answer);
  }
  function drawQuestion(q) {
    const fresh = !question || question.question !== q.question;
    question = q;
    $("question").hidden = false;
    $("prompt").textContent = q.prompt + (q.closed ? " (closed)" : "");
    if (fresh) {
      $("answer-status").textContent = "";
      $("position").replaceChildren();
      if (q.position) {
        const obs = q.position.observation;
        $("position").append(el("p", "Player " + q.position.seat + " to decide, step " + q.position.step + ". " + (obs.decision || ""), "row"));
        $("position").append(seatBox(obs.seats[q.position.seat], false), tableBox(obs));
      }
    }
    const choices = $("answer-choices");
    choices.replaceChildren();
    $("number-form").hidden = q.form !== "number" || q.closed;
    if (q.form !== "number" && !q.closed) {
      for (const choice of q.choices) {
        const b = el("button", choice.text);
        b.type = "button";
        b.dataset.answer = choice.id;
        b.addEventListener("click", () => send({ type: "answer", question: q.question, answer: choice.id }));
        choices.append(b);
      }
    }
    $("distribution").hidden = !q.distribution;
    if (q.distribution) {
      const most = Math.max(1, ...q.distribution.bars.map((b) => b.count));
      $("bars").replaceChildren(...q.distribution.bars.map((b) => {
        const li = el("li", b.label + ": " + b.count);
        const bar = el("span", undefined, "bar");
        bar.style.width = (100 * b.count / most) + "%";
        li.append(bar);
        return li;
      }));
    }
  }
  $("number-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (question) send({ type: "answer", question: question.question, answer: Number($("number").value) });
  });

  function tickClock() {
    $("clock").hidden = !deadline;
    if (!deadline) return;
    const left = Math.max(0, Math.ceil((deadline.at - Date.now()) / 1000));
    $("clock").textContent = "Clock: " + left + " s left for Player " + deadline.seat + ".";
  }
  setInterval(tickClock, 500);

  function cardNames(list) { return list.map((c) => (c && typeof c === "object" ? c.name || c.colour || "?" : String(c))).join(", "); }

  function describe(key, value) {
    if (value === null || value === undefined || key === "seat") return null;
    const label = key.replace(/_/g, " ");
    if (Array.isArray(value)) {
      if (!value.length) return label + ": none";
      if (typeof value[0] === "object" && value[0] && Array.isArray(value[0].cards)) {
        return label + ": " + value.map((s) => (s.colour || s.name || "set") + " (" + cardNames(s.cards) + ")").join("; ");
      }
      return label + ": " + cardNames(value);
    }
    if (typeof value === "object") return null;
    return label + ": " + value;
  }

  function seatBox(data, you) {
    const box = el("div", undefined, "box" + (you ? " you" : ""));
    if (!data) return box;
    box.append(el("h3", "Player " + data.seat + (you ? " (you)" : "")));
    for (const [key, value] of Object.entries(data)) {
      const text = describe(key, value);
      if (text) box.append(el("p", text, "row"));
    }
    return box;
  }

  function tableBox(obs) {
    const box = el("div", undefined, "box");
    box.append(el("h3", "On the table"));
    for (const key of ["turn", "draw_pile", "discard_pile", "plays_left", "phase"]) {
      const text = describe(key, obs[key]);
      if (text) box.append(el("p", text, "row"));
    }
    return box;
  }

  function drawSeats(seats) {
    $("seats").replaceChildren(...seats.map((s) => {
      const who = s.bot ? s.bot + " bot" : s.name || "(nobody yet)";
      const how = s.bot ? "" : s.connected ? ", here" : s.playing === "person" ? ", not here" : ", away: " + s.playing;
      return el("li", "Player " + s.seat + ": " + who + how, !s.bot && !s.connected ? "away" : "");
    }));
  }

  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    showError("");
    token = null;
    connect($("code").value.trim(), $("name").value.trim());
  });
  const params = new URLSearchParams(location.search);
  const given = params.get("code");
  if (given) $("code").value = given;
  // Behind JupyterHub the server seats the student by hub name and sends join=now.
  if (given && params.get("join") === "now") connect(given, "");
  if (params.get("seat") === "none") {
    $("status").textContent = "Every seat is taken: when your teacher opens another table, reload this page.";
  }
  // The lessons, when this server serves the offline site (serve --site). A no-cors
  // request is a plain read, which a JupyterHub service takes with its login cookie.
  fetch("lite/jupyter-lite.json", { method: "HEAD", mode: "no-cors" })
    .then((response) => { $("lessons").hidden = !response.ok; })
    .catch(() => {});
})();
