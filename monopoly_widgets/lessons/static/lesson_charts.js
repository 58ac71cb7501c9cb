// A lesson's Plotly chart, drawn in the colours of the page's theme.
//
// The figure comes from Python without colours for paper, plot, text or grid;
// this module fills them in from the element's own computed text colour, and
// draws again when JupyterLab switches between its light and dark themes or
// the output changes width. Plotly's source is shared with the explorer's
// charts: one model (widgets/charts.py PlotlyLibrary), evaluated once a page
// under the same global key.

const PLOTLY_KEY = "__monopolyWidgetsPlotly";
const GRID = "rgba(128,128,128,0.3)";

function loadPlotly(model) {
  if (!globalThis[PLOTLY_KEY]) {
    globalThis[PLOTLY_KEY] = (async () => {
      const id = String(model.get("plotly") || "").replace(/^IPY_MODEL_/, "");
      if (!id) throw new Error("the chart has no Plotly library model");
      const library = await model.widget_manager.get_model(id);
      // Evaluating Plotly is one long task: let the page's other widgets find their
      // models first (Voila gives up on a lookup after 2 s; see widgets/static/charts.js).
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (globalThis.requestIdleCallback) {
        await new Promise((resolve) => globalThis.requestIdleCallback(resolve, { timeout: 2000 }));
      }
      const source = new TextDecoder().decode(library.get("source"));
      const module = { exports: {} };
      new Function("module", "exports", "define", source)(module, module.exports, undefined);
      return module.exports;
    })().catch((error) => {
      globalThis[PLOTLY_KEY] = null; // the next chart tries again
      throw error;
    });
  }
  return globalThis[PLOTLY_KEY];
}

// The figure with the theme's colours wherever Python left a colour unset.
function themed(figure, colour, width) {
  const layout = JSON.parse(JSON.stringify(figure.layout || {}));
  layout.paper_bgcolor = "rgba(0,0,0,0)";
  layout.plot_bgcolor = "rgba(0,0,0,0)";
  layout.font = { ...(layout.font || {}), color: colour };
  layout.width = width;
  for (const key of Object.keys(layout)) {
    if (/^[xy]axis\d*$/.test(key)) {
      layout[key] = { gridcolor: GRID, linecolor: GRID, zerolinecolor: GRID, ...layout[key] };
    }
  }
  layout.xaxis = { gridcolor: GRID, linecolor: GRID, zerolinecolor: GRID, ...(layout.xaxis || {}) };
  layout.yaxis = { gridcolor: GRID, linecolor: GRID, zerolinecolor: GRID, ...(layout.yaxis || {}) };
  for (const shape of layout.shapes || []) {
    shape.line = { color: colour, ...(shape.line || {}) };
  }
  const data = (figure.data || []).map((trace) => {
    const copy = JSON.parse(JSON.stringify(trace));
    for (const bars of ["error_x", "error_y"]) {
      if (copy[bars]) copy[bars] = { color: colour, ...copy[bars] };
    }
    if (copy.type === "table") {
      copy.header = { ...(copy.header || {}), fill: { color: GRID }, line: { color: GRID }, font: { color: colour } };
      copy.cells = { ...(copy.cells || {}), fill: { color: "rgba(0,0,0,0)" }, line: { color: GRID }, font: { color: colour } };
    }
    return copy;
  });
  return { data, layout };
}

// The chart's points as an HTML table (built as nodes: names are text, never markup).
function dataTable({ head = [], rows = [], note = "" }) {
  const table = document.createElement("table");
  const add = (parent, tag, text) => {
    const node = document.createElement(tag);
    node.textContent = text;
    parent.appendChild(node);
    return node;
  };
  if (note) add(table, "caption", note);
  const top = document.createElement("tr");
  for (const text of head) add(top, "th", text).setAttribute("scope", "col");
  table.appendChild(document.createElement("thead")).appendChild(top);
  const body = table.appendChild(document.createElement("tbody"));
  for (const row of rows) {
    const line = body.appendChild(document.createElement("tr"));
    for (const text of row) add(line, "td", text);
  }
  return table;
}

function render({ model, el }) {
  const plot = document.createElement("div");
  plot.className = "mw-lesson-chart";
  plot.setAttribute("role", "img");
  const status = document.createElement("div");
  status.textContent = "Loading the chart…";
  // The chart in words: its name (the plot's label) and, on request, its points.
  const details = document.createElement("details");
  details.className = "mw-lesson-data";
  const summary = document.createElement("summary");
  summary.textContent = "Data table";
  details.append(summary, dataTable(model.get("data_table") || {}));
  el.append(status, plot, details);
  let plotly = null;
  let colour = null;
  let width = 0;
  let drawnAs = "";

  function draw() {
    if (!plotly || width < 50) return;
    if (colour === null) colour = getComputedStyle(el).color || "#808080";
    const figure = model.get("figure") || {};
    const signature = JSON.stringify([figure, colour, width]);
    if (signature === drawnAs) return;
    drawnAs = signature;
    plot.setAttribute("aria-label", model.get("description") || "chart");
    const { data, layout } = themed(figure, colour, width);
    plotly.react(plot, data, layout, { displayModeBar: false, responsive: false });
  }

  const resize = new ResizeObserver((entries) => {
    for (const entry of entries) width = Math.floor(entry.contentRect.width);
    draw();
  });
  resize.observe(el);
  // JupyterLab marks its theme on the body: draw again in the new text colour.
  const theme = new MutationObserver(() => {
    colour = null;
    draw();
  });
  theme.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "data-jp-theme-name"] });
  model.on("change:figure", draw);
  const redrawTable = () => {
    details.replaceChild(dataTable(model.get("data_table") || {}), details.lastChild);
  };
  model.on("change:data_table", redrawTable);
  loadPlotly(model)
    .then((library) => {
      plotly = library;
      status.remove();
      draw();
    })
    .catch((error) => {
      status.textContent = `The chart could not load: ${error}`;
    });
  return () => {
    model.off("change:figure", draw);
    model.off("change:data_table", redrawTable);
    resize.disconnect();
    theme.disconnect();
    if (plotly) plotly.purge(plot);
  };
}

export default { render };
