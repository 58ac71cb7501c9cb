// The narration (the events of the step shown, each with the rule it follows) and
// the message lines under it: the last refused request, and a hint (whose move it
// is, why play stopped). Both are drawn from traits only.
//
// A screen reader hears each event once: the box drawn on screen is not a live
// region (a step redraws it whole), and the events new since the last step are
// added, as lines, to a hidden log (role "log", polite) that reads only what is
// added. The earlier events' box scrolls in the compact layout, so it is a named
// region that takes the keyboard's focus (WCAG 2.1.1: a scrolling box is read
// with the arrow keys).

// How many events the hidden log keeps (older lines have been read; they go).
const ANNOUNCED_LINES = 12;

// The events of `next` that were not in `before` (two windows of the narration,
// by their keys): `next` starts with the longest end of `before` it shares.
function newEvents(before, next) {
  for (let k = Math.min(before.length, next.length); k > 0; k -= 1) {
    const tail = before.slice(before.length - k);
    if (tail.every((key, i) => key === next[i])) return next.slice(k);
  }
  return next;
}

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
  earlier.tabIndex = 0;
  earlier.setAttribute("role", "region");
  earlier.setAttribute("aria-label", "Earlier events");
  narration.append(earlier, latest);
  const log = el("div", "mw-sr-only");
  log.setAttribute("role", "log");
  log.setAttribute("aria-live", "polite");
  log.setAttribute("aria-label", "Events, as they happen");
  let spoken = []; // the keys of the narration last announced
  let spokenStep = null;
  let ownMove = false; // this view sent a move: its result is announced as the player's

  // Add the events new at this step to the hidden log (all the latest on a step back).
  function announce(events) {
    const keys = events.map((event) => JSON.stringify([event.text, event.rule]));
    const step = model.get("step");
    let fresh = [];
    if (spokenStep === null) fresh = [];
    else if (step > spokenStep) fresh = events.slice(events.length - newEvents(spoken, keys).length);
    else if (step !== spokenStep && events.length) fresh = [events[events.length - 1]];
    spoken = keys;
    spokenStep = step;
    if (!fresh.length) return;
    const words = fresh.map((event) => event.text).join(" ");
    const line = el("div", null, `Step ${step}${ownMove ? ", your move" : ""}: ${words}`);
    ownMove = false;
    log.appendChild(line);
    while (log.childElementCount > ANNOUNCED_LINES) log.firstElementChild.remove();
  }

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
          if (event.rule) line.append(" ", el("span", "mw-rule", event.rule)); // read apart
          return line;
        }),
      );
    }
    narrationNodes.sweep();
    announce(model.get("narration") || []);
    // In the compact layout the earlier events' box is a column-reverse flex box,
    // so it starts scrolled to its end, showing the lines just before the latest
    // event, with no scroll position set here (setting one forces a layout).
    setChildren(narrationLines, lines.slice(0, -1));
    setChildren(latest, lines.slice(-1));
  }

  return {
    node: narration,
    log,
    draw: drawNarration,
    // The next events are the result of this player's own move.
    movedByPlayer: () => {
      ownMove = true;
    },
  };
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
