// The query editor: a plain <textarea> (so typing, undo, selection and screen readers behave as the browser's own)
// over a <pre> that shows the same text highlighted token by token. It adds a completion popup driven by
// completion.js, marks for the server's errors at their line and column, and the editor shortcuts
// (Ctrl/Cmd+Enter runs, Ctrl/Cmd+Space completes, Shift+Ctrl/Cmd+P prettifies).

import { el } from './dom.js';
import { tokenize, Kind } from './graphql/lexer.js';

const KEYWORDS = new Set(['query', 'mutation', 'subscription', 'fragment', 'on', 'true', 'false', 'null']);

/** An editor bound to a container element. */
export class Editor {
  /**
   * @param {HTMLElement} host the element to build the editor in
   * @param {{complete: (text: string, cursor: number) => {from: number, to: number, items: object[]},
   *   onRun: () => void, onPrettify: () => void, onChange: (text: string) => void, label: string}} options
   */
  constructor(host, options) {
    this.options = options;
    this.errors = [];
    host.classList.add('editor');
    this.view = el('pre', 'editor-view');
    this.view.setAttribute('aria-hidden', 'true');
    this.input = el('textarea', 'editor-input');
    this.input.spellcheck = false;
    this.input.setAttribute('autocapitalize', 'off');
    this.input.setAttribute('autocomplete', 'off');
    this.input.setAttribute('aria-label', options.label);
    this.input.setAttribute('data-testid', 'editor');
    this.input.setAttribute('aria-autocomplete', 'list');
    this.popup = el('ul', 'completion');
    this.popup.id = 'completion-list';
    this.popup.setAttribute('role', 'listbox');
    this.popup.setAttribute('data-testid', 'completion');
    this.popup.hidden = true;
    this.errorList = el('ul', 'editor-errors');
    this.errorList.setAttribute('data-testid', 'editor-errors');
    const frame = el('div', 'editor-frame');
    frame.append(this.view, this.input, this.popup);
    host.append(frame, this.errorList);
    this.input.addEventListener('input', (e) => this.changed(e));
    this.input.addEventListener('scroll', () => this.syncScroll());
    this.input.addEventListener('keydown', (e) => this.keydown(e));
    this.input.addEventListener('blur', () => setTimeout(() => this.closePopup(), 150));
    this.input.addEventListener('click', () => this.closePopup());
    this.render();
  }

  /** The text. */
  get value() { return this.input.value; }

  /** Replaces the text (undo history of the textarea is kept where the browser allows). */
  set value(text) {
    this.input.value = text;
    this.errors = [];
    this.render();
    this.options.onChange?.(text);
  }

  /** The cursor offset. */
  get cursor() { return this.input.selectionStart; }

  /**
   * Replaces the text as one edit the user can undo, keeping the cursor near where it was.
   * @param {string} text
   */
  replaceAll(text) {
    const cursor = this.input.selectionStart;
    this.input.focus({ preventScroll: true });
    this.input.select();
    if (!document.execCommand?.('insertText', false, text) || this.input.value !== text) this.input.value = text;
    this.input.setSelectionRange(Math.min(cursor, text.length), Math.min(cursor, text.length));
    this.errors = [];
    this.render();
    this.options.onChange?.(text);
  }

  /**
   * Marks errors at their positions and lists them under the editor.
   * @param {{line: number, column: number, message: string}[]} errors
   */
  setErrors(errors) {
    this.errors = errors;
    this.render();
  }

  changed(event) {
    this.errors = [];
    this.render();
    this.options.onChange?.(this.value);
    const typed = event.data ?? '';
    // Letters and $ open the popup as one types; after punctuation (where Enter means a new line) it takes
    // Ctrl+Space.
    if (event.inputType === 'insertText' && /^[A-Za-z_$]$/.test(typed)) {
      this.openPopup(false);
    } else if (!this.popup.hidden && (event.inputType === 'deleteContentBackward' || /^[0-9]$/.test(typed))) {
      this.openPopup(false);
    } else {
      this.closePopup();
    }
  }

  keydown(e) {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key === 'Enter') { e.preventDefault(); this.closePopup(); this.options.onRun?.(); return; }
    if (mod && (e.key === ' ' || e.code === 'Space')) { e.preventDefault(); this.openPopup(true); return; }
    if (mod && e.shiftKey && (e.key === 'p' || e.key === 'P')) { e.preventDefault(); this.options.onPrettify?.(); return; }
    if (!this.popup.hidden) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        this.move(e.key === 'ArrowDown' ? 1 : -1);
      } else if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        this.accept(this.active);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        this.closePopup();
      }
      return;
    }
    if (e.key === 'Enter' && !mod) {
      // Keep the indentation of the current line.
      const v = this.value;
      const start = this.input.selectionStart;
      const lineStart = v.lastIndexOf('\n', start - 1) + 1;
      const indent = /^[ \t]*/.exec(v.slice(lineStart))[0];
      const extra = v[start - 1] === '{' || v[start - 1] === '(' ? '  ' : '';
      e.preventDefault();
      this.insert('\n' + indent + extra);
    }
  }

  insert(text) {
    if (!document.execCommand?.('insertText', false, text)) {
      const { selectionStart: s, selectionEnd: t, value } = this.input;
      this.input.value = value.slice(0, s) + text + value.slice(t);
      this.input.setSelectionRange(s + text.length, s + text.length);
      this.input.dispatchEvent(new Event('input'));
    }
  }

  openPopup(explicit) {
    if (!this.options.complete) return;
    const result = this.options.complete(this.value, this.cursor);
    const word = this.value.slice(result.from, this.cursor);
    if (!result.items.length || (!explicit && result.items.length === 1 && result.items[0].label === word)) {
      this.closePopup();
      return;
    }
    this.completion = result;
    this.active = 0;
    this.popup.replaceChildren(...result.items.map((item, i) => {
      const li = el('li', 'completion-item');
      li.id = `completion-${i}`;
      li.setAttribute('role', 'option');
      li.dataset.label = item.label;
      const label = el('span', 'completion-label');
      label.textContent = item.label;
      const detail = el('span', 'completion-detail');
      detail.textContent = item.detail;
      li.append(label, detail);
      li.addEventListener('mousedown', (e) => { e.preventDefault(); this.accept(i); });
      return li;
    }));
    const { top, left } = this.caretPosition();
    this.popup.style.top = `${top}px`;
    this.popup.style.left = `${left}px`;
    this.popup.hidden = false;
    this.input.setAttribute('aria-controls', 'completion-list');
    this.input.setAttribute('aria-expanded', 'true');
    this.move(0);
  }

  move(delta) {
    const items = this.popup.children;
    if (!items.length) return;
    this.active = (this.active + delta + items.length) % items.length;
    for (let i = 0; i < items.length; i++) items[i].classList.toggle('active', i === this.active);
    items[this.active].setAttribute('aria-selected', 'true');
    this.input.setAttribute('aria-activedescendant', items[this.active].id);
    items[this.active].scrollIntoView({ block: 'nearest' });
  }

  accept(index) {
    const item = this.completion?.items[index];
    this.closePopup();
    if (!item) return;
    this.input.setSelectionRange(this.completion.from, this.completion.to);
    this.insert(item.insert);
  }

  closePopup() {
    this.popup.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  caretPosition() {
    const before = this.value.slice(0, this.cursor);
    const line = before.split('\n').length - 1;
    const column = before.length - before.lastIndexOf('\n') - 1;
    const style = getComputedStyle(this.input);
    const lineHeight = parseFloat(style.lineHeight) || 20;
    const charWidth = measureCharWidth(style.font);
    return {
      top: parseFloat(style.paddingTop) + (line + 1) * lineHeight - this.input.scrollTop + 2,
      left: Math.max(0, parseFloat(style.paddingLeft) + column * charWidth - this.input.scrollLeft),
    };
  }

  syncScroll() {
    this.view.scrollTop = this.input.scrollTop;
    this.view.scrollLeft = this.input.scrollLeft;
  }

  render() {
    const text = this.value;
    const marks = this.errors.map((e) => ({ ...e, offset: offsetOf(text, e.line, e.column) }));
    this.view.replaceChildren(...highlight(text, marks), document.createTextNode('\n'));
    this.errorList.replaceChildren(...this.errors.map((e) => {
      const li = el('li', 'editor-error');
      const b = el('button', 'link');
      b.type = 'button';
      b.textContent = `${e.line}:${e.column}`;
      b.addEventListener('click', () => {
        const at = offsetOf(text, e.line, e.column);
        this.input.focus();
        this.input.setSelectionRange(at, at);
      });
      li.append(b, document.createTextNode(' ' + e.message));
      return li;
    }));
    this.syncScroll();
  }
}

/**
 * Highlighted nodes for a GraphQL text: one span per token, classed by its role, and error marks.
 * @param {string} text
 * @param {{offset: number, line: number, column: number, message: string}[]} marks
 * @returns {Node[]}
 */
export function highlight(text, marks = []) {
  const nodes = [];
  let at = 0;
  const tokens = tokenize(text);
  const pending = [...marks].sort((a, b) => a.offset - b.offset);
  let prev = null;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.start > at) nodes.push(document.createTextNode(text.slice(at, t.start)));
    while (pending.length && pending[0].offset < t.start && pending[0].offset >= at) {
      nodes.push(markNode('', pending.shift()));
    }
    if (t.kind === Kind.EOF) {
      while (pending.length) nodes.push(markNode('', pending.shift()));
      break;
    }
    const span = el('span', 'tok-' + role(t, prev, tokens[k + 1]));
    span.textContent = text.slice(t.start, t.end);
    if (pending.length && pending[0].offset >= t.start && pending[0].offset < t.end) {
      const mark = markNode('', pending.shift());
      mark.append(span);
      while (pending.length && pending[0].offset < t.end) pending.shift();
      nodes.push(mark);
    } else {
      nodes.push(span);
    }
    at = t.end;
    if (t.kind !== Kind.COMMENT) prev = t;
  }
  return nodes;
}

function markNode(text, error) {
  const m = el('span', 'error-mark');
  m.setAttribute('data-testid', 'error-mark');
  m.dataset.line = String(error.line);
  m.dataset.column = String(error.column);
  m.dataset.offset = String(error.offset);
  m.title = error.message;
  if (text) m.textContent = text;
  else m.classList.add('error-mark-empty');
  return m;
}

function role(t, prev, next) {
  switch (t.kind) {
    case Kind.COMMENT: return 'comment';
    case Kind.STRING:
    case Kind.BLOCK_STRING: return 'string';
    case Kind.INT:
    case Kind.FLOAT: return 'number';
    case Kind.INVALID: return 'invalid';
    case Kind.PUNCT: return 'punct';
    case Kind.NAME:
      if (prev?.kind === Kind.PUNCT && prev.value === '$') return 'variable';
      if (prev?.kind === Kind.PUNCT && prev.value === '@') return 'directive';
      if (KEYWORDS.has(t.value)) return 'keyword';
      if (prev?.kind === Kind.NAME && (prev.value === 'on' || prev.value === 'fragment')) return 'type';
      if (prev?.kind === Kind.PUNCT && prev.value === ':' && next && /^[!\]=),$]/.test(next.value || ')') && /^[A-Z]/.test(t.value)) return 'type';
      if (next?.kind === Kind.PUNCT && next.value === ':') return 'attribute';
      if (/^[A-Z][A-Z0-9_]*$/.test(t.value) && prev?.kind === Kind.PUNCT && prev.value === ':') return 'enum';
      return 'name';
    default: return 'name';
  }
}

/**
 * The offset of a 1-based line and column in a text.
 * @param {string} text
 * @param {number} line
 * @param {number} column
 * @returns {number}
 */
export function offsetOf(text, line, column) {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return Math.min(text.length, offset + column - 1);
}

let measured = { font: '', width: 8 };
function measureCharWidth(font) {
  if (measured.font === font) return measured.width;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  ctx.font = font;
  measured = { font, width: ctx.measureText('0000000000').width / 10 || 8 };
  return measured.width;
}

