// The charts beside the table, drawn with Plotly from the table's traits:
//   chart_series {turns, money, properties, sets}, chart_labels, odds.
//
// Plotly is loaded once per page: its source lives in one shared widget model
// (the table's "plotly" trait points at it) and is evaluated the first time
// any table needs it. Each chart is drawn at most once per animation frame
// (in the table's own draw, before the table's DOM writes), only when its
// data (or its width, or the theme) changed, and only while it can be seen: a
// chart in a hidden tab is drawn when its tab is opened.
//
// Why two ways of drawing: Plotly.react redraws the whole figure (axes, ticks,
// title), about twice the work of moving the lines alone. The axes' ranges
// grow in steps (4, 5, 6, 8, 10, 12, 15, 20 ... turns), so most steps change
// only the lines' points; those go through Plotly.animate with no transition
// and no redraw, which moves the traces and leaves the rest as drawn.
// (Plotly.extendTraces redraws the whole figure, so it would save nothing.)
//
// The figures themselves are built by figures.js (pure functions, tested under node);
// this file owns the view: tabs, panels, the coach panel (trait "coach": {on, status,
// chart}, shown only while the Coach button is pressed), and when to draw what.
//
// No value needs a mouse or sight to be read: each line chart has a sentence under it
// that says who leads with how much (figures.js, chartSummary), updated with the
// chart and read as the chart's name, and a "Data table" to open (chartTable),
// filled in while it is open.

const CHART_KEYS = ["money", "properties", "sets", "odds"];
const CHART_TABS = { money: "Money", properties: "Properties", sets: "Sets", odds: "Odds" };
const PLOTLY_KEY = "__monopolyWidgetsPlotly";
// Longer than ipywidgets' 100 ms model-lookup poll (see loadPlotly).
const PLOTLY_EVAL_DELAY_MS = 300;
const PLAYING_CHART_MS = 250;

function loadPlotly(model) {
  if (!globalThis[PLOTLY_KEY]) {
    globalThis[PLOTLY_KEY] = (async () => {
      const ref = String(model.get("plotly") || "");
      const id = ref.replace(/^IPY_MODEL_/, "");
      if (!id) throw new Error("the table has no Plotly library model");
      const library = await model.widget_manager.get_model(id);
      // Evaluating Plotly (4.9 MB) is one long task: a third of a second on a quiet
      // laptop, several seconds on a busy one. Let the page's other widget outputs find
      // their models first: ipywidgets 8.1's get_model polls every 100 ms but gives up
      // 2 s after it started, by the clock, so a long task in between made Voila show
      // "Error displaying widget: model not found" (docs/compatibility.md).
      await new Promise((resolve) => setTimeout(resolve, PLOTLY_EVAL_DELAY_MS));
      // ... and wait for a quiet moment: lookups already due run before an idle callback.
      if (globalThis.requestIdleCallback) {
        await new Promise((resolve) => globalThis.requestIdleCallback(resolve, { timeout: 2000 }));
      }
      // The source arrives as a binary buffer (plotly_library.PlotlyLibrary): decode it here.
      const source = new TextDecoder().decode(library.get("source"));
      // plotly.min.js is a UMD bundle: give it a CommonJS "module" to fill in.
      const module = { exports: {} };
      new Function("module", "exports", "define", source)(module, module.exports, undefined);
      return module.exports;
    })().catch((error) => {
      globalThis[PLOTLY_KEY] = null; // let the next table try again
      throw error;
    });
  }
  return globalThis[PLOTLY_KEY];
}

// The chart area of one table view. Returns {node, setCompact, drawNow, destroy}.
// `requestFrame(soon)` asks the table to call drawNow in its next draw (right
// after the message when `soon`, else in the next animation frame), before it
// writes its own DOM: Plotly measures text as it draws, and a measurement after
// the table's writes would lay out the whole table first.
let chartViews = 0; // chart areas made on this page, for their ids
function createCharts(model, makeEl, requestFrame) {
  const node = makeEl("div", "mw-charts");
  const coach = makeEl("div", "mw-coach");
  coach.dataset.chart = "coach";
  coach.setAttribute("aria-label", "Coach: each move's chance of winning");
  const coachStatus = makeEl("div", "mw-coach-status");
  coachStatus.setAttribute("role", "status");
  coachStatus.setAttribute("aria-live", "polite");
  const coachTitle = makeEl("div", "mw-coach-title");
  const coachPlot = makeEl("div", "mw-coach-plot");
  coachPlot.setAttribute("aria-hidden", "true"); // read from coachList instead
  const coachList = makeEl("ul", "mw-sr-only");
  coach.append(coachTitle, coachStatus, coachPlot, coachList);
  coach.hidden = true;
  node.appendChild(coach);
  const tabs = makeEl("div", "mw-chart-tabs");
  tabs.setAttribute("role", "tablist");
  node.appendChild(tabs);
  const panels = {};
  const tabButtons = {};
  const drawn = {}; // key -> the input last drawn (a string), so unchanged charts are skipped
  const frames = {}; // key -> frameOf(the figure last drawn), for the points-only path
  const widths = {}; // key -> the panel's width, from the resize observer (no layout read)
  const axes = {}; // key -> {span, top} of the line figure last drawn (see axisTop)
  let colour = null; // the theme's text colour, read again when the theme changes
  let compact = null; // unknown until the table has measured its width
  let activeTab = "money";
  let plotly = null;
  let pending = null; // a drawing asked of the table's next frame
  let failed = "";

  // Ids that tie each tab to its panel, unique on a page with many tables.
  chartViews += 1;
  const tabIds = `mw-charts-${chartViews}`;
  for (const key of CHART_KEYS) {
    const tab = makeEl("button", "mw-chart-tab", CHART_TABS[key]);
    tab.type = "button";
    tab.setAttribute("role", "tab");
    tab.dataset.chart = key;
    tab.addEventListener("click", () => {
      activeTab = key;
      showTabs();
      schedule();
    });
    tabs.appendChild(tab);
    tabButtons[key] = tab;
    const panel = makeEl("div", `mw-chart mw-chart-${key}`);
    panel.dataset.chart = key;
    panel.id = `${tabIds}-${key}`;
    tab.id = `${panel.id}-tab`;
    tab.setAttribute("aria-controls", panel.id);
    const plot = makeEl("div", "mw-plot");
    panel.appendChild(plot);
    if (key === "odds") {
      plot.setAttribute("aria-hidden", "true"); // its notes list every row in words
      panel.appendChild(makeEl("div", "mw-odds-empty"));
      panel.appendChild(makeEl("div", "mw-odds-notes"));
    } else {
      // The drawing is left out of the accessibility tree (Plotly's SVG reads as
      // loose tick numbers); the sentence and the table say what it shows.
      plot.setAttribute("aria-hidden", "true");
      const summary = makeEl("p", "mw-chart-summary");
      const details = makeEl("details", "mw-chart-data");
      details.appendChild(makeEl("summary", null, "Data table"));
      details.addEventListener("toggle", () => {
        if (details.open) fillTable(key);
      });
      panel.append(summary, details);
    }
    node.appendChild(panel);
    panels[key] = { panel, plot };
  }

  // The summary sentence of a line chart, and its data table when it is open.
  function describeChart(key) {
    const series = model.get("chart_series") || {};
    const labels = model.get("chart_labels") || {};
    const { panel } = panels[key];
    const sentence = chartSummary(key, series, labels);
    const summary = panel.querySelector(".mw-chart-summary");
    if (summary.textContent !== sentence) summary.textContent = sentence;
    if (panel.querySelector(".mw-chart-data").open) fillTable(key);
  }
  function fillTable(key) {
    const { caption, head, rows } = chartTable(key, model.get("chart_series") || {}, model.get("chart_labels") || {});
    const table = makeEl("table", "mw-data-table");
    table.appendChild(makeEl("caption", null, caption));
    const top = makeEl("tr");
    for (const text of head) {
      const cell = makeEl("th", null, text);
      cell.setAttribute("scope", "col");
      top.appendChild(cell);
    }
    table.appendChild(makeEl("thead")).appendChild(top);
    const body = table.appendChild(makeEl("tbody"));
    for (const row of rows) {
      const line = makeEl("tr");
      row.forEach((text, i) => {
        const cell = makeEl(i === 0 ? "th" : "td", null, text);
        if (i === 0) cell.setAttribute("scope", "row");
        line.appendChild(cell);
      });
      body.appendChild(line);
    }
    const details = panels[key].panel.querySelector(".mw-chart-data");
    const old = details.querySelector("table");
    if (old) old.replaceWith(table);
    else details.appendChild(table);
  }

  function showTabs() {
    tabs.hidden = !compact;
    for (const key of CHART_KEYS) {
      const on = !compact || key === activeTab;
      panels[key].panel.hidden = !on;
      // Tab panels only while the tabs are shown (the wide layout shows every chart).
      if (compact) {
        panels[key].panel.setAttribute("role", "tabpanel");
        panels[key].panel.setAttribute("aria-labelledby", tabButtons[key].id);
      } else {
        panels[key].panel.removeAttribute("role");
        panels[key].panel.removeAttribute("aria-labelledby");
      }
      tabButtons[key].setAttribute("aria-selected", key === activeTab ? "true" : "false");
      tabButtons[key].classList.toggle("mw-active", key === activeTab);
    }
  }

  function setCompact(value) {
    if (value === compact) return;
    compact = value;
    showTabs();
    schedule();
  }

  // At most one drawing per animation frame; while the game plays, at most one
  // every PLAYING_CHART_MS (a line moving ten times a second cannot be read, and
  // the table must keep up), and the last state is drawn when play stops.
  let lastDraw = 0;
  let wait = null;
  // `soon`: the data changed (drawn right after the message), not the size or theme.
  function schedule(soon = false) {
    if (pending !== null || wait !== null) return;
    const delay = model.get("playing") ? lastDraw + PLAYING_CHART_MS - performance.now() : 0;
    if (delay > 0) {
      wait = setTimeout(() => {
        wait = null;
        schedule();
      }, delay);
      return;
    }
    pending = true;
    requestFrame(soon === true);
  }

  function drawNow() {
    if (pending === null) return;
    pending = null;
    lastDraw = performance.now();
    draw();
  }

  function drawOddsText(odds) {
    const { panel } = panels.odds;
    const rows = odds.rows || [];
    const empty = panel.querySelector(".mw-odds-empty");
    empty.textContent = rows.length ? "" : `${odds.title || "Odds"}: ${odds.note || "nothing to show"}`;
    empty.hidden = rows.length > 0;
    const notes = panel.querySelector(".mw-odds-notes");
    notes.innerHTML = rows.length
      ? "<details><summary>How these odds are worked out</summary><ul>" +
        rows
          .map((r) => `<li><b>${escapeHtml(r.label)}: ${(r.p * 100).toFixed(1)}%</b>. ${escapeHtml(r.text)}</li>`)
          .join("") +
        "</ul></details>"
      : "";
  }

  function drawCoach(colour) {
    const value = model.get("coach") || {};
    const chart = value.chart || {};
    const rows = chart.rows || [];
    coach.hidden = !value.on;
    coachStatus.textContent = value.status || "";
    coachTitle.textContent = chart.title || "Coach: each move's chance of winning";
    const words = coachWords(chart);
    if (JSON.stringify(words) !== coachList.dataset.words) {
      coachList.dataset.words = JSON.stringify(words);
      coachList.replaceChildren(...words.map((line) => makeEl("li", null, line)));
    }
    const width = widths.coach || 0;
    if (coach.hidden || width < 50) return;
    const signature = JSON.stringify([chart, width, colour]);
    if (drawn.coach === signature) return;
    drawn.coach = signature;
    coach.classList.toggle("mw-coach-has-data", rows.length > 0);
    if (!rows.length) {
      plotly.purge(coachPlot);
      return;
    }
    // The labels are measured in the font Plotly draws them in, with the page's one
    // canvas (cards.js), to cut each to the room there is (figures.js, fitLabel).
    const ctx = measureCanvas.getContext("2d");
    if (ctx) ctx.font = `${COACH_LABEL_PX}px ${LABEL_FONT}`;
    const measure = ctx ? (text) => ctx.measureText(text).width : estimateWidth;
    const { data, layout } = coachFigure(chart, width, colour, measure);
    plotly.react(coachPlot, data, layout, { displayModeBar: false, responsive: false });
  }

  function draw() {
    if (!plotly || compact === null) return;
    const series = model.get("chart_series") || {};
    const labels = model.get("chart_labels") || {};
    const odds = model.get("odds") || {};
    // Read once, and again only when the theme changed: reading a computed style
    // works out the page's pending style changes first.
    if (colour === null) colour = getComputedStyle(node).color || "#808080";
    drawCoach(colour);
    for (const key of CHART_KEYS) {
      const { panel, plot } = panels[key];
      if (panel.hidden) continue; // drawn when its tab is opened
      const width = widths[key] || 0;
      if (width < 50) continue; // not laid out yet: the resize observer calls again
      const input = key === "odds" ? odds : [series.turns, series[key], labels[key]];
      const signature = JSON.stringify([input, width, colour, compact]);
      if (drawn[key] === signature) continue;
      drawn[key] = signature;
      if (key !== "odds") describeChart(key);
      if (key === "odds") {
        drawOddsText(odds);
        if (!(odds.rows || []).length) {
          plotly.purge(plot);
          continue;
        }
        const { data, layout } = oddsFigure(odds, width, colour);
        plotly.react(plot, data, layout, { displayModeBar: false, responsive: false });
      } else {
        const height = compact ? 230 : key === "money" ? 240 : 190;
        const figure = lineFigure(key, series, labels, width, height, colour, axes[key]);
        axes[key] = figure.axes;
        const shape = frameOf(figure);
        if (frames[key] === shape && plot.data) {
          // Only the points changed: move the traces, keep the axes and title as drawn.
          const points = figure.data.map(({ x, y }) => ({ x, y }));
          plotly.animate(
            plot,
            { data: points, traces: points.map((_, i) => i) },
            { transition: { duration: 0 }, frame: { duration: 0, redraw: false }, mode: "immediate" },
          ).catch(() => {
            // Cut short by a newer drawing: draw the whole figure next time.
            frames[key] = null;
            schedule();
          });
        } else {
          frames[key] = shape;
          plotly.react(plot, figure.data, figure.layout, { displayModeBar: false, responsive: false });
        }
      }
    }
  }

  const loading = makeEl("div", "mw-charts-loading", "Loading charts…");
  node.appendChild(loading);
  function load() {
    loadPlotly(model)
      .then((library) => {
        plotly = library;
        loading.remove();
        schedule();
      })
      .catch((error) => {
        failed = String(error);
        loading.textContent = `The charts could not load: ${failed}`;
      });
  }
  load();
  // marimo closed the library this table named and Python named another
  // (plotly_library.py): try again from it if Plotly is not loaded yet.
  const onLibrary = () => {
    if (!plotly) load();
  };

  // Each panel's width, as the browser reports it after layout (a hidden panel is 0).
  const resize = new ResizeObserver((entries) => {
    for (const entry of entries) widths[entry.target.dataset.chart] = Math.floor(entry.contentRect.width);
    schedule();
  });
  for (const key of CHART_KEYS) resize.observe(panels[key].panel);
  resize.observe(coach);
  // The Jupyter theme (attributes on the body) or marimo's (a class or data-theme on
  // the page) changes the text colour: redraw in the new one.
  const theme = new MutationObserver(() => {
    colour = null;
    schedule();
  });
  const themeAttributes = ["data-jp-theme-light", "data-jp-theme-name", "class", "data-theme"];
  for (const page of [document.documentElement, document.body]) {
    theme.observe(page, { attributes: true, attributeFilter: themeAttributes });
  }
  const soon = () => schedule(true);
  const handlers = [
    ["change:chart_series", soon],
    ["change:chart_labels", soon],
    ["change:odds", soon],
    ["change:coach", () => {
      // Shown or hidden at once (the resize observer then gives its width); drawn in the frame.
      coach.hidden = !(model.get("coach") || {}).on;
      schedule();
    }],
    ["change:playing", soon],
    ["change:plotly", onLibrary],
  ];
  for (const [name, handler] of handlers) model.on(name, handler);
  showTabs();

  function destroy() {
    for (const [name, handler] of handlers) model.off(name, handler);
    resize.disconnect();
    theme.disconnect();
    pending = null;
    if (wait !== null) clearTimeout(wait);
    if (plotly) for (const key of CHART_KEYS) plotly.purge(panels[key].plot);
    if (plotly) plotly.purge(coachPlot);
  }

  return { node, setCompact, drawNow, destroy };
}
