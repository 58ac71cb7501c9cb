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
// own WebAssembly memory), so this main thread stays free while the bot computes: it
// polls the whole process's resident memory (Deno.memoryUsage().rss) and ends everything
// past the limit, and it ends the process as soon as stdin closes, so the sandbox never
// outlives the league. The time limit per move is the league's to enforce: it kills this
// process's group (sandbox.py).
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
// {op: "quit"}, or lines passed on to the worker as they are, unparsed ("game", "choose").

const MARK = "\u001eMW ";
const encoder = new TextEncoder();
const here = new URL(".", import.meta.url);
const PASSED_ON = /^\{\s*"op"\s*:\s*"(game|choose)"/;

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

async function* lines(stream) {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n")) >= 0) {
      yield buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
    }
  }
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

for await (const line of lines(Deno.stdin.readable)) {
  if (!line.trim()) continue;
  if (first !== null && PASSED_ON.test(line)) {
    worker.postMessage(line);
    continue;
  }
  const message = JSON.parse(line);
  if (message.op === "quit") break;
  if (first === null) {
    first = message;
    if (message.memory_mb) watchMemory(message.memory_mb);
    request = workerRequest(message);
    worker = newWorker();
  } else if (message.op === "fresh" && first.op === "start") {
    worker.terminate(); // the old sandbox and everything in it
    worker = newWorker();
  } else {
    worker.postMessage(message);
  }
}
// stdin closed (the league ended or died) or "quit": nothing outlives it. Only a snapshot
// (no bot in it) is waited for: it ends this process when written.
if (first === null || first.op !== "snapshot") Deno.exit(0);
