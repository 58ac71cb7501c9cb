// One student's bot in its own Web Worker (JupyterLite's league: league/browser.py).
//
// The kernel makes this script a module worker and sends it one "start" message: the
// URL of the site's own Pyodide, the memory limit, the bootstrap's text (league/
// worker_bot.py) and the bot's source text. The worker loads Pyodide, caps its memory,
// takes every way out of the worker away (network, storage, other workers, code from
// strings), runs the bootstrap, and from then on answers each request (a JSON string)
// with the bootstrap's reply (a JSON string). The time limit is the kernel's: it
// terminates this worker when an answer is late.
const post = self.postMessage.bind(self);
const listen = self.addEventListener.bind(self);

// The ECMAScript built-ins, and the few Web APIs Python needs once it has loaded
// (clocks, random bytes for os.urandom, text codecs). Everything else goes.
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
]);

/** Let Pyodide's heap grow to at most `megabytes` in all: past it Python gets MemoryError.
 * Pyodide grows its memory only through WebAssembly.Memory.prototype.grow, called from JS
 * (Emscripten's growMemory), which treats a thrown error as "no more memory". */
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

/** Remove every global but KEEP, and every way to run code given as a string. */
function closeTheWorker() {
  for (let scope = self; scope && scope !== Object.prototype; scope = Object.getPrototypeOf(scope)) {
    for (const name of Object.getOwnPropertyNames(scope)) {
      if (!KEEP.has(name)) {
        try { delete scope[name]; } catch { /* not configurable: left, then checked */ }
      }
    }
  }
  // The function constructors still answer `instanceof` and `.constructor ===` (Pyodide
  // asks both), but refuse to make code: a Proxy whose calls throw.
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
    if (typeof callback !== "function") throw new EvalError("setTimeout needs a function");
    return timer(callback, ms);
  };
}

let answer = null;

async function start(request) {
  capMemory(request.memory_mb);
  const { loadPyodide } = await import(request.index_url + "pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: request.index_url,
    jsglobals: Object.create(null),
    stdout: () => {},
    stderr: () => {},
    env: { HOME: "/home/pyodide" },
  });
  closeTheWorker();
  pyodide.runPython(request.bootstrap);
  answer = pyodide.globals.get("answer");
  return answer(JSON.stringify({ op: "load", name: request.name, source: request.source, memory_mb: request.memory_mb }));
}

listen("message", async (event) => {
  const request = event.data;
  let reply;
  try {
    if (answer === null) {
      reply = await start(JSON.parse(request));
    } else {
      reply = answer(request);
    }
  } catch (error) {
    const said = String(error).trim().split("\n").pop().slice(0, 200);
    reply = answer === null
      ? JSON.stringify({ ready: false, error: `could not start: ${said}` })
      : JSON.stringify({ error: `crashed its Python: ${said}`, crashed: true });
  }
  post(reply);
});
