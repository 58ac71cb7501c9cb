import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./load.mjs";

const F = load(
  ["figures.js"],
  ["niceCeil", "wholeStep", "maxOf", "axisTop", "lineFigure", "frameOf", "plotlyText", "escapeHtml", "NICE", "MIN_TURNS", "fitLabel", "wrapLabel", "coachFigure", "COACH_MAX_LINES", "COACH_LINE_PX"],
);

test("axes grow in NICE steps", () => {
  assert.equal(F.niceCeil(0), 0);
  assert.equal(F.niceCeil(7), 8);
  assert.equal(F.niceCeil(11), 12);
  assert.equal(F.niceCeil(100), 100);
  for (const value of [0.3, 1, 4.1, 13, 99, 1234]) {
    const top = F.niceCeil(value);
    const power = 10 ** Math.floor(Math.log10(top));
    assert.ok(top >= value && F.NICE.some((m) => Math.abs(m * power - top) < 1e-9), `${value}: ${top}`);
  }
});

test("ticks are whole numbers: 1, 2, 5, 10, 20 ...", () => {
  assert.equal(F.wholeStep(3), 1);
  assert.equal(F.wholeStep(8), 2);
  assert.equal(F.wholeStep(23), 5);
  assert.equal(F.wholeStep(80), 20);
});

test("an axis drawn last stays while it still fits, else grows with room to spare", () => {
  assert.equal(F.axisTop(7), 8);
  assert.equal(F.axisTop(7, 10), 10); // 10 still fits 7 (not more than half as much again)
  assert.equal(F.axisTop(6, 8), 8);
  assert.equal(F.axisTop(5, 20), 5); // too loose: back to the least
  assert.equal(F.axisTop(11, 10), F.niceCeil(11 * 1.25)); // outgrown: a quarter to spare
});

test("maxOf skips gaps", () => {
  assert.equal(F.maxOf([[1, null, 3], undefined, [2]]), 3);
  assert.equal(F.maxOf([]), 0);
});

test("a line figure spans at least MIN_TURNS and moves only its points on a step", () => {
  const labels = { names: ["Ann", "Bo"], colours: ["red", "blue"], money: "Money" };
  const one = F.lineFigure("money", { turns: [1, 2], money: [[0, 3], [1, 2]] }, labels, 300, 200, "#000");
  assert.deepEqual(one.data.map((d) => d.name), ["Ann", "Bo"]);
  assert.ok(one.axes.span >= F.MIN_TURNS);
  const kept = one.axes;
  const two = F.lineFigure("money", { turns: [1, 2, 3], money: [[0, 3, 3], [1, 2, 2]] }, labels, 300, 200, "#000", kept);
  assert.equal(F.frameOf(two), F.frameOf(one), "same axes: only the points change");
  assert.deepEqual(two.data[0].y, [0, 3, 3]);
  const three = F.lineFigure("money", { turns: [1, 2, 3], money: [[0, 3, 9], [1, 2, 2]] }, labels, 300, 200, "#000", kept);
  assert.notEqual(F.frameOf(three), F.frameOf(one), "outgrown: the axes change");
});

test("text for Plotly shows a dollar and never starts maths", () => {
  assert.equal(F.plotlyText("Bank $1M as $1M <b>"), "Bank &#36;1M as &#36;1M &lt;b&gt;");
  assert.equal(F.escapeHtml("a & b"), "a &amp; b");
});

// A stand-in for the browser's measure: every character 7px (as estimateWidth).
const sevenPx = (text) => text.length * 7;

test("a coach label that fits is kept whole", () => {
  assert.equal(F.fitLabel("", "End your turn", ": 50% (15% to 85%)", 300, sevenPx), "End your turn: 50% (15% to 85%)");
});

test("a long move name gives way, so the chance and its interval are always shown", () => {
  const suffix = ": 52% (44% to 61%)";
  const name = "Play Debt Collector: player 0 pays you $5M";
  const fitted = F.fitLabel("★ best: ", name, suffix, 300, sevenPx);
  assert.ok(sevenPx(fitted) <= 300, fitted);
  assert.ok(fitted.startsWith("★ best: Play Debt") && fitted.endsWith(`…${suffix}`), fitted);
  // The longest start that fits: one more character would not.
  const kept = fitted.slice("★ best: ".length, fitted.length - suffix.length - 1);
  assert.ok(sevenPx(`★ best: ${name.slice(0, kept.length + 1)}…${suffix}`) > 300, fitted);
  // No room even for a letter: the numbers still come through.
  assert.equal(F.fitLabel("", name, suffix, 10, sevenPx), `…${suffix}`);
});

// What a label's annotation shows, line by line ("$" as the student reads it).
const shownLines = (note) => note.text.replace(/&#36;/g, "$").split("<br>");

test("every coach label fits the plot's width, money drawn as money", () => {
  const row = (label, p, best = false) => ({ label, text: label, probability: p, low: p - 0.1, high: p + 0.1, playouts: 40, best });
  const chart = {
    rows: [
      row("Play Forced Deal: swap your Mediterranean Avenue for their Boardwalk", 0.6, true),
      row("Bank $4M as $1M", 0.5),
      row("End your turn", 0.4),
    ],
  };
  for (const width of [240, 310, 480]) {
    const { layout } = F.coachFigure(chart, width, "#000", sevenPx);
    const room = width - layout.margin.l - layout.margin.r;
    for (const note of layout.annotations) {
      const lines = shownLines(note);
      for (const line of lines) assert.ok(sevenPx(line) <= room, `${width}px: ${line}`);
      assert.match(lines.at(-1), /: \d+% \(\d+% to \d+%\)$/);
    }
    assert.ok(layout.annotations[0].text.startsWith("★ best: "));
  }
  const wide = F.coachFigure(chart, 900, "#000", sevenPx).layout.annotations;
  assert.equal(wide[1].text, "Bank &#36;4M as &#36;1M: 50% (40% to 60%)");
});

// Five Forced Deals of one position (seed 0, step 50): cut to one line at a laptop's
// panel, every one read "Play Forced Deal: swap you…".
const FORCED = [
  "Play Forced Deal: swap your Pink/Orange wild (Pink) for player 0's New York Avenue (Orange)",
  "Play Forced Deal: swap your Pink/Orange wild (Pink) for player 0's Multicolour wild (Orange)",
  "Play Forced Deal: swap your Atlantic Avenue (Yellow) for player 0's New York Avenue (Orange)",
  "Play Forced Deal: swap your Pennsylvania Railroad (Railroad) for player 0's Dark Blue/Green wild (Dark Blue)",
  "Play Forced Deal: swap your Pacific Avenue (Green) for player 0's Dark Blue/Green wild (Dark Blue)",
];

test("moves of one card stay apart: their labels wrap instead of being cut alike", () => {
  const suffix = ": 38% (14% to 69%)";
  const room = 286; // the coach panel on a 1366px laptop
  const oneLine = FORCED.map((name) => F.fitLabel("", name, suffix, room, sevenPx));
  assert.equal(new Set(oneLine).size, 1, oneLine.join("\n")); // what a student saw before
  const wrapped = FORCED.map((name) => F.wrapLabel("", name, suffix, room, sevenPx));
  assert.equal(new Set(wrapped.map((lines) => lines.join(" "))).size, FORCED.length);
  for (const lines of wrapped) {
    assert.ok(lines.length <= F.COACH_MAX_LINES, lines.join(" | "));
    for (const line of lines) assert.ok(sevenPx(line) <= room, line);
    assert.ok(lines.at(-1).endsWith(suffix), lines.at(-1));
  }
  // A label that fits its lines is whole: its words in order, nothing cut.
  assert.equal(wrapped[2].join(" "), `${FORCED[2]}${suffix}`);
});

test("a name too long for its lines is cut on the last one, the numbers kept", () => {
  const suffix = ": 5% (1% to 20%)";
  const lines = F.wrapLabel("★ best: ", FORCED[3], suffix, 180, sevenPx, 2);
  assert.equal(lines.length, 2);
  assert.ok(lines[0].startsWith("★ best: Play Forced Deal:"), lines[0]);
  assert.ok(lines[1].endsWith(`…${suffix}`), lines[1]);
  for (const line of lines) assert.ok(sevenPx(line) <= 180, line);
  // Whole words move to the next line; a word wider than a line is cut.
  assert.deepEqual(F.wrapLabel("", "End your turn", ": 1% (0% to 5%)", 1000, sevenPx), ["End your turn: 1% (0% to 5%)"]);
  const narrow = F.wrapLabel("", "Pennsylvania Railroad", "", 56, sevenPx);
  for (const line of narrow) assert.ok(sevenPx(line) <= 56, line);
  assert.ok(narrow[0].endsWith("…"), narrow.join(" | "));
});

test("a row of three lines takes the room of three: no label runs into the bar above", () => {
  const row = (text, p) => ({ text, probability: p, low: p - 0.1, high: p + 0.1, playouts: 40, best: false });
  const chart = { rows: [row(FORCED[3], 0.4), row("End your turn", 0.3), row(FORCED[0], 0.2)] };
  const { data, layout } = F.coachFigure(chart, 310, "#000", sevenPx);
  const centres = data[0].y;
  const lines = layout.annotations.map((note) => shownLines(note).length);
  assert.deepEqual(lines, [3, 1, 3]);
  // Each label sits above its bar, and its top stays below the bar before it (the first
  // one's, inside the plot's top margin).
  for (let i = 0; i < centres.length; i++) {
    assert.equal(layout.annotations[i].y, centres[i]);
    assert.equal(layout.annotations[i].align, "left");
    const labelTop = centres[i] - layout.annotations[i].yshift - F.COACH_LINE_PX * lines[i];
    const barAbove = i ? centres[i - 1] + data[0].width / 2 : -layout.margin.t;
    assert.ok(labelTop >= barAbove - 1, `row ${i}: label top ${labelTop}, bar above ends ${barAbove}`);
  }
  // The plot is as tall as its rows, the y axis counting px from the top.
  assert.deepEqual(layout.yaxis.range, [layout.height - layout.margin.t - layout.margin.b, 0]);
});

test("a coach move with no playout says not measured and draws no interval", () => {
  const chart = {
    rows: [
      { text: "End your turn", probability: 0.5, low: 0.2, high: 0.8, playouts: 4, best: true },
      { text: "Bank $1M", probability: 0, low: 0, high: 1, playouts: 0, best: false },
    ],
  };
  const { data, layout } = F.coachFigure(chart, 900, "#000");
  assert.ok(layout.annotations[1].text.endsWith(": not measured"), layout.annotations[1].text);
  assert.deepEqual(data[0].error_x.array, [0.8 - 0.5, 0]);
  assert.deepEqual(data[0].error_x.arrayminus, [0.5 - 0.2, 0]);
  assert.ok(!data[0].hovertext[1].includes("0 playouts") && data[0].hovertext[1].endsWith("not measured"));
});
