// The variables editor's checks: the JSON must parse, and each value must fit the type its operation declares
// (required variables present, scalars of the right JSON kind, enum values known, input objects with known and
// required fields, lists). Problems are reported with the path of the value they concern.

import { printType } from './graphql/printer.js';

/**
 * Parses the variables text; an empty text is an empty object.
 * @param {string} text
 * @returns {{value: object|null, error: string|null}}
 */
export function parseVariables(text) {
  if (!text.trim()) return { value: {}, error: null };
  try {
    const value = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { value: null, error: 'Variables must be a JSON object.' };
    return { value, error: null };
  } catch (e) {
    return { value: null, error: `Variables are not valid JSON: ${e.message}` };
  }
}

/**
 * Checks variable values against an operation's variable definitions.
 * @param {import('./schema.js').Schema|null} schema
 * @param {object|null} operation an OperationDefinition node
 * @param {object} values the parsed variables
 * @returns {string[]} problems, empty when the values fit
 */
export function checkVariables(schema, operation, values) {
  const problems = [];
  if (!operation) return problems;
  const defs = operation.variableDefinitions.filter((d) => d.variable.name && d.type);
  for (const def of defs) {
    const name = def.variable.name.value;
    const present = Object.prototype.hasOwnProperty.call(values, name);
    if (!present) {
      if (def.type.kind === 'NonNullType' && !def.defaultValue) problems.push(`$${name} (${printType(def.type)}) is required.`);
      continue;
    }
    if (schema) checkValue(schema, def.type, values[name], `$${name}`, problems);
  }
  const declared = new Set(defs.map((d) => d.variable.name.value));
  for (const name of Object.keys(values)) {
    if (!declared.has(name)) problems.push(`$${name} is not declared by the operation.`);
  }
  return problems;
}

function checkValue(schema, typeNode, value, path, problems) {
  if (typeNode.kind === 'NonNullType') {
    if (value === null) { problems.push(`${path} must not be null (${printType(typeNode)}).`); return; }
    checkValue(schema, typeNode.type, value, path, problems);
    return;
  }
  if (value === null) return;
  if (typeNode.kind === 'ListType') {
    if (Array.isArray(value)) value.forEach((v, i) => checkValue(schema, typeNode.type, v, `${path}[${i}]`, problems));
    else checkValue(schema, typeNode.type, value, path, problems);
    return;
  }
  const name = typeNode.name.value;
  const type = schema.type(name);
  if (!type) { problems.push(`${path}: unknown type ${name}.`); return; }
  const expect = (ok, what) => { if (!ok) problems.push(`${path} must be ${what} (${name}), not ${JSON.stringify(value)}.`); };
  if (type.kind === 'SCALAR') {
    switch (name) {
      case 'Int': expect(Number.isInteger(value) && Math.abs(value) <= 2147483647, 'a 32-bit integer'); break;
      case 'Float': expect(typeof value === 'number', 'a number'); break;
      case 'Boolean': expect(typeof value === 'boolean', 'true or false'); break;
      case 'String': expect(typeof value === 'string', 'a string'); break;
      case 'ID': expect(typeof value === 'string' || Number.isInteger(value), 'a string or integer'); break;
      default: break;
    }
    return;
  }
  if (type.kind === 'ENUM') {
    expect(typeof value === 'string' && type.enumValues.some((e) => e.name === value), `one of ${type.enumValues.map((e) => e.name).join(', ')}`);
    return;
  }
  if (type.kind === 'INPUT_OBJECT') {
    if (typeof value !== 'object' || Array.isArray(value)) { expect(false, 'an object'); return; }
    for (const field of type.inputFields) {
      const has = Object.prototype.hasOwnProperty.call(value, field.name);
      if (!has) {
        if (field.type.kind === 'NON_NULL' && field.defaultValue == null) problems.push(`${path}.${field.name} is required.`);
        continue;
      }
      checkValue(schema, typeNodeOf(field.type), value[field.name], `${path}.${field.name}`, problems);
    }
    for (const key of Object.keys(value)) {
      if (!type.inputFields.some((f) => f.name === key)) problems.push(`${path}.${key} is not a field of ${name}.`);
    }
  }
}

/**
 * Converts an introspection type reference into a parser type node.
 * @param {object} ref
 * @returns {object}
 */
export function typeNodeOf(ref) {
  if (ref.kind === 'NON_NULL') return { kind: 'NonNullType', type: typeNodeOf(ref.ofType) };
  if (ref.kind === 'LIST') return { kind: 'ListType', type: typeNodeOf(ref.ofType) };
  return { kind: 'NamedType', name: { value: ref.name } };
}
