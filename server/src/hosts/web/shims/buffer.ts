// The `Buffer` global of the core bundle (esbuild inject): Node's own where there is one (the Node
// hosts load the same bundle), else the one question the core's libraries ask of it in a web worker
// (json-schema-ref-parser's parsers: is this file's content a Buffer? Never: the worker reads text).
const web = { isBuffer: (_value: unknown): boolean => false };

export const Buffer: typeof web = typeof globalThis.Buffer === 'function' ? globalThis.Buffer : web;
