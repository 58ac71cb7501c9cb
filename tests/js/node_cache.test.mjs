import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./load.mjs";

const { nodeCache, setChildren } = load(["node_cache.js"], ["nodeCache", "setChildren"]);

function counter() {
  let made = 0;
  return { make: () => ({ n: (made += 1) }), made: () => made };
}

test("a key asked for again after a draw gets the same node back", () => {
  const cache = nodeCache();
  const c = counter();
  const first = cache.get("a", c.make);
  cache.sweep();
  assert.equal(cache.get("a", c.make), first);
  assert.equal(c.made(), 1);
});

test("the same key twice in one draw gets two nodes (two identical cards)", () => {
  const cache = nodeCache();
  const c = counter();
  const one = cache.get("card", c.make);
  const two = cache.get("card", c.make);
  assert.notEqual(one, two);
  cache.sweep();
  assert.deepEqual(new Set([cache.get("card", c.make), cache.get("card", c.make)]), new Set([one, two]));
  assert.equal(c.made(), 2);
});

test("a node not asked for in a draw is forgotten; clear forgets all", () => {
  const cache = nodeCache();
  const c = counter();
  const a = cache.get("a", c.make);
  cache.sweep();
  cache.sweep(); // a draw that did not ask for "a"
  assert.notEqual(cache.get("a", c.make), a);
  cache.sweep();
  const b = cache.get("b", c.make);
  cache.sweep();
  cache.clear();
  assert.notEqual(cache.get("b", c.make), b);
});

// A parent with the children API setChildren uses.
function fakeParent(children) {
  const parent = { children: [], moves: 0 };
  parent.insertBefore = (node, before) => {
    const at = parent.children.indexOf(node);
    if (at >= 0) parent.children.splice(at, 1);
    const i = before ? parent.children.indexOf(before) : parent.children.length;
    parent.children.splice(i, 0, node);
    parent.moves += 1;
  };
  for (const child of children) adopt(parent, child);
  parent.moves = 0;
  return parent;
}
function adopt(parent, node) {
  node.remove = () => parent.children.splice(parent.children.indexOf(node), 1);
  parent.insertBefore(node, null);
}

test("setChildren leaves the parent with exactly the nodes, in order", () => {
  const [a, b, c, d] = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
  const parent = fakeParent([a, b, c]);
  d.remove = () => parent.children.splice(parent.children.indexOf(d), 1);
  setChildren(parent, [c, d, a]);
  assert.deepEqual(parent.children.map((n) => n.id), ["c", "d", "a"]);
});

test("a list that lost its first line and gained a last one moves nothing else", () => {
  const [a, b, c, d] = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
  const parent = fakeParent([a, b, c]);
  setChildren(parent, [b, c, d]);
  assert.deepEqual(parent.children.map((n) => n.id), ["b", "c", "d"]);
  assert.equal(parent.moves, 1, "only the new line is inserted");
});
