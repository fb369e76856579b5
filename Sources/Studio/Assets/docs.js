// The docs pane: a search over type and field names (and descriptions) and a page per type listing its fields,
// arguments, input fields or enum values, each type name a link to its own page.

import { el } from './dom.js';
import { namedType, typeString } from './schema.js';

/** The docs pane. */
export class Docs {
  /** @param {HTMLElement} panel */
  constructor(panel) {
    this.panel = panel;
    this.schema = null;
    this.search = el('input', 'docs-search');
    this.search.type = 'search';
    this.search.placeholder = 'Search types and fields';
    this.search.setAttribute('aria-label', 'Search types and fields');
    this.search.setAttribute('data-testid', 'docs-search');
    this.search.addEventListener('input', () => this.show());
    this.body = el('div', 'docs-body');
    this.body.setAttribute('aria-live', 'polite');
    this.stack = [];
    panel.replaceChildren(this.search, this.body);
  }

  /**
   * Shows a schema, starting at its root types.
   * @param {import('./schema.js').Schema} schema
   */
  setSchema(schema) {
    this.schema = schema;
    this.stack = [];
    this.show();
  }

  show() {
    if (!this.schema) return;
    const query = this.search.value.trim().toLowerCase();
    if (query) this.body.replaceChildren(this.results(query));
    else if (this.stack.length) this.body.replaceChildren(this.typePage(this.stack[this.stack.length - 1]));
    else this.body.replaceChildren(this.home());
  }

  open(name) {
    this.search.value = '';
    this.stack.push(name);
    this.show();
    this.body.querySelector('h3')?.focus();
  }

  home() {
    const div = el('div');
    const roots = [this.schema.queryType, this.schema.mutationType, this.schema.subscriptionType].filter(Boolean);
    div.append(heading('Root types'), list(roots.map((n) => this.typeLink(n))));
    div.append(heading('All types'), list(this.schema.typesOfKind('OBJECT', 'INPUT_OBJECT', 'ENUM', 'SCALAR', 'INTERFACE', 'UNION').map((t) => this.typeLink(t.name))));
    return div;
  }

  results(query) {
    const found = [];
    for (const type of this.schema.typesOfKind('OBJECT', 'INPUT_OBJECT', 'ENUM', 'SCALAR', 'INTERFACE', 'UNION')) {
      if (type.name.toLowerCase().includes(query)) found.push([this.typeLink(type.name)]);
      for (const f of type.fields ?? type.inputFields ?? []) {
        if (f.name.toLowerCase().includes(query) || (f.description ?? '').toLowerCase().includes(query)) {
          found.push([this.typeLink(type.name), text('.' + f.name + ': '), this.typeLink(namedType(f.type), typeString(f.type))]);
        }
      }
      if (found.length > 300) break;
    }
    const div = el('div');
    div.setAttribute('data-testid', 'docs-results');
    div.append(heading(`${found.length} result${found.length === 1 ? '' : 's'}`), list(found));
    return div;
  }

  typePage(name) {
    const type = this.schema.type(name);
    const div = el('div', 'docs-type');
    const back = el('button', 'link');
    back.type = 'button';
    back.textContent = '← Back';
    back.addEventListener('click', () => { this.stack.pop(); this.show(); });
    const h = el('h3');
    h.tabIndex = -1;
    h.textContent = `${name}`;
    const kind = el('p', 'hint');
    kind.textContent = type?.kind.toLowerCase().replace('_', ' ') ?? 'unknown type';
    div.append(back, h, kind);
    if (type?.description) div.append(paragraph(type.description));
    if (type?.fields) {
      div.append(heading('Fields'), list(type.fields.map((f) => {
        const parts = [strong(f.name)];
        if (f.args.length) {
          parts.push(text('('));
          f.args.forEach((a, i) => parts.push(text(`${i ? ', ' : ''}${a.name}: `), this.typeLink(namedType(a.type), typeString(a.type))));
          parts.push(text(')'));
        }
        parts.push(text(': '), this.typeLink(namedType(f.type), typeString(f.type)));
        if (f.description) parts.push(paragraph(f.description));
        return parts;
      })));
    }
    if (type?.inputFields) {
      div.append(heading('Input fields'), list(type.inputFields.map((f) => [strong(f.name), text(': '), this.typeLink(namedType(f.type), typeString(f.type))])));
    }
    if (type?.enumValues) div.append(heading('Values'), list(type.enumValues.map((v) => [strong(v.name)])));
    return div;
  }

  typeLink(name, label = name) {
    const b = el('button', 'link type-link');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', () => this.open(name));
    return b;
  }
}

function list(rows) {
  const ul = el('ul', 'docs-list');
  for (const row of rows) {
    const li = el('li');
    li.append(...(Array.isArray(row) ? row : [row]));
    ul.append(li);
  }
  return ul;
}

function heading(t) {
  const h = el('h4');
  h.textContent = t;
  return h;
}

function strong(t) {
  const s = el('strong');
  s.textContent = t;
  return s;
}

function paragraph(t) {
  const p = el('p', 'docs-description');
  p.textContent = t;
  return p;
}

function text(t) {
  return document.createTextNode(t);
}

