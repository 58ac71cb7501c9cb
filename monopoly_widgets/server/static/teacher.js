// The teacher's page: the dashboard (every table, its join codes, who is here, whose
// turn, money and sets; pause, resume, spectate, close, download a finished game) and
// live questions (ask, watch the answers come in, show them to the class). Every request carries the key in the Authorization header
// (docs/class-protocol.md); every text from the server goes in with textContent.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  let key = "";

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  function showError(text) { $("error").hidden = !text; $("error").textContent = text || ""; }

  // Behind JupyterHub the hub's login stands for the key: the requests carry the hub's
  // _xsrf cookie back as a header instead (hub_service.py).
  let hub = false;
  function cookie(name) {
    const found = document.cookie.split("; ").find((c) => c.startsWith(name + "="));
    return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
  }
  function requestHeaders() {
    if (hub) return { "X-XSRFToken": cookie("_xsrf") };
    return { Authorization: "Bearer " + key };
  }

  async function api(path, body) {
    const response = await fetch("api/" + path, {
      method: body === undefined ? "GET" : "POST",
      headers: requestHeaders(),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (path.endsWith(".html")) return response.ok ? response.text() : Promise.reject(new Error("refused"));
    const data = response.headers.get("Content-Type") === "application/json" ? await response.json() : await response.text();
    if (!response.ok) throw new Error((data && data.error) || "the server refused the request");
    return data;
  }

  function download(name, text, type) {
    const link = el("a");
    link.href = URL.createObjectURL(new Blob([typeof text === "string" ? text : JSON.stringify(text)], { type }));
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  function post(path) { return api(path, {}).then(refresh, (e) => showError(e.message)); }
  function button(text, onClick) {
    const b = el("button", text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }
  function money(line) {
    const parts = [];
    if (line.money !== null && line.money !== undefined) parts.push("$" + line.money + "M");
    if (line.properties !== null && line.properties !== undefined) parts.push(line.properties + " properties");
    if (line.complete_sets !== null && line.complete_sets !== undefined) parts.push(line.complete_sets + " sets");
    if (line.hand_count !== null && line.hand_count !== undefined) parts.push(line.hand_count + " cards in hand");
    return parts.join(", ");
  }

  // One table of the dashboard: whose turn, every seat's money and sets (public facts
  // only), moves so far, who is connected; pause, resume, spectate, close, download.
  function tableBox(table) {
    const box = el("div", undefined, "box");
    box.dataset.table = table.id;
    const spec = table.spec;
    const state = table.closed ? "closed" : table.over ? "over" : table.paused ? "paused" : "step " + table.step + ", Player " + table.current_player + " to decide";
    box.append(el("h3", "Table " + table.id + ": " + spec.game + ", " + spec.players + " players (" + state + ")"));
    box.append(el("p", table.moves + " moves so far" + (table.turn_of && !table.over && !table.closed ? ". Now: " + table.turn_of : "."), "row turn"));
    const list = el("ul");
    for (const seat of table.lines) {
      const who = seat.bot ? seat.bot + " bot" : "code " + seat.code + (seat.name ? ", " + seat.name : ", nobody yet") + (seat.connected ? ", here" : seat.name ? ", away" : "");
      const item = el("li", "Player " + seat.seat + ": " + who, "code");
      const facts = money(seat);
      if (facts) item.append(el("span", " (" + facts + ")", "facts"));
      list.append(item);
    }
    box.append(list);
    box.append(button("Spectate", () => spectate(table.id)), " ");
    if (!table.closed && !table.over) {
      box.append(table.paused ? button("Resume", () => post("tables/" + table.id + "/resume")) : button("Pause", () => post("tables/" + table.id + "/pause")), " ");
    }
    box.append(button("Download the game (JSON)", () => api("tables/" + table.id + "/export.json").then((d) => download(table.id + ".json", d, "application/json"), (e) => showError(e.message))), " ");
    box.append(button("Download the replay (HTML)", () => api("tables/" + table.id + "/export.html").then((d) => download(table.id + ".html", d, "text/html"), (e) => showError(e.message))));
    if (!table.closed) box.append(" ", button("Close the table", () => post("tables/" + table.id + "/close")));
    return box;
  }

  // Spectating: the table's public view only (every seat's hand as a count).
  let watching = null;
  async function spectate(id) {
    watching = id;
    try {
      const seen = await api("tables/" + id + "/spectate");
      $("spectating").hidden = false;
      $("spectate-line").textContent = "Table " + seen.table + ", step " + seen.step + (seen.paused ? " (paused)" : "") + (seen.over ? " (over)" : "") + ". Public information only: hands are counts.";
      const view = $("spectate-view");
      view.replaceChildren();
      for (const seat of seen.view.seats) {
        const status = seen.seats[seat.seat];
        const box = el("div", undefined, "box");
        box.append(el("h3", "Player " + seat.seat + ": " + (status.bot ? status.bot + " bot" : status.name || "nobody yet")));
        for (const [key, value] of Object.entries(seat)) {
          if (key === "seat" || value === null || typeof value === "object" && !Array.isArray(value)) continue;
          const text = Array.isArray(value) ? value.map((c) => (c && typeof c === "object" ? c.name || c.colour || c.label || "?" : String(c))).join(", ") || "none" : String(value);
          box.append(el("p", key.replace(/_/g, " ") + ": " + text, "row"));
        }
        view.append(box);
      }
      $("spectate-story").replaceChildren(...seen.events.slice().reverse().map((e) => el("li", e.text)), ...seen.notes.slice().reverse().map((n) => el("li", n.text, "note")));
    } catch (error) {
      showError(error.message);
    }
  }
  $("spectate-stop").addEventListener("click", () => { watching = null; $("spectating").hidden = true; });

  // Live questions: the answers as they come (a Plotly chart; labels arrive from the
  // server already made literal for Plotly), and who answered what, as text.
  let asked = null;
  function drawQuestion(q) {
    asked = q;
    $("question").hidden = false;
    const d = q.distribution;
    $("question-line").textContent = q.prompt + " (" + d.answers + " answers" + (q.revealed ? ", shown to the class" : ", not shown to the class yet") + (q.closed ? ", closed" : "") + ")";
    $("reveal").disabled = q.revealed;
    $("close-question").disabled = q.closed;
    $("answered").replaceChildren(...q.answered.map((a) => el("li", a.name + ": " + a.answer)));
    if (window.Plotly) {
      const trace = { type: "bar", x: d.bars.map((b) => b.plotly_label), y: d.bars.map((b) => b.count), marker: { color: "#2b5fab" }, hovertemplate: "%{x}: %{y}<extra></extra>" };
      const layout = { title: { text: "Answers: " + d.answers }, margin: { t: 40, b: 80, l: 40, r: 10 }, height: 320, yaxis: { dtick: 1, rangemode: "tozero" }, xaxis: { type: "category" } };
      window.Plotly.react($("chart"), [trace], layout, { displayModeBar: false, responsive: true });
      $("chart").dataset.counts = d.bars.map((b) => b.count).join(",");
    }
  }
  async function refreshQuestion() {
    if (!asked) return;
    try { drawQuestion(await api("questions/" + asked.question)); } catch (error) { showError(error.message); }
  }
  function showFormFields() {
    const form = $("form").value;
    $("choices-label").hidden = form !== "choice";
    $("low-label").hidden = $("high-label").hidden = form !== "number";
    $("position-label").hidden = form !== "move";
  }
  $("form").addEventListener("change", showFormFields);
  $("ask").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = $("form").value;
    const body = { form, prompt: $("prompt").value };
    if (form === "choice") body.choices = $("choices").value.split("\n").map((c) => c.trim()).filter(Boolean);
    if (form === "number") {
      if ($("low").value) body.low = Number($("low").value);
      if ($("high").value) body.high = Number($("high").value);
    }
    if (form === "move") body.position = $("position").value;
    api("questions", body).then(drawQuestion, (error) => showError(error.message));
  });
  $("reveal").addEventListener("click", () => api("questions/" + asked.question + "/reveal", {}).then(drawQuestion, (e) => showError(e.message)));
  $("close-question").addEventListener("click", () => api("questions/" + asked.question + "/close", {}).then(drawQuestion, (e) => showError(e.message)));

  // Results handed in: one pool an experiment, drawn with the package's own pool chart
  // (its figure comes from the server, names already literal), redrawn as results come.
  const poolCharts = new Map();
  async function refreshPools() {
    try {
      const pools = await api("pool");
      if (!pools.length) {
        $("pool-line").textContent = "No results yet: a student hands one in with result.submit(\"" + location.origin + "/\").";
        return;
      }
      $("pool-line").textContent = pools.map((p) => p.summary).join(" ");
      for (const [n, found] of pools.entries()) {
        let box = poolCharts.get(n);
        if (!box) {
          box = el("div", undefined, "box pool");
          box.setAttribute("role", "img");
          box.setAttribute("aria-label", "The pooled estimate as results come in");
          $("pools").append(box);
          poolCharts.set(n, box);
        }
        if (window.Plotly && box.dataset.results !== String(found.results)) {
          const layout = { ...found.chart.layout, height: 360, margin: { t: 50, b: 40, l: 110, r: 10 } };
          await window.Plotly.react(box, found.chart.data, layout, { displayModeBar: false, responsive: true });
          box.dataset.results = String(found.results);
        }
      }
    } catch (error) {
      showError(error.message);
    }
  }

  async function refresh() {
    try {
      const tables = await api("dashboard");
      $("tables").replaceChildren(...tables.map(tableBox));
      $("status").textContent = tables.length + " tables. Students open " + location.origin + "/ and type their code.";
      $("key-form").hidden = true;
      $("teacher").hidden = false;
      showError("");
      if (asked === null) {
        const questions = await api("questions");
        if (questions.length) drawQuestion(questions[questions.length - 1]);
      }
      if (watching) spectate(watching);
    } catch (error) {
      showError(error.message);
    }
  }

  $("key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    key = $("key").value.trim();
    refresh();
  });
  $("new-table").addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { game: $("game").value, players: Number($("players").value) };
    const bots = {};
    for (const pair of $("bots").value.split(",").map((p) => p.trim()).filter(Boolean)) {
      const [seat, bot] = pair.split(":");
      bots[seat] = bot;
    }
    body.bots = bots;
    if ($("clock").value) body.clock = Number($("clock").value);
    if ($("seed").value) body.seed = Number($("seed").value);
    api("tables", body).then(refresh, (error) => showError(error.message));
  });
  setInterval(() => { if (key) refresh(); }, 3000);
  setInterval(() => { if (key) { refreshQuestion(); refreshPools(); } }, 1000);
  fetch("hub/me", { headers: { "X-XSRFToken": cookie("_xsrf") } })
    .then((response) => (response.ok ? response.json() : null))
    .then((me) => { if (me && me.teacher) { hub = true; key = "hub"; refresh(); } })
    .catch(() => {});
})();
