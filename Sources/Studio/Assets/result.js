// The result pane's JSON: pretty-printed and highlighted (keys, strings, numbers, literals), the text unchanged so
// it can be copied as JSON.

/**
 * Highlighted nodes for a pretty-printed JSON text.
 * @param {string} text
 * @returns {Node[]}
 */
export function highlightJSON(text) {
  const nodes = [];
  const pattern = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) nodes.push(document.createTextNode(text.slice(at, m.index)));
    const cls = m[1] ? (m[2] ? 'tok-attribute' : 'tok-string') : m[3] ? 'tok-number' : 'tok-keyword';
    const span = document.createElement('span');
    span.className = cls;
    span.textContent = m[1] ?? m[0];
    nodes.push(span);
    if (m[2]) nodes.push(document.createTextNode(m[2]));
    at = m.index + m[0].length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}
