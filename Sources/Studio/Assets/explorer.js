// The explorer: the schema as a tree under its Query, Mutation and Subscription roots. Ticking a field adds it to
// the operation of that root in the editor (creating the operation and the selection sets on the way), unticking
// removes it; a ticked field shows its arguments (scalars and enums as inputs, input objects such as filters as
// nested rows) and its sub-fields, to any depth. The tree is drawn from the editor's text, so edits made by
// typing show as ticks too.

import { el, hint } from './dom.js';
import { parse } from './graphql/parser.js';
import { printDocument } from './graphql/printer.js';
import { namedType, typeString, isComposite } from './schema.js';
import { findOperation, fieldAt, toggleField, argumentAt, setArgument, literalFor, textOf, placeholder } from './selection.js';

/** The explorer pane. */
export class Explorer {
  /**
   * @param {HTMLElement} panel
   * @param {{getText: () => string, setText: (text: string) => void, getOperationName: () => string|null}} host
   */
  constructor(panel, host) {
    this.panel = panel;
    this.host = host;
    this.schema = null;
    this.expanded = new Set();
    this.timer = 0;
    /** The text the last tick wrote into the editor, until the editor's text changes otherwise. */
    this.written = null;
    panel.replaceChildren(hint('The schema appears here once it is loaded.'));
  }

  /**
   * Shows a schema.
   * @param {import('./schema.js').Schema} schema
   */
  setSchema(schema) {
    this.schema = schema;
    this.render();
  }

  /**
   * Redraws the ticks after the editor's text changed (at most every 150 ms). Text the explorer wrote itself is
   * already drawn: redrawing it again 150 ms later would replace the boxes under a click that follows a tick.
   */
  documentChanged() {
    clearTimeout(this.timer);
    if (this.written !== null && this.host.getText() === this.written) return;
    this.written = null;
    this.timer = setTimeout(() => this.render(), 150);
  }

  render() {
    if (!this.schema) return;
    const active = document.activeElement;
    const focusKey = this.panel.contains(active) ? active.dataset.key : null;
    this.doc = parse(this.host.getText());
    const roots = ['query', 'mutation', 'subscription'].filter((k) => this.schema.rootType(k));
    const tree = el('div', 'x-tree');
    for (const kind of roots) {
      const details = el('details', 'x-root');
      details.open = kind === 'query' || this.expanded.has(kind) || !!findOperation(this.doc, kind, null);
      details.addEventListener('toggle', () => (details.open ? this.expanded.add(kind) : this.expanded.delete(kind)));
      const summary = el('summary', 'x-root-title');
      summary.textContent = this.schema.rootType(kind).name;
      details.append(summary, this.fieldList(kind, this.schema.rootType(kind).name, []));
      tree.append(details);
    }
    if (this.doc.errors.length) tree.prepend(hint('The document has syntax errors: ticks show what could be read, and ticking waits for a valid document.'));
    this.panel.replaceChildren(tree);
    if (focusKey) this.panel.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
  }

  fieldList(kind, typeName, names) {
    const ul = el('ul', 'x-fields');
    ul.setAttribute('role', 'group');
    const op = findOperation(this.doc, kind, this.host.getOperationName());
    for (const field of this.schema.type(typeName)?.fields ?? []) {
      const path = [...names, field.name];
      const key = `${kind}.${path.join('.')}`;
      const node = fieldAt(op, path);
      const childType = namedType(field.type);
      const composite = isComposite(this.schema, childType);
      const li = el('li', 'x-field');
      const row = el('div', 'x-row');
      const open = !!node || this.expanded.has(key);
      if (composite) {
        const caret = el('button', 'x-caret');
        caret.type = 'button';
        caret.setAttribute('aria-expanded', String(open));
        caret.setAttribute('aria-label', `${open ? 'Collapse' : 'Expand'} ${field.name}`);
        caret.textContent = open ? '▾' : '▸';
        caret.dataset.key = key + ':caret';
        caret.addEventListener('click', () => {
          if (this.expanded.has(key)) this.expanded.delete(key);
          else this.expanded.add(key);
          this.render();
        });
        row.append(caret);
      } else {
        row.append(el('span', 'x-caret-space'));
      }
      const label = el('label', 'x-label');
      const box = el('input');
      box.type = 'checkbox';
      box.checked = !!node;
      box.dataset.key = key;
      box.dataset.path = key;
      box.setAttribute('data-testid', 'explorer-field');
      box.addEventListener('change', () => this.edit((doc) => toggleField(this.schema, doc, kind, path, this.host.getOperationName())));
      const name = el('span', 'x-name');
      name.textContent = field.name;
      label.append(box, name);
      const type = el('span', 'x-type');
      type.textContent = typeString(field.type);
      row.append(label, type);
      li.append(row);
      if (node && field.args.length) li.append(this.argumentList(kind, path, node, field.args, []));
      if (composite && open) li.append(this.fieldList(kind, childType, path));
      ul.append(li);
    }
    return ul;
  }

  argumentList(kind, names, fieldNode, defs, argPath) {
    const ul = el('ul', 'x-args');
    for (const def of defs) {
      const path = [...argPath, def.name];
      const key = `${kind}.${names.join('.')}(${path.join('.')})`;
      const value = argumentAt(fieldNode, path);
      const typeName = namedType(def.type);
      const type = this.schema.type(typeName);
      const li = el('li', 'x-arg');
      const row = el('div', 'x-row');
      const label = el('label', 'x-label');
      const box = el('input');
      box.type = 'checkbox';
      box.checked = value !== null;
      box.dataset.key = key;
      box.dataset.arg = key;
      box.setAttribute('data-testid', 'explorer-arg');
      box.addEventListener('change', () => this.edit((doc) => setArgument(doc, kind, names, this.host.getOperationName(), path, box.checked ? placeholder(this.schema, def.type) : null)));
      const name = el('span', 'x-arg-name');
      name.textContent = def.name + ':';
      label.append(box, name);
      row.append(el('span', 'x-caret-space'), label);
      const isObject = type?.kind === 'INPUT_OBJECT' && def.type.kind !== 'LIST' && def.type.ofType?.kind !== 'LIST';
      if (type?.kind === 'INPUT_OBJECT' && !isObject) {
        const t = el('span', 'x-type');
        t.textContent = `${typeString(def.type)}: edit in the editor`;
        row.append(t);
      } else if (!isObject) row.append(this.valueInput(kind, names, path, def, value, key));
      else {
        const t = el('span', 'x-type');
        t.textContent = typeString(def.type);
        row.append(t);
      }
      li.append(row);
      if (isObject && value?.kind === 'ObjectValue') {
        li.append(this.argumentList(kind, names, fieldNode, type.inputFields, path));
      }
      ul.append(li);
    }
    return ul;
  }

  valueInput(kind, names, path, def, value, key) {
    const type = this.schema.type(namedType(def.type));
    const commit = (text) => this.edit((doc) => setArgument(doc, kind, names, this.host.getOperationName(), path, literalFor(this.schema, def.type, text)));
    let input;
    if (type?.kind === 'ENUM' || type?.name === 'Boolean') {
      input = el('select', 'x-input');
      const options = type.kind === 'ENUM' ? type.enumValues.map((e) => e.name) : ['true', 'false'];
      input.append(option(''), ...options.map(option));
      input.value = textOf(value);
      input.addEventListener('change', () => commit(input.value));
    } else {
      input = el('input', 'x-input');
      input.type = 'text';
      input.value = textOf(value);
      input.placeholder = typeString(def.type);
      input.addEventListener('change', () => commit(input.value));
    }
    input.dataset.key = key + ':value';
    input.setAttribute('aria-label', `${path.join('.')} value`);
    input.setAttribute('data-testid', 'explorer-arg-value');
    input.dataset.arg = key;
    return input;
  }

  /** Applies an edit to the parsed document and writes the printed result back into the editor. */
  edit(change) {
    const doc = parse(this.host.getText());
    if (doc.errors.length) {
      this.render();
      return;
    }
    const focusKey = this.panel.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    change(doc);
    // A redraw still pending for earlier text would only redraw what this one draws.
    clearTimeout(this.timer);
    this.written = doc.definitions.length ? printDocument(doc) : '';
    this.host.setText(this.written);
    this.render();
    // Writing the text focuses the editor; the user's place is the control they used.
    if (focusKey) this.panel.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
  }
}

function option(value) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = value || '—';
  return o;
}

