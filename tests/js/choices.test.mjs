import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./load.mjs";

const { choiceMenu, choiceCards, actionsByCard, CHOICE_LIMIT } = load(
  ["choices.js"],
  ["choiceMenu", "choiceCards", "actionsByCard", "CHOICE_LIMIT"],
);

const move = (id, path, extra = {}) => ({ id, text: id, path, ...extra });

test("few moves are all shown at once", () => {
  const list = [move("a", ["Pay", "$1M"]), move("b", ["Pay", "$2M"])];
  assert.deepEqual(choiceMenu(list, [], CHOICE_LIMIT), { depth: 0, leaves: list, groups: [] });
});

test("many moves are grouped by the next label, with their counts", () => {
  const list = [
    ...["1", "2", "3"].map((n) => move(`rent${n}`, ["Rent", `Player ${n}`])),
    ...["1", "2", "3"].map((n) => move(`debt${n}`, ["Debt Collector", `Player ${n}`])),
    move("end", ["End turn"]),
  ];
  const menu = choiceMenu(list, [], 4);
  assert.equal(menu.depth, 0);
  assert.deepEqual(menu.leaves.map((c) => c.id), ["end"]);
  assert.deepEqual(menu.groups, [
    { label: "Rent", path: ["Rent"], count: 3 },
    { label: "Debt Collector", path: ["Debt Collector"], count: 3 },
  ]);
  // The second step: the moves under the label chosen.
  assert.deepEqual(choiceMenu(list, ["Rent"], 4).leaves.map((c) => c.id), ["rent1", "rent2", "rent3"]);
});

test("a label all the moves share is skipped, and a group of one is a move", () => {
  const list = [
    ...["a", "b", "c"].map((x) => move(`pay-${x}`, ["Pay", "Bank", x])),
    ...["d", "e"].map((x) => move(`prop-${x}`, ["Pay", "Property", x])),
    move("pay-lone", ["Pay", "Alone", "z"]),
  ];
  const menu = choiceMenu(list, [], 3);
  assert.equal(menu.depth, 1);
  assert.deepEqual(menu.leaves.map((c) => c.id), ["pay-lone"]);
  assert.deepEqual(menu.groups.map((g) => [g.path, g.count]), [
    [["Pay", "Bank"], 3],
    [["Pay", "Property"], 2],
  ]);
});

test("a move is offered from its card and every identical copy", () => {
  const wild = move("play:7", ["Play"], { card: 7, cards: [7, 9] });
  const bank = move("bank:3", ["Bank"], { card: 3 });
  const end = move("end", ["End turn"], { card: null });
  assert.deepEqual(choiceCards(wild), [7, 9]);
  assert.deepEqual(choiceCards(bank), [3]);
  const byCard = actionsByCard([wild, bank, end]);
  assert.deepEqual([...byCard.keys()], ["7", "9", "3"]);
  assert.deepEqual(byCard.get("9"), [wild]);
});
