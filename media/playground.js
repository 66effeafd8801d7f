// Docwright API playground, shared by the preview webview and the exported site. It adds behaviour
// to the form the renderer produced (render/api-playground.ts): it builds the request from the
// fields, sends it with fetch and shows the response. Credentials stay in the page: they are never
// written to localStorage/sessionStorage or the webview state, never logged, and sent only to the
// API's own URL. Event delegation on document, so the preview can replace the page freely; while
// the page is open, typed values are kept in memory so a preview refresh does not wipe them.
(function () {
  'use strict';
  const TIMEOUT_MS = 30000;
  const MAX_SHOWN = 200000;
  // Every element is found by a `data-dw-` attribute: only the renderer puts those in (page content loses them when sanitised).
  const FORM = '[data-dw-playground]';
  /** Typed values by form identity (the renderer's, never the page's) and field, in memory only (lost when the page closes). */
  const typed = new Map();

  function fieldKey(el) {
    const pg = el.closest(FORM);
    const what = el.getAttribute('data-dw-pg-field');
    if (!pg || !what) return undefined;
    const name = what === 'param' ? ':' + el.getAttribute('data-dw-pg-in') + ':' + el.getAttribute('data-dw-pg-name') : '';
    return pg.getAttribute('data-dw-playground') + '\u0000' + what + name;
  }

  function restore() {
    if (typed.size === 0) return;
    for (const el of document.querySelectorAll(FORM + ' [data-dw-pg-field]')) {
      const key = fieldKey(el);
      if (key && typed.has(key) && el.value !== typed.get(key)) el.value = typed.get(key);
    }
  }

  function remember(event) {
    const el = event.target;
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) return;
    const key = fieldKey(el);
    if (key) typed.set(key, el.value);
  }
  document.addEventListener('input', remember);
  document.addEventListener('change', remember);
  new MutationObserver(restore).observe(document.documentElement, { childList: true, subtree: true });

  function base64(text) {
    const bytes = new TextEncoder().encode(text);
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }

  function value(pg, selector) {
    const el = pg.querySelector(selector);
    return el ? el.value : '';
  }

  /** The base URLs of the API that the renderer put in (from the OpenAPI file or docs.json). */
  function configuredBases(pg) {
    try {
      const list = JSON.parse(pg.getAttribute('data-dw-pg-bases') || '[]');
      return Array.isArray(list) ? list.filter((b) => typeof b === 'string' && b !== '') : [];
    } catch {
      return [];
    }
  }

  /** The base URL to call: one of the configured ones, or the reader's own when the API has none. */
  function baseUrl(pg, bases) {
    const el = pg.querySelector('[data-dw-pg-field="base"]');
    const chosen = el ? el.value.trim() : '';
    if (!bases.length) return chosen;
    return bases.includes(chosen) ? chosen : bases[0];
  }

  /** `s` without its trailing slashes, by a loop (an end-anchored run regex is quadratic on a long inner run). */
  function trimTrailingSlashes(s) {
    let end = s.length;
    while (end > 0 && s.charCodeAt(end - 1) === 47) end--;
    return s.slice(0, end);
  }

  /** Whether `url` is under `base` (same origin, path inside the base's). */
  function under(url, base) {
    let b;
    try {
      b = new URL(base);
    } catch {
      return false;
    }
    const prefix = trimTrailingSlashes(b.pathname) + '/';
    return url.origin === b.origin && (url.pathname + '/').startsWith(prefix);
  }

  /** The request the form describes, or a message saying what is missing. */
  function buildRequest(pg) {
    const method = pg.getAttribute('data-dw-pg-method') || 'GET';
    let path = pg.getAttribute('data-dw-pg-path') || '/';
    const headers = new Headers();
    const query = [];
    for (const el of pg.querySelectorAll('[data-dw-pg-field="param"]')) {
      const where = el.getAttribute('data-dw-pg-in');
      const name = el.getAttribute('data-dw-pg-name') || '';
      const v = el.value;
      if (where === 'path') {
        if (v === '') return { error: 'Fill in the path parameter "' + name + '".', field: el };
        path = path.split('{' + name + '}').join(encodeURIComponent(v));
      } else if (v === '') {
        if (el.required) return { error: 'Fill in the ' + (where === 'query' ? 'query parameter' : 'header') + ' "' + name + '".', field: el };
      } else if (where === 'query') query.push([name, v]);
      else if (where === 'header') headers.set(name, v);
    }
    const auth = pg.getAttribute('data-dw-pg-auth');
    if (auth === 'bearer') {
      const token = value(pg, '[data-dw-pg-field="auth:token"]').trim();
      if (token) headers.set('Authorization', /^bearer\s/i.test(token) ? token : 'Bearer ' + token);
    } else if (auth === 'basic') {
      const user = value(pg, '[data-dw-pg-field="auth:username"]');
      const pass = value(pg, '[data-dw-pg-field="auth:password"]');
      if (user || pass) headers.set('Authorization', 'Basic ' + base64(user + ':' + pass));
    } else if (auth === 'key') {
      const key = value(pg, '[data-dw-pg-field="auth:key"]').trim();
      const name = pg.getAttribute('data-dw-pg-auth-name') || 'Authorization';
      if (key && pg.getAttribute('data-dw-pg-auth-in') === 'query') query.push([name, key]);
      else if (key) headers.set(name, key);
    }
    let body;
    const bodyEl = pg.querySelector('[data-dw-pg-field="body"]');
    if (bodyEl && bodyEl.value.trim() !== '' && method !== 'GET' && method !== 'HEAD') {
      const type = bodyEl.getAttribute('data-dw-pg-media-type') || 'application/json';
      body = bodyEl.value;
      if (/json/i.test(type)) {
        try {
          JSON.parse(body);
        } catch (e) {
          return { error: 'The body is not valid JSON: ' + (e && e.message), field: bodyEl };
        }
      }
      if (!/multipart\//i.test(type)) headers.set('Content-Type', type);
    }
    const bases = configuredBases(pg);
    const base = baseUrl(pg, bases);
    let url;
    try {
      url = new URL(trimTrailingSlashes(base) + path);
    } catch {
      return { error: base ? 'The base URL "' + base + '" is not a valid URL.' : 'Enter the base URL of the API (for example https://api.example.com).' };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'Only http and https URLs can be called.' };
    // A path parameter or the spec's path cannot lead the request out of the API (`..`, another host).
    if (!under(url, base)) return { error: 'The request would leave the base URL "' + base + '".' };
    for (const [k, v] of query) url.searchParams.append(k, v);
    // Cookies only when the site asks for them, and only to the API's configured URLs (never to a URL the reader typed).
    const credentials = bases.length && pg.getAttribute('data-dw-pg-credentials') === 'include' ? 'include' : 'omit';
    return { method, url, headers, body, credentials };
  }

  function show(pg, state, status, output) {
    const box = pg.querySelector('[data-dw-pg-response]');
    if (!box) return;
    box.hidden = false;
    box.setAttribute('data-dw-pg-state', state);
    pg.setAttribute('data-dw-pg-state', state);
    const statusEl = box.querySelector('[data-dw-pg-status]');
    const outEl = box.querySelector('[data-dw-pg-output]');
    if (statusEl) statusEl.textContent = status;
    if (outEl) outEl.textContent = output;
  }

  async function send(pg) {
    const button = pg.querySelector('[data-dw-pg-send]');
    const req = buildRequest(pg);
    if (req.error) {
      show(pg, 'error', 'Not sent', req.error);
      if (req.field) req.field.focus();
      return;
    }
    if (button) button.disabled = true;
    show(pg, 'loading', 'Sending…', '');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    const started = performance.now();
    try {
      const response = await fetch(req.url.toString(), {
        method: req.method,
        headers: req.headers,
        body: req.body,
        credentials: req.credentials,
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
        signal: controller.signal,
      });
      const ms = Math.round(performance.now() - started);
      let text = await response.text();
      if (/json/i.test(response.headers.get('Content-Type') || '')) {
        try {
          text = JSON.stringify(JSON.parse(text), null, 2);
        } catch {
          /* shown as sent */
        }
      }
      if (text.length > MAX_SHOWN) text = text.slice(0, MAX_SHOWN) + '\n… (' + (text.length - MAX_SHOWN) + ' more characters)';
      show(pg, 'done', response.status + ' ' + response.statusText + ' · ' + ms + ' ms', text);
    } catch (e) {
      const aborted = e && e.name === 'AbortError';
      show(
        pg,
        'error',
        'No response',
        aborted
          ? 'No answer within ' + TIMEOUT_MS / 1000 + ' seconds.'
          : 'The request failed: the server did not answer, or it does not accept requests from this page (CORS).',
      );
    } finally {
      clearTimeout(timer);
      if (button) button.disabled = false;
    }
  }

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target && target.closest('[data-dw-pg-send]');
    const pg = button && button.closest(FORM);
    if (!pg) return;
    event.preventDefault();
    void send(pg);
  });
  document.addEventListener('keydown', (event) => {
    const t = event.target;
    if (event.key !== 'Enter' || !(t instanceof HTMLInputElement)) return;
    const pg = t.closest(FORM);
    if (!pg) return;
    event.preventDefault();
    void send(pg);
  });
})();

// The WebSocket playground of an AsyncAPI channel page (render/asyncapi-playground.ts): connects to
// one of the servers the renderer declared (a URL outside that list is refused, whatever a select
// holds), sends the text area's message and logs what was sent and received, in order. Nothing read
// from the page is run; query API keys go in the URL only, and the URL shown has no query. Sockets
// and logs are kept per form identity in memory, so a preview refresh keeps them.
(function () {
  'use strict';
  const FORM = '[data-dw-ws-playground]';
  const MAX_ENTRIES = 200;
  const MAX_SHOWN = 100000;
  /** Form identity -> { socket, log: [{ dir, text }], status, state }. */
  const sessions = new Map();
  /** Typed values by form identity and field, in memory only (lost when the page closes). */
  const typed = new Map();

  function identity(pg) {
    return pg.getAttribute('data-dw-ws-playground') || '';
  }

  function session(pg) {
    const id = identity(pg);
    let s = sessions.get(id);
    if (!s) sessions.set(id, (s = { socket: undefined, log: [], status: 'Not connected', state: 'idle' }));
    return s;
  }

  function fieldKey(el) {
    const pg = el.closest(FORM);
    const what = el.getAttribute('data-dw-ws-field');
    if (!pg || !what) return undefined;
    return identity(pg) + '\u0000' + what + '\u0000' + (el.getAttribute('data-dw-ws-name') || '');
  }

  function declared(pg) {
    try {
      const list = JSON.parse(pg.getAttribute('data-dw-ws-servers') || '[]');
      return Array.isArray(list) ? list.filter((u) => typeof u === 'string' && u !== '') : [];
    } catch {
      return [];
    }
  }

  /** `s` without its trailing slashes, by a loop. */
  function trimTrailingSlashes(s) {
    let end = s.length;
    while (end > 0 && s.charCodeAt(end - 1) === 47) end--;
    return s.slice(0, end);
  }

  /** The URL the form describes, or a message saying why it cannot be connected to. */
  function buildUrl(pg) {
    const servers = declared(pg);
    const select = pg.querySelector('[data-dw-ws-field="server"]');
    const base = select ? select.value : servers[0];
    if (!base || !servers.includes(base)) return { error: 'Not one of the servers the AsyncAPI file declares: not connected.' };
    let path = pg.getAttribute('data-dw-ws-path') || '';
    for (const el of pg.querySelectorAll('[data-dw-ws-field="param"]')) {
      const name = el.getAttribute('data-dw-ws-name') || '';
      if (el.value === '') return { error: 'Fill in the parameter "' + name + '".', field: el };
      path = path.split('{' + name + '}').join(encodeURIComponent(el.value));
    }
    let url;
    let root;
    try {
      url = new URL(trimTrailingSlashes(base) + path);
      root = new URL(base);
    } catch {
      return { error: 'The server URL "' + base + '" is not a valid URL.' };
    }
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return { error: 'Only ws and wss URLs can be connected to.' };
    // A parameter cannot lead the connection out of the server (`..`, another host).
    const prefix = trimTrailingSlashes(root.pathname) + '/';
    if (url.origin !== root.origin || !(url.pathname + '/').startsWith(prefix)) return { error: 'The address would leave the server "' + base + '".' };
    const shown = url.toString();
    for (const el of pg.querySelectorAll('[data-dw-ws-field="auth:key"]')) {
      const key = el.value.trim();
      if (key) url.searchParams.append(el.getAttribute('data-dw-ws-name') || 'key', key);
    }
    return { url: url.toString(), shown };
  }

  /** Paints a session into its form (the preview may have replaced the form since). */
  function paint(pg) {
    const s = session(pg);
    const open = s.state === 'open';
    const busy = s.state === 'connecting';
    const connect = pg.querySelector('[data-dw-ws-connect]');
    const send = pg.querySelector('[data-dw-ws-send]');
    const status = pg.querySelector('[data-dw-ws-status]');
    const log = pg.querySelector('[data-dw-ws-log]');
    pg.setAttribute('data-dw-ws-state', s.state);
    if (connect) connect.textContent = open || busy ? 'Disconnect' : 'Connect';
    if (send) send.disabled = !open;
    if (status) status.textContent = s.status;
    // Rebuilt whole (200 entries at most): the oldest leave as new ones come.
    if (log) {
      log.textContent = '';
      for (const entry of s.log) {
        const li = document.createElement('li');
        li.className = 'dw-ws-entry';
        li.setAttribute('data-dw-ws-dir', entry.dir);
        const dir = document.createElement('span');
        dir.className = 'dw-ws-dir';
        dir.textContent = entry.dir === 'sent' ? 'Sent' : entry.dir === 'received' ? 'Received' : 'Event';
        const body = document.createElement('pre');
        body.className = 'dw-ws-text';
        body.textContent = entry.text;
        li.append(dir, body);
        log.append(li);
      }
    }
  }

  function paintAll(id) {
    for (const pg of document.querySelectorAll(FORM)) if (id === undefined || identity(pg) === id) paint(pg);
  }

  function record(id, dir, text) {
    const s = sessions.get(id);
    if (!s) return;
    s.log.push({ dir, text: text.length > MAX_SHOWN ? text.slice(0, MAX_SHOWN) + '\n… (' + (text.length - MAX_SHOWN) + ' more characters)' : text });
    if (s.log.length > MAX_ENTRIES) s.log.splice(0, s.log.length - MAX_ENTRIES);
    paintAll(id);
  }

  function connect(pg) {
    const s = session(pg);
    const id = identity(pg);
    if (s.socket) {
      s.socket.close(1000);
      s.status = 'Disconnecting…';
      paint(pg);
      return;
    }
    const target = buildUrl(pg);
    if (target.error) {
      s.status = target.error;
      s.state = 'error';
      paint(pg);
      if (target.field) target.field.focus();
      return;
    }
    let socket;
    try {
      socket = new WebSocket(target.url);
    } catch (e) {
      s.status = 'Could not connect: ' + (e && e.message);
      s.state = 'error';
      paint(pg);
      return;
    }
    socket.binaryType = 'arraybuffer';
    s.socket = socket;
    s.state = 'connecting';
    s.status = 'Connecting to ' + target.shown + '…';
    paint(pg);
    socket.addEventListener('open', () => {
      s.state = 'open';
      s.status = 'Connected to ' + target.shown;
      paintAll(id);
    });
    socket.addEventListener('message', (event) => {
      const data = event.data;
      record(id, 'received', typeof data === 'string' ? data : '(binary message, ' + (data.byteLength || 0) + ' bytes)');
    });
    socket.addEventListener('close', (event) => {
      if (s.socket !== socket) return;
      s.socket = undefined;
      const failed = s.state === 'connecting';
      s.state = failed ? 'error' : 'closed';
      s.status = failed
        ? 'Could not connect to ' + target.shown + ': the server did not answer, or refused the connection.'
        : 'Disconnected' + (event.code && event.code !== 1000 && event.code !== 1005 ? ' (code ' + event.code + ')' : '');
      paintAll(id);
    });
  }

  function send(pg) {
    const s = session(pg);
    const body = pg.querySelector('[data-dw-ws-field="body"]');
    if (!s.socket || s.state !== 'open' || !body) return;
    s.socket.send(body.value);
    record(identity(pg), 'sent', body.value);
  }

  function pickMessage(select) {
    const pg = select.closest(FORM);
    const option = select.selectedOptions[0];
    const body = pg && pg.querySelector('[data-dw-ws-field="body"]');
    if (!option || !body) return;
    body.value = option.getAttribute('data-dw-ws-example') || '';
    const key = fieldKey(body);
    if (key) typed.set(key, body.value);
  }

  function remember(event) {
    const el = event.target;
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) return;
    const key = fieldKey(el);
    if (!key) return;
    typed.set(key, el.value);
    if (event.type === 'change' && el.getAttribute('data-dw-ws-field') === 'message') pickMessage(el);
  }
  document.addEventListener('input', remember);
  document.addEventListener('change', remember);

  function restore() {
    for (const pg of document.querySelectorAll(FORM)) {
      for (const el of pg.querySelectorAll('[data-dw-ws-field]')) {
        const key = fieldKey(el);
        if (key && typed.has(key) && el.value !== typed.get(key)) el.value = typed.get(key);
      }
      if (sessions.has(identity(pg)) && pg.getAttribute('data-dw-ws-state') === null) paint(pg);
    }
  }
  new MutationObserver(restore).observe(document.documentElement, { childList: true, subtree: true });

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target && target.closest('[data-dw-ws-connect], [data-dw-ws-send]');
    const pg = button && button.closest(FORM);
    if (!pg) return;
    event.preventDefault();
    if (button.hasAttribute('data-dw-ws-connect')) connect(pg);
    else send(pg);
  });
})();
