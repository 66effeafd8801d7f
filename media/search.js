// Offline search of the exported site. The index (built by `docwright export` with MiniSearch) is
// a script beside this one, loaded on first use: scripts load from file:// too, where fetch() is
// refused. Under `docwright dev` (its tag's data-index names the address) the index is JSON fetched
// from the page's own server, which gives it to no other site. Results are plain links built with
// textContent (titles are never parsed as HTML).
/* global MiniSearch */
(function () {
  'use strict';
  // Found by reserved attributes (data-dw-), which page content cannot carry: a page cannot stand in for the search box.
  const input = document.querySelector('input[data-dw-search]');
  const list = document.querySelector('[data-dw-search-results]');
  const script = document.currentScript;
  if (!input || !list || !script || typeof MiniSearch !== 'function') return;
  const assets = new URL('.', script.src);
  const root = new URL('..', assets);
  const MAX_RESULTS = 10;
  let index;
  let loading;

  /** The index data: JSON from this page's own server (docwright dev), or the export's script beside this one. */
  function indexData() {
    const json = script.dataset.index;
    if (json) {
      return fetch(new URL(json, location.href).href, { credentials: 'same-origin', cache: 'no-store' }).then((r) => {
        if (!r.ok) throw new Error('search index could not be loaded');
        return r.json();
      });
    }
    return new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = new URL('search-index.js', assets).href;
      s.onload = () => resolve(self.DOCWRIGHT_SEARCH);
      s.onerror = () => reject(new Error('search index could not be loaded'));
      document.head.appendChild(s);
    });
  }

  function load() {
    if (!loading) {
      input.dataset.searchState = 'loading';
      loading = indexData()
        .then((data) => {
          if (!data) throw new Error('empty search index');
          index = MiniSearch.loadJS(data.index, { fields: data.fields, storeFields: data.storeFields });
          input.dataset.searchState = 'ready';
          return index;
        })
        .catch((e) => {
          input.dataset.searchState = 'error';
          loading = undefined;
          throw e;
        });
    }
    return loading;
  }

  function show(items) {
    list.replaceChildren();
    for (const item of items) list.appendChild(item);
    list.hidden = items.length === 0;
  }

  function resultItem(r) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    // Results are pages of this site: an index entry that would lead anywhere else is not a link.
    const url = new URL(r.url, root);
    if (url.protocol === root.protocol && url.host === root.host) a.href = url.href;
    const title = document.createElement('span');
    title.textContent = r.title;
    a.appendChild(title);
    if (r.group) {
      const small = document.createElement('small');
      small.textContent = r.group;
      a.appendChild(small);
    }
    li.appendChild(a);
    return li;
  }

  function message(text) {
    const li = document.createElement('li');
    li.className = 'dw-search-empty';
    li.textContent = text;
    return li;
  }

  let generation = 0;
  async function run() {
    const query = input.value.trim();
    const mine = ++generation;
    if (!query) return show([]);
    try {
      await load();
    } catch {
      return show([message('Search is not available.')]);
    }
    if (mine !== generation) return;
    const options = { prefix: true, fuzzy: 0.2, boost: { title: 3, headings: 2, description: 1.5 }, combineWith: 'AND' };
    let results = index.search(query, options);
    if (results.length === 0) results = index.search(query, Object.assign({}, options, { combineWith: 'OR' }));
    show(results.length ? results.slice(0, MAX_RESULTS).map(resultItem) : [message(`No results for “${query}”`)]);
  }

  input.addEventListener('focus', () => {
    load().catch(() => undefined);
  });
  input.addEventListener('input', run);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      input.value = '';
      show([]);
    } else if (e.key === 'Enter') {
      const first = list.querySelector('a');
      if (first) window.location.href = first.href;
    } else if (e.key === 'ArrowDown') {
      const first = list.querySelector('a');
      if (first) {
        e.preventDefault();
        first.focus();
      }
    }
  });
  list.addEventListener('keydown', (e) => {
    const links = [...list.querySelectorAll('a')];
    const i = links.indexOf(document.activeElement);
    if (e.key === 'ArrowDown' && i < links.length - 1) {
      e.preventDefault();
      links[i + 1].focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      (i > 0 ? links[i - 1] : input).focus();
    } else if (e.key === 'Escape') {
      input.focus();
      show([]);
    }
  });
  document.addEventListener('click', (e) => {
    if (e.target instanceof Node && !input.contains(e.target) && !list.contains(e.target)) list.hidden = true;
  });
})();
