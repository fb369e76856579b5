// The models of the API as the data browser sees them, read from the schema by the Amplify naming conventions:
// listX queries returning connections, getX, createX / updateX / deleteX mutations and their input types, the
// columns (scalar and enum fields), belongsTo fields (an object field of a model type) and hasMany fields (a
// connection field).

import { namedType } from './schema.js';

/**
 * The models of a schema, sorted by name.
 * @param {import('./schema.js').Schema} schema
 * @returns {object[]} one entry per model: name, list (the list field), get, create, update, delete (mutation
 *   fields or undefined), columns, parents, children
 */
export function modelsOf(schema) {
  const query = schema.rootType('query');
  const mutation = schema.rootType('mutation');
  const mutationField = (name) => mutation?.fields.find((f) => f.name === name);
  const models = [];
  for (const field of query?.fields ?? []) {
    if (!field.name.startsWith('list')) continue;
    const connection = schema.type(namedType(field.type));
    const items = connection?.fields?.find((f) => f.name === 'items');
    if (!items || !connection.fields.some((f) => f.name === 'nextToken')) continue;
    const name = namedType(items.type);
    if (models.some((m) => m.name === name)) continue;
    models.push({ name, list: field, get: query.fields.find((f) => f.name === `get${name}`), create: mutationField(`create${name}`), update: mutationField(`update${name}`), delete: mutationField(`delete${name}`) });
  }
  const names = new Set(models.map((m) => m.name));
  for (const model of models) {
    const type = schema.type(model.name);
    const order = (f) => (f.name === 'id' ? 0 : ['createdAt', 'updatedAt'].includes(f.name) ? 2 : 1);
    model.columns = type.fields.filter((f) => ['SCALAR', 'ENUM'].includes(schema.type(namedType(f.type))?.kind))
      .sort((a, b) => order(a) - order(b));
    model.parents = type.fields.filter((f) => names.has(namedType(f.type)) && f.type.kind !== 'LIST' && f.type.ofType?.kind !== 'LIST');
    model.children = type.fields.filter((f) => {
      const t = schema.type(namedType(f.type));
      const items = t?.fields?.find((x) => x.name === 'items');
      return items && names.has(namedType(items.type)) && t.fields.some((x) => x.name === 'nextToken');
    }).map((f) => ({ field: f, model: namedType(schema.type(namedType(f.type)).fields.find((x) => x.name === 'items').type) }));
    model.key = model.get?.args.map((a) => a.name) ?? ['id'];
  }
  return models.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The type name of an argument of a field, printed as a variable type (e.g. `ModelPostFilterInput`, `Int`).
 * @param {object} field
 * @param {string} name
 * @returns {string|null}
 */
export function argumentType(field, name) {
  const arg = field?.args.find((a) => a.name === name);
  if (!arg) return null;
  const print = (ref) => (ref.kind === 'NON_NULL' ? print(ref.ofType) + '!' : ref.kind === 'LIST' ? `[${print(ref.ofType)}]` : ref.name);
  return print(arg.type);
}
