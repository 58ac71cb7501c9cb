// One card on the table: its face (colour band, name fitted to the card, tag,
// corner value), or a face-down stack; a card with moves is a button. Nodes come
// from the table's node cache (see node_cache.js), keyed by all they show.
//
// A screen reader reads each card as a person sees it: its words from Python
// ("Boardwalk, Dark Blue property, $4M", face.says), one image of a card (role
// "img"; the drawn parts inside are not read again), and a face-down stack as
// "Hand: 5 cards face down". A card with moves is a button that says them.

// Each name is measured once per size of room, with one canvas for the page.
const measureCanvas = document.createElement("canvas");
const nameFits = new Map();
let nameFamily = null;

// fitNameWith (names.js) in the theme's font, remembered; the name as it is, at the
// normal size, if the browser gives no canvas.
function fitName(name, widthPx, heightPx) {
  const key = `${name}|${widthPx}|${heightPx}`;
  if (nameFits.has(key)) return nameFits.get(key);
  const ctx = measureCanvas.getContext("2d");
  let fit = { text: name, size: NAME_FONT_PX, width: null };
  if (ctx) {
    // Measure in the font the card uses: the Jupyter theme's UI font (as in table.css).
    if (nameFamily === null) {
      const themed = getComputedStyle(document.body).getPropertyValue("--jp-ui-font-family").trim();
      nameFamily = themed || 'system-ui, -apple-system, "Segoe UI", sans-serif';
    }
    fit = fitNameWith(ctx, nameFamily, name, widthPx, heightPx);
  }
  nameFits.set(key, fit);
  return fit;
}

// A card, from the cache: `ctx` is the table's {byCard, onCardClick, selectedCard, nameWidth, compact, nodes}.
function cardNode(face, ctx, chip) {
  const actions = ctx.byCard.get(String(face.id));
  const selected = Boolean(actions) && String(ctx.selectedCard) === String(face.id);
  const key = JSON.stringify([
    "card", face, actions ? actions.map((a) => [a.id, a.text]) : null, selected, ctx.nameWidth, ctx.compact, chip,
  ]);
  return ctx.nodes.get(key, () =>
    drawCard(face, ctx.byCard, ctx.onCardClick, ctx.selectedCard, ctx.nameWidth, ctx.compact, chip),
  );
}

function drawCard(face, actionsByCard, onCardClick, selectedCard, nameWidth = 72, compact = false, chip = false) {
  const card = el("div", `mw-card mw-kind-${face.kind || "card"}`);
  card.dataset.card = String(face.id);
  const title = `${face.name}${face.corner ? ` (${face.corner})` : ""}`;
  const says = face.says || title;
  card.title = says;
  const band = el("div", "mw-band");
  band.style.background = bandBackground(face.bands);
  card.appendChild(band);
  if (face.kind === "money") {
    card.style.setProperty("--mw-money", face.bands[0]);
    card.appendChild(el("div", "mw-money-value", face.corner));
  } else {
    const fit = chip
      ? { text: face.name, size: NAME_FONT_PX, width: null }
      : fitName(face.name, nameWidth, nameHeightFor(face, compact));
    // Let long names wrap after a slash ("Red/Yellow wild") rather than mid-word.
    const name = el("div", "mw-card-name", fit.text.replaceAll("/", "/\u200b"));
    if (fit.size < NAME_FONT_PX) name.style.fontSize = `${fit.size}px`;
    if (fit.width !== null) card.style.setProperty("--mw-card-width", `${fit.width + 8}px`);
    card.appendChild(name);
  }
  if (face.tag) card.appendChild(el("div", "mw-tag", face.tag));
  if (face.corner) card.appendChild(el("div", "mw-corner", face.corner));
  const actions = actionsByCard.get(String(face.id));
  if (actions) {
    card.classList.add("mw-clickable");
    card.tabIndex = 0;
    card.setAttribute("role", "button");
    const n = actions.length;
    // Named by its words in a hidden line, not an aria-label: a label must hold the
    // visible text as drawn (a "WILD" tag, "Ave."), which would read badly.
    card.appendChild(el("span", "mw-sr-only", `${says}: ${n === 1 ? actions[0].text : `${n} moves`}`));
    const activate = () => onCardClick(face.id, actions);
    card.addEventListener("click", activate);
    card.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        activate();
      }
    });
    // Picked (its moves are listed): pressed, in words as well as by its green ring.
    const picked = String(selectedCard) === String(face.id);
    card.setAttribute("aria-pressed", picked ? "true" : "false");
    if (picked) card.classList.add("mw-selected");
  } else {
    card.setAttribute("role", "img");
    card.setAttribute("aria-label", says);
  }
  // What is drawn on the card is said by its label: its parts are not read again
  // (a shortened "Ave." or a "WILD" tag would not match the words said).
  for (const part of card.children) {
    if (!part.classList.contains("mw-sr-only")) part.setAttribute("aria-hidden", "true");
  }
  return card;
}

// A face-down stack ("?" for a sealed bid: its number is not known either).
function drawBack(count, label) {
  const stack = el("div", "mw-card mw-back");
  const what = count === "?" ? "cards face down" : `${count} ${count === 1 ? "card" : "cards"} face down`;
  stack.setAttribute("role", "img");
  stack.setAttribute("aria-label", `${label}: ${what}`);
  stack.title = what;
  stack.appendChild(el("div", "mw-back-count", count)).setAttribute("aria-hidden", "true");
  return stack;
}
