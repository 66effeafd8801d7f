// `docwright dev` only: reloads the page when a file change alters it (keeping the scroll
// position), and shows the page's problems over it. Loaded as a file with the page's nonce; every
// text it shows is set with textContent (messages quote page content).
(function () {
  'use strict';
  const me = document.currentScript;
  if (!me) return;
  const page = me.dataset.page || '';
  const etag = me.dataset.etag || '';
  const key = 'docwright-dev-scroll:' + location.pathname;

  // Back where the reader was before the reload: at once, and again once images have their size.
  const saved = sessionStorage.getItem(key);
  if (saved) {
    sessionStorage.removeItem(key);
    const at = JSON.parse(saved);
    const restore = () => window.scrollTo(at.x, at.y);
    restore();
    window.addEventListener('load', restore, { once: true });
  }

  let checking = false;
  let again = false;
  /** Fetches this address again: a new version of the page (another ETag) reloads it. */
  function check() {
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    fetch(location.href, { cache: 'no-store' }).then(
      (r) => {
        const now = r.headers.get('ETag') || '';
        if (now && now !== etag) {
          sessionStorage.setItem(key, JSON.stringify({ x: window.scrollX, y: window.scrollY }));
          location.reload();
          return;
        }
        checking = false;
        if (again) {
          again = false;
          check();
        }
      },
      () => {
        checking = false;
      },
    );
  }

  let box;
  function showProblems(list) {
    if (box) {
      box.remove();
      box = undefined;
    }
    if (!list.length) return;
    box = document.createElement('aside');
    box.setAttribute('data-dw-dev-problems', '');
    box.setAttribute('role', 'status');
    Object.assign(box.style, {
      position: 'fixed',
      right: '16px',
      bottom: '16px',
      zIndex: '2147483647',
      maxWidth: 'min(560px, calc(100vw - 32px))',
      maxHeight: '40vh',
      overflow: 'auto',
      background: '#1f1f24',
      color: '#f4f4f5',
      font: '13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace',
      borderRadius: '8px',
      boxShadow: '0 8px 30px rgba(0,0,0,.35)',
      padding: '10px 12px',
    });
    const head = document.createElement('div');
    Object.assign(head.style, { display: 'flex', justifyContent: 'space-between', gap: '12px', marginBottom: '6px', fontWeight: '600' });
    const title = document.createElement('span');
    title.textContent = list.length + (list.length === 1 ? ' problem' : ' problems') + ' on this page';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Hide problems');
    Object.assign(close.style, { background: 'none', border: '0', color: 'inherit', cursor: 'pointer', font: 'inherit' });
    close.addEventListener('click', () => {
      box.remove();
      box = undefined;
    });
    head.append(title, close);
    box.append(head);
    const colours = { error: '#f87171', warning: '#fbbf24', information: '#60a5fa', hint: '#a1a1aa' };
    for (const p of list) {
      const row = document.createElement('div');
      row.setAttribute('data-dw-dev-problem', p.severity);
      const where = document.createElement('span');
      where.style.color = colours[p.severity] || '#a1a1aa';
      where.textContent = p.file + ':' + p.line + ' ' + p.severity + ' ';
      const what = document.createElement('span');
      what.textContent = p.message + ' (' + p.ruleId + ')';
      row.append(where, what);
      box.append(row);
    }
    document.body.append(box);
  }
  function loadProblems() {
    fetch('/__docwright/problems?page=' + encodeURIComponent(page), { cache: 'no-store' })
      .then((r) => (r.ok ? r.json() : []))
      .then(showProblems, () => undefined);
  }

  const events = new EventSource('/__docwright/events?page=' + encodeURIComponent(page));
  events.addEventListener('change', check);
  events.addEventListener('problems', loadProblems);
  // After a restart of the server (a reconnect), the page may be out of date.
  events.addEventListener('hello', () => {
    document.documentElement.setAttribute('data-dw-dev', 'connected');
    check();
    loadProblems();
  });
  events.addEventListener('error', () => document.documentElement.setAttribute('data-dw-dev', 'reconnecting'));
})();
