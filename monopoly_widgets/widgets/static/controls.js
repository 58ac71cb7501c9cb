// The header (title, status, the decision in words) and the toolbar: transport
// buttons, speed, timeline, perspective, coach, and new game / save. Built once,
// updated in place from the traits by drawHeader and drawControls; every control
// only sends a request (Python answers by changing traits).

const SPEEDS = [0.5, 1, 2, 5, 10];

// Returns {header, toolbar, gameGroup, decision, drawHeader, drawControls}: the
// layout moves gameGroup between the toolbar and the header (before `decision`).
function createControls(model, send) {
  const header = el("div", "mw-header");
  const title = el("div", "mw-title");
  const status = el("div", "mw-status");
  const decision = el("div", "mw-decision");
  header.append(title, status, decision);

  const toolbar = el("div", "mw-toolbar");
  const resetBtn = button("", "Reset to the start", () => send({ type: "reset" }));
  const backBtn = button("", "Step back", () => send({ type: "step", by: -1 }));
  const playBtn = button("", "Play", () =>
    send({ type: model.get("playing") ? "pause" : "play" }),
  );
  playBtn.classList.add("mw-play");
  const stepBtn = button("", "Step forward", () => send({ type: "step", by: 1 }));
  setIcon(resetBtn, "reset");
  setIcon(backBtn, "back");
  setIcon(playBtn, "play");
  setIcon(stepBtn, "step");
  stepBtn.classList.add("mw-step");
  backBtn.classList.add("mw-back-btn");
  resetBtn.classList.add("mw-reset");

  const speed = el("select", "mw-speed");
  speed.setAttribute("aria-label", "Play speed, steps per second");
  for (const s of SPEEDS) {
    const option = el("option", null, `${s}/s`);
    option.value = String(s);
    speed.appendChild(option);
  }
  speed.addEventListener("change", () => send({ type: "speed", value: Number(speed.value) }));

  const scrubber = el("input", "mw-scrubber");
  scrubber.type = "range";
  scrubber.min = "0";
  scrubber.setAttribute("aria-label", "Timeline: choose a step");
  scrubber.addEventListener("input", () => send({ type: "seek", step: Number(scrubber.value) }));
  const stepLabel = el("span", "mw-step-label");
  stepLabel.setAttribute("aria-live", "off");

  const perspective = el("select", "mw-perspective");
  perspective.setAttribute("aria-label", "Whose view: the teacher's or one player's");
  // Short options ("Teacher view", "Player 0 (person)") so the menu is never cut off.
  perspective.title = "Teacher view shows every hand; a player's view hides the others' hands";
  perspective.addEventListener("change", () => {
    const v = perspective.value;
    send({ type: "perspective", seat: v === "teacher" ? null : Number(v) });
  });

  // The coach: the deciding player's move chart beside the table (the hint in human play).
  const coachBtn = button("Coach", "Coach: show each move's chance of winning", () =>
    send({ type: "coach", on: !(model.get("coach") || {}).on }),
  );
  coachBtn.classList.add("mw-coach-toggle");
  coachBtn.setAttribute("aria-pressed", "false");

  const seedInput = el("input", "mw-seed");
  seedInput.type = "number";
  seedInput.min = "0";
  seedInput.setAttribute("aria-label", "Seed for a new game");
  const newBtn = button("New game", "Start a new game with this seed", () => {
    const raw = seedInput.value.trim();
    send({ type: "new_game", seed: raw === "" ? null : Number(raw) });
  });
  newBtn.classList.add("mw-new");
  const saveBtn = button("Save", "Save the game as JSON", () => send({ type: "save" }));
  saveBtn.classList.add("mw-save");

  const group = (...nodes) => {
    const g = el("span", "mw-group");
    g.append(...nodes);
    return g;
  };
  // New game and Save move up beside the title in the compact layout (one row less).
  const gameGroup = group(seedInput, newBtn, saveBtn);
  gameGroup.classList.add("mw-game-group");
  toolbar.append(
    group(resetBtn, backBtn, playBtn, stepBtn, speed),
    group(scrubber, stepLabel),
    group(perspective, coachBtn),
    gameGroup,
  );

  function drawHeader() {
    const t = model.get("table") || {};
    title.textContent = t.title || "";
    status.textContent = t.status || "";
    decision.textContent = t.over ? "" : t.decision || "";
  }

  function drawControls() {
    const step = model.get("step");
    const steps = model.get("steps");
    scrubber.max = String(steps);
    scrubber.value = String(step);
    scrubber.setAttribute("aria-valuetext", `step ${step} of ${steps}`);
    stepLabel.textContent = `step ${step} / ${steps}`;
    const playing = model.get("playing");
    setIcon(playBtn, playing ? "pause" : "play");
    playBtn.setAttribute("aria-label", playing ? "Pause" : "Play");
    playBtn.title = playing ? "Pause" : "Play";
    playBtn.setAttribute("aria-pressed", playing ? "true" : "false");
    backBtn.disabled = step === 0;
    resetBtn.disabled = step === 0;
    const rate = model.get("speed");
    if (![...speed.options].some((o) => Number(o.value) === rate)) {
      const option = el("option", null, `${rate}/s`);
      option.value = String(rate);
      speed.appendChild(option);
    }
    speed.value = String(rate);
    if (document.activeElement !== seedInput) seedInput.value = String(model.get("seed"));
    const names = model.get("seat_names") || [];
    const wanted = ["teacher", ...names.map((_, i) => String(i))];
    const have = [...perspective.options].map((o) => o.value);
    if (wanted.join("|") !== have.join("|")) {
      perspective.replaceChildren();
      const teacher = el("option", null, "Teacher view");
      teacher.value = "teacher";
      perspective.appendChild(teacher);
      names.forEach((name, i) => {
        const option = el("option", null, name);
        option.value = String(i);
        perspective.appendChild(option);
      });
    }
    const seat = model.get("perspective");
    perspective.value = seat === null || seat === undefined ? "teacher" : String(seat);
    const coachOn = Boolean((model.get("coach") || {}).on);
    coachBtn.setAttribute("aria-pressed", coachOn ? "true" : "false");
    coachBtn.classList.toggle("mw-active", coachOn);
  }

  return { header, toolbar, gameGroup, decision, drawHeader, drawControls };
}
