import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full")


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        # Quick start in marimo: play against the bots

        You play seat 0 (your cards face up, the others' face down); the bots play the
        other seats. Click a highlighted card or a choice button to play; the bots answer
        by themselves. Use **step**, **back** and the slider to replay any moment.

        Open it as a notebook with `marimo edit notebooks/00_quickstart_marimo.py`, or as
        an app with `marimo run notebooks/00_quickstart_marimo.py`.
        """
    )
    return


@app.cell
def _():
    import marimo as mo

    import monopoly_widgets as mw

    return mo, mw


@app.cell(hide_code=True)
def _(mo):
    mo.md(r"""## Monopoly Deal against two bots""")
    return


@app.cell
def _(mw):
    deal = mw.play("deal", players=3, human=0, seed=1)
    deal
    return (deal,)


@app.cell
def _(deal):
    assert deal.human_seats() == [0]
    return


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        ## Watch the bots, and let other cells follow the game

        With no person at the table, press **play** to watch, or **step** one move at a
        time. Wrapping the table in `mo.ui.anywidget` makes it a marimo UI element:
        the browser reports the step it shows as `shown_step`, and every cell that reads
        `watch_view.value` runs again when it changes, here the line under the table.
        """
    )
    return


@app.cell
def _(mo, mw):
    watch = mw.GameExplorer(mw.new_game("deal", players=3, seed=2))
    watch_view = mo.ui.anywidget(watch.table)
    watch_view
    return watch, watch_view


@app.cell
def _(mo, watch, watch_view):
    shown = watch_view.value["shown_step"]
    banks = ", ".join(
        f"Player {s['seat']} ${s['bank_total']}M" for s in watch.observation()["seats"]
    )
    mo.md(f"**The table shows step {shown}.** Money in the bank: {banks}.")
    return


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        ## Monopoly Bid and Monopoly: The Card Game

        Sealed-bid auctions in Bid; colour groups, trades and laying down in The Card Game.
        """
    )
    return


@app.cell
def _(mo, mw):
    bid = mw.play("bid", players=3, human=0, seed=1)
    cardgame = mw.play("cardgame", players=3, human=0, seed=1)
    mo.ui.tabs({"Monopoly Bid": bid, "Monopoly: The Card Game": cardgame})
    return


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        ## Save a game and open it again

        Games save as JSON (the seed and the list of moves) and open again for replay;
        `explorer.save_html("game.html")` writes one file that replays it with no kernel.
        """
    )
    return


@app.cell
def _(mw):
    played = mw.GameExplorer(mw.new_game("deal", players=3, seed=2))
    for _ in range(30):
        played.forward()
    replay = mw.GameExplorer.from_json(played.to_json())
    assert replay.game.history == played.game.history
    replay
    return


if __name__ == "__main__":
    app.run()
