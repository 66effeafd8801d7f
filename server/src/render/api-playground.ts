// The playground of an API page: markup only. `show` is a form (base URL switcher, credentials,
// parameters, body) that media/playground.js sends with fetch and whose response it shows;
// `simple` shows the endpoint without interaction; `hide` shows nothing. Credentials are never
// put in the markup beyond `api.auth.inputPrefix`, and the inputs ask browsers not to remember them.
import type { Element, ElementContent, Properties } from 'hast';
import type { ApiParam, Endpoint } from '../openapi/endpoint';
import { deref } from '../openapi/operations';
import type { PlaygroundMode } from '../openapi/endpoint';
import { bodyExample, exampleOf } from './api-examples';
import { el } from './components';
import { trimTrailingSlashes } from '../util/paths';
import { own } from './sanitize';

const text = (value: string): ElementContent => ({ type: 'text', value });

export function methodBadge(method: string): Element {
  return el('span', { className: ['dw-method', `dw-method-${method.toLowerCase()}`] }, [text(method)]);
}

/** `simple`: the method, base URL and path, nothing to fill in. */
export function endpointBar(endpoint: Endpoint, mode: PlaygroundMode): Element {
  return el('div', { className: ['dw-api-endpoint'], dataPlaygroundMode: mode }, [
    methodBadge(endpoint.method),
    el('code', { className: ['dw-api-url'] }, [
      ...(endpoint.baseUrls[0] ? [el('span', { className: ['dw-api-base'] }, [text(trimTrailingSlashes(endpoint.baseUrls[0]))])] : []),
      el('span', { className: ['dw-api-path'] }, [text(endpoint.path)]),
    ]),
    ...(endpoint.deprecated ? [el('span', { className: ['dw-badge', 'dw-field-deprecated'] }, [text('deprecated')])] : []),
  ]);
}

interface Ids {
  next(): string;
}

function field(ids: Ids, label: string, control: (id: string) => Element, opts: { required?: boolean; hint?: string; location?: string } = {}): Element {
  const id = ids.next();
  return el('div', { className: ['dw-pg-field'] }, [
    el('label', { className: ['dw-pg-label'], htmlFor: [id] }, [
      el('code', {}, [text(label)]),
      ...(opts.location ? [el('span', { className: ['dw-badge', 'dw-field-location'] }, [text(opts.location)])] : []),
      ...(opts.required ? [el('span', { className: ['dw-badge', 'dw-field-required'] }, [text('required')])] : []),
    ]),
    control(id),
    ...(opts.hint ? [el('span', { className: ['dw-pg-hint'] }, [text(opts.hint)])] : []),
  ]);
}

function input(id: string, props: Properties, reserved: Properties): Element {
  return own(el('input', { id, type: 'text', className: ['dw-pg-input'], autoComplete: ['off'], spellCheck: 'false', ...props }), reserved);
}

function paramControl(endpoint: Endpoint, p: ApiParam) {
  return (id: string): Element => {
    const data: Properties = { dataDwPgField: 'param', dataDwPgIn: p.in, dataDwPgName: p.name };
    const schema = (deref(endpoint.document ?? {}, p.schema) ?? {}) as Record<string, unknown>;
    const values = Array.isArray(schema.enum)
      ? schema.enum.filter((v) => ['string', 'number', 'boolean'].includes(typeof v)).map(String)
      : schema.type === 'boolean'
        ? ['true', 'false']
        : undefined;
    const def = p.example !== undefined ? p.example : schema.default;
    if (values) {
      return own(
        el('select', { id, className: ['dw-pg-input'], required: p.required }, [
          el('option', { value: '', selected: def === undefined }, [text('')]),
          ...values.map((v) => el('option', { value: v, selected: def !== undefined && String(def) === v }, [text(v)])),
        ]),
        data,
      );
    }
    const example = exampleOf(endpoint.document ?? {}, p.schema);
    const placeholder = example === undefined || typeof example === 'object' || example === '<string>' ? p.name : String(example);
    return input(id, { required: p.required, placeholder, value: def === undefined || typeof def === 'object' ? undefined : String(def) }, data);
  };
}

function group(title: string, rows: Element[]): Element[] {
  return rows.length ? [el('div', { className: ['dw-pg-group'] }, [el('div', { className: ['dw-pg-group-title'] }, [text(title)]), ...rows])] : [];
}

function authRows(endpoint: Endpoint, ids: Ids): Element[] {
  const auth = endpoint.auth;
  if (!auth) return [];
  const prefix = auth.inputPrefix;
  if (auth.method === 'basic') {
    const [user, pass] = auth.name.split(':');
    return [
      field(ids, user || 'username', (id) => input(id, { value: prefix, placeholder: user || 'username' }, { dataDwPgField: 'auth:username' })),
      field(ids, pass || 'password', (id) => input(id, { type: 'password', placeholder: pass || 'password' }, { dataDwPgField: 'auth:password' })),
    ];
  }
  if (auth.method === 'bearer')
    return [
      field(ids, 'Bearer token', (id) => input(id, { type: 'password', value: prefix, placeholder: '<token>' }, { dataDwPgField: 'auth:token' }), {
        location: 'header',
      }),
    ];
  return [
    field(ids, auth.name, (id) => input(id, { type: 'password', value: prefix, placeholder: '<api-key>' }, { dataDwPgField: 'auth:key' }), {
      location: auth.in,
    }),
  ];
}

/**
 * `show`: the form. What media/playground.js reads is in reserved attributes (sanitize.ts `own`),
 * which page content cannot carry: the form's identity (what a reader typed is kept by it), the
 * base URLs requests may go to and whether cookies go with them.
 */
export function playground(endpoint: Endpoint, options: { credentials: boolean }): Element {
  let n = 0;
  const ids: Ids = { next: () => `dw-pg-${++n}` };
  const bases = endpoint.baseUrls;
  const base =
    bases.length > 1
      ? own(
          el(
            'select',
            { className: ['dw-pg-base'], ariaLabel: 'Base URL' },
            bases.map((b, i) => el('option', { value: b, selected: i === 0 }, [text(b)])),
          ),
          { dataDwPgField: 'base' },
        )
      : bases.length === 1
        ? el('span', { className: ['dw-pg-base'] }, [text(trimTrailingSlashes(bases[0]))])
        : input(
            'dw-pg-base',
            { className: ['dw-pg-base', 'dw-pg-input'], ariaLabel: 'Base URL', placeholder: 'https://api.example.com' },
            { dataDwPgField: 'base' },
          );
  const auth = endpoint.auth;
  const reserved: Properties = {
    dataDwPlayground: JSON.stringify([endpoint.method, endpoint.path, bases]),
    dataDwPgMethod: endpoint.method,
    dataDwPgPath: endpoint.path,
    dataDwPgBases: JSON.stringify(bases),
    dataDwPgCredentials: options.credentials ? 'include' : 'omit',
  };
  if (auth) Object.assign(reserved, { dataDwPgAuth: auth.method, dataDwPgAuthIn: auth.in, dataDwPgAuthName: auth.name });
  const byIn = (where: string) =>
    endpoint.params.filter((p) => p.in === where).map((p) => field(ids, p.name, paramControl(endpoint, p), { required: p.required }));
  const body = endpoint.body;
  const example = bodyExample(endpoint);
  const bodyText = example === undefined ? '' : typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  const bodyRows = body
    ? [
        field(ids, body.mediaType, (id) =>
          own(
            el('textarea', { id, className: ['dw-pg-body'], rows: Math.min(16, Math.max(4, bodyText.split('\n').length + 1)), spellCheck: 'false' }, [
              text(bodyText),
            ]),
            { dataDwPgField: 'body', dataDwPgMediaType: body.mediaType },
          ),
        ),
      ]
    : [];
  return own(
    el('div', { className: ['dw-playground'] }, [
      el('div', { className: ['dw-pg-bar'] }, [
        methodBadge(endpoint.method),
        base,
        el('code', { className: ['dw-pg-path'] }, [text(endpoint.path)]),
        own(el('button', { type: 'button', className: ['dw-pg-send'] }, [text('Send')]), { dataDwPgSend: '' }),
      ]),
      el('div', { className: ['dw-pg-fields'] }, [
        ...group('Authorization', authRows(endpoint, ids)),
        ...group('Path parameters', byIn('path')),
        ...group('Query parameters', byIn('query')),
        ...group('Headers', byIn('header')),
        ...group('Body', bodyRows),
      ]),
      own(
        el('div', { className: ['dw-pg-response'], hidden: true, ariaLive: 'polite' }, [
          own(el('div', { className: ['dw-pg-status'] }, []), { dataDwPgStatus: '' }),
          el('pre', { className: ['dw-pg-output'] }, [own(el('code', {}, []), { dataDwPgOutput: '' })]),
        ]),
        { dataDwPgResponse: '' },
      ),
    ]),
    reserved,
  );
}
