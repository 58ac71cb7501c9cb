import marimo

__generated_with = "0.25.2"
app = marimo.App()


@app.cell
def _():
    # The real-browser test (test_class_seat_in_frontends.py) runs this app with
    # `marimo run`: it joins seat 0 of a live table on the test's class server (address
    # and code in the environment) and writes every frame the seat was sent to
    # the file MW_TEST_FRAMES names, for the test to check.
    import json
    import os
    import threading
    import time
    from pathlib import Path

    import monopoly_widgets as mw

    seat = mw.join(os.environ["MW_TEST_CODE"], name="Ana", keep_frames=True)
    kept = Path(os.environ["MW_TEST_FRAMES"])

    def write_frames():
        while True:
            kept.with_suffix(".part").write_text(json.dumps(list(seat.frames)))
            kept.with_suffix(".part").replace(kept)
            time.sleep(0.5)

    threading.Thread(target=write_frames, daemon=True).start()
    seat
    return (seat,)


@app.cell
def _(mo):
    mo.md("notebook ready")
    return


@app.cell
def _():
    import marimo as mo

    return (mo,)


if __name__ == "__main__":
    app.run()
