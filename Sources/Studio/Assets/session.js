// Credentials and requests: the API key and JWT the user entered (the key kept in localStorage only when
// "remember" is ticked), the extra headers from the headers editor, and the POSTs to /graphql and /studio/plan
// that carry them. Every request goes to this page's own origin.

const KEY_STORAGE = 'modelgraph.studio.apiKey';

/** The credentials of this page. */
export const session = {
  apiKey: '',
  jwt: '',
  /** @type {Record<string, string>} extra headers from the headers editor */
  extraHeaders: {},
};

/**
 * Binds the credential inputs: fills them from storage and keeps `session` and storage up to date.
 * @param {HTMLFormElement} form the form holding inputs named api-key, remember and jwt
 * @param {() => void} onChange called when a credential changes
 */
export function bindCredentials(form, onChange) {
  const key = form.elements['api-key'];
  const remember = form.elements.remember;
  const jwt = form.elements.jwt;
  const stored = localStorage.getItem(KEY_STORAGE);
  if (stored) {
    key.value = stored;
    remember.checked = true;
  }
  session.apiKey = key.value.trim();
  const save = () => {
    session.apiKey = key.value.trim();
    session.jwt = jwt.value.trim();
    if (remember.checked && session.apiKey) localStorage.setItem(KEY_STORAGE, session.apiKey);
    else localStorage.removeItem(KEY_STORAGE);
  };
  form.addEventListener('submit', (e) => e.preventDefault());
  for (const input of [key, jwt]) input.addEventListener('change', () => { save(); onChange(); });
  for (const input of [key, jwt]) input.addEventListener('input', save);
  remember.addEventListener('change', save);
}

/**
 * The headers of a request: JSON content type, the credentials, then the user's extra headers.
 * @returns {Record<string, string>}
 */
export function requestHeaders() {
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  if (session.apiKey) headers['x-api-key'] = session.apiKey;
  if (session.jwt) headers.authorization = session.jwt;
  return { ...headers, ...session.extraHeaders };
}

/**
 * POSTs JSON to a path of this server and reads the JSON answer, whatever the status.
 * @param {string} path e.g. '/graphql'
 * @param {object} body
 * @param {AbortSignal} [signal]
 * @returns {Promise<{status: number, json: any, ms: number}>}
 */
export async function postJSON(path, body, signal) {
  const started = performance.now();
  const response = await fetch(path, { method: 'POST', headers: requestHeaders(), body: JSON.stringify(body), signal, credentials: 'omit' });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { errors: [{ message: `${response.status} ${response.statusText}: ${text.slice(0, 500)}` }] };
  }
  return { status: response.status, json, ms: Math.round(performance.now() - started) };
}

/**
 * Sends a GraphQL request and returns its response body.
 * @param {{query: string, variables?: object, operationName?: string}} body
 * @returns {Promise<object>}
 */
export async function graphql(body) {
  return (await postJSON('/graphql', body)).json;
}

/**
 * The server's Studio settings (plans allowed, real-time path, version, auth modes), or defaults.
 * @returns {Promise<{plans: boolean, realtimePath: string, version: string, authModes: string[]}>}
 */
export async function loadConfig() {
  const fallback = { plans: false, realtimePath: '/graphql/realtime', version: '', authModes: ['apiKey'] };
  try {
    const response = await fetch('/studio/config.json', { credentials: 'omit' });
    if (!response.ok) return fallback;
    return { ...fallback, ...(await response.json()) };
  } catch {
    return fallback;
  }
}
