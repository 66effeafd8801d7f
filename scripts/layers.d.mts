// Types of scripts/layers.mjs, for the TypeScript tests that use it.
export declare const LAYERS: readonly (readonly string[])[];
export declare const APART: readonly (readonly [string, string])[];
export declare const NODE_IO: ReadonlySet<string>;
export declare const IO_ALLOWED: readonly string[];
export declare const BEHIND_FACADE: readonly string[];
export declare const HOSTS: readonly string[];
export declare const DOOR: readonly string[];

export interface Import {
  /** The module imported: a file of the tree (`render/page.ts`) or a package / builtin name. */
  target: string;
  typeOnly: boolean;
  /** Offsets of the specifier's string literal in the module's text. */
  start: number;
  end: number;
}

export interface ImportProblem {
  imp: Import;
  message: string;
}

export declare function partOf(file: string): string;
export declare function layerOf(file: string): number;
export declare function importsOf(file: string, text: string, files: ReadonlySet<string>): Import[];
export declare function importProblems(file: string, imports: readonly Import[], files: ReadonlySet<string>): ImportProblem[];
export declare function aroundTheDoor(file: string, target: string): boolean;
export declare function importsAroundTheDoor(tree: ReadonlyMap<string, string>): string[];
export declare function runtimeEdges(imports: readonly Import[], files: ReadonlySet<string>): string[];
export declare function layeringProblems(tree: ReadonlyMap<string, string>): string[];
export declare function readTree(root: string): Map<string, string>;
export declare function pathBetween(edges: ReadonlyMap<string, readonly string[]>, from: string, to: string): string[] | undefined;
