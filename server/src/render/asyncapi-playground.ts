// The WebSocket playground of an AsyncAPI channel page (api-playground/websocket-playground.mdx):
// markup only, as api-playground.ts is for HTTP. `show` is a form that media/playground.js connects
// to one of the spec's ws/wss servers at the channel's address, sends the text area's message
// through and logs what was sent and received, in order; `simple` shows the address; `hide`, nothing.
// Where it may connect is in reserved attributes (the declared servers, their variables resolved to
// defaults), which page content cannot carry; there is no field for another host. Credentials: an
// `httpApiKey` in the query gets the HTTP playground's key field (never in markup beyond
// `api.auth.inputPrefix`, autocomplete off); a browser's WebSocket sends no headers, so other
// schemes get a note. The messages offered are those the application receives (3.0 `receive`, 2.x
// `publish`): what a reader sends it.
import type { Element, ElementContent, Properties } from 'hast';
import type { AsyncapiChannel, AsyncapiMessage, AsyncapiModel, AsyncapiSecurity, AsyncapiServer } from '../asyncapi/schema';
import { readAsyncapiRef } from '../asyncapi/load';
import type { PageDocument } from '../pages/parse';
import type { SiteModel } from '../site/model';
import type { PlaygroundMode } from '../openapi/endpoint';
import { trimTrailingSlashes } from '../util/paths';
import { exampleOf } from './api-examples';
import { el } from './components';
import { cleanHtml, own, sanitizeTree } from './sanitize';
import type { RenderedPage } from './page';
import { API_SCHEMA, playgroundMode } from './api-page';

const text = (value: string): ElementContent => ({ type: 'text', value });

/** Characters of a message example put in the text area at most. */
const MAX_EXAMPLE_CHARS = 20_000;
/** Messages the message picker offers at most. */
const MAX_MESSAGES = 50;

/** A server the playground may connect to: its id and URL with variables resolved. */
export interface WsServer {
  id: string;
  url: string;
  security: AsyncapiSecurity[];
}

const WS_URL = /^wss?:\/\/[^/?#\s{}]+/i;

/** A server's URL with its variables given their default (else first allowed value); undefined when one has neither. */
function resolvedUrl(server: AsyncapiServer): string | undefined {
  let url = server.url;
  for (const v of server.variables ?? []) {
    const value = v.default ?? v.enum?.[0];
    if (value === undefined) continue;
    url = url.split(`{${v.name}}`).join(value);
  }
  return url.includes('{') ? undefined : url;
}

/** The channel's ws/wss servers the playground offers, in the file's order. */
export function wsServers(channel: AsyncapiChannel): WsServer[] {
  const out: WsServer[] = [];
  for (const s of channel.servers) {
    const protocol = (s.protocol ?? '').toLowerCase();
    const url = resolvedUrl(s);
    if ((protocol !== 'ws' && protocol !== 'wss') || !url || !WS_URL.test(url) || out.some((o) => o.url === trimTrailingSlashes(url))) continue;
    out.push({ id: s.id, url: trimTrailingSlashes(url), security: s.security ?? [] });
  }
  return out;
}

/** The channel's address as a path below a server URL (`/` first; none: the server's URL itself). */
export function channelPath(channel: AsyncapiChannel): string {
  const address = channel.address ?? '';
  return address === '' || address.startsWith('/') ? address : `/${address}`;
}

/** The messages a reader may send on the channel: those of its receive (3.0) or publish (2.x) operations, else all when it has no operations. */
export function sendableMessages(model: AsyncapiModel, channel: AsyncapiChannel): AsyncapiMessage[] {
  const ops = model.operations.filter((o) => o.channels.includes(channel.id));
  if (!ops.length) return channel.messages.slice(0, MAX_MESSAGES);
  const ids = new Set(ops.filter((o) => o.action === 'receive' || o.action === 'publish').flatMap((o) => o.messages));
  return channel.messages.filter((m) => ids.has(m.id)).slice(0, MAX_MESSAGES);
}

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A message's text to send: its first example, else its payload schema's example or one made from its type; a string as it is, else JSON. */
export function messageExample(m: AsyncapiMessage): string {
  let payload = isSchema(m.payload) ? m.payload : undefined;
  // A payload written as `{ schema: ... }` (as the format's own docs write it).
  if (payload && payload.type === undefined && payload.properties === undefined && isSchema(payload.schema)) payload = payload.schema;
  const value = m.examples.length ? m.examples[0].payload : payload ? exampleOf({}, payload) : undefined;
  if (value === undefined) return '';
  let out: string | undefined;
  try {
    out = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  } catch {
    // A cyclic value (a resolved $ref may be).
    return '';
  }
  return out !== undefined && out.length <= MAX_EXAMPLE_CHARS ? out : '';
}

/** The channel an `asyncapi:` front matter value names among the site's AsyncAPI files. */
export function pageChannel(doc: PageDocument, model: SiteModel): { model: AsyncapiModel; channel: AsyncapiChannel } | undefined {
  const value = doc.frontmatter.data.asyncapi;
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const ref = readAsyncapiRef(value);
  const files = model.asyncapiSpecs ?? [];
  const bare = (rel: string) => rel.replace(/\.(ya?ml|json)$/i, '');
  const named = ref.file?.replace(/^\/+/, '');
  const candidates =
    named === undefined ? files : [files.find((f) => f.rel === named) ?? files.find((f) => bare(f.rel) === bare(named))].filter((f) => f !== undefined);
  for (const file of candidates) {
    const channel = file.model?.channels.find((c) => c.id === ref.channel);
    if (channel && file.model) return { model: file.model, channel };
  }
  return undefined;
}

/** `simple`: the address to connect to (the first server's), nothing to fill in. */
export function wsEndpointBar(servers: WsServer[], path: string, mode: PlaygroundMode): Element {
  const url = servers[0].url;
  return el('div', { className: ['dw-api-endpoint', 'dw-ws-endpoint'], dataPlaygroundMode: mode }, [
    el('span', { className: ['dw-method', 'dw-method-ws'] }, [text(url.slice(0, url.indexOf(':')).toUpperCase())]),
    el('code', { className: ['dw-api-url'] }, [
      el('span', { className: ['dw-api-base'] }, [text(url)]),
      el('span', { className: ['dw-api-path'] }, [text(path)]),
    ]),
  ]);
}

function row(id: string, label: string, control: Element, opts: { location?: string; hint?: string } = {}): Element {
  return el('div', { className: ['dw-pg-field'] }, [
    el('label', { className: ['dw-pg-label'], htmlFor: [id] }, [
      el('code', {}, [text(label)]),
      ...(opts.location ? [el('span', { className: ['dw-badge', 'dw-field-location'] }, [text(opts.location)])] : []),
    ]),
    control,
    ...(opts.hint ? [el('span', { className: ['dw-pg-hint'] }, [text(opts.hint)])] : []),
  ]);
}

function group(title: string, rows: Element[]): Element[] {
  return rows.length ? [el('div', { className: ['dw-pg-group'] }, [el('div', { className: ['dw-pg-group-title'] }, [text(title)]), ...rows])] : [];
}

const input = (id: string, props: Properties, reserved: Properties): Element =>
  own(el('input', { id, type: 'text', className: ['dw-pg-input'], autoComplete: ['off'], spellCheck: 'false', ...props }), reserved);

/** What a scheme a browser's WebSocket cannot send is called in the note. */
function schemeLabel(s: AsyncapiSecurity): string {
  return [s.type, s.scheme, s.name && s.in ? `${s.name} in ${s.in}` : s.name].filter(Boolean).join(' ');
}

/** Key fields for query API keys of any offered server; a note for the schemes a browser cannot send. */
function authRows(servers: WsServer[], next: () => string, inputPrefix: string | undefined): { rows: Element[]; notes: string[] } {
  const rows: Element[] = [];
  const notes: string[] = [];
  const keys = new Set<string>();
  for (const s of servers.flatMap((x) => x.security)) {
    if (s.type === 'httpApiKey' && s.in === 'query' && s.name) {
      if (keys.has(s.name)) continue;
      keys.add(s.name);
      const id = next();
      rows.push(
        row(id, s.name, input(id, { type: 'password', value: inputPrefix, placeholder: '<api-key>' }, { dataDwWsField: 'auth:key', dataDwWsName: s.name }), {
          location: 'query',
          hint: 'Added to the URL when filled in; kept only while the page is open.',
        }),
      );
    } else {
      const label = schemeLabel(s);
      if (!notes.includes(label)) notes.push(label);
    }
  }
  return { rows, notes };
}

function paramRows(channel: AsyncapiChannel, path: string, next: () => string): Element[] {
  return channel.parameters
    .filter((p) => path.includes(`{${p.name}}`))
    .map((p) => {
      const id = next();
      const schema = isSchema(p.schema) ? p.schema : {};
      const values = Array.isArray(schema.enum) ? schema.enum.filter((v) => ['string', 'number', 'boolean'].includes(typeof v)).map(String) : undefined;
      const def = ['string', 'number', 'boolean'].includes(typeof schema.default) ? String(schema.default) : undefined;
      const data: Properties = { dataDwWsField: 'param', dataDwWsName: p.name };
      const control = values?.length
        ? own(
            el(
              'select',
              { id, className: ['dw-pg-input'], required: true },
              values.map((v, i) => el('option', { value: v, selected: def === undefined ? i === 0 : v === def }, [text(v)])),
            ),
            data,
          )
        : input(id, { required: true, placeholder: p.name, value: def }, data);
      return row(id, p.name, control, { location: 'path' });
    });
}

/** `show`: the form media/playground.js drives. */
export function wsPlayground(model: AsyncapiModel, channel: AsyncapiChannel, servers: WsServer[], options: { inputPrefix?: string } = {}): Element {
  let n = 0;
  const next = () => `dw-ws-${++n}`;
  const path = channelPath(channel);
  const urls = servers.map((s) => s.url);
  const server =
    servers.length > 1
      ? own(
          el(
            'select',
            { className: ['dw-pg-base'], ariaLabel: 'Server' },
            servers.map((s, i) => el('option', { value: s.url, selected: i === 0 }, [text(`${s.id}: ${s.url}`)])),
          ),
          { dataDwWsField: 'server' },
        )
      : el('span', { className: ['dw-pg-base'] }, [text(servers[0].url)]);
  const messages = sendableMessages(model, channel);
  const examples = messages.map(messageExample);
  const first = examples[0] ?? '';
  const picker = messages.length > 1;
  const messageRows: Element[] = [];
  if (picker) {
    const id = next();
    messageRows.push(
      row(
        id,
        'Message',
        own(
          el(
            'select',
            { id, className: ['dw-pg-input'] },
            messages.map((m, i) => own(el('option', { value: m.id, selected: i === 0 }, [text(m.title ?? m.name ?? m.id)]), { dataDwWsExample: examples[i] })),
          ),
          { dataDwWsField: 'message' },
        ),
      ),
    );
  }
  const bodyId = next();
  messageRows.push(
    row(
      bodyId,
      picker ? 'Payload' : (messages[0]?.title ?? messages[0]?.name ?? messages[0]?.id ?? 'Message'),
      own(
        el('textarea', { id: bodyId, className: ['dw-pg-body'], rows: Math.min(12, Math.max(3, first.split('\n').length + 1)), spellCheck: 'false' }, [
          text(first),
        ]),
        { dataDwWsField: 'body' },
      ),
    ),
  );
  const auth = authRows(servers, next, options.inputPrefix);
  const notes = auth.notes.map((label) =>
    el('p', { className: ['dw-pg-hint', 'dw-ws-note'] }, [
      text(`The server asks for ${label}, which a browser's WebSocket cannot send: the playground connects without it.`),
    ]),
  );
  return own(
    el('div', { className: ['dw-playground', 'dw-ws-playground'] }, [
      el('div', { className: ['dw-pg-bar'] }, [
        el('span', { className: ['dw-method', 'dw-method-ws'] }, [text('WS')]),
        server,
        el('code', { className: ['dw-pg-path'] }, [text(path)]),
        own(el('button', { type: 'button', className: ['dw-pg-send'] }, [text('Connect')]), { dataDwWsConnect: '' }),
      ]),
      el('div', { className: ['dw-pg-fields'] }, [
        ...group('Authorization', auth.rows),
        ...notes,
        ...group('Parameters', paramRows(channel, path, next)),
        ...group('Message', messageRows),
        el('div', { className: ['dw-ws-actions'] }, [
          own(el('button', { type: 'button', className: ['dw-pg-send'], disabled: true }, [text('Send')]), { dataDwWsSend: '' }),
        ]),
      ]),
      el('div', { className: ['dw-pg-response'], ariaLive: 'polite' }, [
        own(el('div', { className: ['dw-pg-status'] }, [text('Not connected')]), { dataDwWsStatus: '' }),
        own(el('ol', { className: ['dw-ws-log'] }, []), { dataDwWsLog: '' }),
      ]),
    ]),
    {
      dataDwWsPlayground: JSON.stringify([channel.id, path, urls]),
      dataDwWsServers: JSON.stringify(urls),
      dataDwWsPath: path,
    },
  );
}

/** The playground of a channel page by its mode, or undefined when it shows none (hide, or no ws/wss server). */
export function channelPlayground(
  model: AsyncapiModel,
  channel: AsyncapiChannel,
  mode: PlaygroundMode,
  options: { inputPrefix?: string } = {},
): Element | undefined {
  const servers = wsServers(channel);
  if (mode === 'hide' || !servers.length) return undefined;
  return mode === 'simple' ? wsEndpointBar(servers, channelPath(channel), mode) : wsPlayground(model, channel, servers, options);
}

/** The page with the playground of the channel its `asyncapi:` front matter names above its content. */
export function withChannelPlayground(page: RenderedPage, input: { doc: PageDocument; model: SiteModel }): RenderedPage {
  const found = pageChannel(input.doc, input.model);
  const mode = found ? playgroundMode(input.doc, input.model) : 'hide';
  const top = found && channelPlayground(found.model, found.channel, mode, { inputPrefix: input.model.api?.auth?.inputPrefix });
  if (!top) return page;
  const html = cleanHtml(sanitizeTree({ type: 'root', children: [el('div', { className: ['dw-api-top'] }, [top])] }, API_SCHEMA));
  return { ...page, html: html + page.html };
}
