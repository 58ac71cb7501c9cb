// The charts' figures: pure functions from the traits' data to Plotly figures
// ({data, layout}), with no DOM and no Plotly call, so that they are tested under
// node (tests/js/figures.test.mjs). charts.js draws what these return.
//
// Why the axes grow in steps: Plotly.react redraws the whole figure (axes, ticks,
// title), about twice the work of moving the lines alone. The axes' ranges grow in
// steps (4, 5, 6, 8, 10, 12, 15, 20 ... turns), so most steps change only the lines'
// points, which charts.js then moves with Plotly.animate (see frameOf).

// The coach panel (trait "coach": {on, status, chart}) sits above the charts,
// shown only while the Coach button is pressed; its chart is coach/chart.py's
// chart_data: one bar per move with its 95% interval as whiskers, best in green.
const COACH_ROW_PX = 34;
const COACH_BEST = "#2e7d32";
const COACH_OTHER = "#7f8c9a";
// The row labels' font: Plotly's own, named so that charts.js measures the coach's
// labels in the font they are drawn in (see fitLabel).
const LABEL_FONT = '"Open Sans", verdana, arial, sans-serif';
const COACH_LABEL_PX = 12;
const COACH_MARGIN = { l: 8, r: 12, t: 8, b: 26 };
// Where no text can be measured (node): an average 12px character is about 7px wide.
const estimateWidth = (text) => text.length * 7;

// The line charts' x axis spans at least this many turns.
const MIN_TURNS = 4;
const GRID = "rgba(128,128,128,0.3)";
// Odds rows: the label's line, then its bar.
const ODDS_ROW_PX = 40;
const ODDS_LABEL_SHIFT_PX = 7;

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

// Each seat's line is told apart without its colour: a dash pattern and a marker
// shape of its own (WCAG 1.4.1), named in the legend.
const SEAT_DASHES = ["solid", "dash", "dot", "dashdot", "longdash", "longdashdot"];
const SEAT_SYMBOLS = ["circle", "square", "diamond", "triangle-up", "x", "star", "cross", "hexagon"];

// The unit a chart's title names: "($M)" money in millions, "($)" dollars, else a count.
function formatValue(title, value) {
  if (value === null || value === undefined) return "no value";
  if (/\(\$M\)/.test(title)) return `$${value}M`;
  if (/\(\$\)/.test(title)) return `$${Number(value).toLocaleString("en-US")}`;
  return String(value);
}

// The title without its unit: "Money in the bank ($M)" -> "Money in the bank".
function plainTitle(title) {
  return title.replace(/\s*\([^)]*\)\s*$/, "");
}

// One sentence that says what a line chart shows now, for a reader who cannot see
// it: who leads, with how much, at which turn, and what everyone else has.
function chartSummary(key, series, labels) {
  const title = labels[key] || key;
  const turns = series.turns || [];
  const values = series[key] || [];
  const names = labels.names || [];
  if (!turns.length || !values.length) return `${plainTitle(title)}: no turns played yet.`;
  const last = values.map((ys, seat) => ({ name: names[seat] || `Player ${seat}`, value: ys[ys.length - 1] }));
  const known = last.filter((s) => s.value !== null && s.value !== undefined);
  const turn = turns[turns.length - 1];
  const head = `${plainTitle(title)}, turn ${turn}: `;
  if (!known.length) return `${head}not shown from this seat.`;
  const top = Math.max(...known.map((s) => s.value));
  const leaders = known.filter((s) => s.value === top);
  const rest = known.filter((s) => s.value !== top);
  const value = formatValue(title, top);
  let text =
    leaders.length === known.length
      ? `${known.length > 1 ? "all level at" : `${leaders[0].name} has`} ${value}`
      : `${leaders.map((s) => s.name).join(" and ")} ${leaders.length > 1 ? "lead" : "leads"} with ${value}`;
  if (rest.length) text += `; ${rest.map((s) => `${s.name} has ${formatValue(title, s.value)}`).join(", ")}`;
  return `${head}${text}.`;
}

// The data behind a line chart as a table: {caption, head, rows}, a row per turn.
function chartTable(key, series, labels) {
  const title = labels[key] || key;
  const values = series[key] || [];
  const names = values.map((_, seat) => (labels.names || [])[seat] || `Player ${seat}`);
  const rows = (series.turns || []).map((turn, i) => [
    String(turn),
    ...values.map((ys) => formatValue(title, ys[i])),
  ]);
  return { caption: title, head: ["Turn", ...names], rows };
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
    mode: single ? "markers" : "lines+markers",
    name: (labels.names || [])[seat] || `Player ${seat}`,
    x: turns,
    y: ys,
    line: {
      color: (labels.colours || [])[seat],
      width: 3,
      shape: stepped ? "hv" : "linear",
      dash: SEAT_DASHES[seat % SEAT_DASHES.length],
    },
    // At the first turn the players' points often coincide (everyone at 0): rings
    // of decreasing size, the first player's widest and drawn first, so every
    // colour shows around the next.
    marker: single
      ? { size: 8 + 6 * (players - 1 - seat), color: (labels.colours || [])[seat], line: { width: 0 } }
      : { size: 7, symbol: SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length] },
    hovertemplate: "%{fullData.name}: %{y}<extra>turn %{x}</extra>",
  }));
  const layout = baseLayout(labels[key] || key, width, height, colour);
  // The legend names each line's dash and marker, beside the title.
  layout.showlegend = players > 1;
  layout.legend = {
    orientation: "h", x: 1, xanchor: "right", y: 1, yanchor: "bottom",
    font: { size: 11 }, bgcolor: "rgba(0,0,0,0)",
  };
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

// One label per bar, above it (odds panel and coach panel alike): at row i, or at
// `at[i]`. A label is a text, or its lines (drawn one under the other).
function rowLabels(texts, size, colour, at = null) {
  return texts.map((text, i) => ({
    x: 0,
    y: at ? at[i] : i,
    xref: "x",
    yref: "y",
    xanchor: "left",
    yanchor: "bottom",
    align: "left", // a label of several lines reads from the left edge, like the others
    yshift: ODDS_LABEL_SHIFT_PX,
    showarrow: false,
    text: [].concat(text).map(plotlyText).join("<br>"),
    font: { size, color: colour, family: LABEL_FONT },
  }));
}

// Text for Plotly: with MathJax on the page (JupyterLab has it), Plotly typesets
// anything between two "$" as maths, so "Bank $1M as $1M" would vanish; an
// entity is drawn as "$" but not read as maths.
function plotlyText(text) {
  return escapeHtml(text).replace(/\$/g, "&#36;");
}

// A coach label that fits `room` px: `prefix`, the move's `name` and the numbers
// (`suffix`). The numbers are what a student reads the label for, and SVG text past
// the plot's edge is cut off unseen, so the name gives way: it is shortened with
// "…" (the bar's hover shows it whole) to the longest start that leaves room.
// `measure(text)` is the text's width in px.
function fitLabel(prefix, name, suffix, room, measure) {
  if (measure(prefix + name + suffix) <= room) return prefix + name + suffix;
  const cut = (n) => `${prefix}${name.slice(0, n).trimEnd()}…${suffix}`;
  let low = 0;
  let high = name.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (measure(cut(mid)) <= room) low = mid;
    else high = mid - 1;
  }
  return cut(low);
}

// The most lines a coach label takes before its name is cut.
const COACH_MAX_LINES = 3;

// A coach label as lines that each fit `room` px: the words of `prefix` and `name`
// wrapped, the numbers (`suffix`) ending the last line. Why wrap rather than cut:
// moves of one card differ late in their names ("Play Forced Deal: swap your
// Atlantic Avenue (Yellow) for player 0's Boardwalk (Dark Blue)"), so names cut to
// one line read alike in a narrow panel, and a student cannot tell which Forced
// Deal is best. Past `maxLines` the last line is cut with "…" (fitLabel); a word
// wider than a whole line is cut the same way.
function wrapLabel(prefix, name, suffix, room, measure, maxLines = COACH_MAX_LINES) {
  const words = `${prefix}${name}`.split(" ").filter((w) => w);
  if (!words.length) return [suffix.replace(/^: /, "")];
  const lines = [];
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const last = i === words.length - 1;
    const joined = `${line}${line ? " " : ""}${words[i]}${last ? suffix : ""}`;
    const spare = lines.length < maxLines - 1; // a line to go on to after this one
    if (measure(joined) <= room) {
      line = joined;
    } else if (spare && line) {
      lines.push(line); // the word starts the next line
      line = "";
      i -= 1;
    } else if (spare && !last) {
      lines.push(fitLabel("", words[i], "", room, measure)); // a word wider than a line
    } else {
      // The last line: the rest of the name, cut to leave room for the numbers.
      const rest = [line, ...words.slice(i)].filter((w) => w).join(" ");
      return [...lines, fitLabel("", rest, suffix, room, measure)];
    }
  }
  return [...lines, line];
}

// The coach's chart in words, a line per move, best first as drawn: what a screen
// reader reads in place of the bars.
function coachWords(chart) {
  const percent = (p) => `${Math.round(p * 100)}%`;
  return (chart.rows || []).map((r) =>
    r.playouts !== 0
      ? `${r.best ? "Best: " : ""}${r.text}: ${percent(r.probability)} chance of winning (${percent(r.low)} to ${percent(r.high)})`
      : `${r.text}: ${COACH_NOT_MEASURED}`,
  );
}

// A move with no playout (fewer playouts than moves) has no figures: it says so
// instead of "0% (0% to 100%)" (coach/result.py's NOT_MEASURED).
const COACH_NOT_MEASURED = "not measured";

// A coach row's figures in words: chance and interval, or that it was not measured
// (a row with no playouts count, as older callers send, counts as measured).
function coachFigures(r, percent) {
  return r.playouts !== 0 ? `${percent(r.probability)} (${percent(r.low)} to ${percent(r.high)})` : COACH_NOT_MEASURED;
}

// Coach rows in px: a bar and one line of label, and this much for each further line.
const COACH_LINE_PX = 16; // Plotly sets lines 1.3 font sizes apart
const COACH_BAR_PX = 14;

// The coach's moves, best first as sent, each label above its bar (wrapped to the
// plot's width: wrapLabel; `measure` as there, an estimate by default). The y axis
// counts px from the top, so that a row of three lines takes more room than a row of one.
function coachFigure(chart, width, colour, measure = estimateWidth) {
  const rows = chart.rows || [];
  const percent = (p) => `${Math.round(p * 100)}%`;
  // A label starts at the plot's left edge; a few px spare for Plotly's padding.
  const room = width - COACH_MARGIN.l - COACH_MARGIN.r - 4;
  const labels = rows.map((r) =>
    wrapLabel(
      r.best ? "★ best: " : "",
      r.text, // the whole move: wrapped here, to the room there is
      `: ${coachFigures(r, percent)}`,
      room,
      measure,
    ),
  );
  // Each bar's centre: its row's bottom half is the bar, as in a row of one line.
  const centres = [];
  let top = 0;
  for (const lines of labels) {
    const tall = COACH_ROW_PX + COACH_LINE_PX * (lines.length - 1);
    centres.push(top + tall - COACH_ROW_PX / 2);
    top += tall;
  }
  const data = [
    {
      type: "bar",
      orientation: "h",
      y: centres,
      x: rows.map((r) => r.probability),
      width: COACH_BAR_PX,
      error_x: {
        type: "data",
        symmetric: false,
        // No whisker for a move not measured: its "0 to 100%" is no interval.
        array: rows.map((r) => (r.playouts !== 0 ? Math.max(0, r.high - r.probability) : 0)),
        arrayminus: rows.map((r) => (r.playouts !== 0 ? Math.max(0, r.probability - r.low) : 0)),
        color: colour,
        thickness: 1.5,
        width: 5,
      },
      marker: { color: rows.map((r) => (r.best ? COACH_BEST : COACH_OTHER)) },
      hovertext: rows.map(
        (r) =>
          `${plotlyText(r.text)}<br>${coachFigures(r, percent)}` + (r.playouts !== 0 ? `, ${r.playouts} playouts` : ""),
      ),
      hoverinfo: "text",
    },
  ];
  // The title is the panel's own text line (it wraps; a Plotly title would be cut).
  const layout = baseLayout("", width, COACH_MARGIN.t + COACH_MARGIN.b + top, colour);
  layout.margin = { ...COACH_MARGIN };
  layout.xaxis = { ...layout.xaxis, range: [0, 1], tickformat: ".0%", dtick: 0.25, fixedrange: true };
  layout.yaxis = { showticklabels: false, showgrid: false, fixedrange: true, range: [top, 0] };
  layout.annotations = rowLabels(
    labels,
    COACH_LABEL_PX,
    colour,
    centres,
  );
  return { data, layout };
}

function escapeHtml(text) {
  return String(text).replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
}
