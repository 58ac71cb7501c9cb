// DOM helpers every part of the table uses: an element with a class and text, a
// labelled button, and the transport buttons' drawn icons.

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function button(label, ariaLabel, onClick, className = "mw-btn") {
  const node = el("button", className, label);
  node.type = "button";
  node.setAttribute("aria-label", ariaLabel);
  node.title = ariaLabel;
  node.addEventListener("click", onClick);
  return node;
}

// The transport buttons' icons, drawn (not font glyphs: "⏸" is an empty box in
// fonts without it, as in JupyterLite's). 16x16, in the button's text colour.
const ICONS = {
  reset: "M2.5 2.5h2v11h-2zM13.5 2.5v11L5.5 8z",
  back: "M12.5 2.5v11L3.5 8z",
  play: "M4 2.5v11L13 8z",
  pause: "M3.5 2.5h3.2v11H3.5zM9.3 2.5h3.2v11H9.3z",
  step: "M2.5 2.5v11L10.5 8zM11.5 2.5h2v11h-2z",
};
function setIcon(node, name) {
  if (node.dataset.icon === name) return;
  node.dataset.icon = name;
  node.innerHTML =
    `<svg class="mw-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">` +
    `<path d="${ICONS[name]}" fill="currentColor"/></svg>`;
}

// Plays `className`'s CSS animation on `node` again, even if it is playing.
function flash(node, className) {
  node.classList.remove(className);
  void node.offsetWidth; // restart the animation
  node.classList.add(className);
}
