// The charts in words (issue 46): the sentence under each line chart, its data
// table, and lines told apart without their colour.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./load.mjs";

const F = load(["figures.js"], ["chartSummary", "chartTable", "lineFigure", "SEAT_DASHES", "SEAT_SYMBOLS"]);

const LABELS = {
  money: "Money in the bank ($M)",
  properties: "Properties on the table",
  score: "Match score ($)",
  names: ["Player 0", "Player 1", "Player 2"],
  colours: ["#1f77b4", "#ff7f0e", "#2ca02c"],
};
const SERIES = {
  turns: [1, 2, 3],
  money: [[0, 2, 3], [0, 5, 7], [1, 1, 1]],
  properties: [[1, 2, 2], [0, 1, 2], [2, 2, 2]],
  score: [[0, 1200, 1200], [0, 0, 350], [0, 0, 0]],
};

test("the summary says who leads, with how much, at the last turn, and the rest", () => {
  assert.equal(
    F.chartSummary("money", SERIES, LABELS),
    "Money in the bank, turn 3: Player 1 leads with $7M; Player 0 has $3M, Player 2 has $1M.",
  );
  assert.equal(
    F.chartSummary("score", SERIES, LABELS),
    "Match score, turn 3: Player 0 leads with $1,200; Player 1 has $350, Player 2 has $0.",
  );
});

test("the summary names a tie and a level table", () => {
  assert.equal(
    F.chartSummary("properties", SERIES, LABELS),
    "Properties on the table, turn 3: all level at 2.",
  );
  const tie = { turns: [4], properties: [[3], [3], [1]] };
  assert.equal(
    F.chartSummary("properties", tie, LABELS),
    "Properties on the table, turn 4: Player 0 and Player 1 lead with 3; Player 2 has 1.",
  );
});

test("the summary follows the chart: a later step changes it", () => {
  const before = F.chartSummary("money", { turns: [1, 2], money: SERIES.money.map((ys) => ys.slice(0, 2)) }, LABELS);
  assert.notEqual(before, F.chartSummary("money", SERIES, LABELS));
  assert.match(before, /turn 2: Player 1 leads with \$5M/);
});

test("no turns yet, or values hidden from this seat, are said as such", () => {
  assert.equal(F.chartSummary("money", { turns: [], money: [] }, LABELS), "Money in the bank: no turns played yet.");
  const hidden = { turns: [1], money: [[2], [null], [null]] };
  assert.equal(F.chartSummary("money", hidden, LABELS), "Money in the bank, turn 1: Player 0 has $2M.");
});

test("the data table has a row per turn and a column per player, in the chart's unit", () => {
  const table = F.chartTable("money", SERIES, LABELS);
  assert.equal(table.caption, "Money in the bank ($M)");
  assert.deepEqual(table.head, ["Turn", "Player 0", "Player 1", "Player 2"]);
  assert.deepEqual(table.rows, [
    ["1", "$0M", "$0M", "$1M"],
    ["2", "$2M", "$5M", "$1M"],
    ["3", "$3M", "$7M", "$1M"],
  ]);
});

test("each player's line has its own dash and marker, named in a legend", () => {
  const { data, layout } = F.lineFigure("money", SERIES, LABELS, 400, 240, "#000");
  const dashes = data.map((trace) => trace.line.dash);
  const symbols = data.map((trace) => trace.marker.symbol);
  assert.equal(new Set(dashes).size, 3);
  assert.equal(new Set(symbols).size, 3);
  assert.ok(data.every((trace) => trace.mode.includes("markers")));
  assert.equal(layout.showlegend, true);
  assert.deepEqual(data.map((trace) => trace.name), LABELS.names);
});

test("the coach's bars are read as words, best first", () => {
  const { coachWords } = load(["figures.js"], ["coachWords"]);
  const chart = {
    rows: [
      { text: "Lay Boardwalk", probability: 0.62, low: 0.55, high: 0.69, best: true },
      { text: "End your turn", probability: 0.4, low: 0.31, high: 0.48, best: false },
    ],
  };
  assert.deepEqual(coachWords(chart), [
    "Best: Lay Boardwalk: 62% chance of winning (55% to 69%)",
    "End your turn: 40% chance of winning (31% to 48%)",
  ]);
});

test("a coach move with no playout is read as not measured, not as 0%", () => {
  const { coachWords } = load(["figures.js"], ["coachWords"]);
  const chart = {
    rows: [
      { text: "Lay Boardwalk", probability: 0, low: 0, high: 1, playouts: 0, best: false },
      { text: "End your turn", probability: 0.5, low: 0.1, high: 0.9, playouts: 2, best: true },
    ],
  };
  assert.deepEqual(coachWords(chart), [
    "Lay Boardwalk: not measured",
    "Best: End your turn: 50% chance of winning (10% to 90%)",
  ]);
});
