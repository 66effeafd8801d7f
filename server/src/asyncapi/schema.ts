// What the core knows of one AsyncAPI file (2.x or 3.0, YAML or JSON): the problems the format's
// parser (@asyncapi/parser) reports in it, located, and a plain model of its channels, operations
// and messages. The parser is a host service (AsyncapiReader): its bundle is loaded only when a
// site names an AsyncAPI file (node/asyncapi.ts), so the core holds only these shapes.
import type { Range } from '../types';

export interface AsyncapiProblem {
  message: string;
  range: Range;
  /** The parser's rule (`asyncapi-schema`, `invalid-ref`, ...). */
  code?: string;
  severity: 'error' | 'warning' | 'info' | 'hint';
}

export interface AsyncapiMessage {
  /** Its key in the channel (3.0) or its name/id (2.x). */
  id: string;
  name?: string;
  title?: string;
  summary?: string;
  description?: string;
  contentType?: string;
  /** The payload's JSON Schema as resolved by the parser (may share objects and hold cycles). */
  payload?: unknown;
  /** The message's `examples` (name and payload), as written. */
  examples: { name?: string; payload: unknown }[];
}

export interface AsyncapiChannel {
  /** Its key under `channels`: what `asyncapi: "<file> <channel>"` names. */
  id: string;
  address?: string;
  title?: string;
  summary?: string;
  description?: string;
  messages: AsyncapiMessage[];
  /** The parameters of its address (`{streetlightId}`), with their schema (2.x) or enum and default (3.0). */
  parameters: { name: string; description?: string; schema?: unknown }[];
  /** The servers it is on (all of the file's when it names none). */
  servers: AsyncapiServer[];
}

export interface AsyncapiServer {
  id: string;
  /** As the parser gives it: `wss://host/path`, variables (`{port}`) unresolved. */
  url: string;
  protocol?: string;
  /** The variables of its URL, with their default and allowed values. */
  variables?: { name: string; default?: string; enum?: string[] }[];
  /** The security schemes it names (any one of them is enough: `security` lists alternatives). */
  security?: AsyncapiSecurity[];
}

/** A security scheme as the file writes it (`httpApiKey` with `name` and `in`, `userPassword`, `http` with `scheme`...). */
export interface AsyncapiSecurity {
  type: string;
  name?: string;
  in?: string;
  scheme?: string;
  description?: string;
}

export interface AsyncapiOperation {
  id: string;
  /** send/receive (3.0), publish/subscribe (2.x). */
  action: string;
  title?: string;
  summary?: string;
  description?: string;
  /** Ids of its channels. */
  channels: string[];
  /** Ids of its messages. */
  messages: string[];
}

export interface AsyncapiModel {
  /** The `asyncapi` version the file declares. */
  version?: string;
  title?: string;
  description?: string;
  channels: AsyncapiChannel[];
  operations: AsyncapiOperation[];
}

export interface AsyncapiFileRead {
  problems: AsyncapiProblem[];
  /** Undefined when the parser could not build a document (errors). */
  model?: AsyncapiModel;
}

/** Reads one AsyncAPI text (the host's parser). Never fetches: references outside the file are problems. */
export type AsyncapiReader = (text: string) => Promise<AsyncapiFileRead>;

export const EMPTY_ASYNCAPI_MODEL: AsyncapiModel = { channels: [], operations: [] };
