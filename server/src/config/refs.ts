// `"$ref"` in a current-format config: a value is loaded from another JSON file (relative to the file
// that names it). When the reference is an object, the keys written next to `"$ref"` win over the
// file's keys; otherwise the file's value replaces the object. Readers of the config (navigation,
// site model, rules) follow references through these helpers, so they see one config.
import { type ASTNode, child, isObject, isString, valueOf } from './ast';
import { parseConfigPart, type ConfigDocument } from './parse';
import { dirname, relativeInside, resolveInSite } from '../util/paths';

/** A node and the document (config or referenced file) it belongs to. */
export interface Located {
  doc: ConfigDocument;
  node: ASTNode;
}

/** At most this many files are loaded through references (a cycle or a runaway chain stops there). */
export const MAX_REF_FILES = 200;

/** The absolute path a `"$ref"` of `doc` names, if it stays inside the site. */
export function refTarget(siteRoot: string, doc: ConfigDocument, ref: string): string | undefined {
  const base = relativeInside(siteRoot, dirname(doc.path)) ?? '';
  return ref.startsWith('/') ? resolveInSite(siteRoot, ref) : resolveInSite(siteRoot, base + '/' + ref);
}

function refsIn(node: ASTNode | undefined, out: string[]): void {
  if (!node) return;
  if (node.type === 'object') {
    for (const p of node.properties) {
      if (p.keyNode.value === '$ref' && isString(p.valueNode)) out.push(p.valueNode.value);
      else refsIn(p.valueNode, out);
    }
  } else if (node.type === 'array') for (const item of node.items) refsIn(item, out);
}

/**
 * Reads every file the config's `"$ref"`s name (and theirs), and records them on `config.refs`.
 * Only current-format configs use references. Missing files are left out (`refFile` says so).
 */
export async function loadRefs(config: ConfigDocument, siteRoot: string, read: (path: string) => Promise<string | undefined>): Promise<void> {
  if (config.generation !== 'current') return;
  const refs = new Map<string, ConfigDocument>();
  const queue: ConfigDocument[] = [config];
  while (queue.length && refs.size < MAX_REF_FILES) {
    const doc = queue.shift()!;
    const names: string[] = [];
    refsIn(doc.root, names);
    for (const name of names) {
      const target = refTarget(siteRoot, doc, name);
      if (!target || target === config.path || refs.has(target)) continue;
      const text = await read(target);
      if (text === undefined) continue;
      const part = await parseConfigPart(target, text);
      refs.set(target, part);
      queue.push(part);
      if (refs.size >= MAX_REF_FILES) break;
    }
  }
  config.refs = refs;
}

/** The file a `"$ref"` string names, when it was loaded. */
export function refFile(config: ConfigDocument, siteRoot: string, from: ConfigDocument, ref: string): ConfigDocument | undefined {
  const target = refTarget(siteRoot, from, ref);
  return target ? config.refs?.get(target) : undefined;
}

/** The site folder of a config: the folder that holds it. */
function rootOf(config: ConfigDocument): string {
  return dirname(config.path);
}

/**
 * What a node stands for once its `"$ref"` is followed: the referenced file's root when that is
 * not an object (siblings are then ignored), else the node itself (keys are looked up with `field`).
 */
export function deref(config: ConfigDocument, at: Located, depth = 0): Located {
  if (!isObject(at.node) || depth > 20) return at;
  const ref = child(at.node, '$ref');
  if (!isString(ref)) return at;
  const file = refFile(config, rootOf(config), at.doc, ref.value);
  if (!file?.root) return at;
  const target = deref(config, { doc: file, node: file.root }, depth + 1);
  return isObject(target.node) ? at : target;
}

/** The value of `key` in an object, following `"$ref"`: keys next to `"$ref"` win over the file's. */
export function field(config: ConfigDocument, at: Located | undefined, key: string, depth = 0): Located | undefined {
  if (!at || depth > 20) return undefined;
  const self = deref(config, at);
  if (!isObject(self.node)) return undefined;
  const own = child(self.node, key);
  if (own !== undefined && key !== '$ref') return deref(config, { doc: self.doc, node: own });
  const ref = child(self.node, '$ref');
  if (!isString(ref)) return undefined;
  const file = refFile(config, rootOf(config), self.doc, ref.value);
  return file?.root ? field(config, { doc: file, node: file.root }, key, depth + 1) : undefined;
}

/** The plain value of a config with every `"$ref"` it can follow replaced by what it loads. */
export function resolvedValue(config: ConfigDocument): Record<string, unknown> {
  if (!config.refs?.size || !config.root) return config.value ?? {};
  const walk = (at: Located, depth: number): unknown => {
    const node = deref(config, at).node;
    const doc = deref(config, at).doc;
    if (depth > 60) return valueOf(node);
    if (node.type === 'array') return node.items.map((n) => walk({ doc, node: n }, depth + 1));
    if (node.type !== 'object') return valueOf(node);
    const out: Record<string, unknown> = {};
    const ref = child(node, '$ref');
    const file = isString(ref) ? refFile(config, rootOf(config), doc, ref.value) : undefined;
    if (file?.root && isObject(file.root)) Object.assign(out, walk({ doc: file, node: file.root }, depth + 1));
    for (const p of node.properties) {
      if (p.keyNode.value === '$ref' && file) continue;
      if (p.valueNode) out[p.keyNode.value] = walk({ doc, node: p.valueNode }, depth + 1);
    }
    return out;
  };
  const value = walk({ doc: config, node: config.root }, 0);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
