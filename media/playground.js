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
