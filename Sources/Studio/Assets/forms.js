// Record forms of the data browser, generated from the mutation input types: CreateXInput for a new record,
// UpdateXInput for an existing one (only changed fields are sent), DeleteXInput to delete it. Each input is named
// after its field; an error the server returns is shown next to the field its message names, else above the form.

import { el } from './dom.js';
import { graphql } from './session.js';
import { namedType, typeString } from './schema.js';

/** A create or edit form for one record. */
export class RecordForm {
  /**
   * @param {import('./schema.js').Schema} schema
   * @param {object} model an entry of modelsOf
   * @param {object|null} row the record to edit, or null for a new one
   * @param {{onDone: (message: string) => void, onCancel: () => void}} host
   */
  constructor(schema, model, row, host) {
    this.schema = schema;
    this.model = model;
    this.row = row;
    this.host = host;
    this.mutation = row ? model.update : model.create;
    this.inputType = schema.type(namedType(this.mutation?.args.find((a) => a.name === 'input')?.type));
    this.element = this.build();
  }

  build() {
    const form = el('form', 'record-form');
    form.setAttribute('data-testid', 'record-form');
    form.noValidate = true;
    const h = el('h2');
    h.textContent = this.row ? `Edit ${this.model.name} ${this.row.id ?? ''}` : `New ${this.model.name}`;
    h.tabIndex = -1;
    this.formError = el('p', 'form-error');
    this.formError.setAttribute('data-testid', 'form-error');
    this.formError.setAttribute('role', 'alert');
    form.append(h, this.formError);
    this.inputs = new Map();
    const order = (f) => (this.model.key.includes(f.name) ? 0 : f.type.kind === 'NON_NULL' ? 1 : 2);
    const fields = [...(this.inputType?.inputFields ?? [])].sort((a, b) => order(a) - order(b));
    for (const field of fields) {
      const type = this.schema.type(namedType(field.type));
      if (!type || type.kind === 'INPUT_OBJECT') continue;
      const isKey = this.row && this.model.key.includes(field.name);
      const row = el('div', 'form-row');
      const id = `field-${field.name}`;
      const label = el('label');
      label.htmlFor = id;
      label.textContent = field.name + (field.type.kind === 'NON_NULL' ? ' *' : '');
      const input = this.input(field, type);
      input.id = id;
      input.name = field.name;
      if (isKey) input.readOnly = true;
      const original = this.row ? this.row[field.name] : undefined;
      if (original !== undefined && original !== null) input.value = typeof original === 'object' ? JSON.stringify(original) : String(original);
      const hintText = el('span', 'hint');
      hintText.textContent = typeString(field.type);
      const error = el('span', 'field-error');
      error.id = `${id}-error`;
      error.setAttribute('data-testid', 'field-error');
      error.dataset.field = field.name;
      input.setAttribute('aria-describedby', error.id);
      row.append(label, input, hintText, error);
      const parent = this.model.parents.find((p) => `${p.name}Id` === field.name);
      if (parent && input.tagName === 'INPUT') this.offerParents(row, input, namedType(parent.type));
      form.append(row);
      this.inputs.set(field.name, { field, type, input, error, original });
    }
    const actions = el('div', 'form-actions');
    const save = el('button', 'primary');
    save.type = 'submit';
    save.textContent = this.row ? 'Save changes' : 'Create';
    save.setAttribute('data-testid', 'save');
    const cancel = el('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', () => this.host.onCancel());
    actions.append(save, cancel);
    if (this.row && this.model.delete) {
      const del = el('button', 'danger');
      del.type = 'button';
      del.textContent = 'Delete';
      del.setAttribute('data-testid', 'delete');
      del.addEventListener('click', () => {
        if (del.dataset.armed) this.remove();
        else { del.dataset.armed = '1'; del.textContent = 'Click again to delete'; }
      });
      actions.append(del);
    }
    form.append(actions);
    form.addEventListener('submit', (e) => { e.preventDefault(); this.save(); });
    form.addEventListener('keydown', (e) => { if (e.key === 'Escape') this.host.onCancel(); });
    return form;
  }

  input(field, type) {
    if (type.kind === 'ENUM' || type.name === 'Boolean') {
      const select = el('select');
      const values = type.kind === 'ENUM' ? type.enumValues.map((v) => v.name) : ['true', 'false'];
      select.append(new Option('—', ''), ...values.map((v) => new Option(v, v)));
      return select;
    }
    if (type.name === 'AWSJSON') {
      const t = el('textarea');
      t.rows = 3;
      return t;
    }
    const input = el('input');
    input.type = 'text';
    if (type.name === 'Int' || type.name === 'Float') input.inputMode = 'decimal';
    return input;
  }

  /**
   * Suggests the first 100 records of a belongsTo's parent model in a reference input (a datalist of ids, labelled
   * by their name or title field when they have one).
   */
  async offerParents(row, input, parentModel) {
    const parent = this.schema.rootType('query')?.fields.find((f) => f.name.startsWith('list') && namedType(this.schema.type(namedType(f.type))?.fields?.find((x) => x.name === 'items')?.type) === parentModel);
    if (!parent) return;
    const fields = this.schema.type(parentModel).fields.map((f) => f.name);
    const label = ['name', 'title'].find((n) => fields.includes(n));
    const response = await graphql({ query: `query StudioParents { rows: ${parent.name}(limit: 100) { items { id ${label ?? ''} } } }` });
    const items = response.data?.rows?.items ?? [];
    if (!items.length) return;
    const list = el('datalist');
    list.id = `${input.id}-options`;
    for (const item of items) list.append(new Option(label ? item[label] : item.id, item.id));
    input.setAttribute('list', list.id);
    row.append(list);
  }

  /** Focuses the form's heading. */
  focus() {
    this.element.querySelector('h2').focus();
  }

  values() {
    const input = {};
    for (const [name, { type, input: control, original }] of this.inputs) {
      const text = control.value;
      const originalText = original === undefined || original === null ? '' : typeof original === 'object' ? JSON.stringify(original) : String(original);
      const isKey = this.row && this.model.key.includes(name);
      if (this.row && !isKey && text === originalText) continue;
      if (text === '') {
        if (this.row && !isKey && originalText !== '') input[name] = null;
        continue;
      }
      input[name] = convertInput(text, type);
    }
    return input;
  }

  async save() {
    this.clearErrors();
    const input = this.values();
    const query = `mutation StudioSave($input: ${typeString(this.mutation.args.find((a) => a.name === 'input').type)}) { ${this.mutation.name}(input: $input) { ${this.model.key.join(' ')} } }`;
    const response = await graphql({ query, variables: { input } });
    if (response.errors?.length || !response.data?.[this.mutation.name]) {
      this.showErrors(response.errors ?? [{ message: 'The server saved nothing.' }]);
      return;
    }
    this.host.onDone(this.row ? `Saved ${this.model.name}.` : `Created ${this.model.name}.`);
  }

  async remove() {
    this.clearErrors();
    const mutation = this.model.delete;
    const inputType = this.schema.type(namedType(mutation.args.find((a) => a.name === 'input').type));
    const input = Object.fromEntries(inputType.inputFields.filter((f) => this.row[f.name] !== undefined).map((f) => [f.name, this.row[f.name]]));
    const query = `mutation StudioDelete($input: ${typeString(mutation.args.find((a) => a.name === 'input').type)}) { ${mutation.name}(input: $input) { ${this.model.key.join(' ')} } }`;
    const response = await graphql({ query, variables: { input } });
    if (response.errors?.length) {
      this.showErrors(response.errors);
      return;
    }
    this.host.onDone(`Deleted ${this.model.name}.`);
  }

  clearErrors() {
    this.formError.textContent = '';
    for (const { error, input } of this.inputs.values()) {
      error.textContent = '';
      input.removeAttribute('aria-invalid');
    }
  }

  showErrors(errors) {
    const general = [];
    for (const e of errors) {
      const name = fieldNamed(e.message ?? '', [...this.inputs.keys()], this.model.name);
      const target = name && this.inputs.get(name);
      if (target) {
        target.error.textContent = e.message;
        target.input.setAttribute('aria-invalid', 'true');
      } else {
        general.push((e.errorType ? `${e.errorType}: ` : '') + e.message);
      }
    }
    this.formError.textContent = general.join('\n');
    const first = this.element.querySelector('[aria-invalid=true]');
    if (first) first.focus();
  }
}

/**
 * The input field an error message names: `(field)`, `Model.field` or `'field'`, else a whole-word mention.
 * @param {string} message
 * @param {string[]} names the form's field names
 * @param {string} model the model name
 * @returns {string|null}
 */
export function fieldNamed(message, names, model) {
  const known = new Set(names);
  const patterns = [/\((\w+)\)/g, new RegExp(`\\b${model}\\.(\\w+)`, 'g'), /['"$.](\w+)['"]/g];
  for (const pattern of patterns) {
    for (const m of message.matchAll(pattern)) if (known.has(m[1])) return m[1];
  }
  const byLength = [...names].sort((a, b) => b.length - a.length);
  return byLength.find((n) => new RegExp(`\\b${n}\\b`).test(message)) ?? null;
}

function convertInput(text, type) {
  if (type.name === 'Int' && /^-?\d+$/.test(text.trim())) return Number(text);
  if (type.name === 'Float' && text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text);
  if (type.name === 'Boolean') return text === 'true';
  return text;
}

