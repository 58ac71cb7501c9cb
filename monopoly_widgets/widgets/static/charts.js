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

// The coach panel (trait "coach": {on, status, chart}) sits above the charts,
// shown only while the Coach button is pressed; its chart is coach/chart.py's
// chart_data: one bar per move with its 95% interval as whiskers, best in green.
const COACH_ROW_PX = 34;
const COACH_BEST = "#2e7d32";
const COACH_OTHER = "#7f8c9a";

// The line charts' x axis spans at least this many turns.
const MIN_TURNS = 4;
const CHART_KEYS = ["money", "properties", "sets", "odds"];
const CHART_TABS = { money: "Money", properties: "Properties", sets: "Sets", odds: "Odds" };
const PLOTLY_KEY = "__monopolyWidgetsPlotly";
// Longer than ipywidgets' 100 ms model-lookup poll (see loadPlotly).
const PLOTLY_EVAL_DELAY_MS = 300;
const GRID = "rgba(128,128,128,0.3)";
const PLAYING_CHART_MS = 250;
// Odds rows: the label's line, then its bar.
const ODDS_ROW_PX = 40;
const ODDS_LABEL_SHIFT_PX = 7;

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

// The axes grow in these steps (times a power of ten), so that a growing
// series changes its ranges only now and then.
const NICE = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
function niceCeil(value) {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const m of NICE) if (m * power >= value - 1e-9) return m * power;
  return 10 * power;
}

// Whole-number ticks: 1, 2, 5, 10, 20, 50 ... so that no axis shows 0.2 of a turn.
function wholeStep(span, ticks = 5) {
  const raw = Math.max(1, span / ticks);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

function maxOf(lists) {
  let max = 0;
  for (const list of lists) for (const v of list || []) if (v !== null && v > max) max = v;
  return max;
}

function baseLayout(title, width, height, colour) {
  return {
    title: { text: title, font: { size: 14 }, x: 0.02, xanchor: "left", y: 0.98, yanchor: "top" },
    width,
    height,
    margin: { l: 40, r: 8, t: 30, b: 34 },
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    font: { size: 12, color: colour },
    showlegend: false,
    xaxis: { gridcolor: GRID, zeroline: false },
    yaxis: { gridcolor: GRID, zeroline: false, rangemode: "tozero" },
  };
}

// An axis's top, in NICE steps. The one drawn last (`kept`) stays while it
// still fits the data (at or above it, and not more than half as much again):
// changing an axis redraws the whole figure, while moving the lines alone is
// cheap. When it must grow, it grows to a NICE step with a quarter to spare,
// so that a growing series changes its axes about half as often.
function axisTop(value, kept) {
  const least = niceCeil(value);
  if (kept === undefined) return least;
  if (kept >= least && kept <= niceCeil(value * 1.5)) return kept;
  return kept < least ? niceCeil(value * 1.25) : least;
}

function lineFigure(key, series, labels, width, height, colour, kept = {}) {
  const turns = series.turns || [];
  const values = series[key] || [];
  const stepped = key !== "money";
  const single = turns.length <= 1;
  const players = values.length;
  const data = values.map((ys, seat) => ({
    type: "scatter",
    // One turn so far is one point per player, which a line alone would not draw.
    mode: single ? "markers" : "lines",
    name: (labels.names || [])[seat] || `Player ${seat}`,
    x: turns,
    y: ys,
    line: { color: (labels.colours || [])[seat], width: 3, shape: stepped ? "hv" : "linear" },
    // At the first turn the players' points often coincide (everyone at 0): rings
    // of decreasing size, the first player's widest and drawn first, so every
    // colour shows around the next.
    marker: single
      ? { size: 8 + 6 * (players - 1 - seat), color: (labels.colours || [])[seat], line: { width: 0 } }
      : { size: 5 },
    hovertemplate: "%{fullData.name}: %{y}<extra>turn %{x}</extra>",
  }));
  const layout = baseLayout(labels[key] || key, width, height, colour);
  const lastTurn = turns.length ? turns[turns.length - 1] : 1;
  const firstTurn = turns.length ? turns[0] : 0;
  // At least MIN_TURNS turns wide, growing in NICE steps, and a little room
  // before the first turn and under zero: at step 0 the one point per player
  // (often $0) then stands clear of the axes' corner and reads as data.
  const span = Math.max(MIN_TURNS, axisTop(lastTurn - firstTurn, kept.span));
  const lastShown = firstTurn + span;
  const xPad = Math.max(0.3, span * 0.02);
  layout.xaxis = {
    ...layout.xaxis,
    title: { text: "turn", standoff: 2, font: { size: 12 } },
    range: [firstTurn - xPad, lastShown + xPad],
    dtick: wholeStep(span),
    tickformat: "d",
  };
  const top = Math.max(1, axisTop(maxOf(values), kept.top));
  layout.yaxis = {
    ...layout.yaxis,
    range: [-top * 0.06, top * 1.08],
    dtick: wholeStep(top, 4),
    tickformat: ",d",
  };
  layout.margin.b = 38;
  return { data, layout, axes: { span, top } };
}

// Everything of a line figure but its points: when this is unchanged, the
// points alone are moved (Plotly.animate), not the whole figure redrawn.
function frameOf(figure) {
  const style = figure.data.map(({ x, y, ...rest }) => rest);
  return JSON.stringify([style, figure.layout]);
}

// Odds as one bar per row, each row's label on its own line above its bar, so
// the bars get the panel's whole width and no label is dropped or shrunk.
function oddsFigure(odds, width, colour) {
  const rows = odds.rows || [];
  const height = 44 + rows.length * ODDS_ROW_PX;
  const index = rows.map((_, i) => i);
  const data = [
    {
      type: "bar",
      orientation: "h",
      y: index,
      x: rows.map((r) => r.p),
      width: 0.42,
      text: rows.map((r) => `${Math.round(r.p * 100)}%`),
      textposition: "outside",
      cliponaxis: false,
      textfont: { size: 12, color: colour },
      marker: { color: "#1976d2" },
      hovertext: rows.map((r) => `${r.label}: ${r.text}`),
      hoverinfo: "text",
    },
  ];
  const layout = baseLayout(odds.title || "Odds", width, height, colour);
  layout.margin = { l: 8, r: 40, t: 34, b: 24 };
  layout.xaxis = { ...layout.xaxis, range: [0, 1], tickformat: ".0%", dtick: 0.25, fixedrange: true };
  layout.yaxis = {
    autorange: "reversed",
    showticklabels: false,
    showgrid: false,
    fixedrange: true,
    range: [rows.length - 0.5, -0.5],
  };
  layout.annotations = rowLabels(
    rows.map((r) => r.label),
    13,
    colour,
  );
  return { data, layout };
}

// Text for Plotly: with MathJax on the page (JupyterLab has it), Plotly typesets
// anything between two "$" as maths, so "Bank $1M as $1M" would vanish; an
// entity is drawn as "$" but not read as maths.
// One label per bar, on its own line above it (odds panel and coach panel alike).
function rowLabels(texts, size, colour) {
  return texts.map((text, i) => ({
    x: 0,
    y: i,
    xref: "x",
    yref: "y",
    xanchor: "left",
    yanchor: "bottom",
    yshift: ODDS_LABEL_SHIFT_PX,
    showarrow: false,
    text: plotlyText(text),
    font: { size, color: colour },
  }));
}

function plotlyText(text) {
  return escapeHtml(text).replace(/\$/g, "&#36;");
}

// The coach's moves, best first as sent, each label on its own line above its bar.
function coachFigure(chart, width, colour) {
  const rows = chart.rows || [];
  const height = 34 + rows.length * COACH_ROW_PX;
  const percent = (p) => `${Math.round(p * 100)}%`;
  const data = [
    {
      type: "bar",
      orientation: "h",
      y: rows.map((_, i) => i),
      x: rows.map((r) => r.probability),
      width: 0.42,
      error_x: {
        type: "data",
        symmetric: false,
        array: rows.map((r) => Math.max(0, r.high - r.probability)),
        arrayminus: rows.map((r) => Math.max(0, r.probability - r.low)),
        color: colour,
        thickness: 1.5,
        width: 5,
      },
      marker: { color: rows.map((r) => (r.best ? COACH_BEST : COACH_OTHER)) },
      hovertext: rows.map(
        (r) => `${plotlyText(r.text)}<br>${percent(r.probability)} (${percent(r.low)} to ${percent(r.high)}), ${r.playouts} playouts`,
      ),
      hoverinfo: "text",
    },
  ];
  // The title is the panel's own text line (it wraps; a Plotly title would be cut).
  const layout = baseLayout("", width, height, colour);
  layout.margin = { l: 8, r: 12, t: 8, b: 26 };
  layout.xaxis = { ...layout.xaxis, range: [0, 1], tickformat: ".0%", dtick: 0.25, fixedrange: true };
  layout.yaxis = { showticklabels: false, showgrid: false, fixedrange: true, range: [rows.length - 0.5, -0.5] };
  layout.annotations = rowLabels(
    rows.map(
      (r) =>
        `${r.best ? "★ best: " : ""}${r.label}: ${percent(r.probability)} ` +
        `(${percent(r.low)} to ${percent(r.high)})`,
    ),
    12,
    colour,
  );
  return { data, layout };
}

function escapeHtml(text) {
  return String(text).replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
}

// The chart area of one table view. Returns {node, setCompact, drawNow, destroy}.
// `requestFrame(soon)` asks the table to call drawNow in its next draw (right
// after the message when `soon`, else in the next animation frame), before it
// writes its own DOM: Plotly measures text as it draws, and a measurement after
// the table's writes would lay out the whole table first.
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
  coach.append(coachTitle, coachStatus, coachPlot);
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
    const plot = makeEl("div", "mw-plot");
    panel.appendChild(plot);
    if (key === "odds") {
      panel.appendChild(makeEl("div", "mw-odds-empty"));
      panel.appendChild(makeEl("div", "mw-odds-notes"));
    }
    node.appendChild(panel);
    panels[key] = { panel, plot };
  }

  function showTabs() {
    tabs.hidden = !compact;
    for (const key of CHART_KEYS) {
      const on = !compact || key === activeTab;
      panels[key].panel.hidden = !on;
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
    const { data, layout } = coachFigure(chart, width, colour);
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
