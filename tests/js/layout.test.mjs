import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./load.mjs";

const L = load(
  ["layout.js"],
  ["layoutFor", "nameWidthFor", "nameHeightFor", "focusSeat", "bandBackground", "WIDE_FROM", "ONE_COLUMN_BELOW", "CARD_BOX", "CORNER_ROOM", "NAME_PAD"],
);

test("auto waits for a width, then is compact below WIDE_FROM", () => {
  assert.equal(L.layoutFor("auto", 0), null);
  assert.equal(L.layoutFor("auto", L.WIDE_FROM - 1).compact, true);
  assert.equal(L.layoutFor("auto", L.WIDE_FROM).compact, false);
});

test("a layout the trait names is kept at any width", () => {
  assert.deepEqual(L.layoutFor("wide", 0), { compact: false, oneColumn: false });
  assert.equal(L.layoutFor("wide", 800).compact, false);
  assert.equal(L.layoutFor("compact", 4000).compact, true);
});

test("the charts go under the table below ONE_COLUMN_BELOW", () => {
  assert.equal(L.layoutFor("auto", L.ONE_COLUMN_BELOW - 1).oneColumn, true);
  assert.equal(L.layoutFor("auto", L.ONE_COLUMN_BELOW).oneColumn, false);
});

test("a name's room is the card less its band, padding and corner badge", () => {
  const [wideHeight, wideBand] = L.CARD_BOX.wide;
  const [compactHeight, compactBand] = L.CARD_BOX.compact;
  const property = { kind: "property", corner: "$2M" };
  assert.equal(L.nameHeightFor(property, false), wideHeight - wideBand - L.NAME_PAD - L.CORNER_ROOM);
  assert.equal(L.nameHeightFor({ kind: "property" }, true), compactHeight - compactBand - 2 * L.NAME_PAD);
  // Action and rent cards have a thinner band in the wide layout; an action's tag takes 6 px.
  const action = { kind: "action", corner: "$4M" };
  assert.equal(L.nameHeightFor(action, false), wideHeight - 18 - L.NAME_PAD - L.CORNER_ROOM - 6);
  assert.equal(L.nameHeightFor({ kind: "rent" }, false), wideHeight - 18 - 2 * L.NAME_PAD);
  assert.ok(L.nameWidthFor(true) < L.nameWidthFor(false));
});

test("the seat in focus: the viewer's, else the one deciding, else whose turn it is", () => {
  const seats = [{ seat: 0, turn: true }, { seat: 1, deciding: true }, { seat: 2 }];
  assert.equal(L.focusSeat({ seats, viewer: 2 }), 2);
  assert.equal(L.focusSeat({ seats, viewer: 0 }), 0);
  assert.equal(L.focusSeat({ seats, viewer: null }), 1);
  assert.equal(L.focusSeat({ seats: [{ seat: 0 }, { seat: 1, turn: true }] }), 1);
  assert.equal(L.focusSeat({ seats: [{ seat: 0 }] }), null);
  assert.equal(L.focusSeat({}), null);
});

test("a band is grey, one colour, or equal stripes", () => {
  assert.equal(L.bandBackground([]), "#9e9e9e");
  assert.equal(L.bandBackground(undefined), "#9e9e9e");
  assert.equal(L.bandBackground(["red"]), "red");
  assert.equal(L.bandBackground(["red", "blue"]), "linear-gradient(90deg, red 0% 50%, blue 50% 100%)");
});
