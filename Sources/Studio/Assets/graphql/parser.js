// Tolerant GraphQL parser: builds an AST whose every node carries `loc: {start, end}` (offsets into the source).
// It never throws. A construct cut off by the end of the text is kept with `closed: false` (selection sets,
// argument lists, object and list values, variable definitions), an argument or object field whose value is
// missing keeps `value: null`, and unexpected tokens are skipped and reported in `errors`. Completion parses the
// text before the cursor and reads the open constructs at its end; the explorer and printer use complete documents.

import { tokenize, Kind } from './lexer.js';

/**
 * Parses a GraphQL executable document (schema definitions are skipped as errors).
 * @param {string} source the document text
 * @returns {{kind: 'Document', definitions: object[], errors: {message: string, start: number, line: number, column: number}[], loc: {start: number, end: number}}}
 */
export function parse(source) {
  const tokens = tokenize(source).filter((t) => t.kind !== Kind.COMMENT);
  return new Parser(source, tokens).document();
}

class Parser {
  constructor(source, tokens) {
    this.source = source;
    this.tokens = tokens;
    this.pos = 0;
    this.errors = [];
  }

  get token() { return this.tokens[this.pos]; }
  get atEnd() { return this.token.kind === Kind.EOF; }
  peek(value) { return this.token.kind === Kind.PUNCT && this.token.value === value; }
  peekName(value) { return this.token.kind === Kind.NAME && (value === undefined || this.token.value === value); }
  next() { const t = this.token; if (!this.atEnd) this.pos++; return t; }
  lastEnd() { return this.pos > 0 ? this.tokens[this.pos - 1].end : 0; }

  error(message, token = this.token) {
    this.errors.push({ message, start: token.start, line: token.line, column: token.column });
  }

  /** Consumes the punctuator if present; returns whether it was. */
  eat(value) {
    if (this.peek(value)) { this.next(); return true; }
    return false;
  }

  name() {
    if (!this.peekName()) return null;
    const t = this.next();
    return { kind: 'Name', value: t.value, loc: { start: t.start, end: t.end } };
  }

  document() {
    const definitions = [];
    while (!this.atEnd) {
      const before = this.pos;
      const t = this.token;
      if (this.peek('{') || (t.kind === Kind.NAME && ['query', 'mutation', 'subscription'].includes(t.value))) {
        definitions.push(this.operation());
      } else if (this.peekName('fragment')) {
        definitions.push(this.fragment());
      } else {
        this.error(`Unexpected ${describe(t)}`);
        this.next();
      }
      if (this.pos === before) this.next();
    }
    return { kind: 'Document', definitions, errors: this.errors, loc: { start: 0, end: this.source.length } };
  }

  operation() {
    const start = this.token.start;
    let operation = 'query';
    let name = null;
    let variableDefinitions = [];
    let variablesClosed = true;
    let directives = [];
    if (!this.peek('{')) {
      operation = this.next().value;
      name = this.name();
      if (this.peek('(')) [variableDefinitions, variablesClosed] = this.variableDefinitions();
      directives = this.directives();
    }
    const selectionSet = this.peek('{') ? this.selectionSet() : null;
    if (!selectionSet && !this.atEnd) this.error('Expected {');
    return {
      kind: 'OperationDefinition', operation, name, variableDefinitions, variablesClosed, directives, selectionSet,
      loc: { start, end: this.lastEnd() },
    };
  }

  fragment() {
    const start = this.next().start;
    const name = this.name();
    let typeCondition = null;
    let hasOn = false;
    if (this.peekName('on')) { this.next(); hasOn = true; typeCondition = this.namedType(); }
    const directives = this.directives();
    const selectionSet = this.peek('{') ? this.selectionSet() : null;
    return { kind: 'FragmentDefinition', name, hasOn, typeCondition, directives, selectionSet, loc: { start, end: this.lastEnd() } };
  }

  variableDefinitions() {
    this.next();
    const list = [];
    while (!this.atEnd && !this.peek(')')) {
      const start = this.token.start;
      if (!this.eat('$')) { this.error(`Expected $ before a variable name, found ${describe(this.token)}`); this.next(); continue; }
      const name = this.name();
      const hasColon = this.eat(':');
      const type = hasColon ? this.type() : null;
      let defaultValue = null;
      if (this.eat('=')) defaultValue = this.value(true);
      const directives = this.directives();
      list.push({ kind: 'VariableDefinition', variable: { kind: 'Variable', name }, hasColon, type, defaultValue, directives, loc: { start, end: this.lastEnd() } });
    }
    const closed = this.eat(')');
    return [list, closed];
  }

  type() {
    const start = this.token.start;
    let type;
    if (this.eat('[')) {
      const inner = this.type();
      const closed = this.eat(']');
      type = { kind: 'ListType', type: inner, closed, loc: { start, end: this.lastEnd() } };
    } else {
      type = this.namedType();
      if (!type) return null;
    }
    if (this.eat('!')) return { kind: 'NonNullType', type, loc: { start, end: this.lastEnd() } };
    return type;
  }

  namedType() {
    const name = this.name();
    return name ? { kind: 'NamedType', name, loc: name.loc } : null;
  }

  directives() {
    const list = [];
    while (this.peek('@')) {
      const start = this.next().start;
      const name = this.name();
      let args = [];
      let argumentsClosed = true;
      let hasArguments = false;
      if (this.peek('(')) { hasArguments = true; [args, argumentsClosed] = this.arguments(); }
      list.push({ kind: 'Directive', name, arguments: args, hasArguments, argumentsClosed, loc: { start, end: this.lastEnd() } });
    }
    return list;
  }

  selectionSet() {
    const start = this.next().start;
    const selections = [];
    while (!this.atEnd && !this.peek('}')) {
      const before = this.pos;
      const s = this.selection();
      if (s) selections.push(s);
      if (this.pos === before) { this.error(`Unexpected ${describe(this.token)}`); this.next(); }
    }
    const closed = this.eat('}');
    if (!closed) this.error('Expected }');
    return { kind: 'SelectionSet', selections, closed, loc: { start, end: this.lastEnd() } };
  }

  selection() {
    const start = this.token.start;
    if (this.peek('...')) {
      this.next();
      if (this.peekName() && this.token.value !== 'on') {
        const name = this.name();
        return { kind: 'FragmentSpread', name, directives: this.directives(), loc: { start, end: this.lastEnd() } };
      }
      let typeCondition = null;
      let hasOn = false;
      if (this.peekName('on')) { this.next(); hasOn = true; typeCondition = this.namedType(); }
      const directives = this.directives();
      const selectionSet = this.peek('{') ? this.selectionSet() : null;
      if (!hasOn && !selectionSet && directives.length === 0) {
        return { kind: 'FragmentSpread', name: null, directives: [], loc: { start, end: this.lastEnd() } };
      }
      return { kind: 'InlineFragment', hasOn, typeCondition, directives, selectionSet, loc: { start, end: this.lastEnd() } };
    }
    if (!this.peekName()) return null;
    let name = this.name();
    let alias = null;
    if (this.eat(':')) {
      alias = name;
      name = this.name();
    }
    let args = [];
    let argumentsClosed = true;
    let hasArguments = false;
    if (this.peek('(')) { hasArguments = true; [args, argumentsClosed] = this.arguments(); }
    const directives = this.directives();
    const selectionSet = this.peek('{') ? this.selectionSet() : null;
    return {
      kind: 'Field', alias, name, arguments: args, hasArguments, argumentsClosed, directives, selectionSet,
      loc: { start, end: this.lastEnd() },
    };
  }

  arguments() {
    this.next();
    const list = [];
    while (!this.atEnd && !this.peek(')')) {
      const start = this.token.start;
      const name = this.name();
      if (!name) { this.error(`Expected an argument name, found ${describe(this.token)}`); this.next(); continue; }
      const hasColon = this.eat(':');
      const value = hasColon ? this.value(false) : null;
      list.push({ kind: 'Argument', name, hasColon, value, loc: { start, end: this.lastEnd() } });
    }
    return [list, this.eat(')')];
  }

  value(constant) {
    const t = this.token;
    const start = t.start;
    if (this.peek('$') && !constant) {
      this.next();
      const name = this.name();
      return { kind: 'Variable', name, loc: { start, end: this.lastEnd() } };
    }
    if (this.peek('[')) {
      this.next();
      const values = [];
      while (!this.atEnd && !this.peek(']')) {
        const before = this.pos;
        const v = this.value(constant);
        if (v) values.push(v);
        if (this.pos === before) { this.error(`Unexpected ${describe(this.token)}`); this.next(); }
      }
      const closed = this.eat(']');
      return { kind: 'ListValue', values, closed, loc: { start, end: this.lastEnd() } };
    }
    if (this.peek('{')) {
      this.next();
      const fields = [];
      while (!this.atEnd && !this.peek('}')) {
        const fstart = this.token.start;
        const name = this.name();
        if (!name) { this.error(`Expected a field name, found ${describe(this.token)}`); this.next(); continue; }
        const hasColon = this.eat(':');
        const value = hasColon ? this.value(constant) : null;
        fields.push({ kind: 'ObjectField', name, hasColon, value, loc: { start: fstart, end: this.lastEnd() } });
      }
      const closed = this.eat('}');
      return { kind: 'ObjectValue', fields, closed, loc: { start, end: this.lastEnd() } };
    }
    const simple = (kind, extra) => { this.next(); return { kind, ...extra, loc: { start, end: t.end } }; };
    switch (t.kind) {
      case Kind.INT: return simple('IntValue', { value: t.value });
      case Kind.FLOAT: return simple('FloatValue', { value: t.value });
      case Kind.STRING: return simple('StringValue', { value: t.value, block: false });
      case Kind.BLOCK_STRING: return simple('StringValue', { value: t.value, block: true });
      case Kind.NAME:
        if (t.value === 'true' || t.value === 'false') return simple('BooleanValue', { value: t.value === 'true' });
        if (t.value === 'null') return simple('NullValue', {});
        return simple('EnumValue', { value: t.value });
      default:
        if (t.stringLike) return simple('StringValue', { value: t.value, block: false });
        return null;
    }
  }
}

function describe(token) {
  return token.kind === Kind.EOF ? 'end of document' : `"${token.value}"`;
}

/**
 * The operation definitions of a document with their display names.
 * @param {object} doc a parsed document
 * @returns {{node: object, name: string|null, label: string}[]}
 */
export function operationsOf(doc) {
  return doc.definitions
    .filter((d) => d.kind === 'OperationDefinition')
    .map((node, index) => ({ node, name: node.name?.value ?? null, label: node.name?.value ?? `${node.operation} #${index + 1}` }));
}

/**
 * The operation the cursor is in, else the one named, else the first.
 * @param {object} doc a parsed document
 * @param {{offset?: number, name?: string|null}} hint
 * @returns {object|null} an OperationDefinition node
 */
export function pickOperation(doc, { offset, name } = {}) {
  const ops = doc.definitions.filter((d) => d.kind === 'OperationDefinition');
  if (name) {
    const named = ops.find((o) => o.name?.value === name);
    if (named) return named;
  }
  if (offset !== undefined) {
    const here = ops.find((o) => o.loc.start <= offset && offset <= o.loc.end);
    if (here) return here;
  }
  return ops[0] ?? null;
}
