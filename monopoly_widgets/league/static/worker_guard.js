// What a browser tab adds in front of league/wasm/worker.mjs (JupyterLite's league,
// league/browser.py): the bot's memory limit, and no way out of its Web Worker.
//
// Under Deno the process has no permissions and its memory is watched from outside; a
// Web Worker of the tab has the page's rights (fetch, WebSocket, the site's IndexedDB,
// where JupyterLite keeps the teacher's notebooks, other workers). So before the bot's
// code runs, every global but the ECMAScript built-ins and the few Web APIs Python needs
// is deleted, and JavaScript's function constructors refuse to make code from strings
// (a bot reaching a JavaScript object through Pyodide cannot rebuild what was taken).
// browser.py puts this file in front of worker.mjs in one module worker, and gives
// worker.mjs a pyodide.mjs of its own that calls closeTheWorker() right after Pyodide
// has loaded (loading needs fetch).

// The ECMAScript built-ins, and what Pyodide uses once loaded (clocks, random bytes for
// os.urandom, text codecs, timers), and the worker's own message channel (worker.mjs
// answers with postMessage; whatever a bot could post there is checked by the kernel).
const KEEP = new Set([
  "Object", "Function", "Array", "Number", "parseFloat", "parseInt", "Infinity", "NaN",
  "undefined", "Boolean", "String", "Symbol", "Date", "Promise", "RegExp", "Error",
  "AggregateError", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError",
  "URIError", "globalThis", "JSON", "Math", "Intl", "ArrayBuffer", "Atomics", "Uint8Array",
  "Int8Array", "Uint16Array", "Int16Array", "Uint32Array", "Int32Array", "Float16Array",
  "Float32Array", "Float64Array", "Uint8ClampedArray", "BigUint64Array", "BigInt64Array",
  "DataView", "Map", "BigInt", "Set", "WeakMap", "WeakSet", "Proxy", "Reflect", "Iterator",
  "FinalizationRegistry", "WeakRef", "decodeURI", "decodeURIComponent", "encodeURI",
  "encodeURIComponent", "escape", "unescape", "isFinite", "isNaN", "WebAssembly",
  "console", "crypto", "Crypto", "performance", "Performance", "setTimeout", "clearTimeout",
  "queueMicrotask", "TextEncoder", "TextDecoder", "self", "constructor",
  "postMessage", "onmessage",
]);

/** Let Pyodide's memory grow to at most `megabytes`: past it, Python gets MemoryError.
 * Pyodide grows its memory only through WebAssembly.Memory.prototype.grow, called from
 * JavaScript (Emscripten's growMemory), which takes a thrown error as "no more memory". */
function capMemory(megabytes) {
  const most = megabytes * 1024 * 1024;
  const grow = WebAssembly.Memory.prototype.grow;
  Object.defineProperty(WebAssembly.Memory.prototype, "grow", {
    value: function (pages) {
      if (this.buffer.byteLength + pages * 65536 > most) {
        throw new RangeError(`the bot's memory limit is ${megabytes} MB`);
      }
      return grow.call(this, pages);
    },
    writable: false,
    configurable: false,
  });
}

/** Delete every global but KEEP, and every way to run code given as a string. */
function closeTheWorker() {
  for (let scope = self; scope && scope !== Object.prototype; scope = Object.getPrototypeOf(scope)) {
    for (const name of Object.getOwnPropertyNames(scope)) {
      if (!KEEP.has(name)) {
        try { delete scope[name]; } catch { /* not configurable: nothing to reach through */ }
      }
    }
  }
  // The function constructors still answer `instanceof` and `.constructor ===` (Pyodide
  // asks both) but refuse to make code: a Proxy whose calls throw.
  const refusing = (constructor) => new Proxy(constructor, {
    apply() { throw new EvalError("no code from strings in a league bot"); },
    construct() { throw new EvalError("no code from strings in a league bot"); },
  });
  const kinds = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const kind of kinds) {
    const prototype = Object.getPrototypeOf(kind);
    Object.defineProperty(prototype, "constructor", {
      value: refusing(prototype.constructor), writable: false, configurable: false,
    });
  }
  self.Function = Function.prototype.constructor;
  const timer = self.setTimeout;
  self.setTimeout = (callback, ms) => {
    if (typeof callback !== "function") throw new EvalError("setTimeout takes a function here");
    return timer(callback, ms);
  };
}

// The first message (worker.mjs's "start") brings the memory limit: capped before Pyodide
// loads. This listener runs before worker.mjs's onmessage (it was added first).
let capped = false;
self.addEventListener("message", (event) => {
  const limit = event.data && event.data.memory_mb;
  if (!capped && Number.isInteger(limit) && limit > 0) {
    capped = true;
    capMemory(limit);
  }
});
// For the pyodide.mjs browser.py makes (it keeps its own reference; then deleted with
// every other global by closeTheWorker itself).
self.closeTheLeagueWorker = closeTheWorker;
