// Loads parts of the table's script for a test, as the widget joins them
// (widgets/table.py, TABLE_SCRIPT): plain scripts sharing one scope. Returns the
// names asked for. `globals` stands in for the browser objects a part may touch.
import { readFileSync } from "node:fs";

const STATIC = new URL("../../monopoly_widgets/widgets/static/", import.meta.url);

export function load(files, names, globals = {}) {
  const source = files.map((file) => readFileSync(new URL(file, STATIC), "utf8")).join("\n");
  const body = `${source}\nreturn { ${names.join(", ")} };`;
  return new Function(...Object.keys(globals), body)(...Object.values(globals));
}
