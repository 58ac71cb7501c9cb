"""The league's sandbox: each student's bot in Pyodide (CPython in WebAssembly).

Under Deno on the teacher's machine (``host.mjs`` starts ``worker.mjs``), or in a
browser's Web Worker in JupyterLite (the same ``worker.mjs`` and ``bootstrap.py``). The
bot gets its own source as text, its observation and its legal moves; it has no access to
files, the network, the environment or other processes (``docs/league.md``, the trust
model, names the tests that hold each of these).
"""
