// The channel pages generated from an AsyncAPI file as a reader sees them in headless Chromium: the
// channel's title, description and address, its operations, each message's payload fields with
// their types and descriptions, a nested object's fields revealed by its toggle, and a page with
// `asyncapi:` front matter showing its own words and then the channel.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ASYNCAPI_3 } from '../asyncapi-site';
import { exportedSite } from './browser';
import { page as pageText } from '../../server/src/rules/examples';

let site: Awaited<ReturnType<typeof exportedSite>> | undefined;

// NoteChanged's payload gets an author object, whose fields sit behind a toggle.
const SPEC = ASYNCAPI_3.replace(
  '          text:\n            type: string\n',
  '          text:\n            type: string\n          author:\n            type: object\n            description: Who made the change.\n            properties:\n              name:\n                type: string\n                description: Their display name.\n',
);

before(async () => {
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0B6E4F' },
    navigation: {
      tabs: [
        { tab: 'Guides', pages: ['index', 'socket'] },
        { tab: 'Events', asyncapi: 'asyncapi.yaml' },
      ],
    },
  };
  site = await exportedSite(
    {
      'docs.json': JSON.stringify(docs, null, 2),
      'index.mdx': pageText('Home'),
      'socket.mdx':
        '---\ntitle: "Live notes"\ndescription: "Hear about every change."\nasyncapi: "/asyncapi.yaml noteUpdates"\n---\n\nOpen the socket first.\n',
      'asyncapi.yaml': SPEC,
    },
    'asyncapi',
  );
});

after(async () => {
  await site?.close();
});

test('a channel page: title, description, address, operations and payload fields, a nested object behind its toggle', async () => {
  const page = await site!.open('api-reference/note-updates');
  try {
    assert.equal(await page.locator('h1').innerText(), 'Note updates');
    assert.equal(await page.locator('.dw-description').innerText(), 'Every change to a note.');
    assert.match(await page.locator('.dw-codeblock', { hasText: 'Address' }).innerText(), /\/notes/);
    const body = await page.locator('#content').innerText();
    assert.match(body, /receive\s+receiveNote\s+\(NoteChanged\)/);
    assert.match(body, /send\s+sendPing\s+\(Ping\)/);
    const fields = page.locator('.dw-response-field');
    assert.match(await fields.filter({ hasText: /^id/ }).first().innerText(), /^id\s+string\s+required\s+The note’s id\./);
    const author = fields.filter({ hasText: 'Who made the change.' }).first();
    assert.match(await author.innerText(), /^author\s+object\s+Who made the change\./);
    const nested = author.locator('.dw-response-field', { hasText: 'Their display name.' });
    assert.equal(await nested.isVisible(), false, 'the nested field waits behind its toggle');
    await author.getByText('properties').first().click();
    assert.ok(await nested.isVisible());
    assert.match(await nested.innerText(), /^name\s+string\s+Their display name\./);
  } finally {
    await page.close();
  }
});

test('a page with asyncapi front matter shows its own words, then the channel', async () => {
  const page = await site!.open('socket');
  try {
    assert.equal(await page.locator('h1').innerText(), 'Live notes');
    const body = await page.locator('#content').innerText();
    const own = body.indexOf('Open the socket first.');
    const field = body.indexOf('The note’s id.');
    assert.ok(own >= 0 && field > own, body);
  } finally {
    await page.close();
  }
});
