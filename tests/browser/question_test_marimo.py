import marimo

__generated_with = "0.25.2"
app = marimo.App()


@app.cell
def _():
    # The real-browser test (test_question_in_marimo.py) runs this app with `marimo run`
    # and answers the two questions by keyboard and mouse, as in JupyterLab and Voila.
    # Python writes what it marked to seen.json beside this file.
    import json
    from fractions import Fraction
    from math import comb

    import marimo as mo

    from monopoly_widgets.lessons import Choice, Exercise, Mistake, Number, Question

    def at_least_one(deck, special):
        return 1 - Fraction(comb(deck - special, 5), comb(deck, 5))

    HAND = Exercise(
        "B-1",
        "What is the chance that a 5-card hand holds at least one Pass Go?",
        Number(3, percent=True, probability=True),
        at_least_one,
        hints=("count the hands with none first", "P(at least one) = 1 - P(none)"),
        mistakes=(
            Mistake(
                "P(none)",
                lambda deck, special: 1 - at_least_one(deck, special),
                "that is the chance of none.",
            ),
        ),
        working=lambda deck, special: f"1 - C({deck - special}, 5) / C({deck}, 5)",
    )
    PICK = Exercise(
        "B-2", "Is banker_bot better or worse?", Choice(("better", "worse")), lambda: "worse"
    )
    hand = Question(HAND, deck=106, special=10)
    pick = Question(PICK)
    folder = mo.notebook_dir()

    def report(change=None):
        seen = {
            name: {"tries": q.tries, "status": q.status, "answer": q.answer, "error": q.error}
            for name, q in (("hand", hand), ("pick", pick))
        }
        (folder / "seen.json.tmp").write_text(json.dumps(seen))
        (folder / "seen.json.tmp").replace(folder / "seen.json")  # never half a file

    for question in (hand, pick):
        question.observe(report, names=["tries", "status", "error"])
    report()
    return hand, mo, pick


@app.cell
def _(hand):
    hand
    return


@app.cell
def _(pick):
    pick
    return


@app.cell
def _(mo):
    mo.md("notebook ready")
    return


if __name__ == "__main__":
    app.run()
