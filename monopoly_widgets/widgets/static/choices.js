// The human player's moves: buttons, in at most two steps when there are many.
// choiceMenu, choiceCards and actionsByCard are pure (tests/js/choices.test.mjs);
// createChoices is the view, which keeps the pick in progress (a card clicked,
// the group labels chosen) and sends the move.

// More choices than this (fewer in the compact layout) are shown one step at a
// time: click a highlighted card (or a group), then its target, then the move.
const CHOICE_LIMIT = 10;
const COMPACT_CHOICE_LIMIT = 6;

// The two-step choice: from the choices under `prefix` (path labels chosen so
// far), either every move (when few) or the next level's labels.
function choiceMenu(list, prefix, limit) {
  const under = list.filter((c) => prefix.every((label, i) => (c.path || [])[i] === label));
  if (under.length <= limit) return { depth: prefix.length, leaves: under, groups: [] };
  let depth = prefix.length;
  const deeper = (c) => depth < (c.path || []).length - 1;
  while (under.every(deeper) && new Set(under.map((c) => c.path[depth])).size === 1) depth += 1;
  const groups = new Map();
  const direct = [];
  for (const c of under) {
    if (!deeper(c)) {
      direct.push(c);
      continue;
    }
    const label = c.path[depth];
    if (!groups.has(label)) groups.set(label, []);
    groups.get(label).push(c);
  }
  const leaves = direct;
  const named = [];
  for (const [label, members] of groups) {
    if (members.length === 1) leaves.push(members[0]);
    else named.push({ label, path: [...members[0].path.slice(0, depth), label], count: members.length });
  }
  return { depth, leaves, groups: named };
}

// The cards a click may start a move from: its own card and identical copies.
function choiceCards(choice) {
  return choice.cards && choice.cards.length ? choice.cards : [choice.card];
}

// The moves by the id of a card that starts them (as strings), from the choices trait.
function actionsByCard(list) {
  const map = new Map();
  for (const choice of list) {
    if (choice.card === null || choice.card === undefined) continue;
    // Every identical copy of the move's card (two Wild! in a hand) offers it.
    for (const id of choiceCards(choice)) {
      const key = String(id);
      if (!map.has(key)) map.set(key, []);
      map.get(key).push(choice);
    }
  }
  return map;
}

// The choices box. `isCompact()` says the layout; `redrawTable()` redraws the cards
// (a card picked is highlighted there); `onMove()` is told when a move is sent (the
// narration announces its result as the player's); `tableNode` holds the cards and
// `home` is the table's own focusable box. Returns {node, draw, onCardClick,
// selectedCard, forgetCard, forgetPick, moveAnswered}.
//
// The keyboard's focus follows the choice: a redraw replaces the buttons, so the
// focus that was on a move, a card or this box goes to the first move drawn (the
// card's moves after a card is picked, the next decision after a move), or to the
// table's box while the bots play; it never drops to the page.
function createChoices(model, send, isCompact, redrawTable, { onMove, tableNode, home }) {
  const choices = el("div", "mw-choices");
  choices.setAttribute("role", "group");
  choices.setAttribute("aria-label", "Your moves");
  let selectedCard = null;
  let choicePath = [];
  let followFocus = false; // the focus was on a choice when it was replaced
  // Is the focus on a choice, a card, the table's box, or nowhere (it fell with its button)?
  function focusIsOurs() {
    const active = document.activeElement;
    if (!active || active === document.body) return followFocus;
    return choices.contains(active) || active === home || (tableNode.contains(active) && active.classList.contains("mw-card"));
  }
  // After a redraw: the first move (or picked card's move), else the first card with moves.
  function placeFocus() {
    const target =
      choices.querySelector("button.mw-choice:not(:disabled)") || tableNode.querySelector(".mw-card.mw-clickable");
    if (target && target !== document.activeElement) target.focus();
  }

  // A click is one move: the message names the step it was chosen at (Python refuses
  // it if that step is gone), and the moves take no click until Python answers.
  let moveSent = false;
  function chooseAction(choice) {
    if (moveSent) return;
    moveSent = true;
    followFocus = focusIsOurs();
    if (followFocus) home.focus({ preventScroll: true }); // the buttons are disabled: the box holds the focus meanwhile
    for (const b of choices.querySelectorAll("button")) b.disabled = true;
    selectedCard = null;
    choicePath = [];
    onMove();
    send({ type: "action", id: choice.id, seat: model.get("choice_seat"), step: model.get("step") });
  }
  const moveAnswered = () => {
    moveSent = false;
  };

  // A click on a card shows its moves (the first step); the move is the second.
  function onCardClick(cardId) {
    if (moveSent) return;
    followFocus = focusIsOurs();
    selectedCard = String(selectedCard) === String(cardId) ? null : cardId;
    choicePath = [];
    redrawTable();
    drawChoices();
  }

  let choicesKey = null;
  function drawChoices() {
    const compact = isCompact();
    const list = model.get("choices") || [];
    // Redrawn only when the moves, the selection or the layout changed.
    const key = [list, model.get("choice_seat"), String(selectedCard), JSON.stringify(choicePath), compact];
    if (choicesKey && key.every((part, i) => part === choicesKey[i])) return;
    choicesKey = key;
    followFocus = followFocus || focusIsOurs();
    if (list.length === 0) {
      choices.replaceChildren();
      choices.hidden = true;
      if (followFocus && document.activeElement !== home) home.focus({ preventScroll: true });
      return;
    }
    choices.hidden = false;
    const seat = model.get("choice_seat");
    const names = model.get("seat_names") || [];
    const who = names[seat] || `Player ${seat}`;
    const limit = compact ? COMPACT_CHOICE_LIMIT : CHOICE_LIMIT;
    // Many moves: the cards on the table are the first step (click one to see its
    // moves), and only the moves without such a card are buttons.
    const byCards =
      selectedCard === null && choicePath.length === 0 && list.length > limit && list.some((c) => c.on_table);
    let pool = list;
    if (selectedCard !== null) pool = list.filter((c) => choiceCards(c).some((id) => String(id) === String(selectedCard)));
    else if (byCards) pool = list.filter((c) => !c.on_table);
    const menu = choiceMenu(pool, choicePath, limit);
    const head = el("div", "mw-choices-head");
    const where = menu.leaves.length && menu.depth > 0 ? (menu.leaves[0].path || []).slice(0, menu.depth) : choicePath;
    if (byCards) {
      // "\u00a0" keeps "or" with the words after it: a line never ends in a lone "or".
      head.textContent = `${who}: ${list.length} moves. Pick a highlighted card to see its moves${pool.length ? ", or\u00a0one\u00a0of\u00a0these:" : "."}`;
    } else if (selectedCard === null && where.length === 0) {
      head.textContent = `${who}: choose a move${list.some((c) => c.on_table) ? " (or\u00a0pick a highlighted card)" : ""}`;
    } else {
      head.textContent = `${who}: ${where.join(" › ") || "this card"}: choose`;
    }
    const box = el("div", "mw-choice-list");
    for (const g of menu.groups) {
      const b = button(`${g.label} (${g.count}) ›`, `${g.label}: ${g.count} choices`, () => {
        choicePath = g.path;
        followFocus = true;
        drawChoices();
      }, "mw-choice mw-choice-group");
      b.dataset.group = g.label;
      box.appendChild(b);
    }
    for (const choice of menu.leaves) {
      const b = button(choice.text, choice.text, () => chooseAction(choice),
        `mw-choice mw-choice-${choice.kind}`);
      b.dataset.action = choice.id;
      box.appendChild(b);
    }
    if (selectedCard !== null || choicePath.length > 0) {
      box.appendChild(button("◀ Back", "Back to the previous choice (Escape)", () => {
        followFocus = true;
        if (choicePath.length > 0) choicePath = choicePath.slice(0, -1);
        else selectedCard = null;
        redrawTable();
        drawChoices();
      }, "mw-btn mw-choice-back"));
    }
    choices.replaceChildren(head, box);
    if (followFocus) {
      followFocus = false;
      placeFocus();
    }
  }

  return {
    node: choices,
    draw: drawChoices,
    onCardClick,
    selectedCard: () => selectedCard,
    // A new table: the card picked may be gone. New choices: start the pick again.
    forgetCard: () => {
      selectedCard = null;
    },
    forgetPick: () => {
      selectedCard = null;
      choicePath = [];
    },
    moveAnswered,
  };
}
