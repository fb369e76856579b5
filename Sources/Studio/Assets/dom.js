// Small helpers for building the page's elements, shared by every module that draws.

/**
 * A new element of `tag`, with `className` when one is given.
 * @param {string} tag
 * @param {string} [className]
 * @returns {HTMLElement}
 */
export function el(tag, className) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  return e;
}

/**
 * A paragraph of explanatory text in the page's muted style.
 * @param {string} text
 * @returns {HTMLElement}
 */
export function hint(text) {
  const p = el('p', 'hint');
  p.textContent = text;
  return p;
}
