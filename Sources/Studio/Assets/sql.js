// SQL for the plan pane: laid out on lines (a clause per line, sub-selects indented by their nesting) and
// highlighted (keywords, strings, numbers, $n parameters, quoted identifiers, comments).

const KEYWORDS = new Set(('select from where and or not as on join left right inner outer lateral with recursive ' +
  'order by group having limit offset union all distinct case when then else end is null true false in exists ' +
  'insert into values update set delete returning coalesce json_build_object jsonb_build_object json_agg jsonb_agg ' +
  'array_agg to_jsonb row_to_json asc desc nulls first last cast filter over partition between like ilike any ' +
  'begin commit rollback conflict do nothing for share').split(' '));

/**
 * Highlighted nodes for SQL text.
 * @param {string} sql
 * @returns {Node[]}
 */
export function highlightSQL(sql) {
  const nodes = [];
  const pattern = /(--[^\n]*)|('(?:[^']|'')*')|("(?:[^"]|"")*")|(\$\d+)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_][A-Za-z0-9_]*)/g;
  let at = 0;
  for (const m of sql.matchAll(pattern)) {
    if (m.index > at) nodes.push(document.createTextNode(sql.slice(at, m.index)));
    let cls = null;
    if (m[1]) cls = 'tok-comment';
    else if (m[2]) cls = 'tok-string';
    else if (m[3]) cls = 'tok-attribute';
    else if (m[4]) cls = 'tok-variable';
    else if (m[5]) cls = 'tok-number';
    else if (KEYWORDS.has(m[6].toLowerCase())) cls = 'tok-keyword';
    if (cls) {
      const span = document.createElement('span');
      span.className = cls;
      span.textContent = m[0];
      nodes.push(span);
    } else {
      nodes.push(document.createTextNode(m[0]));
    }
    at = m.index + m[0].length;
  }
  if (at < sql.length) nodes.push(document.createTextNode(sql.slice(at)));
  return nodes;
}

const BREAK_BEFORE = /^(FROM|WHERE|ORDER|GROUP|HAVING|LIMIT|OFFSET|UNION|LEFT|INNER|JOIN|RETURNING|VALUES|SET|ON CONFLICT)$/i;

/**
 * Lays SQL out on lines: a line break before each clause keyword and before each sub-select, indented two spaces
 * per open parenthesis. Strings and quoted identifiers are left as they are.
 * @param {string} sql one statement as the server sends it
 * @returns {string}
 */
export function formatSQL(sql) {
  if (sql.includes('\n')) return sql;
  let out = '';
  let depth = 0;
  const pattern = /('(?:[^']|'')*'|"(?:[^"]|"")*"|\(\s*SELECT\b|[()]|[A-Za-z_]+|\s+|.)/gi;
  for (const m of sql.matchAll(pattern)) {
    const t = m[0];
    if (/^\(\s*SELECT$/i.test(t)) {
      depth++;
      out += '(\n' + '  '.repeat(depth) + 'SELECT';
    } else if (t === '(') {
      depth++;
      out += t;
    } else if (t === ')') {
      depth = Math.max(0, depth - 1);
      out += t;
    } else if (BREAK_BEFORE.test(t) && out.trim()) {
      out = out.replace(/ +$/, '') + '\n' + '  '.repeat(depth) + t;
    } else {
      out += t;
    }
  }
  return out;
}
