// Card names that fit their card. Pure: the measuring is done by a canvas 2D
// context passed in (`ctx.font`, `ctx.measureText(text).width`), so the rules below
// are tested under node with a stand-in (tests/js/names.test.mjs); cards.js passes
// a real canvas and remembers each answer.
//
// Card names wrap only between words and stay readable on a projector: a name
// that does not fit its card at the normal size is tried smaller (down to
// NAME_MIN_PX), then with "Avenue" written "Ave." (on the card only; its title
// and aria label keep the full name), and a single word still too wide at the
// smallest size ("Mediterranean" on a compact card) makes its card wider.
// Chips (one-line cards) show the whole name at their own size.
// Sizes are measured with a canvas in the theme's own font, so no layout is read.
const NAME_FONT_PX = 11.5;
const NAME_MIN_PX = 9.5;
const NAME_LINE = 1.15; // the name's line height, as in table.css

function nameWords(text) {
  // Break after a slash too ("Red/Yellow wild"), as the card does.
  return text.split(" ").flatMap((w) => w.split(/(?<=\/)/)).filter((w) => w);
}

// Lines a greedy word wrap needs at the context's font, in `room` px.
function lineCount(ctx, words, room) {
  const space = ctx.measureText(" ").width;
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const w = ctx.measureText(word).width;
    const gap = used === 0 || word.startsWith("/") ? 0 : space;
    if (used > 0 && used + gap + w > room) {
      lines += 1;
      used = w;
    } else used += gap + w;
  }
  return lines;
}

// {text, size, width}: the name as drawn, its font size, and the card's width
// when it has to be wider than `widthPx` of room (else null), measured with `ctx`
// in the font `family`.
function fitNameWith(ctx, family, name, widthPx, heightPx) {
  const short = name.replace(/\bAvenue\b/g, "Ave.");
  const texts = short === name ? [name] : [name, short];
  // 4% to spare: the canvas and the page may round glyph widths differently.
  const room = widthPx * 0.96;
  const fits = (text, size, roomPx) => {
    ctx.font = `700 ${size}px ${family}`;
    const words = nameWords(text);
    const widest = Math.max(...words.map((w) => ctx.measureText(w).width));
    return widest <= roomPx && lineCount(ctx, words, roomPx) * size * NAME_LINE <= heightPx;
  };
  for (const text of texts) {
    for (let size = NAME_FONT_PX; size >= NAME_MIN_PX; size -= 0.5) {
      if (fits(text, size, room)) return { text, size, width: null };
    }
  }
  // Too long even at the smallest size: the card grows to its widest word
  // (and, if need be, to fewer lines), with the name in full.
  const text = name;
  ctx.font = `700 ${NAME_MIN_PX}px ${family}`;
  let wider = Math.max(...nameWords(text).map((w) => ctx.measureText(w).width)) / 0.96;
  while (!fits(text, NAME_MIN_PX, wider * 0.96) && wider < widthPx * 3) wider += 4;
  return { text, size: NAME_MIN_PX, width: Math.ceil(wider) };
}
