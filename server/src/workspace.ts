// The core's only door to files. The LSP layer and the CLI implement it over the disk (with open
// editor buffers layered on top); tests use `MemoryWorkspace`.
import { join, relativeInside } from './util/paths';

export interface Workspace {
  /** The file's text, or undefined when there is no such file. */
  readFile(path: string): Promise<string | undefined>;
  /** Absolute paths of all files below `root`, skipping dependency and dot folders. */
  listFiles(root: string): Promise<string[]>;
  /** Whether `path` is a file or a folder now (links followed), or undefined when it is neither. */
  kindOf(path: string): Promise<'file' | 'folder' | undefined>;
}

/** Folder names never walked: dependencies, build output and dot-folders. */
export function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** An in-memory workspace: a map from absolute path to text. */
export class MemoryWorkspace implements Workspace {
  readonly files = new Map<string, string>();

  constructor(files: Record<string, string> = {}, root = '/site') {
    for (const [rel, text] of Object.entries(files)) this.files.set(join(root, rel), text);
  }

  async readFile(path: string): Promise<string | undefined> {
    return this.files.get(path);
  }

  async kindOf(path: string): Promise<'file' | 'folder' | undefined> {
    if (this.files.has(path)) return 'file';
    for (const p of this.files.keys()) if (relativeInside(path, p) !== undefined) return 'folder';
    return undefined;
  }

  async listFiles(root: string): Promise<string[]> {
    const out: string[] = [];
    for (const path of this.files.keys()) {
      const rel = relativeInside(root, path);
      if (rel === undefined) continue;
      if (rel.split('/').slice(0, -1).some(isSkippedFolder)) continue;
      out.push(path);
    }
    return out.sort();
  }
}
