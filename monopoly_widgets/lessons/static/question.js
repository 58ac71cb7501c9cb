// A lesson question: pick an option (or type a number), press Enter or "Check".
//
// This file only draws the widget's traits and sends two requests to Python:
//   {type: "answer", value: "<text>", tries: <the tries shown>} and {type: "show_me"}.
// Python marks the answer with the same checker as check(...) and answers by
// changing traits (feedback, status, tries, worked, error). The model answer is
// never sent here. After each request Python sends {type: "done"}; until then
// "Check" takes no more presses, and "tries" lets Python ignore a press for a try
// already marked (a double click is one try).

const LONGEST_ANSWER = 200;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

let counter = 0;

function render({ model, el: host }) {
  counter += 1;
  const id = `mwq-${counter}`;
  const root = el("div", "mwq-root");
  root.setAttribute("role", "group");
  const prompt = el("p", "mwq-prompt");
  prompt.id = `${id}-prompt`;
  root.setAttribute("aria-labelledby", prompt.id);
  root.append(prompt);

  const answerArea = el("div");
  const row = el("div", "mwq-row");
  const check = el("button", "mwq-btn", "Check");
  check.type = "button";
  const showMe = el("button", "mwq-btn mwq-secondary", "Show me");
  showMe.type = "button";
  showMe.title = "Show the answer with its working";
  const tries = el("span", "mwq-tries");
  const feedback = el("div", "mwq-feedback");
  feedback.setAttribute("aria-live", "polite");
  const error = el("div", "mwq-error");
  error.setAttribute("role", "alert");
  const worked = el("pre", "mwq-worked");
  root.append(answerArea, row, feedback, error, worked);
  host.append(root);

  let input = null; // the text box, for a number
  let waiting = false;

  function currentValue() {
    if (model.get("kind") === "choice") {
      const picked = answerArea.querySelector("input[type=radio]:checked");
      return picked ? picked.value : null;
    }
    return input ? input.value.slice(0, LONGEST_ANSWER) : null;
  }

  function refreshButtons() {
    const value = currentValue();
    check.disabled = waiting || value === null || value.trim() === "";
    showMe.hidden = !model.get("can_show") || model.get("tries") < 1;
    showMe.disabled = waiting;
  }

  function submit() {
    const value = currentValue();
    if (waiting || value === null || value.trim() === "") return;
    waiting = true;
    refreshButtons();
    model.send({ type: "answer", value, tries: model.get("tries") });
  }

  function drawAnswerArea() {
    answerArea.replaceChildren();
    input = null;
    if (model.get("kind") === "choice") {
      const group = el("fieldset", "mwq-options");
      group.setAttribute("aria-labelledby", prompt.id);
      for (const [value, label] of model.get("options")) {
        const option = el("label");
        const radio = document.createElement("input");
        radio.type = "radio";
        radio.name = id;
        radio.value = value;
        radio.checked = value === model.get("answer");
        radio.addEventListener("change", refreshButtons);
        option.append(radio, document.createTextNode(label));
        group.append(option);
      }
      answerArea.append(group);
    } else {
      input = document.createElement("input");
      input.type = "text";
      input.className = "mwq-input";
      input.inputMode = "decimal";
      input.maxLength = LONGEST_ANSWER;
      input.setAttribute("aria-labelledby", prompt.id);
      input.placeholder = "your answer";
      input.title = model.get("expects");
      input.value = model.get("answer");
      input.addEventListener("input", refreshButtons);
      row.prepend(input);
      const unit = model.get("unit");
      if (unit) input.after(el("span", "mwq-unit", unit));
    }
  }

  function drawText() {
    prompt.textContent = model.get("prompt");
    const status = model.get("status");
    feedback.className = `mwq-feedback${status ? ` mwq-${status}` : ""}`;
    feedback.textContent = model.get("feedback");
    feedback.hidden = !model.get("feedback");
    error.textContent = model.get("error");
    error.hidden = !model.get("error");
    const count = model.get("tries");
    tries.textContent = count ? `${count} ${count === 1 ? "try" : "tries"}` : "";
    worked.textContent = model.get("worked");
    worked.hidden = !model.get("worked");
  }

  function answered() {
    waiting = false;
    drawText();
    refreshButtons();
  }

  row.append(check, showMe, tries);
  drawAnswerArea();
  drawText();
  refreshButtons();

  check.addEventListener("click", submit);
  showMe.addEventListener("click", () => {
    if (waiting) return;
    model.send({ type: "show_me" });
  });
  // The arrow keys move along the options and pick one, as a radio group does on a plain
  // page. Done here, with the key's default prevented, because JupyterLab reads an arrow
  // key that nobody has handled as "go to the next cell" and takes the focus away.
  const steps = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
  root.addEventListener("keydown", (event) => {
    if (event.key in steps && event.target.type === "radio") {
      const radios = [...answerArea.querySelectorAll("input[type=radio]")];
      const at = radios.indexOf(event.target);
      const next = radios[(at + steps[event.key] + radios.length) % radios.length];
      event.preventDefault();
      next.checked = true;
      next.focus();
      refreshButtons();
      return;
    }
    if (event.key === "Enter" && event.target !== check && event.target !== showMe) {
      event.preventDefault();
      submit();
    }
  });

  const handlers = [
    ["change:feedback", drawText],
    ["change:status", drawText],
    ["change:tries", () => { drawText(); refreshButtons(); }],
    ["change:error", drawText],
    ["change:worked", drawText],
    ["change:prompt", drawText],
    ["change:can_show", refreshButtons],
    ["change:kind", () => { drawAnswerArea(); refreshButtons(); }],
    ["change:options", () => { drawAnswerArea(); refreshButtons(); }],
  ];
  for (const [name, handler] of handlers) model.on(name, handler);
  const onCustom = (message) => {
    if (message && message.type === "done") answered();
  };
  model.on("msg:custom", onCustom);
  return () => {
    for (const [name, handler] of handlers) model.off(name, handler);
    model.off("msg:custom", onCustom);
    root.remove();
  };
}

export default { render };
