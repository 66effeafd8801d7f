// The labels of API pages generated from OpenAPI as a reader reads them in headless Chromium
// (innerText of the exported page's reference, after opening each Expandable): the authorization
// field's head in the format's order, the published section titles, enum type labels, schema
// examples (an object's on its own indented lines), and readOnly/writeOnly properties left out of
// the request/response. test/unit/openapi-labels.test.ts checks the exported HTML's text.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { labelsSite } from '../api-labels';
import { exportedSite } from './browser';

let site: Awaited<ReturnType<typeof exportedSite>> | undefined;

before(async () => {
  site = await exportedSite(labelsSite(), 'api-labels');
});

after(async () => {
  await site?.close();
});

const open = (name: string): Promise<Page> => site!.open(name);

/** The reference's innerText once every Expandable a reader can see is open. */
async function readReference(page: Page): Promise<string> {
  for (;;) {
    let summary;
    for (const s of await page.locator('.dw-api-reference details:not([open]) > summary').all())
      if (await s.isVisible()) {
        summary = s;
        break;
      }
    if (!summary) return page.locator('.dw-api-reference').innerText();
    await summary.click();
  }
}

test('GET page: Authorization string header required, the published section titles, enum<integer>, examples', async () => {
  const page = await open('get');
  try {
    const text = await readReference(page);
    assert.match(text, /Authorizations\s+Authorization\s+string\s+header\s+required\s+A workspace token\./);
    assert.deepEqual(await page.locator('.dw-api-reference h2').allInnerTexts(), [
      'Authorizations',
      'Path Parameters',
      'Query Parameters',
      'Headers',
      'Cookies',
      'Response',
    ]);
    assert.match(text, /noteId\s+string\s+required\s+The note to read\.\s+Example: "note_8f2k"/);
    assert.match(text, /since\s+string\s+Date in ISO 8601 format\s+Example: "2024-01-01"/);
    assert.match(text, /order\s+enum<integer>\s+Sort order\.\s+Available options: 1, -1/);
    assert.match(text, /Acme-Version\s+string\s+The API version\.\s+Example: "2025-01-15"/);
    assert.doesNotMatch(text, /Example: 7/, "a parameter's own example is not its schema's");
    // The response shows what the server returns: readOnly yes, writeOnly no.
    assert.match(text, /id\s+string\s+Given by the server\./);
    assert.doesNotMatch(text, /password|Locks the note/);
  } finally {
    await page.close();
  }
});

test('POST page: enum<string> and enum<string>[] labels, an object example on indented lines, readOnly properties not in the body', async () => {
  const page = await open('create');
  try {
    const text = await readReference(page);
    const body = text.slice(text.indexOf('Body'), text.indexOf('Response'));
    assert.ok(body.length > 0, 'a Body section before the Response');
    assert.match(body, /status\s+enum<string>\s+Where the note is\.\s+Available options: draft, published/);
    assert.match(body, /labels\s+enum<string>\[\]\s+Labels of the note\./);
    assert.match(body, /weight\s+enum<number>/);
    assert.match(body, /meta\s+object\s+Free-form metadata\.\s+Example:\n+\{\n {2}"source": "import",\n {2}"pages": \[\n {4}1,\n {4}2\n {2}\]\n\}/);
    assert.doesNotMatch(body, /Given by the server|Set by the server|revision/, 'readOnly properties are not sent');
    assert.match(body, /password\s+string\s+Locks the note; never returned\./);
    assert.match(text.slice(text.indexOf('Response')), /revision\s+integer\s+Set by the server on each save\./);
  } finally {
    await page.close();
  }
});

test('POST page: the spec’s own code sample is the first request example a reader sees, the generated ones a tab away', async () => {
  const page = await open('create');
  try {
    const request = page.locator('[data-api-examples="request"]');
    assert.deepEqual(await request.locator('[role="tab"]').allInnerTexts(), ['TypeScript', 'cURL', 'JavaScript', 'Python']);
    const shown = request.locator('[role="tabpanel"]:visible');
    assert.equal(await shown.count(), 1);
    assert.match(await shown.innerText(), /TypeScript SDK\s+await acme\.notes\.create\(\{ title: "Groceries" \}\);/);
    await request.locator('[role="tab"]', { hasText: 'cURL' }).click();
    assert.equal(await shown.count(), 1);
    assert.match(await shown.innerText(), /curl --request POST/);
    assert.doesNotMatch(await shown.innerText(), /acme\.notes\.create/);
  } finally {
    await page.close();
  }
});
