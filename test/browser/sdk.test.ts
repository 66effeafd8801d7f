// The pages generated from a tab's `sdk` artifact (TypeDoc) as a reader sees them in headless
// Chromium: a class page's title, description, declaration and members (a method's parameter with
// its type, requirement and description, its return value), a deprecated property's reason, a
// type link that leads to the linked symbol's page, and a guide page with `sdk` front matter
// showing its own text before the symbol's reference.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sdkExportSite } from '../sdk-site';
import { exportedSite } from './browser';

let site: Awaited<ReturnType<typeof exportedSite>> | undefined;

before(async () => {
  site = await exportedSite(sdkExportSite(), 'sdk');
});

after(async () => {
  await site?.close();
});

test('a class page: description, declaration, members, and a type link to another symbol page', async () => {
  const page = await site!.open('sdk-reference/classes/client');
  try {
    assert.equal(await page.locator('h1').innerText(), 'Client');
    assert.equal(await page.locator('.dw-description').innerText(), 'Calls the Acme API.');
    const headings = await page.locator('h2, h3').allInnerTexts();
    assert.deepEqual(
      headings.filter((h) => !/^(Parameters|Returns)$/.test(h)),
      ['Constructors', 'constructor', 'Properties', 'baseUrl', 'Methods', 'getUser'],
    );
    const fields = await page.locator('.dw-param-field').allInnerTexts();
    assert.match(fields[0], /^apiKey\s+string\s+required\s+Your API key\./);
    assert.match(fields[1], /^id\s+UserId\s+required\s+The user id\.\s+Type: UserId/);
    assert.match(await page.locator('.dw-response-field').last().innerText(), /Promise<User \| null>\s+The user, or null when none has this id\.\s+Type: User/);
    assert.match(await page.locator('article.dw-content').innerText(), /Deprecated: Set it in the constructor\./);
    const link = page.locator('.dw-param-field', { hasText: 'The user id.' }).getByRole('link', { name: 'UserId' });
    await Promise.all([page.waitForURL(/\/sdk-reference\/type-aliases\/user-id\.html$/), link.click()]);
    assert.equal(await page.locator('h1').innerText(), 'UserId');
    assert.match(await page.locator('article.dw-content').innerText(), /type UserId = string/);
  } finally {
    await page.close();
  }
});

test('a page with sdk front matter shows its own text, then the method reference', async () => {
  const page = await site!.open('guides/get-user');
  try {
    assert.equal(await page.locator('h1').innerText(), 'Get a user');
    const text = await page.locator('article.dw-content').innerText();
    const own = text.indexOf('Call it once per request.');
    const ref = text.indexOf('Fetches one user.');
    assert.ok(own >= 0 && ref > own, text);
    assert.match(await page.locator('.dw-param-field').first().innerText(), /^id\s+UserId\s+required\s+The user id\./);
  } finally {
    await page.close();
  }
});
