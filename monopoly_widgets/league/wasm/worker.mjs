// The sandbox's worker: Pyodide (CPython in WebAssembly) running one student's bot.
//
// It uses only what every Web Worker has (self.onmessage, postMessage, import()), so it
// runs unchanged in Deno (host.mjs starts it) and in a browser tab (JupyterLite). What it
// runs comes in messages; it reads no file itself:
//
//   {op: "start", moduleURL, indexURL, snapshot, bootstrap, files, modules, wasm, source,
//    filename}
//       moduleURL: pyodide.mjs's URL; indexURL: Pyodide's folder, as loadPyodide wants it;
//       snapshot: optional bytes of a memory snapshot (a faster start, see runtime.py);
//       bootstrap: the text of bootstrap.py; files: optional {"package/module.py": text}
//       written into Pyodide's site-packages (in its memory), or modules: optional bytes
//       of the same as one zip, put on Python's path (one file: a faster start), so that
//       a bot can import monopoly_widgets' pure-Python modules; wasm: optional, Pyodide's
//       WebAssembly.Module already compiled (by host.mjs, once for all its sandboxes);
//       source, filename: the student's bot.
//   {op: "game", seed} and {op: "choose", observation, legal}, as in child.py; or the
//       same as JSON text (host.mjs passes a line on unread).
//   {op: "snapshot", moduleURL, indexURL, bootstrap, modules, preload}: load Pyodide, run
//       the bootstrap (no bot), import the modules named in preload (those that import),
//       and answer with the bytes of a memory snapshot.
//
// Each request gets one message back: the reply's JSON text (bootstrap.py makes it), or,
// for "snapshot", the bytes. If Pyodide itself fails, the reply says so with fatal: true,
// and the worker is of no further use (its host ends it).
//
// Under Deno, a "start" with pipe: true makes the worker read the league's requests from
// the process's stdin itself, after its "ready", and write each reply to stdout (after
// host.mjs's MARK): a move is then one thread's wake-up in the sandbox, not three.
// A line that is not "game" or "choose" ("fresh", "quit"), the end of stdin, or a fatal
// reply is posted to host.mjs, as {control: line} (or "eof"), and the reading stops.

let runner = null;

const MARK = "\u001eMW ";
const PASSED_ON = /^\{\s*"op"\s*:\s*"(game|choose)"/;

//: Where the zip of the package's modules is in Pyodide's (in-memory) file system.
const MODULES_ZIP = "/lib/league/monopoly_widgets.zip";

// Pyodide compiles its WebAssembly itself and has no option to take a compiled module, so
// its instantiation is given the one host.mjs compiled: V8 compiles and tiers up the
// 9.6 MB binary once per process instead of once per sandbox. Only this worker's own
// WebAssembly object is changed; the module holds code, never a sandbox's memory.
function useCompiled(wasm) {
  const instantiate = WebAssembly.instantiate;
  const instantiateWith = async (imports) => ({
    instance: await instantiate(wasm, imports),
    module: wasm,
  });
  WebAssembly.instantiateStreaming = (_response, imports) => instantiateWith(imports);
  WebAssembly.instantiate = (what, imports) =>
    what instanceof WebAssembly.Module ? instantiate(what, imports) : instantiateWith(imports);
}

async function loadPython(request, options) {
  if (request.wasm instanceof WebAssembly.Module) useCompiled(request.wasm);
  const { loadPyodide } = await import(request.moduleURL);
  const pyodide = await loadPyodide({ indexURL: request.indexURL, ...options });
  // Writes to the C-level stdout and stderr (os.write(1, ...)) are dropped: the bot's
  // print() goes to bootstrap.py's capped buffer, and nothing reaches the host's console.
  pyodide.setStdout({ write: (buffer) => buffer.length });
  pyodide.setStderr({ write: (buffer) => buffer.length });
  if (request.files) {
    const purelib = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    for (const [name, text] of Object.entries(request.files)) {
      const path = `${purelib}/${name}`;
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, text);
    }
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
  }
  if (request.modules) {
    pyodide.FS.mkdirTree(MODULES_ZIP.slice(0, MODULES_ZIP.lastIndexOf("/")));
    pyodide.FS.writeFile(MODULES_ZIP, request.modules);
    pyodide.globals.set("_league_modules_zip", MODULES_ZIP);
    pyodide.runPython(
      [
        "import sys",
        "if _league_modules_zip not in sys.path: sys.path.insert(0, _league_modules_zip)",
        "del _league_modules_zip",
      ].join("\n"),
    );
  }
  pyodide.globals.set("_league_bootstrap_text", request.bootstrap);
  pyodide.runPython(
    [
      "import sys, types",
      "_league_module = types.ModuleType('league_bootstrap')",
      "sys.modules['league_bootstrap'] = _league_module",
      "exec(compile(_league_bootstrap_text, 'league_bootstrap.py', 'exec'), _league_module.__dict__)",
      "del _league_module, _league_bootstrap_text",
    ].join("\n"),
  );
  return pyodide;
}

async function start(request) {
  const options = request.snapshot ? { _loadSnapshot: request.snapshot } : {};
  const pyodide = await loadPython(request, options);
  const bootstrap = pyodide.pyimport("league_bootstrap");
  runner = bootstrap.BotRunner(request.source, request.filename);
  const ready = bootstrap.json.dumps(runner.ready());
  bootstrap.destroy();
  return ready;
}

async function snapshot(request) {
  const pyodide = await loadPython(request, { _makeSnapshot: true });
  pyodide.globals.set("_league_preload", JSON.stringify(request.preload || []));
  pyodide.runPython(
    [
      "import importlib, json",
      "for _league_name in json.loads(_league_preload):",
      "    try:",
      "        importlib.import_module(_league_name)",
      "    except Exception:",  // a module Pyodide cannot import: imported (and failing) later
      "        pass",
      "del _league_preload",
      "globals().pop('_league_name', None)",
    ].join("\n"),
  );
  return pyodide.makeMemorySnapshot();
}

function crashed(error) {
  const text = String(error && error.message ? error.message : error).slice(-300);
  return JSON.stringify({ error: `crashed its sandbox: ${text}`, fatal: true });
}

function answer(text) {
  try {
    return runner.handle_text(text);
  } catch (error) {
    return crashed(error);
  }
}

// Deno only (see the top): the league's requests read from stdin in this thread. The
// reads wait without blocking, so what the bot left for the event loop (a promise, a
// timer) runs between its moves, as it would in the browser.
async function servePipe() {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const chunk = new Uint8Array(65536);
  let pending = "";
  for (;;) {
    let end;
    while ((end = pending.indexOf("\n")) < 0) {
      const count = await Deno.stdin.read(chunk);
      if (count === null) return self.postMessage({ control: "eof" });
      pending += decoder.decode(chunk.subarray(0, count), { stream: true });
    }
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    if (!line.trim()) continue;
    if (!PASSED_ON.test(line)) return self.postMessage({ control: line });
    const reply = answer(line);
    if (reply.includes('"fatal":true') || reply.includes('"fatal": true')) {
      return self.postMessage(reply);
    }
    const bytes = encoder.encode(MARK + reply + "\n");
    for (let written = 0; written < bytes.length; ) {
      written += Deno.stdout.writeSync(bytes.subarray(written));
    }
  }
}

self.onmessage = async (event) => {
  const request = event.data;
  let reply;
  try {
    if (request.op === "start") {
      reply = await start(request);
    } else if (request.op === "snapshot") {
      reply = await snapshot(request);
    } else if (runner !== null) {
      reply = answer(typeof request === "string" ? request : JSON.stringify(request));
    } else {
      reply = JSON.stringify({ error: "the sandbox was not started", fatal: true });
    }
  } catch (error) {
    reply = crashed(error);
  }
  self.postMessage(reply);
  if (request.op === "start" && request.pipe && runner !== null) servePipe();
};
