// Docwright site script, shared by the preview webview and the exported site. Page content never
// carries script: this file only adds behaviour to the markup the renderer produced (tabs, copy
// buttons, mode toggle, switchers, the folded sidebar), and in the preview talks to the extension (updates, links,
// scroll sync). Everything is event delegation on document, so content can be replaced freely.
// Elements are found only by `data-dw-` attributes, which page content cannot carry (the renderer's
// sanitiser drops them): a page cannot forge a tab, a copy button or a link that opens another file.
(function () {
  'use strict';
  const vscode = typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;
  const root = document.documentElement;
  const STORAGE_MODE = 'docwright-mode';
  // The host says where the heavy libraries are (data-mermaid, data-katex-css on this script).
  const self = document.currentScript;
  let mermaidState = 'none'; // none | loading | ready | failed
  const mermaidWaiting = [];
  /** Drawn SVG by theme and source, so that a preview update redraws nothing that did not change. */
  const drawnCache = new Map();
  let drawing = Promise.resolve();
  let diagramCount = 0;
  // Diagram ids no page element can hold beforehand (a failed render's leftover is removed by id).
  const DIAGRAM_PREFIX = `dw-mermaid-${Math.random().toString(36).slice(2, 10)}-`;
  /** The KaTeX stylesheet once this script added it. */
  let katexLink;

  /** `#caf%C3%A9` -> `café`; an anchor with a malformed escape is taken as written. */
  function decodeAnchor(s) {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  }

  // ---- light/dark ----
  function editorIsDark() {
    const b = document.body.classList;
    return b.contains('vscode-dark') || (b.contains('vscode-high-contrast') && !b.contains('vscode-high-contrast-light'));
  }
  function applyMode(choice) {
    const forced = root.dataset.theme; // light | dark | auto
    let dark;
    if (forced === 'light' || forced === 'dark') dark = forced === 'dark';
    else if (choice === 'light' || choice === 'dark') dark = choice === 'dark';
    else if (vscode) dark = editorIsDark();
    else dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    const changed = root.classList.contains('dw-dark') !== dark;
    root.classList.toggle('dw-dark', dark);
    if (changed) redrawDiagrams();
  }
  function storedMode() {
    if (vscode) return (vscode.getState() || {}).mode;
    try {
      return localStorage.getItem(STORAGE_MODE) || root.dataset.defaultMode;
    } catch {
      return root.dataset.defaultMode;
    }
  }
  function storeMode(mode) {
    if (vscode) vscode.setState(Object.assign({}, vscode.getState(), { mode }));
    else
      try {
        localStorage.setItem(STORAGE_MODE, mode);
      } catch {
        /* private mode */
      }
  }
  applyMode(storedMode());
  if (vscode) new MutationObserver(() => applyMode(storedMode())).observe(document.body, { attributes: true, attributeFilter: ['class'] });

  // ---- tabs ----
  function selectTab(group, index) {
    for (const tab of group.querySelectorAll(':scope > [data-dw-tab-list] > [data-dw-tab]')) {
      const on = tab.getAttribute('data-dw-tab') === String(index);
      tab.classList.toggle('dw-active', on);
      tab.setAttribute('aria-selected', on ? 'true' : 'false');
    }
    for (const panel of group.querySelectorAll(':scope > [data-dw-panel]')) panel.hidden = panel.getAttribute('data-dw-panel') !== String(index);
  }
  function tabState() {
    return [...document.querySelectorAll('[data-dw-tabs]')].map((g) => {
      const active = g.querySelector(':scope > [data-dw-tab-list] > [data-dw-tab][aria-selected="true"]');
      return active ? active.getAttribute('data-dw-tab') : '0';
    });
  }
  function restoreTabs(state) {
    const groups = document.querySelectorAll('[data-dw-tabs]');
    state.forEach((index, i) => {
      if (groups[i] && index !== '0') selectTab(groups[i], index);
    });
  }

  // ---- views (<View>): one shows at a time, with its headings in the table of contents ----
  /** The view the reader chose on this page (kept across preview updates of the same page). */
  let chosenView;
  function selectView(title) {
    const views = [...document.querySelectorAll('[data-dw-content] [data-dw-view]')];
    if (!views.some((v) => v.getAttribute('data-dw-view') === title)) return;
    chosenView = title;
    for (const v of views) v.hidden = v.getAttribute('data-dw-view') !== title;
    for (const t of document.querySelectorAll('[data-dw-toc-view]')) t.hidden = t.getAttribute('data-dw-toc-view') !== title;
    let face;
    for (const choice of document.querySelectorAll('[data-dw-view-choice]')) {
      const on = choice.getAttribute('data-dw-view-choice') === title;
      choice.classList.toggle('dw-current', on);
      choice.setAttribute('aria-current', on ? 'true' : 'false');
      if (on) face = choice.querySelector('[data-dw-view-face]');
    }
    const current = document.querySelector('[data-dw-view-current] [data-dw-view-face]');
    if (current && face) current.replaceChildren(...face.cloneNode(true).childNodes);
  }
  /** A link to a heading inside a hidden view shows that view. */
  function showViewOf(target) {
    const view = target && target.closest('[data-dw-content] [data-dw-view]');
    if (view && view.hidden) selectView(view.getAttribute('data-dw-view'));
  }
  function viewOfHash() {
    const id = decodeAnchor(location.hash.slice(1));
    const target = id && document.getElementById(id);
    if (target && target.closest('[data-dw-content] [data-dw-view][hidden]')) {
      showViewOf(target);
      target.scrollIntoView();
    }
  }
  viewOfHash();
  window.addEventListener('hashchange', viewOfHash);

  // ---- clicks ----
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const tab = target.closest('[data-dw-tab]');
    const group = tab && tab.closest('[data-dw-tabs]');
    if (group) {
      selectTab(group, tab.getAttribute('data-dw-tab'));
      return;
    }
    const viewChoice = target.closest('[data-dw-view-choice]');
    if (viewChoice) {
      selectView(viewChoice.getAttribute('data-dw-view-choice'));
      const menu = viewChoice.closest('details[data-dw-menu]');
      if (menu) menu.open = false;
      return;
    }
    const expand = target.closest('[data-dw-code-expand]');
    const block = expand && expand.closest('[data-dw-codeblock]');
    if (block) {
      const open = block.classList.toggle('dw-expanded');
      expand.setAttribute('aria-expanded', open ? 'true' : 'false');
      if (!expand.dataset.label) expand.dataset.label = expand.textContent;
      expand.textContent = open ? 'Show less' : expand.dataset.label;
      return;
    }
    const copy = target.closest('[data-dw-copy]');
    if (copy) {
      const from = copy.closest('[data-dw-codeblock], [data-dw-prompt]');
      const source = from && from.querySelector('[data-dw-copy-source]');
      if (source && navigator.clipboard)
        navigator.clipboard.writeText(source.textContent || '').then(
          () => {
            copy.classList.add('dw-copied');
            // A code block's icon button shows its check mark for two seconds, as the format's does; a prompt's text button says so.
            if (from.hasAttribute('data-dw-codeblock')) setTimeout(() => copy.classList.remove('dw-copied'), 2000);
            else copy.textContent = 'Copied';
          },
          () => undefined,
        );
      return;
    }
    // Switchers and menus are <details>: a click elsewhere closes the open ones.
    for (const open of document.querySelectorAll('details[data-dw-menu][open]')) if (!open.contains(target)) open.open = false;
    const navToggle = target.closest('[data-dw-nav-toggle]');
    if (navToggle) {
      const open = root.classList.toggle('dw-nav-open');
      if (open) placeDrawer();
      navToggle.setAttribute('aria-expanded', open ? 'true' : 'false');
      return;
    }
    if (target.closest('[data-dw-banner-dismiss]')) {
      const bar = target.closest('[data-dw-banner]');
      if (bar) bar.hidden = true;
      try {
        sessionStorage.setItem('docwright-banner', bar ? bar.textContent : '');
      } catch {
        /* storage off */
      }
      return;
    }
    const copyPage = target.closest('[data-dw-copy-page]');
    if (copyPage) {
      const body = document.querySelector('[data-dw-content]');
      if (body && navigator.clipboard)
        navigator.clipboard.writeText(body.innerText || '').then(
          () => copyPage.classList.add('dw-copied'),
          () => undefined,
        );
      return;
    }
    const ai = target.closest('a[data-dw-ai]');
    if (ai && !vscode) {
      // The prompt names this page's Markdown copy by its full URL, known only here.
      const page = new URL(ai.getAttribute('data-dw-markdown') || '', location.href).href;
      const q = encodeURIComponent(`Read ${page} so I can ask questions about it.`);
      const tools = {
        chatgpt: `https://chatgpt.com/?hints=search&q=${q}`,
        claude: `https://claude.ai/new?q=${q}`,
        perplexity: `https://www.perplexity.ai/search/new?q=${q}`,
        grok: `https://grok.com/?q=${q}`,
        aistudio: `https://aistudio.google.com/prompts/new_chat?prompt=${q}`,
      };
      ai.setAttribute('href', tools[ai.getAttribute('data-dw-ai')] || '#');
    }
    if (target.closest('[data-dw-mode-toggle]')) {
      const mode = root.classList.contains('dw-dark') ? 'light' : 'dark';
      storeMode(mode);
      applyMode(mode);
      return;
    }
    const link = target.closest('a[href]');
    if (!link || !vscode) return;
    // In the preview, links never navigate the webview: pages open in the editor, URLs outside.
    const href = link.getAttribute('href') || '';
    if (href.startsWith('#') && !link.hasAttribute('data-dw-page')) {
      const el = document.getElementById(decodeAnchor(href.slice(1)));
      showViewOf(el);
      if (el) el.scrollIntoView();
      event.preventDefault();
      return;
    }
    event.preventDefault();
    if (link.hasAttribute('data-dw-page'))
      vscode.postMessage({ type: 'openPage', page: link.getAttribute('data-dw-page'), hash: link.hash ? link.hash.slice(1) : undefined });
    else if (/^(https?:|mailto:)/i.test(href)) vscode.postMessage({ type: 'openLink', href });
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const open of document.querySelectorAll('details[data-dw-menu][open]')) open.open = false;
    root.classList.remove('dw-nav-open');
  });

  /** The open drawer's content starts below the top bar, which a banner above it pushes down. */
  function placeDrawer() {
    const bar = document.querySelector('[data-dw-topbar]');
    if (bar) root.style.setProperty('--dw-drawer-top', `${Math.max(0, Math.round(bar.getBoundingClientRect().bottom))}px`);
  }
  window.addEventListener(
    'scroll',
    () => {
      if (root.classList.contains('dw-nav-open')) placeDrawer();
    },
    { passive: true },
  );
  window.addEventListener('resize', () => {
    if (root.classList.contains('dw-nav-open')) placeDrawer();
  });

  /** The sidebar scrolled so that the current page's link is in view (the window itself does not move). */
  function revealCurrent() {
    const bar = document.querySelector('[data-dw-sidebar]');
    const link = bar && bar.querySelector('[data-dw-current]');
    if (!bar || !link) return;
    const top = link.getBoundingClientRect().top - bar.getBoundingClientRect().top + bar.scrollTop;
    if (top < bar.scrollTop || top + link.offsetHeight > bar.scrollTop + bar.clientHeight) bar.scrollTop = Math.max(0, top - bar.clientHeight / 3);
  }
  function restoreBanner() {
    const bar = document.querySelector('[data-dw-banner]');
    try {
      if (bar && sessionStorage.getItem('docwright-banner') === bar.textContent) bar.hidden = true;
    } catch {
      /* storage off */
    }
  }
  revealCurrent();
  restoreBanner();

  // ---- math and diagrams: their libraries load only on pages that have them ----
  function loadScript(url, done) {
    const s = document.createElement('script');
    // The preview's policy runs only scripts with this page's nonce; the export's, files of the export.
    if (self && self.nonce) s.nonce = self.nonce;
    s.src = url;
    s.onload = () => done(true);
    s.onerror = () => done(false);
    document.head.appendChild(s);
  }
  function ensureKatexCss() {
    const url = self && self.dataset.katexCss;
    if (!url || katexLink || !document.querySelector('[data-dw-math]')) return;
    katexLink = document.createElement('link');
    katexLink.rel = 'stylesheet';
    katexLink.href = url;
    document.head.appendChild(katexLink);
  }
  function withMermaid(run) {
    if (mermaidState === 'ready') return run(window.mermaid);
    if (mermaidState === 'failed') return;
    mermaidWaiting.push(run);
    if (mermaidState === 'loading') return;
    const url = self && self.dataset.mermaid;
    if (window.mermaid) return mermaidLoaded(true);
    if (!url) return;
    mermaidState = 'loading';
    loadScript(url, mermaidLoaded);
  }
  function mermaidLoaded(ok) {
    mermaidState = ok && window.mermaid ? 'ready' : 'failed';
    const waiting = mermaidWaiting.splice(0);
    if (mermaidState === 'ready') for (const run of waiting) run(window.mermaid);
  }
  function sourceOf(block) {
    const source = block.querySelector('[data-dw-mermaid-source]');
    return source ? source.textContent : '';
  }
  function showSvg(block, svg) {
    for (const old of block.querySelectorAll(':scope > [data-dw-drawing]')) old.remove();
    const holder = document.createElement('div');
    holder.className = 'dw-mermaid-svg';
    holder.setAttribute('data-dw-drawing', '');
    holder.innerHTML = svg;
    block.appendChild(holder);
    block.classList.add('dw-drawn');
    block.setAttribute('data-dw-drawn', 'ok');
  }
  function drawDiagrams(all) {
    const theme = root.classList.contains('dw-dark') ? 'dark' : 'default';
    const blocks = [...document.querySelectorAll(all ? '[data-dw-mermaid]' : '[data-dw-mermaid]:not([data-dw-drawn])')].filter((b) => {
      const svg = drawnCache.get(`${theme}\n${sourceOf(b)}`);
      if (svg) showSvg(b, svg);
      return !svg;
    });
    if (!blocks.length) return;
    for (const b of blocks) b.setAttribute('data-dw-drawn', 'pending');
    withMermaid((mermaid) => {
      // Diagram text is page content: strict mode (labels as text, no click callbacks, no HTML).
      mermaid.initialize({
        startOnLoad: false,
        securityLevel: 'strict',
        htmlLabels: false,
        flowchart: { htmlLabels: false },
        suppressErrorRendering: true,
        theme,
        secure: ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'suppressErrorRendering', 'maxEdges', 'htmlLabels'],
      });
      // One at a time, in page order (mermaid lays out in the live document).
      for (const block of blocks) drawing = drawing.then(() => drawOne(mermaid, block, theme)).catch(() => undefined);
      drawing.then(() => document.dispatchEvent(new CustomEvent('docwright:diagrams')));
    });
  }
  function drawOne(mermaid, block, theme) {
    if (!block.isConnected) return undefined;
    const text = sourceOf(block);
    const id = DIAGRAM_PREFIX + ++diagramCount;
    return mermaid.render(id, text).then(
      ({ svg }) => {
        if (drawnCache.size >= 50) drawnCache.delete(drawnCache.keys().next().value);
        drawnCache.set(`${theme}\n${text}`, svg);
        showSvg(block, svg);
      },
      (error) => {
        for (const old of block.querySelectorAll(':scope > [data-dw-drawing]')) old.remove();
        const message = document.createElement('div');
        message.className = 'dw-mermaid-error';
        message.setAttribute('data-dw-drawing', '');
        message.setAttribute('role', 'alert');
        message.textContent = `Mermaid syntax error: ${(error && error.message) || error}`;
        block.insertBefore(message, block.firstChild);
        block.classList.remove('dw-drawn');
        block.setAttribute('data-dw-drawn', 'error');
        const stray = document.getElementById(id);
        if (stray) stray.remove();
      },
    );
  }
  function redrawDiagrams() {
    if (mermaidState === 'ready') drawDiagrams(true);
  }
  function renderExtras() {
    ensureKatexCss();
    drawDiagrams(false);
  }
  renderExtras();

  if (!vscode) return;

  // ---- preview: updates and scroll sync ----
  // The key of the host's messages: made here and sent to the host only, so that no attribute (not even the nonce, which CSS can read under a <meta> policy) holds it.
  const KEY = [...crypto.getRandomValues(new Uint8Array(24))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const app = document.getElementById('dw-app');
  let ignoreScrollUntil = 0;
  function lineElements() {
    return [...document.querySelectorAll('[data-dw-content] [data-dw-line]')].filter((el) => el.offsetParent !== null);
  }
  function scrollToLine(line) {
    let best;
    for (const el of lineElements()) {
      const l = Number(el.getAttribute('data-dw-line'));
      if (l <= line && (!best || l >= best.line)) best = { el, line: l };
    }
    ignoreScrollUntil = Date.now() + 300;
    if (!best) {
      if (line <= 0) window.scrollTo(0, 0);
      return;
    }
    const top = best.el.getBoundingClientRect().top + window.scrollY - 100;
    window.scrollTo(0, Math.max(0, top));
  }
  let scrollTimer;
  window.addEventListener(
    'scroll',
    () => {
      if (Date.now() < ignoreScrollUntil) return;
      clearTimeout(scrollTimer);
      scrollTimer = setTimeout(() => {
        const els = lineElements();
        const visible = els.find((el) => el.getBoundingClientRect().bottom > 100);
        if (visible) vscode.postMessage({ type: 'revealLine', line: Number(visible.getAttribute('data-dw-line')) });
      }, 50);
    },
    { passive: true },
  );

  window.addEventListener('message', (event) => {
    const msg = event.data;
    // Only the extension knows the key: a frame inside the page cannot send updates.
    if (!msg || typeof msg !== 'object' || !KEY || msg.key !== KEY) return;
    if (msg.type === 'update') {
      const tabs = tabState();
      const y = window.scrollY;
      if (msg.css !== undefined) {
        const style = document.getElementById('dw-site-css');
        if (style) style.textContent = msg.css;
      }
      root.dataset.theme = msg.theme || 'auto';
      vscode.setState(Object.assign({}, vscode.getState(), { uri: msg.uri }));
      app.innerHTML = msg.body;
      document.title = msg.title || document.title;
      if (!msg.samePage) restoreTabs([]);
      else restoreTabs(tabs);
      if (!msg.samePage) chosenView = undefined;
      else if (chosenView !== undefined) selectView(chosenView);
      applyMode(storedMode());
      root.classList.remove('dw-nav-open');
      revealCurrent();
      restoreBanner();
      renderExtras();
      if (msg.samePage) {
        ignoreScrollUntil = Date.now() + 300;
        window.scrollTo(0, y);
      } else if (typeof msg.line === 'number') scrollToLine(msg.line);
      else window.scrollTo(0, 0);
      vscode.postMessage({ type: 'rendered', version: msg.version, page: msg.page });
    } else if (msg.type === 'scrollToLine') {
      scrollToLine(msg.line);
    }
  });
  vscode.postMessage({ type: 'ready', key: KEY });
})();
