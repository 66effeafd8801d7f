// API pages generated from OpenAPI, read in headless Chromium as a reader reads them (innerText,
// after opening each Expandable and clicking each tab): a security scheme's own description is on
// the page, each oneOf/anyOf variant shows its type and description in its tab, a map's values are
// a `{key}` field in the map's Expandable, and every description of the operation
// (test/openapi-text.ts walks the file: maps, items, allOf, $refs…) is there to read, while those
// the format leaves out (not, prefixItems, response headers…) are not.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { markdownText, operationDescriptions, textSite, TEXT_SPEC, walkDescriptions } from '../openapi-text';
import { exportedSite } from './browser';

let site: Awaited<ReturnType<typeof exportedSite>> | undefined;

before(async () => {
  site = await exportedSite(textSite(), 'openapi-text');
});

after(async () => {
  await site?.close();
});

const open = (name: string): Promise<Page> => site!.open(name);

const reference = (page: Page) => page.locator('.dw-api-reference').innerText();

/** Opens every Expandable a reader can see, until none is left closed. */
async function openExpandables(page: Page): Promise<void> {
  for (;;) {
    const closed = page.locator('.dw-api-reference details:not([open]) > summary');
    let summary;
    for (const s of await closed.all())
      if (await s.isVisible()) {
        summary = s;
        break;
      }
    if (!summary) return;
    await summary.click();
  }
}

/** What a reader can read in the reference: its text after each Expandable opened and each variant tab clicked. */
async function readEverything(page: Page): Promise<string> {
  const clicked = new Set<string>();
  let text = '';
  for (;;) {
    await openExpandables(page);
    text += '\n' + (await reference(page));
    // The last tab first: tabs inside a shown panel come after their group's tab list, so each
    // panel's own tabs are all clicked while it is shown.
    let next: [ReturnType<Page['locator']>, string] | undefined;
    for (const tab of (await page.locator('.dw-api-options [role="tab"]').all()).reverse()) {
      const id = (await tab.getAttribute('aria-controls')) ?? '';
      if (!clicked.has(id) && (await tab.isVisible())) {
        next = [tab, id];
        break;
      }
    }
    if (!next) return text;
    clicked.add(next[1]);
    await next[0].click();
    assert.equal(await next[0].getAttribute('aria-selected'), 'true');
  }
}

const squash = (s: string) => s.replace(/\s+/g, '');

test("the security scheme's own description is on the page, not the generic bearer line", async () => {
  const page = await open('create');
  try {
    const text = await reference(page);
    assert.match(text, /Authorizations\s+Authorization\s*string\s*header\s*required\s+A workspace token from Settings, API tokens\./);
    assert.doesNotMatch(text, /Bearer authentication header/);
    assert.equal(await page.locator('.dw-api-reference strong', { hasText: 'workspace' }).count(), 1, 'its Markdown rendered');
  } finally {
    await page.close();
  }
});

test('several security options are tabs: each shows its credentials and their descriptions when clicked', async () => {
  const page = await open('list');
  try {
    const group = page.locator('.dw-api-options').first();
    assert.deepEqual(await group.locator('[role="tab"]').allInnerTexts(), ['keyHeader', 'keyQuery & keyCookie', 'oauth app', 'basicAuth']);
    assert.match(await group.innerText(), /X-Acme-Key\s*string\s*header\s*required\s+The project key, sent as a header\./);
    assert.doesNotMatch(await group.innerText(), /The session cookie/, 'another option is hidden');
    await group.getByRole('tab', { name: 'keyQuery & keyCookie' }).click();
    const both = await group.innerText();
    assert.match(both, /api_key\s*string\s*query\s*required\s+A read-only key in the query string\./);
    assert.match(both, /acme_session\s*string\s*cookie\s*required\s+The session cookie of the dashboard\./);
    await group.getByRole('tab', { name: 'basicAuth' }).click();
    assert.match(
      await group.innerText(),
      /Basic authentication header of the form Basic <encoded-value>, where <encoded-value> is the base64-encoded string username:password\./,
    );
  } finally {
    await page.close();
  }
});

test('each oneOf/anyOf variant shows its type and description in its tab, primitives and arrays of unions too', async () => {
  const page = await open('create');
  try {
    await openExpandables(page);
    const field = (name: string) =>
      page
        .locator('.dw-api-reference .dw-field')
        .filter({ has: page.locator(':scope > .dw-field-header > .dw-field-name', { hasText: name }) })
        .first();
    const priority = field('priority');
    assert.match(await priority.locator(':scope > .dw-field-header').innerText(), /integer<int32> \| enum<string>/);
    assert.match(await priority.innerText(), /Option 1\s*Option 2\s+integer<int32>\s+A priority from 1 to 5\.\s+Required range: 1 <= x <= 5/);
    await priority.getByRole('tab', { name: 'Option 2' }).click();
    assert.match(await priority.innerText(), /enum<string>\s+A named priority\.\s+Available options: low, high/);
    assert.doesNotMatch(await priority.innerText(), /A priority from 1 to 5/);

    const refs = field('refs');
    assert.match(await refs.locator(':scope > .dw-field-header').innerText(), /\(string<uuid> \| integer\)\[\]/);
    assert.match(await refs.innerText(), /Linked notes\.\s+Option 1\s*Option 2\s+string<uuid>\s+A note id\./);
    await refs.getByRole('tab', { name: 'Option 2' }).click();
    assert.match(await refs.innerText(), /integer\s+A legacy numeric id\./);

    const due = field('due');
    assert.match(await due.innerText(), /due\s*string<date-time> \| null\s+When the note is due\./);
  } finally {
    await page.close();
  }
});

test("a map's values are a {key} field, read once the map's Expandable is opened", async () => {
  const page = await open('create');
  try {
    const metadata = page
      .locator('.dw-api-reference .dw-field')
      .filter({ has: page.locator(':scope > .dw-field-header > .dw-field-name', { hasText: 'metadata' }) })
      .first();
    const key = metadata.locator('.dw-field').filter({ has: page.locator(':scope > .dw-field-header > .dw-field-name', { hasText: '{key}' }) });
    assert.equal(await key.isVisible(), false, 'inside the closed Expandable');
    await metadata.locator(':scope > .dw-field-body > details > summary').click();
    assert.match(await key.innerText(), /\{key\}\s*string\s+A label value, at most 64 characters\./);
  } finally {
    await page.close();
  }
});

test('every description of the operation can be read on its page', async () => {
  for (const [name, method, p] of [
    ['create', 'POST', '/notes'],
    ['list', 'GET', '/notes'],
  ]) {
    const page = await open(name);
    try {
      const text = squash(await readEverything(page));
      const missing = operationDescriptions(TEXT_SPEC, method, p).filter((d) => !text.includes(markdownText(d.text)));
      assert.deepEqual(
        missing.map((d) => `${d.where}: ${d.text}`),
        [],
        name,
      );
      const leftOut = walkDescriptions(TEXT_SPEC, method, p).filter((d) => d.leftOut && text.includes(markdownText(d.text)));
      assert.deepEqual(
        leftOut.map((d) => `${d.where}: ${d.text}`),
        [],
        `${name}: shown though the format leaves it out`,
      );
    } finally {
      await page.close();
    }
  }
});
