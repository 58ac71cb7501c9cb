// The sandbox's host under Deno: one student's bot per Deno process, each of its
// sandboxes a new Worker.
//
// Started by runtime.py as `deno run --allow-read=<Pyodide's folder>,<this folder> host.mjs`
// and nothing more: no network, no environment, no writing, no other processes, and no
// reading beyond Pyodide's runtime and these scripts. The league's process talks to it
// over stdin and stdout, one JSON object a line; each line this host writes starts with
// MARK, so the league can tell its replies from anything else that reaches stdout.
//
// The bot runs in worker.mjs (a Worker: its own thread, its own V8 isolate and heap, its
// own WebAssembly memory), which reads the league's requests from stdin and writes its
// replies itself (worker.mjs's pipe: one thread woken per move). So this main thread
// stays free while the bot computes: it polls the whole process's resident memory
// (Deno.memoryUsage().rss) and ends everything past the limit, and it ends the process
// as soon as stdin closes (the worker says so) or the league's process is gone (its
// parent changes, even while the bot loops), so the sandbox never outlives the league.
// The time limit per move is the league's to enforce: it kills this process's group
// (sandbox.py).
//
// A fresh sandbox ("fresh": the league's rule that no sandbox plays one deal twice) is a
// new Worker restored from the memory snapshot, not a new process: the old Worker is
// terminated, and nothing the bot left in it (Python's modules and globals, JavaScript's
// globalThis, the file system in its memory) exists in the next. What the Workers share
// is read-only: Pyodide's compiled WebAssembly.Module (compiled here once), the snapshot's
// bytes and the modules' zip, each copied into the new Worker's own memory.
//
// The first line is {op: "start", runtime, snapshot, modules, source, filename,
// memory_mb} (or {op: "snapshot", runtime, modules, preload, output}: write a memory
// snapshot to `output`, no bot; only with --allow-write of that one file). Then
// {op: "fresh"} (a new sandbox for the same bot: its reply is the new one's "ready"),
// {op: "quit"}, or "game" and "choose", which the worker reads itself.

const MARK = "\u001eMW ";
const encoder = new TextEncoder();
const here = new URL(".", import.meta.url);

function writeLine(text) {
  const bytes = encoder.encode(MARK + text + "\n");
  let written = 0;
  while (written < bytes.length) {
    written += Deno.stdout.writeSync(bytes.subarray(written));
  }
}

function stop(text) {
  writeLine(text);
  Deno.exit(0);
}

function workerRequest(first) {
  const runtime = first.runtime.endsWith("/") ? first.runtime : first.runtime + "/";
  const request = {
    op: first.op,
    moduleURL: new URL("pyodide.mjs", "file://" + runtime).href,
    indexURL: runtime,
    bootstrap: Deno.readTextFileSync(new URL("bootstrap.py", here)),
  };
  if (first.modules) request.modules = Deno.readFileSync(first.modules);
  if (first.op === "snapshot") request.preload = first.preload;
  if (first.op === "start") {
    request.pipe = true;
    request.source = first.source;
    request.filename = first.filename;
    if (first.snapshot) request.snapshot = Deno.readFileSync(first.snapshot);
    request.wasm = new WebAssembly.Module(Deno.readFileSync(runtime + "pyodide.asm.wasm"));
  }
  return request;
}

function watchMemory(megabytes) {
  const limit = megabytes * 1024 * 1024;
  setInterval(() => {
    if (Deno.memoryUsage().rss > limit) {
      stop(JSON.stringify({
        error: `used more than its ${megabytes} MB of memory (stopped)`,
        memory: true,
        fatal: true,
      }));
    }
  }, 10);
}

// The first line, read here; every later one is the worker's to read (see the top).
function firstLine() {
  const decoder = new TextDecoder();
  const chunk = new Uint8Array(65536);
  let line = "";
  while (!line.includes("\n")) {
    const count = Deno.stdin.readSync(chunk);
    if (count === null) Deno.exit(0);
    line += decoder.decode(chunk.subarray(0, count), { stream: true });
  }
  return line.slice(0, line.indexOf("\n"));
}

function watchParent() {
  const parent = Deno.ppid;
  setInterval(() => {
    if (Deno.ppid !== parent) Deno.exit(0);
  }, 100);
}

// A line the worker passed back: "fresh" (a new sandbox), else "quit" or the end of stdin.
function control(line) {
  if (line === "eof") Deno.exit(0);
  let message = null;
  try {
    message = JSON.parse(line);
  } catch {
    stop(JSON.stringify({ error: "the league sent a line that is not JSON", fatal: true }));
  }
  if (message.op !== "fresh") Deno.exit(0);
  worker.terminate(); // the old sandbox and everything in it
  worker = newWorker();
}

let first = null;
let request = null; // the first line's request for the worker, kept for each fresh sandbox
let worker = null;

// A new sandbox: a new Worker, sent the start request; only the current Worker is heard.
function newWorker() {
  const current = new Worker(new URL("worker.mjs", here), { type: "module" });
  current.onerror = (event) => {
    event.preventDefault();
    if (current !== worker) return;
    stop(JSON.stringify({ error: `its sandbox ended (${String(event.message).slice(0, 200)})`, fatal: true }));
  };
  current.onmessageerror = () => {
    if (current === worker) stop(JSON.stringify({ error: "sent a message that cannot be read", fatal: true }));
  };
  current.onmessage = (event) => {
    if (current !== worker) return;
    if (event.data && typeof event.data.control === "string") return control(event.data.control);
    if (first.op === "snapshot") {
      Deno.writeFileSync(first.output, event.data);
      stop(JSON.stringify({ ok: true }));
    }
    const text = typeof event.data === "string" ? event.data : "{}";
    if (text.includes('"fatal": true') || text.includes('"fatal":true')) stop(text);
    writeLine(text);
  };
  current.postMessage(request);
  return current;
}

first = JSON.parse(firstLine());
if (first.memory_mb) watchMemory(first.memory_mb);
watchParent();
request = workerRequest(first);
worker = newWorker();
// Every later line is read by the worker; this thread waits for its messages and timers.
// A snapshot (no bot in it) ends this process when written.
