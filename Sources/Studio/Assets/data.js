// The data browser: a table per model read through the public GraphQL API (so the server's authorization rules
// apply), paged with limit/nextToken, filtered with conditions built from the model's filter input, sorted by a
// column where the list field takes a sort argument; a belongsTo cell opens the parent, a hasMany cell the
// children (through the parent's connection field). Records are created, edited and deleted with forms.js.

import { el } from './dom.js';
import { graphql } from './session.js';
import { modelsOf, argumentType } from './models.js';
import { namedType } from './schema.js';
import { RecordForm } from './forms.js';

const PAGE_SIZES = [5, 10, 25, 50, 100];

/** The data browser. */
export class DataBrowser {
  /**
   * @param {HTMLElement} list the model list
   * @param {HTMLElement} main the area for the table and forms
   * @param {{status: (text: string) => void}} host
   */
  constructor(list, main, host) {
    this.list = list;
    this.main = main;
    this.host = host;
    this.models = [];
    this.view = null;
  }

  /**
   * Takes the schema and lists its models.
   * @param {import('./schema.js').Schema} schema
   */
  setSchema(schema) {
    this.schema = schema;
    this.models = modelsOf(schema);
    this.list.replaceChildren(...this.models.map((m) => {
      const li = el('li');
      const b = button(m.name, () => this.open(m.name));
      b.dataset.model = m.name;
      li.append(b);
      return li;
    }));
    if (!this.view && this.models.length && !this.main.hidden) this.open(this.models[0].name);
  }

  /** Called when the data view is shown. */
  show() {
    if (!this.view && this.models.length) this.open(this.models[0].name);
  }

  model(name) {
    return this.models.find((m) => m.name === name);
  }

  /**
   * Opens a model's table.
   * @param {string} name the model
   * @param {{filter?: object[], parent?: {model: string, key: object, field: string}}} [options]
   */
  open(name, options = {}) {
    const model = this.model(name);
    if (!model) return;
    for (const b of this.list.querySelectorAll('button')) b.setAttribute('aria-current', String(b.dataset.model === name));
    this.view = { model, conditions: options.filter ?? [], parent: options.parent ?? null, sort: null, limit: 10, tokens: [null], page: 0 };
    this.load();
  }

  /** The connection field the table reads: the model's list field, or a parent's hasMany field. */
  source() {
    const { model, parent } = this.view;
    if (!parent) return model.list;
    return this.schema.field(parent.model, parent.field);
  }

  async load() {
    const view = this.view;
    const { model, parent } = view;
    const source = this.source();
    const vars = { limit: view.limit, nextToken: view.tokens[view.page] };
    const decl = ['$limit: Int', '$nextToken: String'];
    const args = ['limit: $limit', 'nextToken: $nextToken'];
    const filter = this.filterValue();
    const filterType = argumentType(source, 'filter');
    if (filter && filterType) { decl.push(`$filter: ${filterType}`); args.push('filter: $filter'); vars.filter = filter; }
    const sortType = argumentType(source, 'sort');
    if (view.sort && sortType) { decl.push(`$sort: ${sortType}`); args.push('sort: $sort'); vars.sort = [{ field: view.sort.field, direction: view.sort.direction }]; }
    const selection = `items { ${this.recordSelection(model)} } nextToken`;
    let query;
    if (parent) {
      const parentModel = this.model(parent.model);
      for (const k of parentModel.key) { decl.push(`$p_${k}: ${argumentType(parentModel.get, k)}`); vars[`p_${k}`] = parent.key[k]; }
      query = `query StudioChildren(${decl.join(', ')}) { parent: ${parentModel.get.name}(${parentModel.key.map((k) => `${k}: $p_${k}`).join(', ')}) { rows: ${parent.field}(${args.join(', ')}) { ${selection} } } }`;
    } else {
      query = `query StudioList(${decl.join(', ')}) { rows: ${model.list.name}(${args.join(', ')}) { ${selection} } }`;
    }
    this.render(null, 'Loading…');
    const response = await graphql({ query, variables: vars });
    if (this.view !== view) return;
    const connection = parent ? response.data?.parent?.rows : response.data?.rows;
    if (response.errors?.length && !connection) {
      this.render(null, response.errors.map((e) => e.message).join('\n'));
      return;
    }
    view.rows = connection?.items ?? [];
    view.nextToken = connection?.nextToken ?? null;
    this.render(view.rows, response.errors?.map((e) => e.message).join('\n'));
  }

  recordSelection(model) {
    const parents = model.parents.map((p) => `${p.name} { ${this.model(namedType(p.type)).key.join(' ')} }`);
    return [...model.columns.map((c) => c.name), ...parents].join(' ');
  }

  filterValue() {
    const parts = this.view.conditions.filter((c) => c.field && c.op && (c.value !== '' || c.opType === 'Boolean')).map((c) => ({ [c.field]: { [c.op]: convert(c.value, c.opType, c.opList) } }));
    if (parts.length === 0) return null;
    return parts.length === 1 ? parts[0] : { and: parts };
  }

  render(rows, message) {
    const { model, parent } = this.view;
    const header = el('div', 'data-header');
    const title = el('h2');
    title.textContent = parent ? `${model.name} of ${parent.model} ${Object.values(parent.key).join(', ')} (${parent.field})` : model.name;
    header.append(title);
    if (model.create) {
      const add = button('New record', () => this.openForm(null));
      add.setAttribute('data-testid', 'new-record');
      add.className = 'primary';
      header.append(add);
    }
    if (parent) header.append(button('Show all', () => this.open(model.name)));
    const parts = [header, this.filterBuilder()];
    if (message) {
      const p = el('p', rows ? 'hint' : 'data-message');
      p.setAttribute('data-testid', 'data-message');
      p.textContent = message;
      parts.push(p);
    }
    const table = this.table(rows ?? []);
    const records = table.querySelector('table');
    records.dataset.model = model.name;
    records.dataset.state = rows ? 'loaded' : 'loading';
    this.renders = (this.renders ?? 0) + 1;
    records.dataset.render = String(this.renders);
    records.setAttribute('aria-busy', String(!rows));
    parts.push(table, this.pager(rows));
    this.main.replaceChildren(...parts);
  }

  table(rows) {
    const { model } = this.view;
    const wrap = el('div', 'table-wrap');
    const table = el('table', 'records');
    table.setAttribute('data-testid', 'records');
    const sortable = this.sortableFields();
    const head = el('tr');
    head.append(th(''));
    for (const c of model.columns) {
      const cell = th('');
      if (sortable.has(c.name)) {
        const s = this.view.sort?.field === c.name ? this.view.sort.direction : null;
        cell.setAttribute('aria-sort', s === 'ASC' ? 'ascending' : s === 'DESC' ? 'descending' : 'none');
        const b = button(`${c.name}${s === 'ASC' ? ' ▲' : s === 'DESC' ? ' ▼' : ''}`, () => this.toggleSort(c.name));
        b.className = 'link sort';
        b.dataset.sort = c.name;
        cell.append(b);
      } else cell.textContent = c.name;
      head.append(cell);
    }
    for (const p of model.parents) head.append(th(p.name));
    for (const c of model.children) head.append(th(c.field.name));
    const thead = el('thead');
    thead.append(head);
    const tbody = el('tbody');
    for (const row of rows) {
      const tr = el('tr');
      tr.dataset.id = row.id ?? '';
      const edit = button('Edit', () => this.openForm(row));
      edit.setAttribute('data-testid', 'edit-record');
      edit.setAttribute('aria-label', `Edit ${row.id ?? ''}`);
      tr.append(td(edit));
      for (const c of model.columns) {
        const cell = td(document.createTextNode(display(row[c.name])));
        cell.dataset.field = c.name;
        tr.append(cell);
      }
      for (const p of model.parents) {
        const parentModel = namedType(p.type);
        const key = row[p.name];
        tr.append(td(key ? button(`${parentModel} ${Object.values(key).join(', ')} →`, () => this.open(parentModel, { filter: Object.entries(key).map(([field, value]) => ({ field, op: 'eq', value, opType: 'ID' })) }), 'link') : document.createTextNode('—')));
      }
      for (const c of model.children) {
        const key = Object.fromEntries(model.key.map((k) => [k, row[k]]));
        const b = button(`${c.field.name} →`, () => this.open(c.model, { parent: { model: model.name, key, field: c.field.name } }), 'link');
        b.dataset.children = c.field.name;
        tr.append(td(b));
      }
      tbody.append(tr);
    }
    table.append(thead, tbody);
    wrap.append(table);
    if (!rows.length) {
      const p = el('p', 'hint');
      p.textContent = 'No records.';
      wrap.append(p);
    }
    return wrap;
  }

  sortableFields() {
    const sortType = argumentType(this.source(), 'sort');
    if (!sortType) return new Set();
    const input = this.schema.type(sortType.replace(/[[\]!]/g, ''));
    const fieldEnum = this.schema.type(namedType(input?.inputFields?.find((f) => f.name === 'field')?.type));
    return new Set(fieldEnum?.enumValues?.map((v) => v.name) ?? []);
  }

  toggleSort(field) {
    const s = this.view.sort;
    this.view.sort = s?.field !== field ? { field, direction: 'ASC' } : s.direction === 'ASC' ? { field, direction: 'DESC' } : null;
    this.view.tokens = [null];
    this.view.page = 0;
    this.load();
  }

  pager(rows) {
    const nav = el('nav', 'pager');
    nav.setAttribute('aria-label', 'Pages');
    const prev = button('← Previous', () => { this.view.page--; this.load(); });
    prev.disabled = this.view.page === 0;
    prev.setAttribute('data-testid', 'previous-page');
    const next = button('Next →', () => { this.view.tokens[this.view.page + 1] = this.view.nextToken; this.view.page++; this.load(); });
    next.disabled = !rows || !this.view.nextToken;
    next.setAttribute('data-testid', 'next-page');
    const size = el('select');
    size.setAttribute('aria-label', 'Rows per page');
    size.setAttribute('data-testid', 'page-size');
    for (const n of PAGE_SIZES) size.append(new Option(String(n), String(n), false, n === this.view.limit));
    size.addEventListener('change', () => { this.view.limit = Number(size.value); this.view.tokens = [null]; this.view.page = 0; this.load(); });
    const label = el('span', 'hint');
    label.textContent = `Page ${this.view.page + 1}`;
    nav.append(prev, label, next, size);
    return nav;
  }

  filterBuilder() {
    const filterType = this.schema.type((argumentType(this.source(), 'filter') ?? '').replace(/[[\]!]/g, ''));
    const box = el('details', 'filter');
    box.open = this.view.conditions.length > 0;
    const summary = el('summary');
    summary.textContent = `Filter${this.view.conditions.length ? ` (${this.view.conditions.length})` : ''}`;
    box.append(summary);
    if (!filterType) return box;
    const fields = filterType.inputFields.filter((f) => this.schema.type(namedType(f.type))?.inputFields?.some((x) => x.name === 'eq'));
    const conditions = this.view.conditions.map((c) => ({ ...c }));
    const list = el('ul', 'conditions');
    const redraw = () => {
      list.replaceChildren(...conditions.map((c, i) => this.conditionRow(c, fields, () => { conditions.splice(i, 1); redraw(); }, redraw)));
    };
    redraw();
    const add = button('Add condition', () => { conditions.push({ field: fields[0]?.name, op: 'eq', value: '' }); redraw(); });
    add.setAttribute('data-testid', 'add-condition');
    const apply = button('Apply filter', () => { this.view.conditions = conditions; this.view.tokens = [null]; this.view.page = 0; this.load(); });
    apply.setAttribute('data-testid', 'apply-filter');
    apply.className = 'primary';
    const form = el('div', 'filter-form');
    form.setAttribute('data-testid', 'filter');
    form.append(list, add, apply);
    box.append(form);
    return box;
  }

  conditionRow(condition, fields, remove, redraw) {
    const li = el('li', 'condition');
    const field = el('select');
    field.setAttribute('aria-label', 'Field');
    field.name = 'filter-field';
    for (const f of fields) field.append(new Option(f.name, f.name, false, f.name === condition.field));
    const ops = () => this.schema.type(namedType(fields.find((f) => f.name === condition.field)?.type))?.inputFields ?? [];
    const op = el('select');
    op.setAttribute('aria-label', 'Operator');
    op.name = 'filter-op';
    for (const o of ops()) op.append(new Option(o.name, o.name, false, o.name === condition.op));
    const value = el('input');
    value.name = 'filter-value';
    value.setAttribute('aria-label', 'Value');
    value.value = condition.value ?? '';
    const typeOf = () => {
      const ref = ops().find((o) => o.name === condition.op)?.type;
      condition.opList = ref?.kind === 'LIST' || ref?.ofType?.kind === 'LIST';
      condition.opType = namedType(ref);
      value.placeholder = condition.opList ? 'a, b' : condition.opType ?? '';
    };
    typeOf();
    field.addEventListener('change', () => { condition.field = field.value; condition.op = 'eq'; redraw(); });
    op.addEventListener('change', () => { condition.op = op.value; typeOf(); });
    value.addEventListener('input', () => { condition.value = value.value; });
    li.append(field, op, value, button('Remove', remove));
    return li;
  }

  openForm(row) {
    const form = new RecordForm(this.schema, this.view.model, row, {
      onDone: (message) => { this.host.status(message); this.load(); },
      onCancel: () => this.render(this.view.rows ?? [], null),
    });
    this.main.replaceChildren(form.element);
    form.focus();
  }
}

/**
 * Converts filter text into the JSON value its operator's type takes.
 * @param {string} text
 * @param {string} type the operator's named type
 * @param {boolean} list whether the operator takes a list
 * @returns {any}
 */
export function convert(text, type, list) {
  if (list) return String(text).split(',').map((p) => convert(p.trim(), type, false));
  if (type === 'Int' || type === 'Float') return Number(text);
  if (type === 'Boolean') return text === 'true' || text === true;
  return text;
}

function display(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function th(text) {
  const c = el('th');
  c.scope = 'col';
  c.textContent = text;
  return c;
}

function td(child) {
  const c = el('td');
  c.append(child);
  return c;
}

function button(label, onClick, className) {
  const b = el('button', className);
  b.type = 'button';
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}

