// The teacher's page: create tables, see their join codes and who is here, close them,
// download a finished game. Every request carries the key in the Authorization header
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

  function tableBox(table) {
    const box = el("div", undefined, "box");
    box.dataset.table = table.id;
    const spec = table.spec;
    const state = table.closed ? "closed" : table.over ? "over" : "step " + table.step + ", Player " + table.current_player + " to decide";
    box.append(el("h3", "Table " + table.id + ": " + spec.game + ", " + spec.players + " players (" + state + ")"));
    const list = el("ul");
    for (const seat of table.seats) {
      const who = seat.bot ? seat.bot + " bot" : "code " + seat.code + (seat.name ? ", " + seat.name : ", nobody yet") + (seat.connected ? ", here" : seat.name ? ", away" : "");
      list.append(el("li", "Player " + seat.seat + ": " + who, "code"));
    }
    box.append(list);
    const json = el("button", "Download the game (JSON)");
    json.type = "button";
    json.addEventListener("click", () => api("tables/" + table.id + "/export.json").then((d) => download(table.id + ".json", d, "application/json"), (e) => showError(e.message)));
    const html = el("button", "Download the replay (HTML)");
    html.type = "button";
    html.addEventListener("click", () => api("tables/" + table.id + "/export.html").then((d) => download(table.id + ".html", d, "text/html"), (e) => showError(e.message)));
    box.append(json, " ", html);
    if (!table.closed) {
      const close = el("button", "Close the table");
      close.type = "button";
      close.addEventListener("click", () => api("tables/" + table.id + "/close", {}).then(refresh, (e) => showError(e.message)));
      box.append(" ", close);
    }
    return box;
  }

  async function refresh() {
    try {
      const tables = await api("tables");
      $("tables").replaceChildren(...tables.map(tableBox));
      $("status").textContent = tables.length + " tables. Students open " + location.origin + "/ and type their code.";
      $("key-form").hidden = true;
      $("teacher").hidden = false;
      showError("");
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
  fetch("hub/me", { headers: { "X-XSRFToken": cookie("_xsrf") } })
    .then((response) => (response.ok ? response.json() : null))
    .then((me) => { if (me && me.teacher) { hub = true; key = "hub"; refresh(); } })
    .catch(() => {});
})();
