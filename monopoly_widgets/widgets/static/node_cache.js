// Redrawing by keys: the table's nodes are remembered by the data they show, and a
// parent's children are set to a list touching only what differs. nodeCache is pure
// (tests/js/node_cache.test.mjs); setChildren needs only a node's children API.

// DOM nodes remembered by the data they show. A redraw asks for each node by
// a key made of everything the node shows; the node drawn for that key last
// time comes back as it is (still attached, its style and layout already
// worked out), and only nodes for new keys are built. A step thus restyles
// and lays out the few cards, lines and numbers it changed, not whole seats.
// get(key, make): last draw's node for `key`, else make()'s; sweep(): forget
// the nodes the draw just done did not ask for.
function nodeCache() {
  let previous = new Map();
  let current = new Map();
  return {
    get(key, make) {
      const spare = previous.get(key);
      const node = (spare && spare.pop()) || make();
      if (!current.has(key)) current.set(key, []);
      current.get(key).push(node);
      return node;
    },
    sweep() {
      previous = current;
      current = new Map();
    },
    clear() {
      previous = new Map();
      current = new Map();
    },
  };
}

// Makes `parent`'s element children exactly `nodes`, in order, touching only
// what differs: children no longer wanted are removed first, so a list that
// lost its first line and gained a last one moves nothing (a node moved is
// restyled as if new).
function setChildren(parent, nodes) {
  const wanted = new Set(nodes);
  for (const child of [...parent.children]) if (!wanted.has(child)) child.remove();
  nodes.forEach((node, i) => {
    if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] || null);
  });
}
