// The Workspace over the disk, with open editor buffers taking precedence over file contents.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { isSkippedFolder, type Workspace } from '../workspace';
import { toPosix } from '../util/paths';

export class DiskWorkspace implements Workspace {
  constructor(private readonly overlay: (path: string) => string | undefined = () => undefined) {}

  async readFile(p: string): Promise<string | undefined> {
    const open = this.overlay(p);
    if (open !== undefined) return open;
    try {
      return await fs.readFile(p, 'utf8');
    } catch {
      return undefined;
    }
  }

  async listFiles(root: string): Promise<string[]> {
    const out: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (!isSkippedFolder(e.name)) await walk(full);
        } else if (e.isFile()) {
          out.push(toPosix(full));
        }
      }
    };
    await walk(root);
    return out.sort();
  }
}
