// The plan pane: for the current operation, asks the server (POST /studio/plan) for the one SQL statement per
// root field it will run, and shows each statement highlighted with its parameters; "Explain" asks again for
// PostgreSQL's EXPLAIN (ANALYZE, BUFFERS). When the server does not allow plans the pane says so.

import { el, hint } from './dom.js';
import { postJSON } from './session.js';
import { highlightSQL, formatSQL } from './sql.js';

/** The plan pane. */
export class PlanPane {
  /**
   * @param {HTMLElement} panel
   * @param {{currentRequest: () => {request: object}, markErrors: (errors: object[]) => void}} host
   */
  constructor(panel, host) {
    this.panel = panel;
    this.host = host;
    this.config = null;
    this.toolbar = el('div', 'toolbar');
    this.refreshButton = button('Show plan', () => this.load(false));
    this.refreshButton.setAttribute('data-testid', 'plan-refresh');
    this.explainButton = button('Explain (ANALYZE, BUFFERS)', () => this.load(true));
    this.explainButton.setAttribute('data-testid', 'explain');
    this.toolbar.append(this.refreshButton, this.explainButton);
    this.body = el('div', 'plan-body');
    this.body.setAttribute('data-testid', 'plan-body');
    panel.replaceChildren(this.toolbar, this.body);
  }

  /**
   * Takes the server's Studio settings.
   * @param {{plans: boolean}} config
   */
  setConfig(config) {
    this.config = config;
    if (!config.plans) this.disabled('This server does not show plans (start it with --studio-plans to see the SQL).');
  }

  disabled(message) {
    this.toolbar.hidden = true;
    const p = el('p', 'hint');
    p.setAttribute('data-testid', 'plan-disabled');
    p.textContent = message;
    this.body.replaceChildren(p);
  }

  /** Loads the plan of the current operation when the pane is shown. */
  refresh() {
    if (this.config?.plans) this.load(false);
  }

  async load(explain) {
    const { request } = this.host.currentRequest();
    this.body.replaceChildren(hint('Planning…'));
    let response;
    try {
      response = await postJSON('/studio/plan', { ...request, explain });
    } catch (e) {
      this.body.replaceChildren(hint(`Request failed: ${e.message}`));
      return;
    }
    const { status, json } = response;
    if (status === 404 && json.errors?.[0]?.errorType === 'StudioPlansDisabled') {
      this.disabled(json.errors[0].message);
      return;
    }
    const parts = [];
    for (const error of json.errors ?? []) {
      const p = el('p', 'plan-error');
      p.textContent = (error.errorType ? `${error.errorType}: ` : '') + error.message;
      parts.push(p);
    }
    if (json.errors?.length) this.host.markErrors(json.errors);
    for (const plan of json.plans ?? []) parts.push(this.planSection(plan));
    if (!parts.length) parts.push(hint('No statement to show.'));
    this.body.replaceChildren(...parts);
  }

  planSection(plan) {
    const section = el('section', 'plan-field');
    section.setAttribute('data-testid', 'plan-field');
    const h = el('h3');
    h.textContent = plan.field + (plan.customPlan ? ' (custom plan)' : '');
    const sql = el('pre', 'sql');
    sql.setAttribute('data-testid', 'plan-sql');
    sql.tabIndex = 0;
    sql.append(...highlightSQL(formatSQL(plan.sql)));
    section.append(h, sql);
    if (plan.parameters?.length) {
      const ol = el('ol', 'plan-parameters');
      ol.setAttribute('aria-label', 'Parameters');
      for (const [i, p] of plan.parameters.entries()) {
        const li = el('li');
        const code = el('code');
        code.textContent = `$${i + 1} = ${JSON.stringify(p)}`;
        li.append(code);
        ol.append(li);
      }
      const h4 = el('h4');
      h4.textContent = 'Parameters';
      section.append(h4, ol);
    }
    if (plan.explain) {
      const h4 = el('h4');
      h4.textContent = 'EXPLAIN (ANALYZE, BUFFERS)';
      const pre = el('pre', 'explain');
      pre.setAttribute('data-testid', 'plan-explain');
      pre.tabIndex = 0;
      pre.textContent = plan.explain;
      section.append(h4, pre);
    }
    return section;
  }
}

function button(label, onClick) {
  const b = el('button');
  b.type = 'button';
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}

