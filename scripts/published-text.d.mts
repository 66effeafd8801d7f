// Types of scripts/published-text.mjs, for the TypeScript test of its core.
export type RunSide = 'missing' | 'extra';

export interface Run {
  side: RunSide;
  /** One of CLASSES. */
  cls: string;
  words: string[];
}

export interface Comparison {
  /** Words of the published text (after a cut last word is dropped). */
  words: number;
  matched: number;
  normMatched: number;
  match: number;
  norm: number;
  content: number;
  runs: Run[];
}

export interface PublishedText {
  file: string;
  page?: string;
  url?: string;
  truncated?: boolean;
  text?: string;
  error?: string;
}

export declare const CLASSES: readonly string[];
export declare function tokenize(text: string): string[];
export declare function foldQuotes(word: string): string;
export declare function foldWord(word: string): string;
export declare function lcsPairs(a: string[], b: string[], key?: (w: string) => string): [number, number][];
export declare function classifyRun(
  run: string[],
  side: RunSide,
  other: string[],
  ctx: { visible: string; hidden: string; chrome: string; code: string } | null,
): string;
export declare function compareTexts(
  published: string,
  exportText: string,
  options?: { hidden?: string; chrome?: string; code?: string; truncated?: boolean },
): Comparison;
export declare function quantile(values: number[], q: number): number;
export declare function classTotals(runs: Run[], examples?: number): { cls: string; side: RunSide; words: number; runs: number; examples: string[] }[];
export declare function readPublished(dir: string): PublishedText[];
