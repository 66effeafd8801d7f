// The WebSocket playground's markup (render/asyncapi-playground.ts): which servers it may connect to,
// the message it prefills, the display modes (show, simple, hide; front matter over docs.json), and
// credentials never in the markup. Its behaviour in a browser: test/browser/ws-playground.test.ts.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import type { Element } from 'hast';
import type { AsyncapiChannel, AsyncapiModel } from '../../server/src/asyncapi/schema';
import { channelPlayground, sendableMessages, wsServers, withChannelPlayground } from '../../server/src/render/asyncapi-playground';
import type { RenderedPage } from '../../server/src/render/page';
import { parsePage } from '../../server/src/pages/parse';
import { siteApi } from '../../server/src/site/api-pages';
import { ASYNCAPI_3 } from '../asyncapi-site';
import { siteFrom } from '../helpers';
import { page } from '../../server/src/rules/examples';

const CHANNEL: AsyncapiChannel = {
  id: 'rooms',
  address: 'rooms/{room}',
  messages: [
    { id: 'Join', title: 'Join', examples: [{ payload: { room: 'lobby' } }] },
    { id: 'Say', payload: { type: 'object', properties: { text: { type: 'string', examples: ['hi'] } } }, examples: [] },
    { id: 'Joined', examples: [{ payload: 'welcome' }] },
  ],
  parameters: [{ name: 'room', schema: { type: 'string', default: 'lobby' } }],
  servers: [
    { id: 'broker', url: 'mqtt://broker.acme.dev/', protocol: 'mqtt' },
    {
      id: 'live',
      url: 'wss://{host}:{port}/v1/',
      protocol: 'wss',
      variables: [
        { name: 'host', default: 'live.acme.dev' },
        { name: 'port', enum: ['443', '8443'] },
      ],
      security: [{ type: 'httpApiKey', name: 'token', in: 'query' }, { type: 'userPassword' }],
    },
    { id: 'anywhere', url: 'wss://{host}/', protocol: 'wss', variables: [{ name: 'host' }] },
    { id: 'local', url: 'ws://localhost:8080', protocol: 'ws' },
  ],
};
const MODEL: AsyncapiModel = {
  channels: [CHANNEL],
  operations: [
    { id: 'join', action: 'receive', channels: ['rooms'], messages: ['Join', 'Say'] },
    { id: 'joined', action: 'send', channels: ['rooms'], messages: ['Joined'] },
  ],
};

const html = (e: Element | undefined) => (e ? toHtml(e) : '');
/** The reserved attributes own() keeps beside the element, as cleanHtml writes them. */
const reserved = (e: Element | undefined) => (e?.data as { docwrightAttributes?: Record<string, unknown> } | undefined)?.docwrightAttributes ?? {};

test('the servers offered: ws and wss only, variables given their default or first allowed value, one without a value left out', () => {
  assert.deepEqual(
    wsServers(CHANNEL).map((s) => [s.id, s.url]),
    [
      ['live', 'wss://live.acme.dev:443/v1'],
      ['local', 'ws://localhost:8080'],
    ],
  );
  const form = channelPlayground(MODEL, CHANNEL, 'show')!;
  assert.deepEqual(JSON.parse(String(reserved(form).dataDwWsServers)), ['wss://live.acme.dev:443/v1', 'ws://localhost:8080']);
  assert.equal(reserved(form).dataDwWsPath, '/rooms/{room}');
  const out = html(form);
  assert.match(
    out,
    /<select class="dw-pg-base" aria-label="Server"><option value="wss:\/\/live\.acme\.dev:443\/v1" selected>live: wss:\/\/live\.acme\.dev:443\/v1<\/option><option value="ws:\/\/localhost:8080">local: ws:\/\/localhost:8080<\/option><\/select>/,
  );
  assert.doesNotMatch(out, /mqtt|\{host\}/);
  assert.match(out, /<input id="[^"]+" type="text" class="dw-pg-input" autocomplete="off" spellcheck="false" required placeholder="room" value="lobby">/);
});

test('the messages offered are those the application receives, the first one’s example prefilled; each option carries its example', () => {
  assert.deepEqual(
    sendableMessages(MODEL, CHANNEL).map((m) => m.id),
    ['Join', 'Say'],
  );
  const form = channelPlayground(MODEL, CHANNEL, 'show')!;
  const out = html(form);
  assert.match(out, /<textarea[^>]*>\{\n {2}"room": "lobby"\n\}<\/textarea>/);
  assert.doesNotMatch(out, /welcome/, 'a message the application sends is not offered');
  const find = (e: Element, tag: string): Element[] => [
    ...(e.tagName === tag ? [e] : []),
    ...e.children.filter((c): c is Element => c.type === 'element').flatMap((c) => find(c, tag)),
  ];
  assert.deepEqual(
    find(form, 'option')
      .filter((o) => reserved(o).dataDwWsExample !== undefined)
      .map((o) => reserved(o).dataDwWsExample),
    [JSON.stringify({ room: 'lobby' }, null, 2), JSON.stringify({ text: 'hi' }, null, 2)],
  );
  // 2.x: clients publish what the application receives; what it sends, they subscribe to.
  const v2 = {
    channels: [CHANNEL],
    operations: [
      { id: 'subscribe', action: 'subscribe', channels: ['rooms'], messages: ['Joined'] },
      { id: 'publish', action: 'publish', channels: ['rooms'], messages: ['Say'] },
    ],
  };
  assert.deepEqual(
    sendableMessages(v2, CHANNEL).map((m) => m.id),
    ['Say'],
  );
  // A channel with no operations offers all of its messages.
  assert.deepEqual(
    sendableMessages({ channels: [CHANNEL], operations: [] }, CHANNEL).map((m) => m.id),
    ['Join', 'Say', 'Joined'],
  );
});

test('credentials: a query API key field, empty, password-typed, not remembered; other schemes a note; the prefix alone in the markup', () => {
  const out = html(channelPlayground(MODEL, CHANNEL, 'show'));
  const keys = [...out.matchAll(/<input [^>]*type="password"[^>]*>/g)].map((m) => m[0]);
  assert.equal(keys.length, 1);
  assert.match(keys[0], /autocomplete="off"/);
  assert.doesNotMatch(keys[0], /value=/);
  assert.match(out, /The server asks for userPassword, which a browser's WebSocket cannot send/);
  const prefixed = html(channelPlayground(MODEL, CHANNEL, 'show', { inputPrefix: 'key_' }));
  assert.deepEqual(
    [...prefixed.matchAll(/<input [^>]*type="password"[^>]*>/g)].map((m) => /value="([^"]*)"/.exec(m[0])?.[1]),
    ['key_'],
  );
});

test('modes: simple shows the first server’s address only; hide and a channel with no ws/wss server show nothing', () => {
  const simple = html(channelPlayground(MODEL, CHANNEL, 'simple'));
  assert.match(simple, /wss:\/\/live\.acme\.dev:443\/v1<\/span><span class="dw-api-path">\/rooms\/\{room\}<\/span>/);
  assert.doesNotMatch(simple, /<(input|textarea|select|button)/);
  assert.equal(reserved(channelPlayground(MODEL, CHANNEL, 'simple')).dataDwWsPlayground, undefined);
  assert.equal(channelPlayground(MODEL, CHANNEL, 'hide'), undefined);
  const mqtt = { ...CHANNEL, servers: CHANNEL.servers.slice(0, 1) };
  assert.equal(channelPlayground(MODEL, mqtt, 'show'), undefined);
});

test('a channel page of a site: the mode from front matter over docs.json, for generated pages and pages with asyncapi front matter', async () => {
  const spec = ASYNCAPI_3.replace('channels:\n', 'servers:\n  live:\n    host: live.acme.dev\n    protocol: wss\nchannels:\n');
  const docs = (display?: string) =>
    JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0B6E4F' },
      ...(display ? { api: { playground: { display } } } : {}),
      navigation: {
        tabs: [
          { tab: 'Guides', pages: ['index'] },
          { tab: 'Events', asyncapi: 'asyncapi.yaml' },
        ],
      },
    });
  const shown = async (display: string | undefined, front: string) => {
    const { site } = await siteFrom({ 'docs.json': docs(display), 'index.mdx': page('Home'), 'asyncapi.yaml': spec });
    const model = siteApi(site).model;
    const doc = parsePage('/site/socket.mdx', `---\ntitle: Socket\n${front}---\n\nOwn words.\n`);
    const out = withChannelPlayground({ html: '<p>Own words.</p>', toc: [] } as unknown as RenderedPage, { doc, model }).html;
    return out.includes('data-dw-ws-playground') ? 'show' : out.includes('dw-ws-endpoint') ? 'simple' : 'hide';
  };
  assert.equal(await shown(undefined, 'asyncapi: "/asyncapi.yaml noteUpdates"\n'), 'show');
  assert.equal(await shown(undefined, 'asyncapi: "asyncapi noteUpdates"\n'), 'show', 'the file named without its extension');
  assert.equal(await shown('simple', 'asyncapi: "/asyncapi.yaml noteUpdates"\n'), 'simple');
  assert.equal(await shown('none', 'asyncapi: "/asyncapi.yaml noteUpdates"\n'), 'hide');
  assert.equal(await shown('none', 'asyncapi: "/asyncapi.yaml noteUpdates"\nplayground: interactive\n'), 'show');
  assert.equal(await shown(undefined, 'asyncapi: "/asyncapi.yaml noteUpdates"\nplayground: simple\n'), 'simple');
  assert.equal(await shown(undefined, 'asyncapi: "/asyncapi.yaml nothing"\n'), 'hide', 'a channel the file lacks');
  const { site } = await siteFrom({ 'docs.json': docs('simple'), 'index.mdx': page('Home'), 'asyncapi.yaml': spec });
  const api = siteApi(site);
  const generated = api.doc(api.pages.get('api-reference/note-updates')!.rel)!;
  const out = withChannelPlayground({ html: '', toc: [] } as unknown as RenderedPage, { doc: generated, model: api.model }).html;
  assert.match(out, /<code class="dw-api-url"><span class="dw-api-base">wss:\/\/live\.acme\.dev<\/span><span class="dw-api-path">\/notes<\/span><\/code>/);
});
