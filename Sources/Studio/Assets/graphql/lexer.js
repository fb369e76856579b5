// GraphQL lexer: turns a document into tokens that each know their offset, line and column.
// It never throws: characters it cannot read become "invalid" tokens and an unterminated string ends at the end
// of its line, so the editor can highlight and complete a document while it is being typed.

/** Token kinds produced by `tokenize`. */
export const Kind = Object.freeze({
  NAME: 'name',
  PUNCT: 'punct',
  INT: 'int',
  FLOAT: 'float',
  STRING: 'string',
  BLOCK_STRING: 'blockString',
  COMMENT: 'comment',
  INVALID: 'invalid',
  EOF: 'eof',
});

const PUNCTUATORS = '!$&()[]{}:=@|';

/**
 * Splits GraphQL source into tokens (comments included, white space and commas left out).
 * @param {string} source the document text
 * @returns {{kind: string, value: string, start: number, end: number, line: number, column: number}[]}
 *   tokens in order, the last one of kind EOF; line and column start at 1
 */
export function tokenize(source) {
  const tokens = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = source.length;
  const push = (kind, start, end, value) =>
    tokens.push({ kind, value: value ?? source.slice(start, end), start, end, line, column: start - lineStart + 1 });
  while (i < n) {
    const c = source[i];
    if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === ' ' || c === '\t' || c === ',' || c === '\ufeff') { i++; continue; }
    const start = i;
    if (c === '#') {
      while (i < n && source[i] !== '\n' && source[i] !== '\r') i++;
      push(Kind.COMMENT, start, i);
      continue;
    }
    if (c === '.' && source.startsWith('...', i)) { i += 3; push(Kind.PUNCT, start, i); continue; }
    if (PUNCTUATORS.includes(c)) { i++; push(Kind.PUNCT, start, i); continue; }
    if (isNameStart(c)) {
      while (i < n && isNameContinue(source[i])) i++;
      push(Kind.NAME, start, i);
      continue;
    }
    if (c === '-' || isDigit(c)) {
      let isFloat = false;
      if (c === '-') i++;
      while (i < n && isDigit(source[i])) i++;
      if (source[i] === '.' && isDigit(source[i + 1] ?? '')) {
        isFloat = true;
        i++;
        while (i < n && isDigit(source[i])) i++;
      }
      if (source[i] === 'e' || source[i] === 'E') {
        isFloat = true;
        i++;
        if (source[i] === '+' || source[i] === '-') i++;
        while (i < n && isDigit(source[i])) i++;
      }
      push(i - start === 1 && c === '-' ? Kind.INVALID : isFloat ? Kind.FLOAT : Kind.INT, start, i);
      continue;
    }
    if (c === '"') {
      if (source.startsWith('"""', i)) {
        const tokenLine = line;
        const tokenColumn = start - lineStart + 1;
        i += 3;
        while (i < n && !source.startsWith('"""', i)) {
          if (source[i] === '\\' && source.startsWith('\\"""', i)) { i += 4; continue; }
          if (source[i] === '\n') { line++; lineStart = i + 1; }
          i++;
        }
        i = Math.min(n, i + 3);
        tokens.push({
          kind: Kind.BLOCK_STRING, value: blockStringValue(source.slice(start + 3, Math.max(start + 3, i - 3))),
          start, end: i, line: tokenLine, column: tokenColumn, raw: source.slice(start, i),
        });
        continue;
      }
      i++;
      let value = '';
      while (i < n && source[i] !== '"' && source[i] !== '\n' && source[i] !== '\r') {
        if (source[i] === '\\') {
          const e = source[i + 1];
          const map = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
          if (e === 'u') {
            value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16) || 0);
            i += 6;
          } else {
            value += map[e] ?? e ?? '';
            i += 2;
          }
          continue;
        }
        value += source[i++];
      }
      const closed = source[i] === '"';
      if (closed) i++;
      tokens.push({ kind: closed ? Kind.STRING : Kind.INVALID, value, start, end: i, line, column: start - lineStart + 1, unterminated: !closed, stringLike: true });
      continue;
    }
    i++;
    push(Kind.INVALID, start, i);
  }
  tokens.push({ kind: Kind.EOF, value: '', start: n, end: n, line, column: n - lineStart + 1 });
  return tokens;
}

/**
 * The value of a block string: common indentation and blank first and last lines removed.
 * @param {string} raw the text between the triple quotes
 * @returns {string}
 */
export function blockStringValue(raw) {
  const lines = raw.replace(/\\"""/g, '"""').split(/\r\n|\n|\r/);
  let common = Infinity;
  for (let k = 1; k < lines.length; k++) {
    const indent = lines[k].length - lines[k].trimStart().length;
    if (indent < lines[k].length) common = Math.min(common, indent);
  }
  const out = lines.map((l, k) => (k > 0 && common !== Infinity ? l.slice(common) : l));
  while (out.length && out[0].trim() === '') out.shift();
  while (out.length && out[out.length - 1].trim() === '') out.pop();
  return out.join('\n');
}

function isNameStart(c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

function isNameContinue(c) {
  return isNameStart(c) || isDigit(c);
}

function isDigit(c) {
  return c >= '0' && c <= '9';
}
