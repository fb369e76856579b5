// The Studio shell: builds the panes, wires the editor to the schema, runs operations, and keeps the settings
// (colour scheme, the last document, credentials through session.js). Each pane lives in its own module; this one
// only connects them.

import { parse, operationsOf, pickOperation } from './graphql/parser.js';
import { printDocument } from './graphql/printer.js';
import { Editor } from './editor.js';
import { complete } from './completion.js';
import { loadSchema } from './schema.js';
import { session, bindCredentials, postJSON, graphql, loadConfig } from './session.js';
import { parseVariables, checkVariables } from './variables.js';
import { recordRun, renderHistory } from './history.js';
import { Explorer } from './explorer.js';
import { Docs } from './docs.js';
import { PlanPane } from './plan.js';
import { DataBrowser } from './data.js';
import { Live } from './live.js';
import { highlightJSON } from './result.js';

const DOCUMENT_STORAGE = 'modelgraph.studio.document';
const THEME_STORAGE = 'modelgraph.studio.theme';
const WELCOME = `# Welcome to ModelGraph Studio.
# Enter your API key above, then tick fields in the Explorer or type a query here
# (Ctrl+Space completes, Ctrl+Enter runs, Shift+Ctrl+P prettifies).
`;

const $ = (selector) => document.querySelector(selector);

/** Everything the page shares between panes. */
const state = {
  schema: null,
  config: null,
  running: null,
};

const status = (text) => { $('[data-testid=status]').textContent = text; };

function setupTheme() {
  const saved = localStorage.getItem(THEME_STORAGE);
  if (saved) document.documentElement.dataset.theme = saved;
  $('[data-testid=theme]').addEventListener('click', () => {
    const dark = document.documentElement.dataset.theme
      ? document.documentElement.dataset.theme === 'dark'
      : matchMedia('(prefers-color-scheme: dark)').matches;
    const next = dark ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    localStorage.setItem(THEME_STORAGE, next);
  });
}

function setupTabs() {
  for (const tab of document.querySelectorAll('.tab')) {
    tab.addEventListener('click', () => selectTab(tab.dataset.tab));
    tab.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      const siblings = [...tab.parentElement.querySelectorAll('.tab')];
      const next = siblings[(siblings.indexOf(tab) + (e.key === 'ArrowRight' ? 1 : siblings.length - 1)) % siblings.length];
      next.focus();
      selectTab(next.dataset.tab);
    });
  }
  for (const button of document.querySelectorAll('.view-tab')) {
    button.addEventListener('click', () => selectView(button.dataset.view));
  }
}

/**
 * Shows one tab of a tab list and hides its siblings' panels.
 * @param {string} name the data-tab of the tab
 */
function selectTab(name) {
  const tab = document.querySelector(`.tab[data-tab="${name}"]`);
  for (const sibling of tab.parentElement.querySelectorAll('.tab')) {
    const selected = sibling === tab;
    sibling.setAttribute('aria-selected', String(selected));
    sibling.tabIndex = selected ? 0 : -1;
    const panel = document.querySelector(`.tab-panel[data-panel="${sibling.dataset.tab}"]`);
    if (panel) panel.hidden = !selected;
  }
  if (name === 'plan') state.plan?.refresh();
  if (name === 'history') renderHistory($('[data-panel=history]'), restoreRun);
}

function selectView(name) {
  for (const button of document.querySelectorAll('.view-tab')) button.setAttribute('aria-pressed', String(button.dataset.view === name));
  $('#view-query').hidden = name !== 'query';
  $('#view-data').hidden = name !== 'data';
  if (name === 'data') state.data?.show();
}

function restoreRun(run) {
  state.editor.replaceAll(run.query);
  $('[data-testid=variables]').value = run.variables ?? '';
  refreshOperations(run.operationName);
  checkInputs();
}

/** The request for the operation at the cursor (or picked), or null with the reason shown. */
function currentRequest() {
  const text = state.editor.value;
  const doc = parse(text);
  const name = $('[data-testid=operation]').value || null;
  const op = pickOperation(doc, { name, offset: state.editor.cursor });
  const vars = parseVariables($('[data-testid=variables]').value);
  const request = { query: text };
  if (vars.value && Object.keys(vars.value).length) request.variables = vars.value;
  if (op?.name && operationsOf(doc).length > 1) request.operationName = op.name.value;
  return { request, op, doc, varsError: vars.error };
}

function refreshOperations(preferred) {
  const select = $('[data-testid=operation]');
  const ops = operationsOf(parse(state.editor.value));
  const previous = preferred ?? select.value;
  select.replaceChildren(...ops.map((o) => {
    const option = document.createElement('option');
    option.value = o.name ?? '';
    option.textContent = `${o.node.operation} ${o.label}`;
    return option;
  }));
  if (ops.some((o) => o.name === previous)) select.value = previous;
  select.parentElement.hidden = ops.length < 2;
}

function checkInputs() {
  const { op, varsError } = currentRequest();
  const problems = varsError ? [varsError] : checkVariables(state.schema, op, parseVariables($('[data-testid=variables]').value).value ?? {});
  listProblems($('[data-testid=variables-errors]'), problems);
  const headersText = $('[data-testid=headers]').value;
  const headerProblems = [];
  session.extraHeaders = {};
  if (headersText.trim()) {
    try {
      const value = JSON.parse(headersText);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) headerProblems.push('Headers must be a JSON object of strings.');
      else for (const [k, v] of Object.entries(value)) {
        if (typeof v !== 'string') headerProblems.push(`Header ${k} must be a string.`);
        else session.extraHeaders[k] = v;
      }
    } catch (e) {
      headerProblems.push(`Headers are not valid JSON: ${e.message}`);
    }
  }
  listProblems($('[data-testid=headers-errors]'), headerProblems);
  return problems.length === 0 && headerProblems.length === 0;
}

function listProblems(ul, problems) {
  ul.replaceChildren(...problems.map((p) => {
    const li = document.createElement('li');
    li.textContent = p;
    return li;
  }));
}

function showResult(json, meta) {
  const pane = $('[data-testid=result]');
  if (typeof json === 'string') pane.textContent = json;
  else pane.replaceChildren(...highlightJSON(JSON.stringify(json, null, 2)));
  $('[data-testid=result-meta]').textContent = meta ?? '';
}

async function run() {
  selectTab('result');
  if (!checkInputs()) { status('Fix the variables or headers first.'); return; }
  const { request, op, varsError } = currentRequest();
  if (varsError) return;
  if (!op) { showResult('No operation to run.'); return; }
  recordRun({ query: request.query, variables: $('[data-testid=variables]').value, operationName: request.operationName ?? null });
  state.live.stop();
  if (op.operation === 'subscription') {
    showResult('', 'Subscribing…');
    state.live.start(request, {
      onEvent: (events, meta) => showResult(events, meta),
      onErrors: (errors) => markErrors(errors),
    });
    return;
  }
  showResult('', 'Running…');
  try {
    const { status: code, json, ms } = await postJSON('/graphql', request);
    showResult(json, `${code} · ${ms} ms`);
    markErrors(json.errors ?? []);
  } catch (e) {
    showResult(`Request failed: ${e.message}`);
  }
}

function markErrors(errors) {
  const marks = [];
  for (const error of errors) {
    for (const loc of error.locations ?? []) marks.push({ line: loc.line, column: loc.column, message: error.message });
  }
  state.editor.setErrors(marks);
}

function prettify() {
  const doc = parse(state.editor.value);
  if (doc.errors.length) {
    state.editor.setErrors(doc.errors.map((e) => ({ line: e.line, column: e.column, message: e.message })));
    status('The document has syntax errors; fix them before prettifying.');
    return;
  }
  if (doc.definitions.length) state.editor.replaceAll(printDocument(doc));
}

async function share() {
  const params = new URLSearchParams();
  params.set('query', state.editor.value);
  const variables = $('[data-testid=variables]').value;
  if (variables.trim()) params.set('variables', variables);
  const url = `${location.origin}${location.pathname}#${params.toString()}`;
  history.replaceState(null, '', url);
  try {
    await navigator.clipboard.writeText(url);
    status('Link copied: it reopens this query and its variables.');
  } catch {
    status('The address bar now holds a link that reopens this query.');
  }
}

function initialDocument() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has('query')) {
    $('[data-testid=variables]').value = params.get('variables') ?? '';
    return params.get('query');
  }
  return localStorage.getItem(DOCUMENT_STORAGE) ?? WELCOME;
}

async function loadAPI() {
  if (!session.apiKey && !session.jwt) {
    status('Enter an API key (or a JWT) to load the schema.');
    return;
  }
  status('Loading the schema…');
  try {
    state.schema = await loadSchema(graphql);
    status('');
  } catch (e) {
    status(`Could not load the schema: ${e.message}`);
    return;
  }
  state.explorer.setSchema(state.schema);
  state.docs.setSchema(state.schema);
  state.data.setSchema(state.schema);
  checkInputs();
}

function main() {
  setupTheme();
  setupTabs();
  state.editor = new Editor($('#editor-host'), {
    label: 'GraphQL operation',
    complete: (text, cursor) => (state.schema ? complete(state.schema, text, cursor) : { from: cursor, to: cursor, items: [] }),
    onRun: run,
    onPrettify: prettify,
    onChange: (text) => {
      localStorage.setItem(DOCUMENT_STORAGE, text);
      refreshOperations();
      checkInputs();
      state.explorer?.documentChanged();
    },
  });
  state.live = new Live(() => state.config);
  state.explorer = new Explorer($('[data-panel=explorer]'), {
    getText: () => state.editor.value,
    setText: (text) => state.editor.replaceAll(text),
    getOperationName: () => $('[data-testid=operation]').value || null,
  });
  state.docs = new Docs($('[data-panel=docs]'));
  state.plan = new PlanPane($('[data-panel=plan]'), { currentRequest: () => currentRequest(), markErrors });
  state.data = new DataBrowser($('[data-testid=models]'), $('[data-testid=data]'), { status });
  state.editor.value = initialDocument();
  $('[data-testid=run]').addEventListener('click', run);
  $('[data-testid=prettify]').addEventListener('click', prettify);
  $('[data-testid=share]').addEventListener('click', share);
  $('[data-testid=stop]').addEventListener('click', () => state.live.stop());
  $('[data-testid=operation]').addEventListener('change', () => { checkInputs(); state.explorer.documentChanged(); });
  $('[data-testid=variables]').addEventListener('input', checkInputs);
  $('[data-testid=headers]').addEventListener('input', checkInputs);
  $('[data-testid=variables]').addEventListener('keydown', (e) => { if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') { e.preventDefault(); run(); } });
  window.addEventListener('hashchange', () => {
    const params = new URLSearchParams(location.hash.slice(1));
    if (params.has('query')) restoreRun({ query: params.get('query'), variables: params.get('variables') ?? '' });
  });
  bindCredentials($('[data-testid=credentials]'), loadAPI);
  loadConfig().then((config) => {
    state.config = config;
    state.plan.setConfig(config);
    if (!config.authModes.some((m) => m === 'userPools' || m === 'oidc')) document.querySelector('.jwt-label').classList.add('muted');
  });
  loadAPI();
}

main();
