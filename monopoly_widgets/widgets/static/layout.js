// The table's layout arithmetic, pure (tests/js/layout.test.mjs): which layout a
// width gets, the room a card gives its name, the seat a compact table shows in
// full, and a colour band's background.
//
// Layout: "wide" puts the charts beside the full table; "compact" shows the
// seat that decides (or is watched) in full, the others one line each, and
// the charts in tabs, so a 1280x720 projector shows hand, choices, narration
// and a chart at once; "auto" picks by the width the widget really has.

// "auto" is wide from this width (px) of the widget itself; below it, compact.
const WIDE_FROM = 1500;
// Below this width the charts go under the table instead of beside it.
const ONE_COLUMN_BELOW = 760;

// {compact, oneColumn} for the layout trait `mode` at `width` px, or null while
// "auto" has no width yet (the resize observer asks again).
function layoutFor(mode, width) {
  if (mode === "auto" && width === 0) return null;
  return {
    compact: mode === "compact" || (mode === "auto" && width > 0 && width < WIDE_FROM),
    oneColumn: width > 0 && width < ONE_COLUMN_BELOW,
  };
}

// Card geometry, as in table.css: [card height, colour band] per layout, the
// badge in the bottom corner, and the name's padding.
const CARD_BOX = { wide: [106, 24], compact: [84, 18] };
const CORNER_ROOM = 21;
const NAME_PAD = 4;

// The room for a card's name across: the card's width less its padding and border.
function nameWidthFor(compact) {
  return compact ? 54 : 72;
}

// The room for a card's name down: between the colour band and the corner badge
// (an action card's name leaves room for its tag too).
function nameHeightFor(face, compact) {
  const [cardHeight, band] = CARD_BOX[compact ? "compact" : "wide"];
  const kindBand = !compact && (face.kind === "action" || face.kind === "rent") ? 18 : band;
  const nameRoom = cardHeight - kindBand - NAME_PAD - (face.corner ? CORNER_ROOM : NAME_PAD);
  return nameRoom - (face.kind === "action" ? 6 : 0);
}

// The seat a compact table shows in full: the viewer's, else the one deciding.
function focusSeat(t) {
  const seats = t.seats || [];
  if (t.viewer !== null && t.viewer !== undefined) return t.viewer;
  const deciding = seats.find((s) => s.deciding) || seats.find((s) => s.turn);
  return deciding ? deciding.seat : null;
}

// A colour band's CSS background: grey for none, one colour, or equal stripes.
function bandBackground(bands) {
  if (!bands || bands.length === 0) return "#9e9e9e";
  if (bands.length === 1) return bands[0];
  const step = 100 / bands.length;
  const stops = bands.map((c, i) => `${c} ${i * step}% ${(i + 1) * step}%`);
  return `linear-gradient(90deg, ${stops.join(", ")})`;
}
