// Completion: what may be typed at the cursor, from the schema. The text before the cursor is parsed with the
// tolerant parser; the constructs still open at its end (selection set, argument list, object value, ...) say
// where the cursor is, and the schema says what fits there: fields, arguments, input fields, enum values,
// variables of the operation, fragment names, type names and keywords.

import { parse } from './graphql/parser.js';
import { namedType, typeString, listItem, isList } from './schema.js';

/**
 * The suggestions at a cursor position.
 * @param {import('./schema.js').Schema} schema
 * @param {string} text the whole document
 * @param {number} cursor offset of the cursor
 * @returns {{from: number, to: number, items: {label: string, detail: string, insert: string}[]}}
 *   the range the accepted item replaces (the word being typed) and the items matching it, best first
 */
export function complete(schema, text, cursor) {
  let from = cursor;
  while (from > 0 && /[A-Za-z0-9_]/.test(text[from - 1])) from--;
  let to = cursor;
  while (to < text.length && /[A-Za-z0-9_]/.test(text[to])) to++;
  const word = text.slice(from, cursor);
  const dollar = text[from - 1] === '$';
  const prefix = text.slice(0, dollar ? from - 1 : from);
  if (inCommentOrString(prefix)) return { from, to, items: [] };
  const doc = parse(prefix);
  let items;
  if (dollar) {
    const full = parse(text);
    const op = full.definitions.find((d) => d.kind === 'OperationDefinition' && d.loc.start <= from && from <= Math.max(d.loc.end, from));
    items = (op?.variableDefinitions ?? []).filter((v) => v.variable.name).map((v) => ({
      label: v.variable.name.value, detail: v.type ? typeStringOf(v.type) : '', insert: v.variable.name.value,
    }));
  } else {
    items = suggestionsAt(schema, doc, parse(text));
  }
  const lower = word.toLowerCase();
  const matching = items.filter((i) => i.label.toLowerCase().includes(lower));
  matching.sort((a, b) => rank(a.label, lower) - rank(b.label, lower));
  return { from, to, items: matching.slice(0, 200) };
}

function rank(label, lower) {
  const l = label.toLowerCase();
  if (l === lower) return 0;
  if (l.startsWith(lower)) return 1;
  return 2;
}

function typeStringOf(node) {
  if (node.kind === 'NonNullType') return typeStringOf(node.type) + '!';
  if (node.kind === 'ListType') return '[' + (node.type ? typeStringOf(node.type) : '') + ']';
  return node.name.value;
}

function inCommentOrString(prefix) {
  const lineStart = prefix.lastIndexOf('\n') + 1;
  const line = prefix.slice(lineStart);
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '#') return true;
  }
  return inString;
}

function keywordItems(words) {
  return words.map((w) => ({ label: w, detail: 'keyword', insert: w }));
}

function suggestionsAt(schema, doc, fullDoc) {
  const last = doc.definitions[doc.definitions.length - 1];
  const top = keywordItems(['query', 'mutation', 'subscription', 'fragment']);
  if (!last) return top;
  if (last.kind === 'OperationDefinition') {
    if (!last.variablesClosed) {
      const v = last.variableDefinitions[last.variableDefinitions.length - 1];
      if (v && v.hasColon && !v.defaultValue) return inputTypeItems(schema);
      return [];
    }
    if (!last.selectionSet) return last.name || last.operation ? [] : top;
    if (last.selectionSet.closed) return top;
    return inSelectionSet(schema, schema.rootType(last.operation)?.name, last.selectionSet, fullDoc);
  }
  if (last.kind === 'FragmentDefinition') {
    if (!last.name) return [];
    if (!last.hasOn) return keywordItems(['on']);
    if (!last.selectionSet) return compositeTypeItems(schema);
    if (last.selectionSet.closed) return top;
    return inSelectionSet(schema, last.typeCondition?.name.value, last.selectionSet, fullDoc);
  }
  return top;
}

function inSelectionSet(schema, typeName, set, fullDoc) {
  const s = set.selections[set.selections.length - 1];
  if (s?.kind === 'Field') {
    const def = schema.field(typeName, s.name?.value);
    if (s.hasArguments && !s.argumentsClosed) return inArguments(schema, def?.args ?? [], s.arguments);
    if (s.selectionSet && !s.selectionSet.closed) return inSelectionSet(schema, namedType(def?.type), s.selectionSet, fullDoc);
  }
  if (s?.kind === 'InlineFragment') {
    if (s.hasOn && !s.typeCondition) return compositeTypeItems(schema);
    if (s.selectionSet && !s.selectionSet.closed) return inSelectionSet(schema, s.typeCondition?.name.value ?? typeName, s.selectionSet, fullDoc);
  }
  if (s?.kind === 'FragmentSpread' && !s.name && s.loc.end === set.loc.end) {
    const fragments = fullDoc.definitions.filter((d) => d.kind === 'FragmentDefinition' && d.name).map((d) => ({
      label: d.name.value, detail: `fragment on ${d.typeCondition?.name.value ?? '?'}`, insert: d.name.value,
    }));
    return [...fragments, ...keywordItems(['on'])];
  }
  const type = schema.type(typeName);
  const fields = (type?.fields ?? []).map((f) => ({
    label: f.name, detail: typeString(f.type), insert: f.name, description: f.description ?? '',
  }));
  return [...fields, { label: '__typename', detail: 'String!', insert: '__typename' }];
}

function inArguments(schema, argDefs, args) {
  const a = args[args.length - 1];
  if (a && a.hasColon) {
    const def = argDefs.find((d) => d.name === a.name.value);
    if (!a.value) return valueItems(schema, def?.type);
    const open = openValue(schema, def?.type, a.value);
    if (open) return open;
  }
  const given = new Set(args.map((x) => x.name.value));
  return argDefs.filter((d) => !given.has(d.name)).map((d) => ({ label: d.name, detail: typeString(d.type), insert: d.name + ': ' }));
}

// The suggestions inside a value that is still open (an object or list value cut off by the cursor), or null.
function openValue(schema, ref, value) {
  if (value.kind === 'ObjectValue' && !value.closed) {
    const typeName = namedType(ref);
    const fields = schema.type(typeName)?.inputFields ?? [];
    const f = value.fields[value.fields.length - 1];
    if (f && f.hasColon) {
      const def = fields.find((d) => d.name === f.name.value);
      if (!f.value) return valueItems(schema, def?.type);
      const inner = openValue(schema, def?.type, f.value);
      if (inner) return inner;
    }
    const given = new Set(value.fields.map((x) => x.name.value));
    return fields.filter((d) => !given.has(d.name)).map((d) => ({ label: d.name, detail: typeString(d.type), insert: d.name + ': ' }));
  }
  if (value.kind === 'ListValue' && !value.closed) {
    const item = listItem(ref);
    const v = value.values[value.values.length - 1];
    const inner = v ? openValue(schema, item, v) : null;
    return inner ?? valueItems(schema, item);
  }
  return null;
}

function valueItems(schema, ref) {
  if (!ref) return [];
  if (isList(ref)) return [{ label: '[', detail: typeString(ref), insert: '[' }];
  const type = schema.type(namedType(ref));
  if (!type) return [];
  if (type.kind === 'ENUM') return type.enumValues.map((e) => ({ label: e.name, detail: type.name, insert: e.name }));
  if (type.name === 'Boolean') return keywordItems(['true', 'false']);
  if (type.kind === 'INPUT_OBJECT') return [{ label: '{', detail: type.name, insert: '{' }];
  return [];
}

function inputTypeItems(schema) {
  return schema.typesOfKind('INPUT_OBJECT', 'SCALAR', 'ENUM').map((t) => ({ label: t.name, detail: t.kind.toLowerCase(), insert: t.name }));
}

function compositeTypeItems(schema) {
  return schema.typesOfKind('OBJECT', 'INTERFACE', 'UNION').map((t) => ({ label: t.name, detail: t.kind.toLowerCase(), insert: t.name }));
}
