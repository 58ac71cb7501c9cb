// Run a Python file inside Pyodide under Node: the WebAssembly check of tests/lite.
//
//   node run_in_pyodide.mjs <pyodide folder> <host folder> <script.py>
//
// The host folder is mounted at /host; the script's last expression (an int)
// is the exit status. Node does not check the lock file's sha256, so the
// folder may hold wheels straight from PyPI.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";

const [runtime, host, script] = process.argv.slice(2);
const started = Date.now();
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(runtime) + path.sep });
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(host) }, "/host");
await pyodide.loadPackage(["micropip"], { messageCallback: () => {} });
console.log(`pyodide ${pyodide.version} loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const status = await pyodide.runPythonAsync(readFileSync(script, "utf8"));
process.exit(Number(status));
