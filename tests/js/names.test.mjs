import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./load.mjs";

const { nameWords, lineCount, fitNameWith, NAME_FONT_PX, NAME_MIN_PX, NAME_LINE } = load(
  ["names.js"],
  ["nameWords", "lineCount", "fitNameWith", "NAME_FONT_PX", "NAME_MIN_PX", "NAME_LINE"],
);

// A stand-in for a canvas context: every character is 0.6 of the font size wide.
function fakeContext() {
  return {
    font: "700 10px sans-serif",
    measureText(text) {
      const size = Number(/([\d.]+)px/.exec(this.font)[1]);
      return { width: text.length * size * 0.6 };
    },
  };
}
const width = (text, size) => text.length * size * 0.6;

test("a name breaks between words and after a slash", () => {
  assert.deepEqual(nameWords("Red/Yellow wild"), ["Red/", "Yellow", "wild"]);
  assert.deepEqual(nameWords("  Park  Place "), ["Park", "Place"]);
});

test("lineCount wraps greedily in the room given", () => {
  const ctx = fakeContext(); // 6 px a character at 10px
  assert.equal(lineCount(ctx, ["Park", "Place"], 100), 1); // 24 + 6 + 30 = 60
  assert.equal(lineCount(ctx, ["Park", "Place"], 59), 2);
  assert.equal(lineCount(ctx, ["Park", "Place", "Boardwalk"], 60), 2);
});

test("a name that fits keeps the normal size and its card's width", () => {
  assert.deepEqual(fitNameWith(fakeContext(), "f", "Park Place", 72, 60), {
    text: "Park Place",
    size: NAME_FONT_PX,
    width: null,
  });
});

test("a name too tall for the card is drawn smaller, never below the minimum", () => {
  // "St. James Place" takes 2 lines of 72 px at any size from 11.5px down; allow
  // 2 lines of 10.5px only: 11.5 and 11 are too tall, 10.5 fits.
  const height = 2 * 10.5 * NAME_LINE + 0.01;
  const fit = fitNameWith(fakeContext(), "f", "St. James Place", 72, height);
  assert.deepEqual(fit, { text: "St. James Place", size: 10.5, width: null });
  const ctx = fakeContext();
  ctx.font = `700 ${fit.size}px f`;
  assert.equal(lineCount(ctx, nameWords(fit.text), 72 * 0.96), 2);
});

test("Avenue is written Ave. only when the full name fits at no size", () => {
  // One line of 80 px: "Kentucky Avenue" is 85.5 px even at 9.5px; "Kentucky Ave." 74.1.
  const oneLine = NAME_MIN_PX * NAME_LINE * 1.5;
  assert.deepEqual(fitNameWith(fakeContext(), "f", "Kentucky Avenue", 80, oneLine), {
    text: "Kentucky Ave.",
    size: NAME_MIN_PX,
    width: null,
  });
  assert.ok(width("Kentucky Ave.", NAME_MIN_PX) <= 80 * 0.96);
  // With room for two lines, the full name is kept at the normal size.
  assert.deepEqual(fitNameWith(fakeContext(), "f", "Kentucky Avenue", 80, 60), {
    text: "Kentucky Avenue",
    size: NAME_FONT_PX,
    width: null,
  });
});

test("a word too wide at the smallest size makes the card wider, name in full", () => {
  const fit = fitNameWith(fakeContext(), "f", "Mediterranean Avenue", 54, 40);
  assert.equal(fit.text, "Mediterranean Avenue");
  assert.equal(fit.size, NAME_MIN_PX);
  assert.ok(fit.width * 0.96 >= width("Mediterranean", NAME_MIN_PX), fit.width);
  assert.ok(fit.width < 54 * 3);
});
