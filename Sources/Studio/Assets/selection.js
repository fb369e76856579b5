// Edits of a parsed document the explorer makes: find the operation of a root kind, find, add or remove the field
// at a path of field names (creating the selection sets on the way and dropping the ones left empty), and set or
// remove an argument value at a path through input objects. The document is edited in place; printer.js prints it.

import { namedType, isComposite } from './schema.js';

/**
 * The operation the explorer edits for a root kind: the picked one if it is of that kind, else the first of it.
 * @param {object} doc
 * @param {'query'|'mutation'|'subscription'} kind
 * @param {string|null} preferred the picked operation's name
 * @returns {object|null}
 */
export function findOperation(doc, kind, preferred) {
  const ops = doc.definitions.filter((d) => d.kind === 'OperationDefinition' && d.operation === kind);
  return ops.find((o) => preferred && o.name?.value === preferred) ?? ops[0] ?? null;
}

/**
 * The field node at a path of field names (the first field of each name, aliased or not), or null.
 * @param {object|null} op
 * @param {string[]} names
 * @returns {object|null}
 */
export function fieldAt(op, names) {
  let set = op?.selectionSet;
  let field = null;
  for (const name of names) {
    field = set?.selections.find((s) => s.kind === 'Field' && s.name?.value === name) ?? null;
    if (!field) return null;
    set = field.selectionSet;
  }
  return field;
}

/**
 * Adds the field at a path when it is absent, removes it when present.
 * @param {import('./schema.js').Schema} schema
 * @param {object} doc
 * @param {'query'|'mutation'|'subscription'} kind
 * @param {string[]} names field names from the root
 * @param {string|null} preferred the picked operation's name
 */
export function toggleField(schema, doc, kind, names, preferred) {
  let op = findOperation(doc, kind, preferred);
  if (!op) {
    op = { kind: 'OperationDefinition', operation: kind, name: null, variableDefinitions: [], directives: [], selectionSet: emptySet() };
    doc.definitions.push(op);
  }
  if (fieldAt(op, names)) {
    removeField(doc, op, names);
    return;
  }
  let typeName = schema.rootType(kind).name;
  let set = op.selectionSet;
  names.forEach((name, i) => {
    const def = schema.field(typeName, name);
    typeName = namedType(def?.type);
    let field = set.selections.find((s) => s.kind === 'Field' && s.name?.value === name);
    if (!field) {
      field = newField(name);
      field.arguments = requiredArguments(schema, def);
      set.selections.push(field);
      if (isComposite(schema, typeName) && i === names.length - 1) field.selectionSet = { kind: 'SelectionSet', selections: defaultSelection(schema, typeName) };
    }
    if (i < names.length - 1) {
      if (!field.selectionSet) field.selectionSet = emptySet();
      set = field.selectionSet;
    }
  });
}

function removeField(doc, op, names) {
  const chain = [op.selectionSet];
  let set = op.selectionSet;
  for (const name of names.slice(0, -1)) {
    set = set.selections.find((s) => s.kind === 'Field' && s.name?.value === name).selectionSet;
    chain.push(set);
  }
  const last = names[names.length - 1];
  chain[chain.length - 1].selections = chain[chain.length - 1].selections.filter((s) => !(s.kind === 'Field' && s.name?.value === last));
  for (let i = chain.length - 1; i > 0; i--) {
    if (chain[i].selections.length) break;
    const parentName = names[i - 1];
    chain[i - 1].selections = chain[i - 1].selections.filter((s) => !(s.kind === 'Field' && s.name?.value === parentName));
  }
  if (op.selectionSet.selections.length === 0) doc.definitions = doc.definitions.filter((d) => d !== op);
}

/**
 * The selection a newly ticked composite field starts with: `items { id }` and `nextToken` for a connection,
 * else `id` (or `__typename` for a type without one).
 * @param {import('./schema.js').Schema} schema
 * @param {string} typeName
 * @returns {object[]}
 */
export function defaultSelection(schema, typeName) {
  const type = schema.type(typeName);
  const has = (n) => type?.fields?.some((f) => f.name === n);
  if (has('items') && has('nextToken')) {
    const items = newField('items');
    items.selectionSet = { kind: 'SelectionSet', selections: defaultSelection(schema, namedType(schema.field(typeName, 'items').type)) };
    return [items, newField('nextToken')];
  }
  return [newField(has('id') ? 'id' : '__typename')];
}

function requiredArguments(schema, def) {
  return (def?.args ?? [])
    .filter((a) => a.type.kind === 'NON_NULL' && a.defaultValue == null)
    .map((a) => ({ kind: 'Argument', name: { value: a.name }, value: placeholder(schema, a.type) }));
}

/**
 * A value to start a required argument or input field with.
 * @param {import('./schema.js').Schema} schema
 * @param {object} ref its type reference
 * @returns {object} a value node
 */
export function placeholder(schema, ref) {
  const t = ref.kind === 'NON_NULL' ? ref.ofType : ref;
  if (t.kind === 'LIST') return { kind: 'ListValue', values: [] };
  const type = schema.type(t.name);
  if (type?.kind === 'ENUM') return { kind: 'EnumValue', value: type.enumValues[0]?.name ?? '' };
  if (type?.kind === 'INPUT_OBJECT') {
    return {
      kind: 'ObjectValue',
      fields: type.inputFields.filter((f) => f.type.kind === 'NON_NULL' && f.defaultValue == null)
        .map((f) => ({ kind: 'ObjectField', name: { value: f.name }, value: placeholder(schema, f.type) })),
    };
  }
  switch (t.name) {
    case 'Int': return { kind: 'IntValue', value: '0' };
    case 'Float': return { kind: 'FloatValue', value: '0.0' };
    case 'Boolean': return { kind: 'BooleanValue', value: false };
    default: return { kind: 'StringValue', value: '' };
  }
}

/**
 * The value node at an argument path (argument name, then input field names), or null.
 * @param {object|null} field a Field node
 * @param {string[]} path
 * @returns {object|null}
 */
export function argumentAt(field, path) {
  let value = field?.arguments.find((a) => a.name.value === path[0])?.value ?? null;
  for (const name of path.slice(1)) {
    if (value?.kind !== 'ObjectValue') return null;
    value = value.fields.find((f) => f.name.value === name)?.value ?? null;
  }
  return value;
}

/**
 * Sets (or with `null` removes) the value at an argument path of the field at a path, creating the objects on
 * the way; does nothing when the field is not selected.
 * @param {object} doc
 * @param {'query'|'mutation'|'subscription'} kind
 * @param {string[]} names
 * @param {string|null} preferred
 * @param {string[]} path argument name, then input field names
 * @param {object|null} value a value node
 */
export function setArgument(doc, kind, names, preferred, path, value) {
  const field = fieldAt(findOperation(doc, kind, preferred), names);
  if (!field) return;
  if (path.length === 1) {
    field.arguments = field.arguments.filter((a) => a.name.value !== path[0]);
    if (value) field.arguments.push({ kind: 'Argument', name: { value: path[0] }, value });
    return;
  }
  let arg = field.arguments.find((a) => a.name.value === path[0]);
  if (!arg) {
    if (!value) return;
    arg = { kind: 'Argument', name: { value: path[0] }, value: { kind: 'ObjectValue', fields: [] } };
    field.arguments.push(arg);
  }
  if (arg.value?.kind !== 'ObjectValue') arg.value = { kind: 'ObjectValue', fields: [] };
  let object = arg.value;
  for (const name of path.slice(1, -1)) {
    let f = object.fields.find((x) => x.name.value === name);
    if (!f) {
      if (!value) return;
      f = { kind: 'ObjectField', name: { value: name }, value: { kind: 'ObjectValue', fields: [] } };
      object.fields.push(f);
    }
    if (f.value?.kind !== 'ObjectValue') f.value = { kind: 'ObjectValue', fields: [] };
    object = f.value;
  }
  const last = path[path.length - 1];
  object.fields = object.fields.filter((f) => f.name.value !== last);
  if (value) object.fields.push({ kind: 'ObjectField', name: { value: last }, value });
}

/**
 * The value node for what the user typed into an argument input of a scalar or enum type; `$name` is a variable.
 * @param {import('./schema.js').Schema} schema
 * @param {object} ref the type reference
 * @param {string} text
 * @returns {object|null} null for an empty text
 */
export function literalFor(schema, ref, text) {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^\$[A-Za-z_][A-Za-z0-9_]*$/.test(trimmed)) return { kind: 'Variable', name: { value: trimmed.slice(1) } };
  const t = ref.kind === 'NON_NULL' ? ref.ofType : ref;
  if (t.kind === 'LIST') {
    return { kind: 'ListValue', values: trimmed.split(',').map((p) => literalFor(schema, t.ofType, p)).filter(Boolean) };
  }
  const type = schema.type(t.name);
  if (type?.kind === 'ENUM') return { kind: 'EnumValue', value: trimmed };
  if (t.name === 'Int' && /^-?\d+$/.test(trimmed)) return { kind: 'IntValue', value: trimmed };
  if (t.name === 'Float' && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed)) return { kind: 'FloatValue', value: trimmed };
  if (t.name === 'Boolean' && (trimmed === 'true' || trimmed === 'false')) return { kind: 'BooleanValue', value: trimmed === 'true' };
  return { kind: 'StringValue', value: text };
}

/**
 * The text an argument input shows for a value node.
 * @param {object|null} value
 * @returns {string}
 */
export function textOf(value) {
  if (!value) return '';
  switch (value.kind) {
    case 'Variable': return '$' + (value.name?.value ?? '');
    case 'StringValue': return value.value;
    case 'BooleanValue': return value.value ? 'true' : 'false';
    case 'NullValue': return 'null';
    case 'ListValue': return value.values.map(textOf).join(', ');
    case 'ObjectValue': return '';
    default: return value.value ?? '';
  }
}

function newField(name) {
  return { kind: 'Field', alias: null, name: { value: name }, arguments: [], directives: [], selectionSet: null };
}

function emptySet() {
  return { kind: 'SelectionSet', selections: [] };
}
