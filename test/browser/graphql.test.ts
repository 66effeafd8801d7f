// The pages generated from a tab's GraphQL schema as a reader sees them in headless Chromium: an
// operation page's arguments (name, type, required, deprecated with its reason), its return type
// and the example operation beside the page; a type page's fields with their types and
// descriptions; and a type link that leads to the type's page.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { graphqlSite, SCHEMA } from '../graphql-site';
import { exportedSite } from './browser';

let site: Awaited<ReturnType<typeof exportedSite>> | undefined;

before(async () => {
  site = await exportedSite(graphqlSite(SCHEMA), 'graphql');
});

after(async () => {
  await site?.close();
});

test('an operation page: arguments, deprecation, return type, and the example operation and response beside the page', async () => {
  const page = await site!.open('graphql-reference/queries/organization');
  try {
    assert.equal(await page.locator('h1').innerText(), 'organization');
    const fields = await page.locator('.dw-api-main .dw-param-field').allInnerTexts();
    assert.equal(fields.length, 2);
    assert.match(fields[0], /^id\s+ID!\s+required/);
    assert.match(fields[1], /^legacyId\s+Int\s+deprecated\s+Deprecated: Ids are strings now\./);
    const returns = await page.locator('.dw-api-main .dw-response-field').innerText();
    assert.match(returns, /^Organization\s+Organization\s+A group of people who work together\.\s+Type: Organization/);
    // The examples sit in the column to the right of the reference.
    const main = (await page.locator('.dw-api-main').boundingBox())!;
    const side = (await page.locator('.dw-api-examples').boundingBox())!;
    assert.ok(side.x >= main.x + main.width - 1, `examples at x=${side.x}, reference ends at ${main.x + main.width}`);
    const request = await page.locator('.dw-api-examples').innerText();
    assert.match(request, /query Organization\(\$id: ID!\) \{\s+organization\(id: \$id\) \{\s+id\s+name/);
  } finally {
    await page.close();
  }
});

test('a type page shows its fields with types and descriptions, and a type link leads to the type page', async () => {
  const page = await site!.open('graphql-reference/types/organization');
  try {
    assert.equal(await page.locator('h1').innerText(), 'Organization');
    assert.equal(await page.locator('.dw-description').innerText(), 'A group of people who work together.');
    const fields = await page.locator('.dw-response-field').allInnerTexts();
    assert.deepEqual(
      fields.map((f) => f.split('\n')[0].trim()),
      ['id', 'name', 'login', 'members'],
    );
    assert.match(fields[1], /name\s+String!\s+The display name\./);
    assert.match(fields[2], /login\s+String!\s+deprecated\s+Deprecated: Use name\./);
    assert.match(fields[3], /members\s+\[User!\]!\s+Type: User\s+Arguments:\s+first: Int = 10\s+role: Role \(Role\)/);
    const link = page.locator('.dw-response-field', { hasText: 'members' }).getByRole('link', { name: 'User' });
    assert.ok(await link.isVisible());
    await Promise.all([page.waitForURL(/\/graphql-reference\/types\/user\.html$/), link.click()]);
    assert.equal(await page.locator('h1').innerText(), 'User');
    assert.match(await page.locator('.dw-response-field', { hasText: 'organization' }).innerText(), /organization\s+Organization\s+Type: Organization/);
  } finally {
    await page.close();
  }
});
