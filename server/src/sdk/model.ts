// The one model of an SDK reference, whatever tool made the artifact (sdk-reference-setup.mdx):
// symbols of the format's kinds (SDK_SYMBOL_KINDS: class, interface, enum, function, type, variable,
// method, property) grouped under modules or namespaces, each with its signatures, parameters,
// return type, Markdown description, deprecation, members and the ids of the symbols it refers to.
// Converters (formats/<format>.ts) build it from untrusted artifacts: every list and text is bounded
// here (MAX_*), so a page built from it is too.
import type { Range } from '../types';

export const SDK_FORMATS = ['typedoc', 'docfx', 'javadoc', 'sphinx', 'phpdoc'] as const;
export type SdkFormat = (typeof SDK_FORMATS)[number];
export const SDK_SYMBOL_KINDS = ['class', 'interface', 'enum', 'function', 'type', 'variable', 'method', 'property'] as const;
export type SdkSymbolKind = (typeof SDK_SYMBOL_KINDS)[number];

/** Symbols one artifact gives at most (more are left out, with one problem). */
export const MAX_SYMBOLS = 20_000;
/** How deep a converter walks an artifact's nesting (modules in modules, types in types). */
export const MAX_DEPTH = 40;
/** Characters of a printed type or signature. */
export const MAX_TYPE_CHARS = 600;
/** Characters of a description. */
export const MAX_DESCRIPTION_CHARS = 8_000;

export interface SdkParam {
  name: string;
  type?: string;
  description?: string;
  optional?: boolean;
  defaultValue?: string;
  /** Ids of the symbols its type names. */
  refs: string[];
}

export interface SdkSignature {
  /** The declaration as the language writes it (`getUser(id: string): Promise<User>`). */
  text: string;
  params: SdkParam[];
  returns?: { type?: string; description?: string; refs: string[] };
  /** A description of this signature when it differs from the symbol's (overloads). */
  description?: string;
}

export interface SdkSymbol {
  /** Unique in the model. */
  id: string;
  kind: SdkSymbolKind;
  name: string;
  /** The qualified name (`Acme.Client`, `Client.getUser`). */
  fullName: string;
  /** The id of the enclosing class, interface, enum or type (members only). */
  parent?: string;
  /** Its navigation group: the module, namespace or package, or the tool's own grouping (none: `Reference`). */
  group?: string;
  /** The module, namespace or package it belongs to, when the artifact names one. */
  module?: string;
  signatures: SdkSignature[];
  /** The type of a property, variable or type alias. */
  type?: string;
  typeRefs?: string[];
  /** Markdown (converters turn their tool's markup into Markdown). */
  description?: string;
  /** Deprecated, with the reason when one is written. */
  deprecated?: { reason?: string };
  /** Ids of members (methods, properties, enum values), in the artifact's order. */
  members: string[];
  /** Ids of base classes and implemented interfaces. */
  bases: string[];
  /** Names of bases not in the artifact (`Error`, `System.Object`). */
  externalBases?: string[];
}

export interface SdkModel {
  symbols: SdkSymbol[];
  byId: ReadonlyMap<string, SdkSymbol>;
}

export interface SdkProblem {
  /** Site-relative path of the artifact file the problem is in (a folder artifact has many). */
  rel?: string;
  range?: Range;
  message: string;
}

export interface SdkRead {
  model: SdkModel;
  problems: SdkProblem[];
}

/** The texts of a folder artifact (site-relative path -> text), or of a one-file artifact. */
export type SdkInput = { kind: 'file'; rel: string; text: string } | { kind: 'folder'; rel: string; files: ReadonlyMap<string, string> };

/** Whether a symbol is a member shown on its parent's page rather than a page of its own. */
export const isMember = (s: SdkSymbol): boolean => s.parent !== undefined;

export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Builds a model from symbols (dropping those past MAX_SYMBOLS and member ids that name no symbol). */
export function sdkModel(symbols: SdkSymbol[], problems: SdkProblem[], rel?: string): SdkModel {
  if (symbols.length > MAX_SYMBOLS) {
    problems.push({ rel, message: `The artifact has ${symbols.length} symbols: only the first ${MAX_SYMBOLS} get pages.` });
    symbols = symbols.slice(0, MAX_SYMBOLS);
  }
  const byId = new Map<string, SdkSymbol>();
  for (const s of symbols) if (!byId.has(s.id)) byId.set(s.id, s);
  for (const s of byId.values()) {
    s.members = s.members.filter((m) => byId.has(m) && m !== s.id);
    s.bases = s.bases.filter((b) => byId.has(b) && b !== s.id);
    if (s.parent !== undefined && !byId.has(s.parent)) s.parent = undefined;
  }
  return { symbols: [...byId.values()], byId };
}

/** A Markdown link to a symbol by id (`sdk:<id>`), which the pages point at the symbol's page; the id is fully percent-encoded (parentheses too). */
export function sdkLink(label: string, id: string): string {
  return `[${label}](sdk:${encodeURIComponent(id).replace(/[()'*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)})`;
}
