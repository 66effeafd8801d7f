// Names a page defines through `import` and `export` statements (MDX ESM).
import type { Node } from 'unist';
import type { PageDocument } from './parse';

interface EstreeNode {
  type: string;
  [key: string]: unknown;
}

export interface EsmImport {
  /** Local names bound by the import. */
  names: string[];
  /** What each local name binds: `default`, `*` or the exported name. */
  imported: Map<string, string>;
  source: string;
  node: Node;
  /** Offsets of the source path in the page text, without its quotes. */
  sourceOffset?: { start: number; end: number };
}

export interface PageEsm {
  imports: EsmImport[];
  /** Names declared by `export const|let|var|function|class`. */
  exports: Set<string>;
  /** Every name usable in the page's JSX and expressions. */
  defined: Set<string>;
}

const cache = new WeakMap<PageDocument, PageEsm>();

/** The names a binding pattern declares (`a`, `{ a, b: c }`, `[a, ...rest]`, `a = 1`). */
export function patternNames(p: EstreeNode | null | undefined, out: string[]): void {
  if (!p) return;
  if (p.type === 'Identifier') out.push(String(p.name));
  else if (p.type === 'ObjectPattern') for (const prop of p.properties as EstreeNode[]) patternNames((prop.value ?? prop.argument) as EstreeNode, out);
  else if (p.type === 'ArrayPattern') for (const el of p.elements as EstreeNode[]) patternNames(el, out);
  else if (p.type === 'RestElement' || p.type === 'AssignmentPattern') patternNames((p.argument ?? p.left) as EstreeNode, out);
}

function declarationNames(decl: EstreeNode | null | undefined): string[] {
  const out: string[] = [];
  if (!decl) return out;
  if (decl.type === 'VariableDeclaration') for (const d of decl.declarations as EstreeNode[]) patternNames(d.id as EstreeNode, out);
  else if ((decl.type === 'FunctionDeclaration' || decl.type === 'ClassDeclaration') && decl.id) out.push(String((decl.id as EstreeNode).name));
  return out;
}

export function pageEsm(page: PageDocument): PageEsm {
  const cached = cache.get(page);
  if (cached) return cached;
  const esm: PageEsm = { imports: [], exports: new Set(), defined: new Set() };
  for (const node of page.tree.children as Node[]) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = (node.data as { estree?: { body: EstreeNode[] } } | undefined)?.estree;
    for (const stmt of program?.body ?? []) {
      if (stmt.type === 'ImportDeclaration') {
        const names = (stmt.specifiers as EstreeNode[]).map((s) => String((s.local as EstreeNode).name));
        const imported = new Map<string, string>();
        for (const s of stmt.specifiers as EstreeNode[]) {
          const name = s.imported as EstreeNode | undefined;
          imported.set(
            String((s.local as EstreeNode).name),
            s.type === 'ImportDefaultSpecifier'
              ? 'default'
              : s.type === 'ImportNamespaceSpecifier'
                ? '*'
                : String(name?.name ?? name?.value ?? (s.local as EstreeNode).name),
          );
        }
        const range = (stmt.source as EstreeNode).range as [number, number] | undefined;
        esm.imports.push({
          names,
          imported,
          source: String((stmt.source as EstreeNode).value),
          node,
          sourceOffset: range ? { start: range[0] + 1, end: range[1] - 1 } : undefined,
        });
        names.forEach((n) => esm.defined.add(n));
      } else if (stmt.type === 'ExportNamedDeclaration' || stmt.type === 'ExportDefaultDeclaration') {
        for (const n of declarationNames(stmt.declaration as EstreeNode)) {
          esm.exports.add(n);
          esm.defined.add(n);
        }
      } else {
        for (const n of declarationNames(stmt)) esm.defined.add(n);
      }
    }
  }
  cache.set(page, esm);
  return esm;
}
