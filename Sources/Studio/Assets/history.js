// History of runs: the last 50 operations run from this browser (query, variables, operation name, time), kept
// in localStorage and listed in the sidebar; choosing one puts it back into the editor.

const STORAGE = 'modelgraph.studio.history';
const LIMIT = 50;

/**
 * The stored runs, newest first.
 * @returns {{query: string, variables: string, operationName: string|null, at: number}[]}
 */
export function loadHistory() {
  try {
    const list = JSON.parse(localStorage.getItem(STORAGE) ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/**
 * Records a run (a run equal to the newest one only moves its time).
 * @param {{query: string, variables: string, operationName: string|null}} run
 */
export function recordRun(run) {
  const list = loadHistory().filter((r) => !(r.query === run.query && r.variables === run.variables && r.operationName === run.operationName));
  list.unshift({ ...run, at: Date.now() });
  localStorage.setItem(STORAGE, JSON.stringify(list.slice(0, LIMIT)));
}

/**
 * Lists the history in a panel.
 * @param {HTMLElement} panel
 * @param {(run: object) => void} onPick called with the chosen run
 */
export function renderHistory(panel, onPick) {
  const list = loadHistory();
  const ul = document.createElement('ul');
  ul.className = 'history-list';
  for (const run of list) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'history-item';
    const title = document.createElement('span');
    title.className = 'history-title';
    title.textContent = run.operationName || run.query.replace(/\s+/g, ' ').trim().slice(0, 60);
    const time = document.createElement('time');
    time.dateTime = new Date(run.at).toISOString();
    time.textContent = new Date(run.at).toLocaleString();
    b.append(title, time);
    b.addEventListener('click', () => onPick(run));
    li.append(b);
    ul.append(li);
  }
  const clear = document.createElement('button');
  clear.type = 'button';
  clear.textContent = 'Clear history';
  clear.addEventListener('click', () => { localStorage.removeItem(STORAGE); renderHistory(panel, onPick); });
  const empty = document.createElement('p');
  empty.className = 'hint';
  empty.textContent = 'Runs appear here.';
  panel.replaceChildren(list.length ? ul : empty, ...(list.length ? [clear] : []));
}
