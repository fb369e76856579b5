// GraphQL printer: turns an AST from parser.js (or one built by the explorer) back into text, two spaces per
// level, one selection per line. Prettify and the explorer's edits go through it. Comments are not kept.

const INDENT = '  ';

/**
 * Prints a whole document.
 * @param {object} doc a Document node
 * @returns {string} the text, definitions separated by a blank line, ending with a newline
 */
export function printDocument(doc) {
  return doc.definitions.map((d) => printDefinition(d)).join('\n\n') + '\n';
}

/**
 * Prints one operation or fragment definition.
 * @param {object} def an OperationDefinition or FragmentDefinition node
 * @returns {string}
 */
export function printDefinition(def) {
  if (def.kind === 'FragmentDefinition') {
    return `fragment ${def.name?.value ?? ''} on ${def.typeCondition?.name.value ?? ''}${printDirectives(def.directives)} ${printSelectionSet(def.selectionSet, '')}`;
  }
  const head = [];
  const anonymousQuery = def.operation === 'query' && !def.name && def.variableDefinitions.length === 0 && def.directives.length === 0;
  if (!anonymousQuery) {
    let h = def.operation + (def.name ? ` ${def.name.value}` : '');
    if (def.variableDefinitions.length) {
      h += '(' + def.variableDefinitions.map(printVariableDefinition).join(', ') + ')';
    }
    h += printDirectives(def.directives);
    head.push(h);
  }
  head.push(printSelectionSet(def.selectionSet, ''));
  return head.join(' ');
}

function printVariableDefinition(v) {
  let s = `$${v.variable.name?.value ?? ''}: ${v.type ? printType(v.type) : ''}`;
  if (v.defaultValue) s += ` = ${printValue(v.defaultValue)}`;
  return s + printDirectives(v.directives ?? []);
}

/**
 * Prints a type reference such as `[ID!]!`.
 * @param {object} type a NamedType, ListType or NonNullType node
 * @returns {string}
 */
export function printType(type) {
  if (!type) return '';
  if (type.kind === 'NonNullType') return printType(type.type) + '!';
  if (type.kind === 'ListType') return '[' + printType(type.type) + ']';
  return type.name.value;
}

function printDirectives(directives) {
  return (directives ?? []).map((d) => ` @${d.name?.value ?? ''}${printArguments(d.arguments)}`).join('');
}

function printArguments(args) {
  if (!args || args.length === 0) return '';
  return '(' + args.filter((a) => a.value).map((a) => `${a.name.value}: ${printValue(a.value)}`).join(', ') + ')';
}

function printSelectionSet(set, indent) {
  if (!set || set.selections.length === 0) return '{\n' + indent + '}';
  const inner = indent + INDENT;
  const lines = set.selections.map((s) => inner + printSelection(s, inner));
  return '{\n' + lines.join('\n') + '\n' + indent + '}';
}

function printSelection(s, indent) {
  if (s.kind === 'FragmentSpread') return `...${s.name?.value ?? ''}${printDirectives(s.directives)}`;
  if (s.kind === 'InlineFragment') {
    const on = s.typeCondition ? ` on ${s.typeCondition.name.value}` : '';
    return `...${on}${printDirectives(s.directives)} ${printSelectionSet(s.selectionSet, indent)}`;
  }
  let text = (s.alias ? `${s.alias.value}: ` : '') + s.name.value + printArguments(s.arguments) + printDirectives(s.directives);
  if (s.selectionSet) text += ' ' + printSelectionSet(s.selectionSet, indent);
  return text;
}

/**
 * Prints a value literal (strings escaped as JSON strings are, objects as `{a: 1}`).
 * @param {object} v a value node
 * @returns {string}
 */
export function printValue(v) {
  if (!v) return 'null';
  switch (v.kind) {
    case 'Variable': return '$' + (v.name?.value ?? '');
    case 'IntValue':
    case 'FloatValue':
    case 'EnumValue': return v.value;
    case 'StringValue': return JSON.stringify(v.value);
    case 'BooleanValue': return v.value ? 'true' : 'false';
    case 'NullValue': return 'null';
    case 'ListValue': return '[' + v.values.map(printValue).join(', ') + ']';
    case 'ObjectValue': return '{' + v.fields.filter((f) => f.value).map((f) => `${f.name.value}: ${printValue(f.value)}`).join(', ') + '}';
    default: return '';
  }
}
