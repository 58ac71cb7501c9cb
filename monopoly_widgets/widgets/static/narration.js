// The narration (the events of the step shown, each with the rule it follows) and
// the message lines under it: the last refused request, and a hint (whose move it
// is, why play stopped). Both are drawn from traits only.

// The narration box: {node, draw}.
function createNarration(model) {
  // The latest event has a box of its own, so the compact layout, which keeps
  // the narration to a few lines, can always show it whole, from its start;
  // the earlier events fill the lines left above it.
  const narration = el("div", "mw-narration");
  const earlier = el("div", "mw-narration-earlier");
  const narrationLines = el("div", "mw-narration-lines");
  const latest = el("div", "mw-narration-latest");
  earlier.appendChild(narrationLines);
  narration.append(earlier, latest);
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
    // In the compact layout the earlier events' box is a column-reverse flex box,
    // so it starts scrolled to its end, showing the lines just before the latest
    // event, with no scroll position set here (setting one forces a layout).
    setChildren(narrationLines, lines.slice(0, -1));
    setChildren(latest, lines.slice(-1));
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
