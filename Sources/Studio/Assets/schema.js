// The schema as the page sees it: fetched once by introspection, then looked up by type name. Every other module
// (completion, explorer, docs, data browser) reads types through this model instead of the raw introspection JSON.

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';

/** The introspection query the page sends. */
export const INTROSPECTION_QUERY = `query StudioIntrospection {
  __schema {
    queryType { name } mutationType { name } subscriptionType { name }
    types {
      kind name description
      fields(includeDeprecated: true) {
        name description isDeprecated deprecationReason
        args { name description defaultValue type { ${TYPE_REF} } }
        type { ${TYPE_REF} }
      }
      inputFields { name description defaultValue type { ${TYPE_REF} } }
      enumValues(includeDeprecated: true) { name description isDeprecated }
      possibleTypes { name }
    }
  }
}`;

/** A schema built from an introspection result. */
export class Schema {
  /**
   * @param {object} result the `data.__schema` object of an introspection response
   */
  constructor(result) {
    this.types = new Map(result.types.map((t) => [t.name, t]));
    this.queryType = result.queryType?.name ?? null;
    this.mutationType = result.mutationType?.name ?? null;
    this.subscriptionType = result.subscriptionType?.name ?? null;
  }

  /**
   * A type by name.
   * @param {string} name
   * @returns {object|undefined} the introspection type (kind, name, fields, inputFields, enumValues)
   */
  type(name) {
    return this.types.get(name);
  }

  /**
   * The root type of an operation kind.
   * @param {'query'|'mutation'|'subscription'} operation
   * @returns {object|undefined}
   */
  rootType(operation) {
    const name = { query: this.queryType, mutation: this.mutationType, subscription: this.subscriptionType }[operation];
    return name ? this.types.get(name) : undefined;
  }

  /**
   * A field of an object or interface type, including the meta field __typename.
   * @param {string} typeName
   * @param {string} fieldName
   * @returns {object|undefined}
   */
  field(typeName, fieldName) {
    if (fieldName === '__typename') return { name: '__typename', args: [], type: { kind: 'NON_NULL', ofType: { kind: 'SCALAR', name: 'String' } } };
    return this.types.get(typeName)?.fields?.find((f) => f.name === fieldName);
  }

  /**
   * An input field of an input object type.
   * @param {string} typeName
   * @param {string} fieldName
   * @returns {object|undefined}
   */
  inputField(typeName, fieldName) {
    return this.types.get(typeName)?.inputFields?.find((f) => f.name === fieldName);
  }

  /**
   * The types whose kind is one of those given, sorted by name, without introspection's own types.
   * @param {...string} kinds e.g. 'INPUT_OBJECT', 'SCALAR'
   * @returns {object[]}
   */
  typesOfKind(...kinds) {
    return [...this.types.values()].filter((t) => kinds.includes(t.kind) && !t.name.startsWith('__')).sort((a, b) => a.name.localeCompare(b.name));
  }
}

/**
 * The named type under list and non-null wrappers.
 * @param {object} ref an introspection type reference
 * @returns {string} its name
 */
export function namedType(ref) {
  let t = ref;
  while (t && !t.name) t = t.ofType;
  return t?.name ?? '';
}

/**
 * A type reference printed as in SDL, e.g. `[Post!]!`.
 * @param {object} ref an introspection type reference
 * @returns {string}
 */
export function typeString(ref) {
  if (!ref) return '';
  if (ref.kind === 'NON_NULL') return typeString(ref.ofType) + '!';
  if (ref.kind === 'LIST') return '[' + typeString(ref.ofType) + ']';
  return ref.name;
}

/**
 * Whether a type reference is non-null at the top.
 * @param {object} ref
 * @returns {boolean}
 */
export function isNonNull(ref) {
  return ref?.kind === 'NON_NULL';
}

/**
 * Whether a type reference is a list (under an optional non-null).
 * @param {object} ref
 * @returns {boolean}
 */
export function isList(ref) {
  const t = ref?.kind === 'NON_NULL' ? ref.ofType : ref;
  return t?.kind === 'LIST';
}

/**
 * The reference under one non-null and one list wrapper (the item type of a list).
 * @param {object} ref
 * @returns {object}
 */
export function listItem(ref) {
  const t = ref?.kind === 'NON_NULL' ? ref.ofType : ref;
  return t?.kind === 'LIST' ? t.ofType : t;
}

/**
 * Whether a named type has fields to select (object, interface, union).
 * @param {Schema} schema
 * @param {string} name
 * @returns {boolean}
 */
export function isComposite(schema, name) {
  const kind = schema.type(name)?.kind;
  return kind === 'OBJECT' || kind === 'INTERFACE' || kind === 'UNION';
}

/**
 * Fetches the schema by introspection.
 * @param {(body: object) => Promise<object>} post sends a GraphQL request body and returns the parsed response
 * @returns {Promise<Schema>}
 */
export async function loadSchema(post) {
  const response = await post({ query: INTROSPECTION_QUERY, operationName: 'StudioIntrospection' });
  if (!response?.data?.__schema) {
    const message = response?.errors?.map((e) => e.message).join('; ') || 'no schema in the response';
    throw new Error(message);
  }
  return new Schema(response.data.__schema);
}
