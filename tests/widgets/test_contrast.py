"""Colours that read in the light and dark themes (issue 46, WCAG 2.1 1.4.11).

A seat's colour marks its panel and its line in the charts: each must stand out at
3:1 from the page in JupyterLab's light theme (white) and its dark one (#212121).
The ratio is WCAG's, from relative luminance.
"""

from __future__ import annotations

import pytest

from monopoly_widgets.widgets.views.common import SEAT_COLOURS

LIGHT, DARK = "#ffffff", "#212121"


def luminance(colour: str) -> float:
    """WCAG 2.1's relative luminance of an sRGB colour written #rrggbb."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_ratio_is_wcags() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("colour", SEAT_COLOURS)
def test_every_seat_colour_stands_out_in_both_themes(colour: str) -> None:
    assert contrast(colour, LIGHT) >= 3.0, f"{colour} on white"
    assert contrast(colour, DARK) >= 3.0, f"{colour} on JupyterLab Dark"


def test_the_seats_colours_differ() -> None:
    assert len(set(SEAT_COLOURS)) == len(SEAT_COLOURS)
