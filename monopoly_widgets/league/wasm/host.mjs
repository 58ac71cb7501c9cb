// The sandbox's host under Deno: one student's bot per Deno process, in a Worker.
//
// Started by runtime.py as `deno run --allow-read=<Pyodide's folder>,<this folder> host.mjs`
// and nothing more: no network, no environment, no writing, no other processes, and no
// reading beyond Pyodide's runtime and these scripts. The league's process talks to it
// over stdin and stdout, one JSON object a line; each line this host writes starts with
// MARK, so the league can tell its replies from anything else that reaches stdout.
//
// The bot runs in worker.mjs (a Worker: its own thread and heap), so this main thread
// stays free while the bot computes: it polls the whole process's resident memory
// (Deno.memoryUsage().rss) and ends everything past the limit, and it ends the process
// as soon as stdin closes, so the sandbox never outlives the league. The time limit per
// move is the league's to enforce: it kills this process's group (sandbox.py).
//
// The first line is {op: "start", runtime, snapshot, files, source, filename, memory_mb}
// (or {op: "snapshot", runtime, output}: write a memory snapshot to `output`, no
// bot; only with --allow-write of that one file). Later lines are passed on to the worker.

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
    files: first.files,
  };
  if (first.op === "start") {
    request.source = first.source;
    request.filename = first.filename;
    if (first.snapshot) request.snapshot = Deno.readFileSync(first.snapshot);
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

const worker = new Worker(new URL("worker.mjs", here), { type: "module" });
let first = null;
worker.onerror = (event) => {
  event.preventDefault();
  stop(JSON.stringify({ error: `its sandbox ended (${String(event.message).slice(0, 200)})`, fatal: true }));
};
worker.onmessageerror = () => stop(JSON.stringify({ error: "sent a message that cannot be read", fatal: true }));
worker.onmessage = (event) => {
  if (first.op === "snapshot") {
    Deno.writeFileSync(first.output, event.data);
    stop(JSON.stringify({ ok: true }));
  }
  const text = typeof event.data === "string" ? event.data : "{}";
  if (text.includes('"fatal": true') || text.includes('"fatal":true')) stop(text);
  writeLine(text);
};

for await (const line of lines(Deno.stdin.readable)) {
  if (!line.trim()) continue;
  const request = JSON.parse(line);
  if (request.op === "quit") break;
  if (first === null) {
    first = request;
    if (request.memory_mb) watchMemory(request.memory_mb);
    worker.postMessage(workerRequest(request));
  } else {
    worker.postMessage(request);
  }
}
// stdin closed (the league ended or died) or "quit": nothing outlives it. Only a snapshot
// (no bot in it) is waited for: it ends this process when written.
if (first === null || first.op !== "snapshot") Deno.exit(0);
