// The narration (the events of the step shown, each with the rule it follows) and
// the message lines under it: the last refused request, and a hint (whose move it
// is, why play stopped). Both are drawn from traits only.

// The narration box: {node, draw}.
function createNarration(model) {
  const narration = el("div", "mw-narration");
  const narrationLines = el("div", "mw-narration-lines");
  narration.appendChild(narrationLines);
  narration.setAttribute("aria-live", "polite");
  narration.setAttribute("role", "status");

  // Narration lines are kept by their text: a step adds its events and drops
  // the oldest, and the lines in between stay as drawn.
  const narrationNodes = nodeCache();
  function drawNarration() {
    const lines = [];
    for (const event of model.get("narration") || []) {
      lines.push(
        narrationNodes.get(JSON.stringify([event.text, event.rule]), () => {
          const line = el("div", "mw-event");
          line.appendChild(el("span", "mw-event-text", event.text));
          if (event.rule) line.appendChild(el("span", "mw-rule", event.rule));
          return line;
        }),
      );
    }
    narrationNodes.sweep();
    // The latest event is the last line. In the compact layout the box shows the
    // last three lines: it is a column-reverse flex box, so it starts scrolled to
    // its end with no scroll position set here (setting one forces a layout).
    setChildren(narrationLines, lines);
  }

  return { node: narration, draw: drawNarration };
}

// The error and notice lines: {error, notice, draw}.
function createMessages(model) {
  const notice = el("div", "mw-notice");
  const error = el("div", "mw-error");
  error.setAttribute("role", "alert");

  function drawMessages() {
    const text = model.get("error");
    error.textContent = text ? `⚠ ${text}` : "";
    error.hidden = !text;
    if (text) flash(error, "mw-flash");
    const hint = model.get("notice");
    notice.textContent = hint;
    notice.hidden = !hint;
  }

  return { error, notice, draw: drawMessages };
}
