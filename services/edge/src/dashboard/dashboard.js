'use strict';
/*
 * The app dashboard. Plain DOM, no framework and no build step; the charts are Chart.js, served by the edge
 * beside this script. Every value from the API goes into the page as text (textContent, never innerHTML; the
 * page's Trusted Types policy makes the browser refuse any string-to-markup sink), the token lives in
 * sessionStorage only and travels in the Authorization header only, and the address bar holds nothing but
 * the view and its filters.
 */
(() => {
  const SESSION_KEY = 'obp.dashboard.session';
  const SCOPE = 'customer-api';
  const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const MAX_TIMER_MS = 2 ** 31 - 1;
  const PAGE_SIZE = 25;
  const CATEGORY_SOURCE_PAGE_SIZE = 100;

  const $ = (id) => {
    const element = document.getElementById(id);
    if (!element) throw new Error(`the page has no #${id}`);
    return element;
  };

  /** An element with attributes and children; strings become text nodes, so they are never parsed as HTML. */
  function h(tag, attributes, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name === 'className') element.className = value;
      else if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
      else element.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === undefined || child === null || child === false) continue;
      element.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return element;
  }

  const dateTime = (iso) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  const date = (iso) => (iso ? new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' }) : '—');
  const money = (amount, currency = 'EUR') => {
    try {
      return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
    } catch {
      return `${amount.toFixed(2)} ${currency}`;
    }
  };
  const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const prettyJson = (text) => {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  };
  const categoryLabel = (category) => (category ? category.split('.').join(' › ') : '—');
  const badge = (text, kind = String(text).toLowerCase()) => h('span', { className: `badge ${kind}` }, text);

  // Session: the token and when it ends, in this tab only.

  function readSession() {
    try {
      const session = JSON.parse(sessionStorage.getItem(SESSION_KEY) || 'null');
      if (session && typeof session.token === 'string' && session.expiresAt > Date.now()) return session;
    } catch {
      // An unreadable session is no session.
    }
    sessionStorage.removeItem(SESSION_KEY);
    return null;
  }

  class SessionEnded extends Error {}

  class ApiError extends Error {
    constructor(status, message, errors) {
      super(message);
      this.status = status;
      this.errors = errors || null;
    }
  }

  async function problemOf(res) {
    try {
      const body = await res.json();
      if (typeof body === 'string') return { message: body };
      const fieldErrors = body && body.errors ? Object.values(body.errors).flat().join(' ') : '';
      return { message: (body && (fieldErrors || body.detail || body.error_description || body.title)) || `The server answered ${res.status}.`, errors: body && body.errors };
    } catch {
      return { message: `The server answered ${res.status}.` };
    }
  }

  /** A request of the signed-in app; the answer's JSON, the response itself with `raw`. */
  async function api(path, init = {}) {
    const session = readSession();
    if (!session) {
      signOut('Your session has ended. Sign in again.');
      throw new SessionEnded();
    }
    const headers = { Accept: 'application/json', Authorization: `Bearer ${session.token}` };
    let body;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    let res;
    try {
      res = await fetch(path, { method: init.method || 'GET', headers, body, credentials: 'omit', cache: 'no-store' });
    } catch {
      throw new ApiError(0, 'The platform cannot be reached. Check your connection and try again.');
    }
    if (res.status === 401) {
      signOut('Your session has ended. Sign in again.');
      throw new SessionEnded();
    }
    if (!res.ok) {
      const problem = await problemOf(res);
      const error = new ApiError(res.status, problem.message, problem.errors);
      error.retryAfter = Number(res.headers.get('Retry-After')) || null;
      throw error;
    }
    if (res.status === 202 || res.status === 204) return res.headers.get('Content-Type')?.includes('json') ? res.json() : null;
    return res.json();
  }

  async function signIn(clientId, clientSecret) {
    const res = await fetch('/connect/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE, client_id: clientId, client_secret: clientSecret }),
      credentials: 'omit',
      cache: 'no-store',
    });
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      if (body.error === 'invalid_client') throw new Error('The client id or secret is wrong.');
      if (body.error === 'invalid_scope') throw new Error('This client may not use the API: it lacks the customer-api scope.');
      throw new Error(body.error_description || body.detail || `Signing in failed (${res.status}).`);
    }
    const token = await res.json().catch(() => null);
    if (!token || typeof token.access_token !== 'string' || !Number.isFinite(token.expires_in)) throw new Error('The platform gave no usable token. Try again, or ask an operator.');
    // Ten seconds early, so that no request leaves with a token about to end.
    const session = { token: token.access_token, clientId, expiresAt: Date.now() + (token.expires_in - 10) * 1000 };
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    return session;
  }

  let sessionTimer;
  function watchSession(session) {
    clearTimeout(sessionTimer);
    $('session-client').textContent = session.clientId;
    $('session').hidden = false;
    $('sections').hidden = false;
    sessionTimer = setTimeout(() => signOut('Your session has expired. Sign in again.'), Math.min(Math.max(session.expiresAt - Date.now(), 0), MAX_TIMER_MS));
  }

  let generation = 0;
  let pollTimer;
  function signOut(message) {
    generation++;
    clearTimeout(sessionTimer);
    clearTimeout(pollTimer);
    sessionStorage.removeItem(SESSION_KEY);
    destroyCharts();
    $('session').hidden = true;
    $('sections').hidden = true;
    $('view').hidden = true;
    $('view').replaceChildren();
    $('signin-view').hidden = false;
    $('client-secret').value = '';
    const error = $('signin-error');
    error.textContent = message || '';
    error.hidden = !message;
    document.title = 'Sign in · Dashboard';
  }

  // Notices and confirmations.

  let noticeTimer;
  function notify(message, kind = 'ok') {
    const notice = $('notice');
    notice.className = `notice ${kind}`;
    notice.textContent = message;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => (notice.textContent = ''), 8000);
  }

  /** Asks in a modal dialog; resolves true when confirmed. */
  function confirmAction({ title, text, items = [], action }) {
    const dialog = $('confirm');
    $('confirm-title').textContent = title;
    $('confirm-text').textContent = text;
    $('confirm-list').replaceChildren(...items.map((item) => h('li', null, item)));
    $('confirm-ok').textContent = action;
    return new Promise((resolve) => {
      dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), { once: true });
      dialog.returnValue = '';
      dialog.showModal();
      $('confirm-cancel').focus();
    });
  }

  /** Shows an API failure where the view is (or as a notice); a session that ended has already sent the user to sign in. */
  function failure(error, where) {
    if (error instanceof SessionEnded) return;
    const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
    if (where) where.replaceChildren(h('p', { className: 'error', role: 'alert' }, message));
    else notify(message, 'bad');
  }

  /** Runs an action of a button: disabled while it runs; a failure becomes a notice. */
  function action(button, run) {
    return async (event) => {
      if (event) event.preventDefault();
      button.disabled = true;
      try {
        await run();
      } catch (error) {
        failure(error);
      } finally {
        button.disabled = false;
        // A confirmation closed while its opener was disabled cannot give the focus back to it (it stays in the hidden
        // dialog, then falls to the body): the button takes it back once enabled.
        const lost = !document.activeElement || document.activeElement === document.body || $('confirm').contains(document.activeElement);
        if (lost && button.isConnected) button.focus();
      }
    };
  }

  // Routing: the hash names the view (#/webhooks, #/webhooks/<id>, #/consents/<id>, #/accounts/<id>, #/analysis/<id>, ...).

  function route() {
    const [path, query = ''] = location.hash.replace(/^#/, '').split('?');
    const parts = path.split('/').filter(Boolean).map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return '';
      }
    });
    return { section: parts[0] || 'webhooks', id: parts[1] || null, params: new URLSearchParams(query) };
  }

  let charts = [];
  function destroyCharts() {
    for (const chart of charts) chart.destroy();
    charts = [];
  }

  async function render() {
    const session = readSession();
    if (!session) return signOut($('signin-error').textContent || '');
    watchSession(session);
    $('signin-view').hidden = true;
    const view = $('view');
    view.hidden = false;
    clearTimeout(pollTimer);
    destroyCharts();
    const current = ++generation;
    const { section, id, params } = route();
    for (const link of document.querySelectorAll('#sections a')) {
      if (link.dataset.section === (section === 'accounts' ? 'consents' : section)) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    const views = { webhooks: id ? webhookView : webhooksView, consents: id ? consentView : consentsView, accounts: transactionsView, analysis: id ? analysisView : analysesView, feedback: feedbackView, settings: settingsView };
    const show = views[section];
    view.replaceChildren(h('p', { className: 'muted loading' }, 'Loading…'));
    if (!show) return view.replaceChildren(h('p', { className: 'error', role: 'alert' }, 'No such page.'));
    if (id !== null && !GUID.test(id)) return view.replaceChildren(h('p', { className: 'error', role: 'alert' }, 'That is not an id of this platform.'));
    try {
      const content = await show(id, params, () => current === generation);
      if (current !== generation) return;
      view.replaceChildren(...[content].flat());
      const heading = view.querySelector('h1');
      document.title = `${heading ? heading.textContent : 'Dashboard'} · Dashboard`;
      afterRender.splice(0).forEach((run) => run());
    } catch (error) {
      if (current !== generation) return;
      afterRender.length = 0;
      // Another app's id answers as an id of nothing does: 404.
      if (error instanceof ApiError && error.status === 404) view.replaceChildren(h('p', { className: 'error', role: 'alert' }, 'Not found: nothing of your app has this id.'));
      else failure(error, view);
    }
  }
  /** Work that needs the view in the page (charts measure their canvas). */
  const afterRender = [];

  /** The view's page number from the address (1 when absent or not a number). */
  const pageOf = (params) => Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  /** Previous and next buttons that change the address's `page`, keeping its other filters. */
  function pager(base, params, page, totalPages) {
    const go = (to) => {
      const query = new URLSearchParams(params);
      query.set('page', String(to));
      location.hash = `${base}?${query}`;
    };
    const previous = h('button', { type: 'button', className: 'button', disabled: page <= 1, onclick: () => go(page - 1) }, '← Newer');
    const next = h('button', { type: 'button', className: 'button', disabled: page >= totalPages, onclick: () => go(page + 1) }, 'Older →');
    return h('div', { className: 'pager' }, previous, h('span', { className: 'page-info' }, `Page ${page} of ${Math.max(totalPages, 1)}`), next);
  }

  /**
   * Page `page` of a list the API gives oldest first, shown newest first: the first answer gives the count,
   * then the one or two API pages holding the view's slice are read (page 1 is the newest PAGE_SIZE items).
   */
  async function newestFirst(path, query, page) {
    const ask = (apiPage, pageSize) => api(`${path}?${new URLSearchParams({ ...query, page: String(apiPage), pageSize: String(pageSize) })}`);
    const probe = await ask(1, 1);
    const totalCount = (probe._pagination && probe._pagination.totalCount) || 0;
    const totalPages = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
    const end = totalCount - (page - 1) * PAGE_SIZE;
    if (end <= 0) return { items: [], totalCount, totalPages };
    const start = Math.max(0, end - PAGE_SIZE);
    const firstPage = Math.floor(start / PAGE_SIZE) + 1;
    const lastPage = Math.floor((end - 1) / PAGE_SIZE) + 1;
    const pages = [];
    for (let apiPage = firstPage; apiPage <= lastPage; apiPage++) pages.push(await ask(apiPage, PAGE_SIZE));
    const offset = (firstPage - 1) * PAGE_SIZE;
    const items = pages.flatMap((answer) => answer.data || []).slice(start - offset, end - offset);
    return { items: items.reverse(), totalCount, totalPages };
  }


  // The webhook event catalogue: the API document's `webhooks` (its summaries describe each type).

  let catalogue;
  async function eventCatalogue() {
    if (!catalogue) {
      const res = await fetch('/openapi.json', { credentials: 'omit' });
      const document = await res.json();
      catalogue = Object.entries(document.webhooks || {})
        .map(([type, item]) => ({ type, summary: (item.post && item.post.summary) || '' }))
        .filter(({ type }) => type !== 'webhook.ping');
    }
    return catalogue;
  }

  function eventPicker(selected, legend = 'Event types') {
    const chosen = new Set(selected);
    return eventCatalogue().then((types) =>
      h(
        'fieldset',
        { className: 'events' },
        h('legend', null, legend),
        types.map(({ type, summary }) =>
          h('label', { className: 'check' }, h('input', { type: 'checkbox', name: 'events', value: type, checked: chosen.has(type) }), h('span', null, h('code', null, type), h('span', { className: 'muted small' }, summary))),
        ),
      ),
    );
  }

  const checkedValues = (form, name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((input) => input.value);

  function fieldErrors(form, error) {
    form.querySelector('.form-error')?.remove();
    form.append(h('p', { className: 'error form-error', role: 'alert' }, error.message));
  }

  // Webhooks.

  function secretPanel(title, secret, explanation) {
    return h(
      'div',
      { className: 'secret card', role: 'region', 'aria-label': title },
      h('h2', null, title),
      h('p', null, explanation),
      h('code', { className: 'secret-value' }, secret),
      h('button', { type: 'button', className: 'button', onclick: (event) => navigator.clipboard?.writeText(secret).then(() => (event.target.textContent = 'Copied'), () => undefined) }, 'Copy'),
    );
  }

  async function webhooksView() {
    const page = await api('/webhooks?pageSize=500');
    const endpoints = page.data || [];
    const form = h(
      'form',
      { className: 'card stack', id: 'new-webhook', 'aria-labelledby': 'new-webhook-title', novalidate: true },
      h('h2', { id: 'new-webhook-title' }, 'New endpoint'),
      h('label', { for: 'webhook-url' }, 'URL'),
      h('input', { id: 'webhook-url', name: 'url', type: 'url', required: true, placeholder: 'https://example.com/webhooks' }),
      h('label', { for: 'webhook-description' }, 'Description (optional)'),
      h('input', { id: 'webhook-description', name: 'description' }),
      await eventPicker([]),
      h('button', { type: 'submit', className: 'button primary' }, 'Create endpoint'),
    );
    const created = h('div', { id: 'created-secret' });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const submit = form.querySelector('button[type=submit]');
      submit.disabled = true;
      try {
        const description = form.elements.description.value.trim();
        const { data } = await api('/webhooks', { method: 'POST', json: { url: form.elements.url.value.trim(), events: checkedValues(form, 'events'), description: description || null } });
        notify('Endpoint created.');
        await render();
        $('view').prepend(
          secretPanel('Signing secret', data.secret, 'Copy it now: it is shown only this once. Verify each message’s webhook-signature with it (Standard Webhooks).'),
        );
      } catch (error) {
        if (error instanceof SessionEnded) return;
        fieldErrors(form, error);
      } finally {
        submit.disabled = false;
      }
    });
    const rows = endpoints.map((endpoint) =>
      h(
        'tr',
        { 'data-id': endpoint.id },
        h('td', null, h('a', { href: `#/webhooks/${endpoint.id}`, className: 'row-link' }, endpoint.url), endpoint.description ? h('div', { className: 'muted small description' }, endpoint.description) : null),
        h('td', null, endpoint.events.map((type) => h('span', { className: 'chip' }, type))),
        h('td', null, endpoint.enabled ? badge('Enabled', 'ok') : badge(`Disabled${endpoint.disabledReason ? ` (${endpoint.disabledReason})` : ''}`, 'off')),
      ),
    );
    return [
      h('h1', null, 'Webhooks'),
      h('p', { className: 'muted' }, 'Endpoints that receive signed messages about your app’s shares, consents, analyses and feedback.'),
      created,
      endpoints.length
        ? h('div', { className: 'table-wrap' }, h('table', { id: 'webhook-rows', className: 'list-table' }, h('caption', { className: 'visually-hidden' }, 'Endpoints'), h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'URL'), h('th', { scope: 'col' }, 'Event types'), h('th', { scope: 'col' }, 'State'))), h('tbody', null, rows)))
        : h('p', { className: 'empty' }, 'No endpoints yet.'),
      form,
    ];
  }

  async function webhookView(id, params, current) {
    const { data: endpoint } = await api(`/webhooks/${id}`);
    const status = params.get('status') || '';
    const eventType = params.get('eventType') || '';
    const page = pageOf(params);
    const filter = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
    if (status) filter.set('status', status);
    if (eventType) filter.set('eventType', eventType);
    const log = await api(`/webhooks/${id}/deliveries?${filter}`);
    const shown = log.data || [];
    const { totalCount: total = shown.length, totalPages = 1 } = log._pagination || {};
    const types = await eventCatalogue();

    const edit = h(
      'form',
      { className: 'card stack', id: 'edit-webhook', 'aria-labelledby': 'edit-title', novalidate: true },
      h('h2', { id: 'edit-title' }, 'Endpoint'),
      h('label', { for: 'edit-url' }, 'URL'),
      h('input', { id: 'edit-url', name: 'url', type: 'url', value: endpoint.url, required: true }),
      h('label', { for: 'edit-description' }, 'Description (optional)'),
      h('input', { id: 'edit-description', name: 'description', value: endpoint.description || '' }),
      await eventPicker(endpoint.events),
      h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary' }, 'Save changes')),
    );
    edit.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        const description = edit.elements.description.value.trim();
        await api(`/webhooks/${id}`, { method: 'PUT', json: { url: edit.elements.url.value.trim(), events: checkedValues(edit, 'events'), description: description || null } });
        notify('Saved.');
        await render();
      } catch (error) {
        if (!(error instanceof SessionEnded)) fieldErrors(edit, error);
      }
    });

    const toggle = h('button', { type: 'button', className: 'button' }, endpoint.enabled ? 'Disable' : 'Enable');
    toggle.addEventListener(
      'click',
      action(toggle, async () => {
        await api(`/webhooks/${id}`, { method: 'PUT', json: { enabled: !endpoint.enabled } });
        notify(endpoint.enabled ? 'Disabled: no messages are sent until you enable it again.' : 'Enabled.');
        await render();
      }),
    );
    const ping = h('button', { type: 'button', className: 'button', disabled: !endpoint.enabled }, 'Send a ping');
    ping.addEventListener(
      'click',
      action(ping, async () => {
        await api(`/webhooks/${id}/ping`, { method: 'POST' });
        notify('Ping queued: it shows in the delivery log once sent.');
      }),
    );
    const rotated = h('div', { id: 'rotated-secret' });
    const rotate = h('button', { type: 'button', className: 'button' }, 'Rotate secret');
    rotate.addEventListener(
      'click',
      action(rotate, async () => {
        const ok = await confirmAction({
          title: 'Rotate the signing secret?',
          text: 'A new secret signs every message from now on. The current one keeps signing beside it for 24 hours, so your receiver can switch over without dropping a message; after that only the new one signs.',
          action: 'Rotate',
        });
        if (!ok) return;
        const { data } = await api(`/webhooks/${id}/rotate-secret`, { method: 'POST' });
        rotated.replaceChildren(
          secretPanel('New signing secret', data.secret, `Copy it now: it is shown only this once. Until ${dateTime(data.previousSecretExpiresAt)} messages carry a signature with the previous secret as well.`),
        );
      }),
    );
    const remove = h('button', { type: 'button', className: 'button danger' }, 'Delete');
    remove.addEventListener(
      'click',
      action(remove, async () => {
        const ok = await confirmAction({ title: 'Delete this endpoint?', text: `${endpoint.url} stops receiving messages. Deleted with it:`, items: ['its queued messages', 'its delivery log'], action: 'Delete endpoint' });
        if (!ok) return;
        await api(`/webhooks/${id}`, { method: 'DELETE' });
        notify('Endpoint deleted.');
        location.hash = '#/webhooks';
      }),
    );

    const filters = h(
      'form',
      { className: 'filters', id: 'delivery-filters', 'aria-label': 'Filter the delivery log' },
      h('div', null, h('label', { for: 'filter-status' }, 'Status'), h('select', { id: 'filter-status', name: 'status' }, ['', 'succeeded', 'failed'].map((value) => h('option', { value, selected: value === status }, value || 'Any')))),
      h(
        'div',
        null,
        h('label', { for: 'filter-event' }, 'Event type'),
        h('select', { id: 'filter-event', name: 'eventType' }, ['', ...types.map((t) => t.type), 'webhook.ping'].map((value) => h('option', { value, selected: value === eventType }, value || 'Any'))),
      ),
      h('button', { type: 'submit', className: 'button' }, 'Apply'),
    );
    filters.addEventListener('submit', (event) => {
      event.preventDefault();
      const query = new URLSearchParams();
      if (filters.elements.status.value) query.set('status', filters.elements.status.value);
      if (filters.elements.eventType.value) query.set('eventType', filters.elements.eventType.value);
      location.hash = `#/webhooks/${id}${query.size ? `?${query}` : ''}`;
    });

    const replay = h(
      'form',
      { className: 'card stack', id: 'replay', 'aria-labelledby': 'replay-title', novalidate: true },
      h('h2', { id: 'replay-title' }, 'Replay'),
      h('p', { className: 'muted small' }, 'Send again every message created since a moment (each keeps its webhook-id, so a receiver that already handled it can tell).'),
      h('label', { for: 'replay-since' }, 'Since'),
      h('input', { id: 'replay-since', name: 'since', type: 'datetime-local', required: true }),
      h('label', { className: 'check' }, h('input', { type: 'checkbox', name: 'onlyFailed' }), h('span', null, 'Only messages whose delivery failed')),
      h('button', { type: 'submit', className: 'button', disabled: !endpoint.enabled }, 'Replay'),
    );
    replay.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        const since = replay.elements.since.value;
        if (!since) throw new Error('Choose the moment to replay from.');
        const { data } = await api(`/webhooks/${id}/replay`, { method: 'POST', json: { since: new Date(since).toISOString(), onlyFailed: replay.elements.onlyFailed.checked } });
        notify(`${plural(data.deliveryIds.length, 'message')} queued again.`);
      } catch (error) {
        if (!(error instanceof SessionEnded)) fieldErrors(replay, error);
      }
    });

    const rows = shown.map((attempt) => {
      const redeliver = h('button', { type: 'button', className: 'button small', disabled: !endpoint.enabled }, 'Redeliver');
      redeliver.addEventListener(
        'click',
        action(redeliver, async () => {
          await api(`/webhooks/${id}/deliveries/${encodeURIComponent(attempt.deliveryId)}/redeliver`, { method: 'POST' });
          notify('Message queued again.');
        }),
      );
      return h(
        'li',
        { className: 'attempt', 'data-id': attempt.id },
        h(
          'details',
          null,
          h(
            'summary',
            null,
            badge(attempt.status === 'succeeded' ? 'Succeeded' : 'Failed', attempt.status === 'succeeded' ? 'ok' : 'bad'),
            h('code', null, attempt.eventType),
            h('span', { className: 'response-code' }, attempt.responseStatus === null ? 'no answer' : `HTTP ${attempt.responseStatus}`),
            h('span', { className: 'muted' }, `${attempt.durationMs} ms`),
            h('span', { className: 'muted' }, dateTime(attempt.attemptedAt)),
          ),
          h(
            'dl',
            { className: 'facts' },
            h('dt', null, 'Message (webhook-id)'),
            h('dd', null, h('code', null, attempt.deliveryId)),
            h('dt', null, 'Sent because'),
            h('dd', null, attempt.trigger),
            h('dt', null, 'Response'),
            h('dd', null, attempt.responseStatus === null ? 'No answer' : String(attempt.responseStatus), ` in ${attempt.durationMs} ms`),
            attempt.error ? [h('dt', null, 'Error'), h('dd', { className: 'attempt-error' }, attempt.error)] : null,
            h('dt', null, 'Request headers'),
            h('dd', null, h('pre', { className: 'excerpt request-headers' }, Object.entries(attempt.request.headers).map(([name, value]) => `${name}: ${value}`).join('\n'))),
            h('dt', null, 'Request body'),
            h('dd', null, attempt.request.body === null ? h('span', { className: 'muted' }, 'no longer kept') : h('pre', { className: 'excerpt request-body' }, prettyJson(attempt.request.body))),
            h('dt', null, 'Response body (start)'),
            h('dd', null, attempt.responseBody ? h('pre', { className: 'excerpt' }, attempt.responseBody) : h('span', { className: 'muted' }, 'empty')),
            attempt.nextAttemptAt ? [h('dt', null, 'Next attempt'), h('dd', null, dateTime(attempt.nextAttemptAt))] : null,
          ),
          redeliver,
        ),
      );
    });

    return [
      h('p', null, h('a', { href: '#/webhooks' }, '← All endpoints')),
      h('h1', { className: 'break' }, endpoint.url),
      h('p', null, endpoint.enabled ? badge('Enabled', 'ok') : badge(`Disabled${endpoint.disabledReason ? ` (${endpoint.disabledReason})` : ''}`, 'off'), ' ', h('span', { className: 'muted' }, `Created ${dateTime(endpoint.createdAt)}`)),
      h('div', { className: 'actions' }, toggle, ping, rotate, remove),
      rotated,
      h('div', { className: 'columns' }, edit, replay),
      h(
        'section',
        { 'aria-labelledby': 'log-title', className: 'card' },
        h('h2', { id: 'log-title' }, 'Delivery log'),
        filters,
        h('p', { className: 'muted', id: 'log-summary' }, `${plural(total, 'attempt')}${status || eventType ? ' matching' : ''}, newest first`),
        h('ul', { className: 'attempts', id: 'attempts' }, rows),
        totalPages > 1 ? pager(`#/webhooks/${id}`, params, page, totalPages) : null,
      ),
    ].filter(() => current());
  }

  // Consents.

  /** Requested, each status change the consent recorded (or, on a consent older than that record, its status now), and its errors, by time. */
  function statusHistory(consent) {
    const entries = [{ at: consent.dateRequested, text: 'Requested', kind: 'requested' }];
    for (const error of consent.errors || []) entries.push({ at: error.date, text: `${error.type}: ${error.message}`, kind: 'error' });
    const changes = consent.statusHistory || [{ status: consent.status, at: consent.dateStatusUpdated }];
    for (const change of changes) entries.push({ at: change.at, text: change.status, kind: 'status' });
    entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    return h('ol', { className: 'timeline history', id: 'status-history' }, entries.map((entry) => h('li', { className: entry.kind }, h('span', { className: 'muted' }, dateTime(entry.at)), ' ', h('span', { className: 'event-title' }, entry.text))));
  }

  async function consentsView() {
    const consents = (await api('/consents')).data || [];
    const rows = consents.map((consent) =>
      h(
        'tr',
        { 'data-id': consent.id },
        h('td', null, h('a', { href: `#/consents/${consent.id}`, className: 'row-link' }, consent.providerKey), consent.externalUserId ? h('div', { className: 'muted small' }, consent.externalUserId) : null),
        h('td', null, badge(consent.status)),
        h('td', { className: 'nowrap' }, dateTime(consent.dateStatusUpdated)),
        h('td', { className: 'nowrap' }, consent.dateTransactionsUpdated ? dateTime(consent.dateTransactionsUpdated) : 'Not yet'),
      ),
    );
    return [
      h('h1', null, 'Consents'),
      consents.length
        ? h(
            'div',
            { className: 'table-wrap' },
            h('table', { id: 'consent-rows', className: 'list-table' }, h('thead', null, h('tr', null, ['Provider', 'Status', 'Status since', 'Last fetch'].map((title) => h('th', { scope: 'col' }, title)))), h('tbody', null, rows)),
          )
        : h('p', { className: 'empty' }, 'No consents yet.'),
    ];
  }

  async function consentView(id) {
    const { data: consent } = await api(`/consents/${id}`);
    const accounts = (await api(`/consents/${id}/accounts`).catch((error) => (error.status === 404 ? { data: [] } : Promise.reject(error)))).data || [];
    const refresh = h('button', { type: 'button', className: 'button' }, 'Refresh');
    const refreshNote = h('p', { className: 'muted small', id: 'refresh-note' });
    const showAllowance = async () => {
      const { data } = await api(`/consents/${id}/refreshes`);
      refreshNote.textContent =
        data.remaining > 0
          ? `${plural(data.remaining, 'refresh', 'refreshes')} of ${data.limitPerDay} left in the last 24 hours.`
          : `No refreshes left: ${data.limitPerDay} in the last 24 hours. The next is allowed at ${dateTime(data.nextAllowedAt)}.`;
      refresh.disabled = data.remaining === 0;
    };
    refresh.addEventListener(
      'click',
      action(refresh, async () => {
        try {
          await api(`/consents/${id}/refresh`, { method: 'POST' });
          notify('Refresh queued: the accounts and transactions are fetched again in the background.');
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 429)) throw error;
        }
        await showAllowance();
      }),
    );
    // A consent that takes statement files has no refreshes; its allowance says nothing then.
    if (consent.redirectUrl !== null) await showAllowance();
    else refresh.hidden = true;
    const erase = h('button', { type: 'button', className: 'button danger' }, 'Erase');
    erase.addEventListener(
      'click',
      action(erase, async () => {
        const ok = await confirmAction({
          title: 'Erase this consent?',
          text: 'This cannot be undone. Erased in every service of the platform:',
          items: ['the consent and its access to the bank', `its ${plural(accounts.length, 'account')} and their transactions`, 'analysis results computed from it', 'categorization feedback about its transactions', 'its ids in every share that names it'],
          action: 'Erase everything',
        });
        if (!ok) return;
        await api(`/consents/${id}`, { method: 'DELETE' });
        notify('Consent erased.');
        location.hash = '#/consents';
      }),
    );
    return [
      h('p', null, h('a', { href: '#/consents' }, '← All consents')),
      h('h1', null, `${consent.providerKey} consent`),
      h(
        'dl',
        { className: 'facts card' },
        h('dt', null, 'Status'),
        h('dd', null, badge(consent.status)),
        h('dt', null, 'Id'),
        h('dd', null, h('code', null, consent.id)),
        h('dt', null, 'External user id'),
        h('dd', null, consent.externalUserId || '—'),
        h('dt', null, 'Last fetch'),
        h('dd', null, consent.dateTransactionsUpdated ? dateTime(consent.dateTransactionsUpdated) : 'Not yet'),
        h('dt', null, 'Expires'),
        h('dd', null, dateTime(consent.dateExpire)),
      ),
      h('div', { className: 'actions' }, refresh, erase),
      refreshNote,
      h('section', { 'aria-labelledby': 'history-title', className: 'card' }, h('h2', { id: 'history-title' }, 'Status history'), statusHistory(consent)),
      h(
        'section',
        { 'aria-labelledby': 'accounts-title', className: 'card' },
        h('h2', { id: 'accounts-title' }, 'Accounts'),
        accounts.length
          ? h('ul', { className: 'plain', id: 'accounts' }, accounts.map((account) => h('li', null, h('a', { href: `#/accounts/${account.id}?consent=${consent.id}` }, account.name || account.iban), ' ', h('span', { className: 'muted' }, `${account.iban} · ${account.currency}`))))
          : h('p', { className: 'muted' }, 'No accounts fetched yet.'),
      ),
    ];
  }

  /** The newest completed e1 job covering the consent: the API lists oldest first, so from its last page back. */
  async function latestAnalysisOf(consentId) {
    const ask = (page, pageSize) => api(`/analysis-jobs?status=Completed&page=${page}&pageSize=${pageSize}`);
    const probe = await ask(1, 1);
    const totalCount = (probe._pagination && probe._pagination.totalCount) || 0;
    for (let page = Math.ceil(totalCount / CATEGORY_SOURCE_PAGE_SIZE); page >= 1; page--) {
      const jobs = (await ask(page, CATEGORY_SOURCE_PAGE_SIZE)).data || [];
      const job = jobs.filter((candidate) => candidate.engine === 'e1' && (candidate.input.consentIds || []).includes(consentId)).pop();
      if (job) return job;
    }
    return null;
  }

  /** The categories of the latest completed e1 analysis of the consent, by transaction id (empty when none). */
  async function categoriesOf(consentId) {
    const job = await latestAnalysisOf(consentId);
    if (!job) return new Map();
    const { data: result } = await api(`/analysis-jobs/${job.id}/result`).catch(() => ({ data: { transactions: [] } }));
    return new Map((result.transactions || []).map((transaction) => [transaction.transactionId, transaction.category]));
  }

  async function transactionsView(id, params) {
    const page = Math.max(1, Number(params.get('page')) || 1);
    const consentId = params.get('consent');
    const list = await api(`/accounts/${id}/transactions?page=${page}&pageSize=${PAGE_SIZE}`);
    const categories = consentId && GUID.test(consentId) ? await categoriesOf(consentId) : new Map();
    const transactions = list.data || [];
    const { totalPages = 1, totalCount = transactions.length } = list._pagination || {};
    const go = (to) => {
      const query = new URLSearchParams(params);
      query.set('page', String(to));
      location.hash = `#/accounts/${id}?${query}`;
    };
    const previous = h('button', { type: 'button', className: 'button', disabled: page <= 1, onclick: () => go(page - 1) }, '← Previous');
    const next = h('button', { type: 'button', className: 'button', disabled: page >= totalPages, onclick: () => go(page + 1) }, 'Next →');
    return [
      consentId && GUID.test(consentId) ? h('p', null, h('a', { href: `#/consents/${consentId}` }, '← The consent')) : null,
      h('h1', null, 'Transactions'),
      h('p', { className: 'muted' }, `${plural(totalCount, 'transaction')}, newest first${categories.size ? '; categories from the latest analysis' : '; categories show once an e1 analysis of the consent has completed'}`),
      h(
        'div',
        { className: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Transactions' },
        h(
          'table',
          { id: 'transaction-rows' },
          h('thead', null, h('tr', null, ['Booked', 'Counterparty', 'Description', 'Category', 'Amount'].map((title) => h('th', { scope: 'col', className: title === 'Amount' ? 'num' : null }, title)))),
          h(
            'tbody',
            null,
            transactions.map((t) =>
              h('tr', { 'data-id': t.id }, h('td', { className: 'nowrap' }, date(t.bookingDate)), h('td', null, t.counterpartName || '—'), h('td', { className: 'description' }, t.description || ''), h('td', { className: 'category' }, categoryLabel(categories.get(t.id))), h('td', { className: `num ${t.amount < 0 ? 'out' : 'in'}` }, money(t.amount, t.currency))),
            ),
          ),
        ),
      ),
      h('div', { className: 'pager' }, previous, h('span', { id: 'page-info' }, `Page ${page} of ${Math.max(totalPages, 1)}`), next),
    ];
  }

  // Analysis jobs.

  async function analysesView(_id, params) {
    const page = pageOf(params);
    const { items: jobs, totalPages } = await newestFirst('/analysis-jobs', {}, page);
    const consents = (await api('/consents')).data || [];
    const form = h(
      'form',
      { className: 'card stack', id: 'new-analysis', 'aria-labelledby': 'new-analysis-title', novalidate: true },
      h('h2', { id: 'new-analysis-title' }, 'Start an analysis'),
      h('label', { for: 'analysis-reference' }, 'Reference'),
      h('input', { id: 'analysis-reference', name: 'reference', required: true, value: `dashboard-${new Date().toISOString().slice(0, 10)}` }),
      consents.length
        ? h(
            'fieldset',
            null,
            h('legend', null, 'Consents'),
            consents.map((consent) => h('label', { className: 'check' }, h('input', { type: 'checkbox', name: 'consents', value: consent.id }), h('span', null, `${consent.providerKey} · ${consent.status}`, consent.externalUserId ? h('span', { className: 'muted small' }, consent.externalUserId) : null))),
          )
        : h('p', { className: 'muted' }, 'No consents to analyse yet.'),
      h('button', { type: 'submit', className: 'button primary', disabled: !consents.length }, 'Start analysis'),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        const consentIds = checkedValues(form, 'consents');
        if (!consentIds.length) throw new Error('Choose at least one consent.');
        // Engine e1 categorises by the country's rules: the first chosen consent's country.
        const country = (consents.find((consent) => consent.id === consentIds[0]).countryCode || 'NL').toLowerCase();
        const { id } = await api('/analysis-jobs', { method: 'POST', json: { Reference: form.elements.reference.value.trim(), Engine: 'e1', Profile: 'retail', CountryCode: country, Input: { consentIds } } });
        location.hash = `#/analysis/${id}`;
      } catch (error) {
        if (!(error instanceof SessionEnded)) fieldErrors(form, error);
      }
    });
    return [
      h('h1', null, 'Analysis jobs'),
      jobs.length
        ? h(
            'div',
            { className: 'table-wrap' },
            h(
              'table',
              { id: 'analysis-rows', className: 'list-table' },
              h('thead', null, h('tr', null, ['Reference', 'Status', 'Created'].map((title) => h('th', { scope: 'col' }, title)))),
              h('tbody', null, jobs.map((job) => h('tr', { 'data-id': job.id }, h('td', null, h('a', { href: `#/analysis/${job.id}`, className: 'row-link' }, job.reference)), h('td', null, badge(job.status)), h('td', { className: 'nowrap' }, dateTime(job.createdAt))))),
            ),
          )
        : h('p', { className: 'empty' }, 'No analysis jobs yet.'),
      totalPages > 1 ? pager('#/analysis', params, page, totalPages) : null,
      form,
    ];
  }

  const CHART_COLOURS = { income: '#1a7f37', expense: '#c62f3b', bar: '#1f5eff' };

  function chartFigure(id, title, description) {
    const canvas = h('canvas', { id: `${id}-canvas`, role: 'img', 'aria-label': `${title}: ${description}` });
    return { canvas, figure: h('figure', { className: 'card chart', id }, h('h2', null, title), h('div', { className: 'chart-box' }, canvas)) };
  }

  function transactionsBehind(label, ids, byId) {
    const panel = $('behind');
    const rows = ids.map((transactionId) => {
      const t = byId.get(transactionId);
      return t
        ? h('tr', { 'data-id': t.id }, h('td', { className: 'nowrap' }, date(t.bookingDate)), h('td', null, t.counterpartName || '—'), h('td', { className: 'description' }, t.description || ''), h('td', { className: 'category' }, categoryLabel(t.category)), h('td', { className: `num ${t.amount < 0 ? 'out' : 'in'}` }, money(t.amount, t.currency)))
        : h('tr', { 'data-id': transactionId }, h('td', { colspan: 5 }, h('code', null, transactionId)));
    });
    panel.replaceChildren(
      h('h2', { id: 'behind-title' }, `Transactions behind: ${label}`),
      h('p', { className: 'muted' }, plural(ids.length, 'transaction')),
      h('div', { className: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Transactions behind the figure' }, h('table', { id: 'behind-rows' }, h('thead', null, h('tr', null, ['Booked', 'Counterparty', 'Description', 'Category', 'Amount'].map((title) => h('th', { scope: 'col', className: title === 'Amount' ? 'num' : null }, title)))), h('tbody', null, rows))),
    );
    panel.hidden = false;
    panel.focus();
  }

  /** A list of the figure's values, each a button showing its transactions: the chart's keyboard and screen-reader twin. */
  function figureLinks(label, items) {
    return h('ul', { className: 'figure-links', 'aria-label': label }, items.map(({ text, value, show }) => h('li', null, h('button', { type: 'button', className: 'link', onclick: show }, text), ' ', h('span', { className: 'muted' }, value))));
  }

  function resultView(job, result) {
    const byId = new Map();
    for (const t of result.transactions || []) byId.set(t.transactionId, { ...t, id: t.transactionId });
    for (const sequence of [...result.sequencing.incomeSequences, ...result.sequencing.expenseSequences]) for (const t of sequence.transactions) if (!byId.has(t.id)) byId.set(t.id, t);
    const currency = (result.transactions && result.transactions[0] && result.transactions[0].currency) || 'EUR';

    const months = chartFigure('monthly', 'Monthly income and expense', `${result.months.length} months, income and expense per month`);
    const monthLinks = figureLinks(
      'Months',
      result.months.flatMap((month) => [
        { text: `${month.month} income`, value: money(month.income.amount, currency), show: () => transactionsBehind(`${month.month} income`, month.income.transactionIds, byId) },
        { text: `${month.month} expense`, value: money(month.expense.amount, currency), show: () => transactionsBehind(`${month.month} expense`, month.expense.transactionIds, byId) },
      ]),
    );
    months.figure.append(h('details', null, h('summary', null, 'Figures and their transactions'), monthLinks));

    const categories = (result.totals.expense.byCategory || []).slice().sort((a, b) => a.amount - b.amount);
    // Every expense category starts with `expenses`: the chart's labels leave it out.
    const shortLabel = (category) => categoryLabel(category.replace(/^expenses\./, ''));
    const breakdown = chartFigure('categories', 'Expenses by category', `${categories.length} categories`);
    breakdown.figure.querySelector('.chart-box').style.height = `${Math.max(240, categories.length * 26 + 60)}px`;
    breakdown.figure.append(
      h('details', null, h('summary', null, 'Figures and their transactions'), figureLinks('Categories', categories.map((c) => ({ text: categoryLabel(c.category), value: money(c.amount, currency), show: () => transactionsBehind(categoryLabel(c.category), c.transactionIds, byId) })))),
    );

    const sequences = [
      ...result.sequencing.incomeSequences.map((s) => ({ ...s, kind: 'income' })),
      ...result.sequencing.expenseSequences.map((s) => ({ ...s, kind: 'commitment' })),
    ].sort((a, b) => a.predictedNextDate.localeCompare(b.predictedNextDate));
    const timeline = h(
      'section',
      { className: 'card', id: 'recurring', 'aria-labelledby': 'recurring-title' },
      h('h2', { id: 'recurring-title' }, 'Recurring income and commitments'),
      sequences.length
        ? h(
            'ol',
            { className: 'timeline recurring' },
            sequences.map((s) =>
              h(
                'li',
                { className: s.kind },
                h('div', { className: 'when' }, h('span', { className: 'muted small' }, 'Next'), h('strong', null, date(s.predictedNextDate))),
                h(
                  'div',
                  { className: 'what' },
                  h('button', { type: 'button', className: 'link counterpart', onclick: () => transactionsBehind(s.counterpartName, s.transactions.map((t) => t.id), byId) }, s.counterpartName),
                  h('span', { className: 'muted small' }, `${s.kind === 'income' ? 'Income' : 'Commitment'} · ${s.periodicity} · ${s.status}`),
                ),
                h('div', { className: `num range ${s.kind === 'income' ? 'in' : 'out'}` }, s.predictedAmountRange.min === s.predictedAmountRange.max ? money(s.predictedAmountRange.min, s.currency) : `${money(s.predictedAmountRange.min, s.currency)} to ${money(s.predictedAmountRange.max, s.currency)}`),
              ),
            ),
          )
        : h('p', { className: 'muted' }, 'No recurring income or commitments found.'),
    );

    const ind = result.indicators;
    const indicator = (title, value, ids, note) =>
      h('div', { className: 'indicator' }, h('span', { className: 'muted small' }, title), ids && ids.length ? h('button', { type: 'button', className: 'link value', onclick: () => transactionsBehind(title, ids, byId) }, value) : h('strong', { className: 'value' }, value), note ? h('span', { className: 'muted small' }, note) : null);
    const indicators = h(
      'section',
      { className: 'card', id: 'indicators', 'aria-labelledby': 'indicators-title' },
      h('h2', { id: 'indicators-title' }, 'Indicators'),
      h(
        'div',
        { className: 'indicators' },
        indicator('Recurring income a month', money(ind.recurringIncomePerMonth.amount, currency), ind.recurringIncomePerMonth.transactionIds),
        indicator('Fixed costs a month', money(ind.fixedCostsPerMonth.amount, currency), ind.fixedCostsPerMonth.transactionIds),
        indicator('Disposable income a month', money(ind.disposableIncomePerMonth.amount, currency)),
        indicator('Gambling', `${(ind.gambling.share * 100).toFixed(1)} %`, ind.gambling.transactionIds, 'of expenses'),
        indicator('Cash withdrawals', `${(ind.cash.share * 100).toFixed(1)} %`, ind.cash.transactionIds, 'of expenses'),
        indicator('Returned direct debits', String(ind.returnedDirectDebits.count), ind.returnedDirectDebits.transactionIds, money(ind.returnedDirectDebits.amount, currency)),
      ),
    );

    afterRender.push(() => {
      if (typeof window.Chart !== 'function') return;
      const Chart = window.Chart;
      const onBar = (pick) => (_event, elements) => {
        if (elements.length) pick(elements[0]);
      };
      charts.push(
        new Chart(months.canvas, {
          type: 'bar',
          data: {
            labels: result.months.map((m) => m.month),
            datasets: [
              { label: 'Income', data: result.months.map((m) => m.income.amount), backgroundColor: CHART_COLOURS.income },
              { label: 'Expense', data: result.months.map((m) => -m.expense.amount), backgroundColor: CHART_COLOURS.expense },
            ],
          },
          options: {
            maintainAspectRatio: false,
            animation: false,
            onClick: onBar(({ datasetIndex, index }) => {
              const month = result.months[index];
              const flow = datasetIndex === 0 ? month.income : month.expense;
              transactionsBehind(`${month.month} ${datasetIndex === 0 ? 'income' : 'expense'}`, flow.transactionIds, byId);
            }),
          },
        }),
        new Chart(breakdown.canvas, {
          type: 'bar',
          data: { labels: categories.map((c) => shortLabel(c.category)), datasets: [{ label: 'Expense', data: categories.map((c) => -c.amount), backgroundColor: CHART_COLOURS.bar }] },
          options: {
            indexAxis: 'y',
            scales: { y: { ticks: { autoSkip: false } } },
            maintainAspectRatio: false,
            animation: false,
            plugins: { legend: { display: false } },
            onClick: onBar(({ index }) => transactionsBehind(categoryLabel(categories[index].category), categories[index].transactionIds, byId)),
          },
        }),
      );
    });

    const download = h('button', { type: 'button', className: 'button' }, 'Download JSON');
    download.addEventListener('click', () => {
      const url = URL.createObjectURL(new Blob([JSON.stringify({ data: result }, null, 2)], { type: 'application/json' }));
      const link = h('a', { href: url, download: `analysis-${job.id}.json` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    });

    return [
      h('p', { className: 'muted' }, `${result.period ? `${date(result.period.from)} to ${date(result.period.to)}` : 'No period'} · income ${money(result.totals.income.amount, currency)} · expense ${money(result.totals.expense.amount, currency)}`),
      h('div', { className: 'actions' }, download),
      h('div', { className: 'columns' }, months.figure, breakdown.figure),
      timeline,
      indicators,
      h('section', { id: 'behind', className: 'card', tabindex: '-1', 'aria-labelledby': 'behind-title', hidden: true }),
    ];
  }

  async function analysisView(id, _params, current) {
    const { data: job } = await api(`/analysis-jobs/${id}`);
    const head = [
      h('p', null, h('a', { href: '#/analysis' }, '← All analysis jobs')),
      h('h1', null, job.reference),
      h('p', { id: 'job-status' }, badge(job.status), ' ', h('span', { className: 'muted' }, job.waitingFor ? `waiting for ${job.waitingFor}` : `${job.engine} · ${job.profile}`)),
    ];
    if (job.status === 'Pending' || job.status === 'Running') {
      const watching = generation;
      pollTimer = setTimeout(() => {
        if (watching === generation && readSession()) render();
      }, 2000);
      return [...head, h('p', { className: 'muted' }, 'This page follows the job: it shows the result once the job completes.')];
    }
    if (job.status === 'Failed') return [...head, h('p', { className: 'error', role: 'alert' }, job.failure ? `${job.failure.code}: ${job.failure.message}` : 'The job failed.')];
    const { data: result } = await api(`/analysis-jobs/${id}/result`);
    if (!current()) return [];
    return [...head, ...resultView(job, result)];
  }

  // Feedback.

  async function feedbackView(_id, params) {
    const status = params.get('status') || '';
    const page = pageOf(params);
    const { items, totalCount, totalPages } = await newestFirst('/v2/categorization-feedback', status ? { status } : {}, page);
    return [
      h('h1', null, 'Feedback'),
      h('p', { className: 'muted' }, 'Your app’s category corrections and what the reviewers decided. Accepted ones shape later e1 analyses of your app.'),
      h('p', { className: 'muted', id: 'feedback-summary' }, `${plural(totalCount, 'correction')}, newest first`),
      items.length
        ? h(
            'div',
            { className: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Feedback' },
            h(
              'table',
              { id: 'feedback-rows', className: 'list-table' },
              h('thead', null, h('tr', null, ['Transaction', 'Correction', 'Status', 'Reviewer’s note'].map((title) => h('th', { scope: 'col' }, title)))),
              h(
                'tbody',
                null,
                items.map((item) =>
                  h(
                    'tr',
                    { 'data-id': item.id },
                    h('td', null, h('div', { className: 'counterpart' }, item.transaction.counterpartDescription || '—'), h('div', { className: 'muted small description' }, item.transaction.description), h('div', { className: 'muted small' }, `${money(item.transaction.amount, item.transaction.currency)} · ${dateTime(item.createdAt)}`)),
                    h('td', { className: 'correction' }, h('span', { className: 'category' }, categoryLabel(item.original.category)), ' → ', h('span', { className: 'category' }, categoryLabel(item.target.category))),
                    h('td', null, badge(item.status), item.reviewedAt ? h('div', { className: 'muted small' }, dateTime(item.reviewedAt)) : null),
                    h('td', { className: 'note' }, item.reviewNote || ''),
                  ),
                ),
              ),
            ),
          )
        : h('p', { className: 'empty' }, 'No feedback sent yet.'),
      totalPages > 1 ? pager('#/feedback', params, page, totalPages) : null,
    ];
  }

  // Settings.

  async function settingsView() {
    const { data: app } = await api('/apps/me');
    const list = h('ul', { className: 'plain redirects', id: 'redirect-urls' });
    const addRow = (value) => {
      const input = h('input', { type: 'url', name: 'redirectUrl', value, 'aria-label': 'Redirect URL' });
      const item = h('li', { className: 'redirect' }, input, h('button', { type: 'button', className: 'button small', 'aria-label': `Remove ${value || 'this URL'}`, onclick: () => item.remove() }, 'Remove'));
      list.append(item);
      return input;
    };
    app.redirectUrls.forEach(addRow);
    const form = h(
      'form',
      { className: 'card stack', id: 'redirects-form', 'aria-labelledby': 'redirects-title', novalidate: true },
      h('h2', { id: 'redirects-title' }, 'Redirect URLs'),
      h('p', { className: 'muted small' }, 'Where your consents may send users back: https origins with an optional path (http only on localhost).'),
      h('p', { className: 'small', id: 'redirects-removal' }, 'Removing a URL does not stop access tokens issued before the change: they keep the URLs of when they were issued until they expire (tokens live up to an hour by default, TOKEN_LIFETIME_SECONDS on the platform). Only tokens issued after the change lose it.'),
      list,
      h('div', { className: 'actions' }, h('button', { type: 'button', className: 'button', onclick: () => addRow('').focus() }, 'Add URL'), h('button', { type: 'submit', className: 'button primary' }, 'Save redirect URLs')),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        const redirectUrls = [...list.querySelectorAll('input')].map((input) => input.value.trim()).filter(Boolean);
        await api('/apps/me', { method: 'PUT', json: { redirectUrls } });
        notify('Redirect URLs saved.');
        await render();
      } catch (error) {
        if (!(error instanceof SessionEnded)) fieldErrors(form, error);
      }
    });
    const usage = app.usage;
    return [
      h('h1', null, 'Settings'),
      h(
        'dl',
        { className: 'facts card', id: 'app-facts' },
        h('dt', null, 'Client id'),
        h('dd', null, h('code', null, app.clientId)),
        h('dt', null, 'Name'),
        h('dd', null, app.name),
        h('dt', null, 'Scopes'),
        h('dd', null, app.scopes.map((scope) => h('span', { className: 'chip' }, scope))),
        h('dt', null, 'Rate limit'),
        h('dd', { id: 'rate-limit' }, `${app.rateLimit.burst} requests at once, refilled at ${app.rateLimit.perSecond} a second${app.rateLimitIsDefault ? ' (the platform’s default)' : ''}`),
        h('dt', null, 'Use now'),
        h('dd', { id: 'rate-usage' }, usage ? [h('meter', { min: 0, max: usage.limit, value: usage.limit - usage.remaining, 'aria-label': 'Requests used' }), ` ${usage.remaining} of ${usage.limit} left; full again in ${usage.resetSeconds} s`] : 'Not limited'),
      ),
      form,
    ];
  }

  // Start.

  $('signin-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const submit = $('signin-submit');
    const error = $('signin-error');
    submit.disabled = true;
    error.hidden = true;
    try {
      const clientId = $('client-id').value.trim();
      const clientSecret = $('client-secret').value;
      if (!clientId || !clientSecret) throw new Error('Enter the client id and secret.');
      await signIn(clientId, clientSecret);
      $('client-secret').value = '';
      await render();
    } catch (failure) {
      error.textContent = failure.message;
      error.hidden = false;
    } finally {
      submit.disabled = false;
    }
  });
  $('sign-out').addEventListener('click', () => signOut(''));
  window.addEventListener('hashchange', () => render());
  render();
})();
