// The set of sites in a workspace, kept current as files change. Pure: all I/O goes through the
// Workspace. The LSP layer and the CLI drive it.
import { checkSite, type CheckOptions } from './check';
import { CONFIG_NAMES, findSiteRoots, loadSite, type Site } from './site/site';
import { basename, relativeInside } from './util/paths';
import type { Workspace } from './workspace';
import type { Finding } from './types';

export class Project {
  /** Absolute paths of all files under each workspace folder. */
  private readonly files = new Map<string, Set<string>>();
  private readonly sites = new Map<string, Site>();
  private siteRoots: string[] = [];

  constructor(
    private readonly ws: Workspace,
    private readonly folders: string[],
  ) {}

  /** Lists every workspace folder and finds the sites in it. */
  async scan(): Promise<void> {
    this.files.clear();
    this.sites.clear();
    for (const folder of this.folders) this.files.set(folder, new Set(await this.ws.listFiles(folder)));
    this.updateRoots();
  }

  get roots(): readonly string[] {
    return this.siteRoots;
  }

  /** The site whose folder holds `path` (the deepest one), if any. */
  rootFor(path: string): string | undefined {
    let best: string | undefined;
    for (const root of this.siteRoots) {
      if ((path === root || relativeInside(root, path) !== undefined) && (!best || root.length > best.length)) best = root;
    }
    return best;
  }

  /** Records created or deleted files; returns the site roots they affect. */
  filesChanged(created: string[], deleted: string[]): string[] {
    const affected = new Set<string>();
    for (const [folder, set] of this.files) {
      for (const p of created) if (relativeInside(folder, p) !== undefined) set.add(p);
      for (const p of deleted) if (relativeInside(folder, p) !== undefined) set.delete(p);
    }
    if ([...created, ...deleted].some((p) => (CONFIG_NAMES as readonly string[]).includes(basename(p)))) this.updateRoots();
    for (const p of [...created, ...deleted]) {
      const root = this.rootFor(p);
      if (root) affected.add(root);
    }
    for (const root of affected) this.sites.delete(root);
    return [...affected];
  }

  /** Forgets the loaded state of a site (its config or a file changed). */
  invalidate(root: string): void {
    this.sites.delete(root);
  }

  async site(root: string): Promise<Site | undefined> {
    const cached = this.sites.get(root);
    if (cached) return cached;
    const files: string[] = [];
    for (const set of this.files.values()) for (const p of set) if (relativeInside(root, p) !== undefined) files.push(p);
    const site = await loadSite(this.ws, root, { files });
    if (site) this.sites.set(root, site);
    return site;
  }

  async check(root: string, options: CheckOptions = {}): Promise<Finding[]> {
    const site = await this.site(root);
    return site ? checkSite(site, options) : [];
  }

  private updateRoots(): void {
    const all: string[] = [];
    for (const set of this.files.values()) all.push(...set);
    this.siteRoots = findSiteRoots(all);
    for (const root of [...this.sites.keys()]) if (!this.siteRoots.includes(root)) this.sites.delete(root);
  }
}
