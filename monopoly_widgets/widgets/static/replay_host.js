// The host of a saved replay (widgets/replay.py): it plays the kernel's part for the
// table's own code (table.py's TABLE_SCRIPT, joined before this file in one module).
//
// The page carries every step's frame, worked out by Python: {table, narration,
// chart_series, odds} per view ("teacher" or a seat's number). This host keeps the
// traits the table reads, answers the table's requests as the explorer would
// (step, back, scrub, reset, play, speed, the perspective menu), and refuses the
// ones that need Python (a move, the coach, a new game), with the table's own error
// line. Nothing is fetched: the frames and Plotly are unpacked from the page.
{
  const REPLAY_SPEEDS = [0.5, 1, 2, 5, 10];

  // A packed block of the page: base64 of gzip (replay.py's _packed).
  async function unpackBlock(id) {
    const text = document.getElementById(id).textContent.trim();
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  // The model table.js and charts.js talk to: get, on, off, send (and set, unused).
  function replayModel(data, plotlySource) {
    const listeners = new Map();
    const firstView = data.views[0];
    const state = {
      table: {},
      narration: [],
      choices: [],
      choice_seat: null,
      error: "",
      error_count: 0,
      notice: "",
      step: 0,
      steps: data.steps,
      playing: false,
      speed: 2,
      perspective: firstView === "teacher" ? null : Number(firstView),
      seat_names: data.seat_names,
      seed: 0,
      layout_mode: "auto",
      chart_series: {},
      chart_labels: data.chart_labels,
      odds: {},
      coach: {},
      plotly: "IPY_MODEL_replay-plotly",
      reports_step: false,
      shown_step: 0,
    };
    let view = firstView;

    function change(values) {
      const changed = [];
      for (const [name, value] of Object.entries(values)) {
        if (state[name] === value) continue;
        state[name] = value;
        changed.push(name);
      }
      for (const name of changed) for (const fn of listeners.get(`change:${name}`) || []) fn();
    }

    function printLine() {
      const line = document.getElementById("mw-replay-print-step");
      if (!line) return;
      const seat = state.perspective;
      const whose = seat === null ? "the teacher's view" : `${(data.seat_names[seat] || `Player ${seat}`).split(" (")[0]}'s view`;
      line.textContent = `Step ${state.step} of ${state.steps}, ${whose}.`;
    }

    function show(step, extra = {}) {
      const target = Math.max(0, Math.min(data.steps, step));
      const frame = data.frames[view][target];
      // A record that stops before the game's end (a league forfeit) says why at its last step.
      const ending = data.ending && target === data.steps ? { notice: data.ending } : {};
      change({ ...frame, step: target, error: "", ...extra, ...ending });
      printLine();
    }

    function refuse(text) {
      change({ error: text, error_count: state.error_count + 1 });
    }

    function atEnd() {
      change({ playing: false, notice: data.ending || "The end of the saved game." });
    }

    const answers = {
      step(message) {
        const by = message.by === -1 ? -1 : 1;
        if (by === 1 && state.step >= data.steps) return atEnd();
        show(state.step + by, { notice: "" });
      },
      seek(message) {
        if (Number.isInteger(message.step)) show(message.step, { notice: "" });
      },
      reset() {
        show(0, { playing: false, notice: "" });
      },
      play() {
        if (state.step >= data.steps) show(0);
        change({ playing: true, notice: "" });
      },
      pause() {
        change({ playing: false });
      },
      tick() {
        if (!state.playing) return;
        if (state.step >= data.steps) return atEnd();
        show(state.step + 1);
      },
      speed(message) {
        if (REPLAY_SPEEDS.includes(message.value)) change({ speed: message.value });
      },
      perspective(message) {
        const wanted = message.seat === null ? "teacher" : String(message.seat);
        if (!data.views.includes(wanted)) {
          refuse("This file holds only the view it was saved with.");
          for (const fn of listeners.get("change:perspective") || []) fn(); // the menu goes back
          return;
        }
        view = wanted;
        change({ perspective: message.seat });
        show(state.step);
      },
    };

    return {
      get: (name) => state[name],
      set: (name, value) => {
        state[name] = value;
      },
      save_changes() {},
      on(name, fn) {
        if (!listeners.has(name)) listeners.set(name, new Set());
        listeners.get(name).add(fn);
      },
      off(name, fn) {
        if (listeners.has(name)) listeners.get(name).delete(fn);
      },
      send(message) {
        const answer = message && answers[message.type];
        if (answer) answer(message);
        else refuse("This is a saved replay: moves, the coach and new games need the notebook.");
      },
      widget_manager: {
        async get_model() {
          return { get: (name) => (name === "source" ? plotlySource : undefined) };
        },
      },
      start() {
        show(data.start, { notice: "A saved game: step with ◀ ▶ (or the arrow keys), drag the timeline, or press play." });
      },
    };
  }

  const host = document.getElementById("mw-replay");
  try {
    const [frames, plotlySource] = await Promise.all([
      unpackBlock("mw-replay-frames"),
      unpackBlock("mw-replay-plotly"),
    ]);
    const data = JSON.parse(new TextDecoder().decode(frames));
    const model = replayModel(data, plotlySource);
    model.start();
    host.replaceChildren();
    if (data.views.length === 1) host.classList.add("mw-replay-one-view");
    render({ model, el: host });
    host.dataset.ready = "true";
  } catch (error) {
    host.textContent = `This replay could not open: ${error}`;
    throw error;
  }
}
