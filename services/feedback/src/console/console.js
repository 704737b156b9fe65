'use strict';
/*
 * The reviewer console. Plain DOM, no framework and no build step. Every value from the API goes into
 * the page as text (textContent, never innerHTML), the token lives in sessionStorage only and travels in
 * the Authorization header only, and the address bar holds nothing but the view and its filters.
 */
(() => {
  const SESSION_KEY = 'obp.feedback-console.session';
  const PAGE_SIZE_KEY = 'obp.feedback-console.page-size';
  const REVIEW_SCOPE = 'feedback-review';
  const STATUSES = ['Pending', 'Accepted', 'Rejected', 'Superseded'];
  const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const MAX_TIMER_MS = 2 ** 31 - 1;
  const HISTORY_LABELS = { submitted: 'Submitted', superseded: 'Superseded', accepted: 'Accepted', rejected: 'Rejected', retired: 'Retired' };

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

  /** Why a request failed, as a reviewer should read it. */
  class ApiError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  async function problemMessage(res) {
    try {
      const body = await res.json();
      if (typeof body === 'string') return body;
      const fieldErrors = body && body.errors ? Object.values(body.errors).flat().join(' ') : '';
      return (body && (body.detail || fieldErrors || body.error_description || body.title)) || `The server answered ${res.status}.`;
    } catch {
      return `The server answered ${res.status}.`;
    }
  }

  async function api(path, init = {}) {
    const session = readSession();
    if (!session) {
      signOut('Your session has ended. Sign in again.');
      throw new SessionEnded();
    }
    const headers = { Accept: 'application/json', Authorization: `Bearer ${session.token}` };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let res;
    try {
      res = await fetch(path, { ...init, headers, credentials: 'omit', cache: 'no-store' });
    } catch {
      throw new ApiError(0, 'The platform cannot be reached. Check your connection and try again.');
    }
    if (res.status === 401) {
      signOut('Your session has ended. Sign in again.');
      throw new SessionEnded();
    }
    if (res.status === 403) throw new ApiError(403, 'This client may not review feedback: it lacks the feedback-review scope.');
    if (!res.ok) throw new ApiError(res.status, await problemMessage(res));
    return res.json();
  }

  async function signIn(clientId, clientSecret) {
    const res = await fetch('/connect/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: REVIEW_SCOPE, client_id: clientId, client_secret: clientSecret }),
      credentials: 'omit',
      cache: 'no-store',
    });
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      if (body.error === 'invalid_client') throw new Error('The client id or secret is wrong.');
      if (body.error === 'invalid_scope') throw new Error('This client may not review feedback: it lacks the feedback-review scope.');
      throw new Error(body.error_description || `Signing in failed (${res.status}).`);
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
    // setTimeout holds at most about 24.8 days; a longer session is looked at again then.
    const remaining = Math.min(MAX_TIMER_MS, Math.max(0, session.expiresAt - Date.now()));
    sessionTimer = setTimeout(() => (readSession() ? watchSession(readSession()) : signOut('Your session has ended. Sign in again.')), remaining);
  }

  function signOut(message) {
    clearTimeout(sessionTimer);
    sessionStorage.removeItem(SESSION_KEY);
    $('session').hidden = true;
    // Nothing of the session stays in the page, and no answer still on its way is shown.
    queueRequest++;
    detailRequest++;
    $('queue-rows').replaceChildren();
    $('detail').replaceChildren();
    showView('signin');
    const error = $('signin-error');
    error.textContent = message || '';
    error.hidden = !message;
    $('client-secret').value = '';
  }

  // Notices and formatting.

  let noticeTimer;
  /** The notice is a live region that is always there: screen readers announce a change of its text. */
  function notify(message, tone = 'success') {
    const notice = $('notice');
    notice.className = `notice ${tone}`;
    notice.textContent = message;
    clearTimeout(noticeTimer);
    // A warning stays until the next notice; good news fades.
    if (tone === 'success') noticeTimer = setTimeout(() => (notice.textContent = ''), 8000);
  }

  function showError(id, error) {
    if (error instanceof SessionEnded) return;
    const element = $(id);
    element.textContent = error instanceof Error ? error.message : String(error);
    element.hidden = false;
  }

  const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const time = (iso) => (iso ? h('time', { datetime: iso, title: iso }, dateTime.format(new Date(iso))) : '—');

  function money(amount, currency) {
    let text;
    try {
      text = new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
    } catch {
      text = `${amount.toFixed(2)} ${currency}`;
    }
    return h('span', { className: amount < 0 ? 'amount out' : 'amount in' }, text);
  }

  const statusBadge = (status) => h('span', { className: `badge ${String(status).toLowerCase()}` }, status);

  function categoryPath(path) {
    const parts = String(path).split('.');
    return h('span', { className: 'category', title: path }, parts.map((part, i) => [i > 0 ? h('span', { className: 'sep', 'aria-hidden': 'true' }, ' › ') : null, part]));
  }

  /** Flags as chips; `changed` ones (added in the target, removed from the original) marked by a sign, not by colour alone. */
  const flagList = (flags, changed = [], sign = '') =>
    flags.length === 0
      ? h('span', { className: 'muted' }, 'no flags')
      : h('span', { className: 'flags' }, flags.map((flag) => (changed.includes(flag) ? h('span', { className: 'chip changed', title: sign === '+' ? 'added' : 'removed' }, `${sign}${flag}`) : h('span', { className: 'chip' }, flag))));

  const counterparty = (transaction) => transaction.counterpartDescription || transaction.counterpartAccountNumber || 'Unknown counterparty';

  // Routing: the hash holds the view and the queue's filters, never anything secret.

  const defaultFilters = () => ({ status: 'Pending', engine: '', category: '', clientId: '', page: 1 });

  function parseRoute() {
    const hash = location.hash.replace(/^#/, '');
    const item = /^\/items\/([^/?]+)$/.exec(hash);
    if (item) {
      try {
        return { view: 'detail', id: decodeURIComponent(item[1]) };
      } catch {
        return { view: 'detail', id: '' };
      }
    }
    const query = new URLSearchParams(hash.split('?')[1] || '');
    const filters = defaultFilters();
    if (STATUSES.includes(query.get('status'))) filters.status = query.get('status');
    filters.engine = query.get('engine') === 'e1' ? 'e1' : '';
    filters.category = (query.get('category') || '').trim();
    filters.clientId = (query.get('clientId') || '').trim();
    const page = Number.parseInt(query.get('page') || '1', 10);
    filters.page = Number.isInteger(page) && page > 0 ? page : 1;
    return { view: 'queue', filters };
  }

  function queueHash(filters) {
    const query = new URLSearchParams();
    const defaults = defaultFilters();
    for (const [name, value] of Object.entries(filters)) if (value !== '' && value !== defaults[name]) query.set(name, String(value));
    const text = query.toString();
    return `#/queue${text ? `?${text}` : ''}`;
  }

  let lastQueueHash = '#/queue';

  function showView(name) {
    if (name !== 'queue') queueRequest++;
    if (name !== 'detail') detailRequest++;
    for (const view of ['signin', 'queue', 'detail']) $(`${view}-view`).hidden = view !== name;
  }

  async function render() {
    const session = readSession();
    if (!session) return signOut();
    watchSession(session);
    const route = parseRoute();
    if (route.view === 'detail') return renderDetail(route.id);
    lastQueueHash = location.hash || '#/queue';
    // Coming back from an item or the sign-in, focus starts at the queue's heading (not lost on a hidden view).
    const arriving = $('queue-view').hidden;
    await renderQueue(route.filters);
    if (arriving && !$('queue-view').hidden) $('queue-title').focus();
  }

  // The queue.

  const pageSize = () => {
    const stored = Number.parseInt(localStorage.getItem(PAGE_SIZE_KEY) || '', 10);
    return [25, 50, 100].includes(stored) ? stored : 25;
  };

  let queueRequest = 0;
  async function renderQueue(filters) {
    showView('queue');
    document.title = 'Review queue · Feedback review';
    const form = $('filters');
    form.elements.status.value = filters.status;
    form.elements.engine.value = filters.engine;
    form.elements.category.value = filters.category;
    form.elements.clientId.value = filters.clientId;
    $('page-size').value = String(pageSize());
    $('queue-error').hidden = true;

    const request = ++queueRequest;
    const query = new URLSearchParams({ status: filters.status, page: String(filters.page), pageSize: String(pageSize()) });
    if (filters.engine) query.set('engine', filters.engine);
    if (filters.category) query.set('category', filters.category);
    if (filters.clientId) query.set('clientId', filters.clientId);
    $('queue-table').setAttribute('aria-busy', 'true');
    $('page-previous').disabled = true;
    $('page-next').disabled = true;
    try {
      const page = await api(`/v2/review/categorization-feedback?${query}`);
      if (request !== queueRequest) return;
      const items = page.data || [];
      const { totalCount, totalPages } = page._pagination;
      if (filters.page > 1 && filters.page > totalPages) {
        // Past the end (items were decided meanwhile): the last page there is.
        location.replace(queueHash({ ...filters, page: Math.max(1, totalPages) }));
        return;
      }
      $('queue-rows').replaceChildren(...items.map(queueRow));
      $('queue-empty').hidden = items.length > 0;
      $('queue-summary').textContent = `${totalCount} ${filters.status.toLowerCase()} item${totalCount === 1 ? '' : 's'}${filters.status === 'Pending' ? ', oldest first' : ''}`;
      $('page-info').textContent = totalPages > 0 ? `Page ${filters.page} of ${totalPages}` : '';
      $('page-previous').disabled = filters.page <= 1;
      $('page-next').disabled = filters.page >= totalPages;
    } catch (error) {
      if (request !== queueRequest) return;
      $('queue-rows').replaceChildren();
      $('queue-empty').hidden = true;
      $('queue-summary').textContent = '';
      $('page-info').textContent = '';
      showError('queue-error', error);
    } finally {
      if (request === queueRequest) $('queue-table').removeAttribute('aria-busy');
    }
  }

  function queueRow(item) {
    const transaction = item.transaction;
    const open = () => (location.hash = `#/items/${item.id}`);
    return h(
      'tr',
      { className: 'row', 'data-id': item.id, onclick: (event) => event.target.closest('a') || open() },
      h('td', { className: 'nowrap' }, time(item.createdAt)),
      h('td', { className: 'app' }, item.clientId),
      h(
        'td',
        { className: 'transaction' },
        h('a', { href: `#/items/${item.id}`, className: 'row-link' }, counterparty(transaction)),
        h('span', { className: 'description' }, transaction.description || '(no description)'),
      ),
      h('td', { className: 'num' }, money(transaction.amount, transaction.currency)),
      h('td', { className: 'correction' }, categoryPath(item.original.category), h('span', { className: 'arrow' }, h('span', { 'aria-hidden': 'true' }, '→'), h('span', { className: 'visually-hidden' }, ' to ')), categoryPath(item.target.category)),
      h('td', null, statusBadge(item.status)),
    );
  }

  // One item.

  let detailRequest = 0;
  async function renderDetail(id, { focus = true } = {}) {
    showView('detail');
    $('detail-back').setAttribute('href', lastQueueHash);
    $('detail-error').hidden = true;
    const container = $('detail');
    if (!GUID.test(id)) {
      container.replaceChildren();
      return showError('detail-error', new Error('That is not a feedback item’s id.'));
    }
    const request = ++detailRequest;
    // What is shown belongs to the previous item until the new one is here: it may not be acted on.
    container.inert = true;
    container.setAttribute('aria-busy', 'true');
    try {
      const { data } = await api(`/v2/review/categorization-feedback/${encodeURIComponent(id)}`);
      if (request !== detailRequest) return;
      document.title = `${counterparty(data.item.transaction)} · Feedback review`;
      container.replaceChildren(detailView(data));
      container.inert = false;
      if (focus) $('detail-title').focus();
    } catch (error) {
      if (request !== detailRequest) return;
      container.replaceChildren();
      showError('detail-error', error.status === 404 ? new Error('No such feedback item.') : error);
    } finally {
      if (request === detailRequest) container.removeAttribute('aria-busy');
      if (request === detailRequest && container.childElementCount === 0) container.inert = false;
    }
  }

  function field(label, value) {
    return [h('dt', null, label), h('dd', null, value === null || value === undefined || value === '' ? h('span', { className: 'muted' }, '—') : value)];
  }

  function detailView({ item, clientId, related }) {
    const transaction = item.transaction;
    const added = item.target.flags.filter((flag) => !item.original.flags.includes(flag));
    const removed = item.original.flags.filter((flag) => !item.target.flags.includes(flag));
    return h(
      'article',
      { className: 'detail', 'data-id': item.id },
      h(
        'header',
        { className: 'detail-header' },
        h('div', null, h('h1', { id: 'detail-title', tabindex: -1 }, counterparty(transaction)), h('p', { className: 'muted' }, `Sent by ${clientId} · `, time(item.createdAt), ` · ${item.engine} · ${item.profile} · ${item.countryCode.toUpperCase()}`)),
        h('div', { className: 'detail-status' }, statusBadge(item.status), money(transaction.amount, transaction.currency)),
      ),
      h(
        'section',
        { className: 'card comparison', 'aria-label': 'Correction' },
        h('div', { className: 'side original' }, h('h2', null, 'Original'), categoryPath(item.original.category), flagList(item.original.flags, removed, '−')),
        h('div', { className: 'arrow big', 'aria-hidden': 'true' }, '→'),
        h('div', { className: 'side target' }, h('h2', null, 'Target'), categoryPath(item.target.category), flagList(item.target.flags, added, '+')),
      ),
      h('section', { className: 'card remark', 'aria-label': 'Remark' }, h('h2', null, 'Remark from the app'), item.remark ? h('blockquote', null, item.remark) : h('p', { className: 'muted' }, 'No remark.')),
      item.status === 'Pending' ? decisionForm(item) : decisionSummary(item),
      h(
        'div',
        { className: 'columns' },
        h(
          'section',
          { className: 'card', 'aria-label': 'Transaction' },
          h('h2', null, 'Transaction'),
          h(
            'dl',
            { className: 'facts' },
            field('Description', transaction.description ? h('span', { className: 'description-full' }, transaction.description) : null),
            field('Counterparty', transaction.counterpartDescription),
            field('Counterparty account', transaction.counterpartAccountNumber ? h('code', null, transaction.counterpartAccountNumber) : null),
            field('Amount', money(transaction.amount, transaction.currency)),
            field('Type', [transaction.transactionType, transaction.transactionTypeName].filter(Boolean).join(' · ')),
            field('Reason code', transaction.reasonCode),
            field('Purpose code', transaction.purposeCode),
            field('Provider', transaction.providerKey),
            field('Transaction id', h('code', null, transaction.transactionId)),
            field('Account id', h('code', null, transaction.accountId)),
          ),
        ),
        h(
          'section',
          { className: 'card', 'aria-label': 'History' },
          h('h2', null, 'History'),
          h(
            'ol',
            { className: 'timeline' },
            item.history.map((entry) =>
              h('li', { className: `event ${entry.event}` }, h('div', { className: 'event-title' }, HISTORY_LABELS[entry.event] || entry.event, h('span', { className: 'muted' }, ' by ', entry.by)), time(entry.at), entry.note ? h('p', { className: 'note' }, entry.note) : null),
            ),
          ),
          item.supersededBy ? h('p', null, 'Replaced by ', h('a', { href: `#/items/${item.supersededBy}` }, 'a newer item'), '.') : null,
        ),
      ),
      relatedView(related),
    );
  }

  function decisionSummary(item) {
    const decision = [...item.history].reverse().find((entry) => entry.event === 'accepted' || entry.event === 'rejected');
    const replaced = item.status === 'Superseded';
    if (!decision) {
      return h('section', { className: 'card decided superseded', 'aria-label': 'Decision' }, h('p', null, replaced ? 'A newer item about this transaction replaced this one before it was reviewed.' : `${item.status}.`));
    }
    return h(
      'section',
      { className: `card decided ${decision.event}`, 'aria-label': 'Decision' },
      h('p', null, h('strong', null, HISTORY_LABELS[decision.event]), ' by ', decision.by, ' on ', time(decision.at)),
      decision.note ? h('blockquote', null, decision.note) : null,
      // Retired: a newer accepted item about the same transaction took over; this one's rule no longer applies.
      replaced ? h('p', { className: 'muted' }, 'Since then a newer item about this transaction replaced it; its correction no longer applies.') : null,
    );
  }

  /** Still looking at `id`? A decision's answer may come after the reviewer went elsewhere. */
  const showingItem = (id) => {
    const route = parseRoute();
    return route.view === 'detail' && route.id === id;
  };

  function decisionForm(item) {
    const note = h('textarea', { id: 'decision-note', name: 'note', rows: 3, maxlength: 2000, placeholder: 'Why? The app sees this note with the decision.' });
    const error = h('p', { className: 'error', role: 'alert', hidden: true });
    const accept = h('button', { type: 'button', className: 'button primary' }, 'Accept');
    const reject = h('button', { type: 'button', className: 'button danger' }, 'Reject');
    const controls = [note, accept, reject];
    const decide = async (decision) => {
      for (const control of controls) control.disabled = true;
      error.hidden = true;
      try {
        await api(`/v2/review/categorization-feedback/${encodeURIComponent(item.id)}/decision`, {
          method: 'POST',
          body: JSON.stringify({ decision, note: note.value.trim() || null }),
        });
        notify(decision === 'Accepted' ? 'Accepted: later e1 analyses of the app follow this correction.' : 'Rejected: the app hears of it with your note.');
        if (showingItem(item.id)) await renderDetail(item.id);
      } catch (error_) {
        if (error_ instanceof SessionEnded) return;
        if (error_.status === 409 || error_.status === 404) {
          // Decided or replaced meanwhile (409), or gone (404): show what is true now.
          notify(error_.status === 409 ? `Not saved: ${error_.message}` : 'Not saved: this item no longer exists.', 'warning');
          if (showingItem(item.id)) await renderDetail(item.id);
          return;
        }
        error.textContent = error_.message;
        error.hidden = false;
        for (const control of controls) control.disabled = false;
      }
    };
    accept.addEventListener('click', () => decide('Accepted'));
    reject.addEventListener('click', () => decide('Rejected'));
    return h(
      'section',
      { className: 'card decision', 'aria-label': 'Decision' },
      h('h2', null, 'Your decision'),
      h('label', { for: 'decision-note' }, 'Note (optional)'),
      note,
      error,
      h('div', { className: 'actions' }, accept, reject),
    );
  }

  function relatedView(related) {
    return h(
      'section',
      { className: 'card', 'aria-label': 'Other feedback about this counterparty' },
      h('h2', null, 'Other feedback about this counterparty'),
      related.length === 0
        ? h('p', { className: 'muted' }, 'None yet.')
        : h(
            'table',
            { className: 'related' },
            h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Received'), h('th', { scope: 'col' }, 'App'), h('th', { scope: 'col' }, 'Target'), h('th', { scope: 'col' }, 'Status'))),
            h(
              'tbody',
              null,
              related.map((other) =>
                h('tr', null, h('td', null, h('a', { href: `#/items/${other.id}` }, time(other.createdAt))), h('td', null, other.clientId), h('td', null, categoryPath(other.target.category), ' ', flagList(other.target.flags)), h('td', null, statusBadge(other.status))),
              ),
            ),
          ),
    );
  }

  // Category suggestions for the filter: the canonical categories, which the API document gives as the Category schema's examples.

  async function loadCategories() {
    try {
      const res = await fetch('/openapi.json', { credentials: 'omit' });
      if (!res.ok) return;
      const document_ = await res.json();
      const category = document_.components && document_.components.schemas && document_.components.schemas.Category;
      const categories = (category && category.examples) || [];
      $('categories').replaceChildren(...categories.map((category) => h('option', { value: category })));
    } catch {
      // Suggestions only: the filter takes any category.
    }
  }

  // Wiring.

  function wire() {
    $('signin-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const clientId = $('client-id').value.trim();
      const clientSecret = $('client-secret').value;
      const error = $('signin-error');
      if (!clientId || !clientSecret) {
        error.textContent = 'Enter the client id and secret.';
        error.hidden = false;
        return;
      }
      const submit = $('signin-submit');
      submit.disabled = true;
      error.hidden = true;
      try {
        await signIn(clientId, clientSecret);
        $('client-secret').value = '';
        if (!location.hash || location.hash === '#') location.hash = '#/queue';
        else await render();
      } catch (error_) {
        error.textContent = error_ instanceof TypeError ? 'The platform cannot be reached.' : error_.message;
        error.hidden = false;
      } finally {
        submit.disabled = false;
      }
    });
    $('sign-out').addEventListener('click', () => {
      signOut();
      notify('Signed out.');
    });
    $('filters').addEventListener('submit', (event) => {
      event.preventDefault();
      const form = event.currentTarget;
      const filters = { status: form.elements.status.value, engine: form.elements.engine.value, category: form.elements.category.value.trim(), clientId: form.elements.clientId.value.trim(), page: 1 };
      navigateQueue(filters);
    });
    $('filters-clear').addEventListener('click', () => navigateQueue(defaultFilters()));
    $('queue-refresh').addEventListener('click', () => render());
    const turnPage = (delta) => {
      const route = parseRoute();
      if (route.view === 'queue') navigateQueue({ ...route.filters, page: Math.max(1, route.filters.page + delta) });
    };
    $('page-previous').addEventListener('click', () => turnPage(-1));
    $('page-next').addEventListener('click', () => turnPage(1));
    $('page-size').addEventListener('change', (event) => {
      localStorage.setItem(PAGE_SIZE_KEY, event.currentTarget.value);
      const route = parseRoute();
      if (route.view === 'queue') navigateQueue({ ...route.filters, page: 1 });
    });
    window.addEventListener('hashchange', () => render());
  }

  function navigateQueue(filters) {
    const hash = queueHash(filters);
    if (location.hash === hash) render();
    else location.hash = hash;
  }

  wire();
  loadCategories();
  render();
})();
