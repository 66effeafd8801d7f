// The WebSocket playground of an exported AsyncAPI channel page in headless Chromium, against a
// local echo server the spec declares: Connect, the prefilled example sent, the sent and echoed
// messages logged in order, a query API key put in the URL (and not shown), Disconnect closing the
// socket; a server the spec does not declare is never connected to, even when a select offers it.
import * as assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { WebSocketServer, type WebSocket } from 'ws';
import { ASYNCAPI_3 } from '../asyncapi-site';
import { exportedSite } from './browser';
import { page as pageText } from '../../server/src/rules/examples';

interface Upgrade {
  url: string;
  socket: WebSocket;
  closed: Promise<void>;
}

/** A WebSocket server on 127.0.0.1 that answers each text message with `echo:` and the text, and records each connection. */
async function echoServer(): Promise<{ port: number; connections: Upgrade[]; next(): Promise<Upgrade>; close(): Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const connections: Upgrade[] = [];
  const waiting: ((u: Upgrade) => void)[] = [];
  wss.on('connection', (socket, req) => {
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('message', (data, binary) => socket.send(binary ? data : `echo:${data.toString()}`));
    const u = { url: req.url ?? '', socket, closed };
    connections.push(u);
    waiting.shift()?.(u);
  });
  return {
    port: (wss.address() as AddressInfo).port,
    connections,
    next: () => new Promise<Upgrade>((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}

let echo: Awaited<ReturnType<typeof echoServer>>;
let stranger: Awaited<ReturnType<typeof echoServer>>;
let site: Awaited<ReturnType<typeof exportedSite>> | undefined;

const EXAMPLE = { id: 'n1', text: 'hello' };

before(async () => {
  echo = await echoServer();
  stranger = await echoServer();
  // The echo server first, a second declared server after it; NoteChanged (what the application receives) with an example.
  const spec = ASYNCAPI_3.replace(
    'channels:\n',
    `servers:\n  local:\n    host: 127.0.0.1:${echo.port}\n    protocol: ws\n    security:\n      - $ref: '#/components/securitySchemes/token'\n  backup:\n    host: 127.0.0.1:1\n    protocol: ws\nchannels:\n`,
  )
    .replace(
      '      description: A note was edited.\n',
      `      description: A note was edited.\n      examples:\n        - payload: ${JSON.stringify(EXAMPLE)}\n`,
    )
    .replace('components:\n', 'components:\n  securitySchemes:\n    token:\n      type: httpApiKey\n      name: token\n      in: query\n');
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0B6E4F' },
    navigation: {
      tabs: [
        { tab: 'Guides', pages: ['index'] },
        { tab: 'Events', asyncapi: 'asyncapi.yaml' },
      ],
    },
  };
  site = await exportedSite({ 'docs.json': JSON.stringify(docs, null, 2), 'index.mdx': pageText('Home'), 'asyncapi.yaml': spec }, 'ws-playground');
});

after(async () => {
  await site?.close();
  await echo?.close();
  await stranger?.close();
});

test('connect, send the prefilled example, see it and its echo in order, disconnect', async () => {
  const page = await site!.open('api-reference/note-updates');
  try {
    const pg = page.locator('.dw-ws-playground');
    const body = pg.locator('textarea');
    assert.equal(await body.inputValue(), JSON.stringify(EXAMPLE, null, 2), 'the text area holds the example of the message the application receives');
    const servers = await pg.locator('select.dw-pg-base option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    assert.deepEqual(servers, [`ws://127.0.0.1:${echo.port}`, 'ws://127.0.0.1:1']);
    assert.equal(await pg.locator('.dw-pg-bar input').count(), 0, 'no field for a URL of the reader’s own');
    const send = pg.getByRole('button', { name: 'Send' });
    assert.equal(await send.isDisabled(), true, 'nothing to send through before connecting');

    await pg.locator('input[type=password]').fill('s3cret');
    const upgrade = echo.next();
    await pg.getByRole('button', { name: 'Connect' }).click();
    const status = pg.locator('.dw-pg-status');
    await status.filter({ hasText: /^Connected to / }).waitFor();
    assert.equal(await status.innerText(), `Connected to ws://127.0.0.1:${echo.port}/notes`, 'the URL shown leaves the key out');
    const connection = await upgrade;
    assert.equal(connection.url, '/notes?token=s3cret', 'the query API key goes in the URL');

    await send.click();
    const entries = pg.locator('.dw-ws-entry');
    await entries.nth(1).waitFor();
    const log = await entries.evaluateAll((es) => es.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
    const sent = JSON.stringify(EXAMPLE, null, 2).replace(/\s+/g, ' ');
    assert.deepEqual(log, [`Sent ${sent}`, `Received echo:${sent}`]);
    assert.ok(await entries.nth(1).isVisible());

    await pg.getByRole('button', { name: 'Disconnect' }).click();
    await connection.closed;
    await status.filter({ hasText: /^Disconnected$/ }).waitFor();
    assert.equal(await send.isDisabled(), true);
    assert.equal(await pg.getByRole('button', { name: 'Connect' }).count(), 1);
    assert.equal(await entries.count(), 2, 'the log stays after disconnecting');
    const stored = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie }));
    assert.deepEqual(stored, { local: 0, session: 0, cookie: '' });
    assert.ok(!(await page.content()).includes('s3cret'), 'the key is nowhere in the document');
  } finally {
    await page.close();
  }
});

test('a page replaced as the preview replaces it on an edit keeps its connection, status and log', async () => {
  const page = await site!.open('api-reference/note-updates');
  try {
    const markup = await page.locator('#dw-app').innerHTML();
    const upgrade = echo.next();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('.dw-pg-status', { hasText: /^Connected to / }).waitFor();
    const connection = await upgrade;
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.dw-ws-entry').nth(1).waitFor();
    await page.locator('#dw-app').evaluate((app, html) => {
      app.innerHTML = html;
    }, markup);
    const pg = page.locator('.dw-ws-playground');
    await pg.locator('.dw-pg-status', { hasText: /^Connected to / }).waitFor();
    assert.equal(await pg.locator('.dw-ws-entry').count(), 2);
    const said = new Promise<string>((resolve) => connection.socket.once('message', (data) => resolve(data.toString())));
    await pg.locator('textarea').fill('again');
    await pg.getByRole('button', { name: 'Send' }).click();
    assert.equal(await said, 'again', 'the same socket sends from the new form');
    await pg.locator('.dw-ws-entry').nth(3).waitFor();
    assert.deepEqual(await pg.locator('.dw-ws-entry pre').evaluateAll((es) => es.slice(2).map((e) => e.textContent)), ['again', 'echo:again']);
    await pg.getByRole('button', { name: 'Disconnect' }).click();
    await connection.closed;
  } finally {
    await page.close();
  }
});

test('a server the spec does not declare is refused, even when the select offers it', async () => {
  const page = await site!.open('api-reference/note-updates');
  try {
    const pg = page.locator('.dw-ws-playground');
    const forged = `ws://127.0.0.1:${stranger.port}`;
    await pg.locator('select.dw-pg-base').evaluate((select, value) => {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = value;
      select.append(option);
      (select as HTMLSelectElement).value = value;
    }, forged);
    await pg.getByRole('button', { name: 'Connect' }).click();
    await pg.locator('.dw-pg-status', { hasText: 'Not one of the servers the AsyncAPI file declares' }).waitFor();
    assert.equal(await pg.getAttribute('data-dw-ws-state'), 'error');
    // A connection the page opened would have reached the server before an echo round trip does.
    const probe = echo.next();
    await pg.locator('select.dw-pg-base').selectOption(`ws://127.0.0.1:${echo.port}`);
    await pg.getByRole('button', { name: 'Connect' }).click();
    (await probe).socket.close();
    assert.equal(stranger.connections.length, 0);
  } finally {
    await page.close();
  }
});
