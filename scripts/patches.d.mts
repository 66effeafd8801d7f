// Types of scripts/patches.mjs, for the TypeScript test that uses it.
export interface PatchState {
  file: string;
  name: string;
  version: string;
  installed: string | undefined;
  missing: { file: string; line: string } | undefined;
}
export declare function packageOf(file: string): { name: string; version: string };
export declare function addedLines(patch: string): Map<string, string[]>;
export declare function patchFiles(repo?: string): string[];
export declare function patchStates(repo?: string): PatchState[];
export declare function unappliedPatches(repo?: string): string[];
