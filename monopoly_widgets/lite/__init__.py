"""A JupyterLite site of the lessons: Jupyter in a browser tab, with no server.

``python -m monopoly_widgets lite build`` writes a folder of static files
(``lite-site/`` by default) that any web host serves: GitHub Pages, a school's
intranet, or ``python -m http.server``. Students open it and run the lessons in
Pyodide, Python compiled to WebAssembly, inside their own browser.

Two kinds of site:

* online (the default): the kernel loads Pyodide and its scientific packages
  (numpy, pandas) from Pyodide's CDN, so every lesson works;
* ``--offline``: Pyodide's runtime comes from its npm package and the pure-Python
  wheels the kernel needs come from PyPI, all copied into the site, so it works
  with no outside network at all. No Pyodide build of numpy or pandas is on
  PyPI, so the lessons that need them (the ``sim`` tournaments) say so there.

:mod:`monopoly_widgets.lite.wheels` finds and downloads the wheels;
:mod:`monopoly_widgets.lite.build` lays out and builds the site.
"""
