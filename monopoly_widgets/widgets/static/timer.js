// The play timer. It lives in the browser, so the kernel is never blocked waiting:
// each tick asks Python for one step ({type: "tick"}).
//
// One tick at a time, on the nominal beat: the next tick goes when Python has
// answered the last one (the step changed) and its beat has come, so a slow
// answer delays one beat instead of skipping one, and a busy kernel never
// builds up a queue of ticks.

// One play timer per model, however many views show it, so that two views
// of the same explorer do not play twice as fast.
const timers = new WeakMap();

// This view's hold on its model's timer: {restart, answered, startIfIdle, release}.
// `release` is the view's cleanup (the last view of a model stops its timer).
function createPlayTimer(model, send) {
  function timerRecord() {
    if (!timers.has(model)) {
      timers.set(model, { id: null, watchdog: null, views: 0, waiting: false, next: 0 });
    }
    return timers.get(model);
  }
  const record = timerRecord();
  record.views += 1;

  function stopTimer() {
    if (record.id !== null) clearTimeout(record.id);
    if (record.watchdog !== null) clearTimeout(record.watchdog);
    record.id = null;
    record.watchdog = null;
    record.waiting = false;
  }

  function beat() {
    return 1000 / Math.max(0.1, Number(model.get("speed")) || 1);
  }

  function tickOnBeat() {
    if (record.id !== null || record.waiting || !model.get("playing")) return;
    const delay = Math.max(0, record.next - performance.now());
    record.id = setTimeout(() => {
      record.id = null;
      if (!model.get("playing")) return;
      const now = performance.now();
      // Never owe more than one beat: after a long stall, restart the beat from now.
      record.next = Math.max(record.next + beat(), now);
      record.waiting = true;
      send({ type: "tick" });
      record.watchdog = setTimeout(() => {
        record.watchdog = null;
        record.waiting = false;
        tickOnBeat();
      }, 2000);
    }, delay);
  }

  function restartTimer() {
    stopTimer();
    record.next = performance.now() + beat();
    tickOnBeat();
  }

  function answered() {
    if (!record.waiting) return;
    record.waiting = false;
    if (record.watchdog !== null) clearTimeout(record.watchdog);
    record.watchdog = null;
    tickOnBeat();
  }

  return {
    restart: restartTimer,
    answered,
    startIfIdle() {
      if (record.id === null && !record.waiting) restartTimer();
    },
    release() {
      record.views -= 1;
      if (record.views <= 0) stopTimer();
    },
  };
}
