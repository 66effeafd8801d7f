// The core as one service, which every host (the language server, the CLI and its dev and MCP
// servers) goes through. A host hands in what only it can give: the workspace (the disk with the
// editor's buffers on top, or memory), the folders that hold sites, and as values the sandbox that
// runs page code, a highlighter with the build's table and the Mermaid check. Nothing is configured
// by module state, so two hosts in one process never configure each other; nothing here reads the
// disk (node/host.ts makes the Node host's services).
import { checkPage, checkSite, checkSnippet, type CheckOptions } from './check';
import type { MermaidCheck } from './pages/mermaid';
import type { PageDocument } from './pages/parse';
import { Project } from './project';
import type { ComponentRunner } from './render/jsx-module';
import type { Highlighter } from './render/highlight';
import type { SourceOptions } from './render/source';
import { SITE_RULES } from './rules/index';
import type { SiteIndex } from './site/site-index';
import type { Finding } from './types';
import type { Workspace } from './workspace';

export interface DocwrightServices {
  workspace: Workspace;
  /** The workspace folders, in which sites are found. */
  folders: readonly string[];
  /** Runs page code (`.jsx` components): only where it may run (the CLI, a trusted workspace). */
  components?: ComponentRunner;
  /** Highlights code blocks (without one: plainHighlighter, the same output, slower to start). */
  highlighter?: Highlighter;
  /** Checks Mermaid diagrams (without one: diagrams are not checked). */
  mermaid?: MermaidCheck;
  /** Awaited before a site's pages are parsed for an index (see Project). */
  beforeIndex?: (root: string) => Promise<void>;
}

/** A site checked on the calling thread: the findings of its site rules and of each page and snippet. */
export interface SiteCheck {
  index: SiteIndex;
  /** The site rules' findings (docs.json, any file). */
  site: Finding[];
  /** Each checked page's or snippet's findings, by absolute path. */
  files: Map<string, Finding[]>;
  /** The parsed pages and snippets checked, by absolute path. */
  parsed: Map<string, PageDocument>;
}

export class Docwright {
  readonly project: Project;

  constructor(private readonly services: DocwrightServices) {
    this.project = new Project(services.workspace, [...services.folders], services.beforeIndex);
  }

  /** The files, as the host reads them. */
  get workspace(): Workspace {
    return this.services.workspace;
  }

  /** The options of every check: the host's Mermaid check, with the caller's severities and error hook. */
  checkOptions(options: CheckOptions = {}): CheckOptions {
    return { mermaid: this.services.mermaid, ...options };
  }

  /** The options of every render: the host's highlighter, and its sandbox when page code may run. */
  renderOptions(trusted: boolean): SourceOptions {
    return { components: trusted ? this.services.components : undefined, highlighter: this.services.highlighter };
  }

  /**
   * Checks the site at `root` on this thread: its site rules, then each page and snippet that `keep`
   * lets through (the server leaves out a page edited since the check began). Undefined when no site
   * is there. The whole-site check on worker threads (node/host.ts) gives the same findings.
   */
  async checkSite(root: string, options: CheckOptions = {}, keep: (path: string) => boolean = () => true): Promise<SiteCheck | undefined> {
    const sources = await this.project.sources(root);
    if (!sources) return undefined;
    const { index, snippets } = sources;
    const o = this.checkOptions(options);
    const check: SiteCheck = { index, site: checkSite(index.site, o, SITE_RULES, index), files: new Map(), parsed: new Map() };
    for (const [id, page] of index.pages) {
      if (!keep(page.path)) continue;
      check.files.set(page.path, checkPage(index, id, o));
      check.parsed.set(page.path, page);
    }
    for (const [rel, page] of snippets) {
      if (!keep(page.path)) continue;
      check.files.set(page.path, checkSnippet(index, rel, page, o));
      check.parsed.set(page.path, page);
    }
    return check;
  }

  /** The findings of one page's content (or of a snippet file's), on the site's current index. */
  checkPage(root: string, path: string, options: CheckOptions = {}): Promise<Finding[]> {
    return this.project.checkPage(root, path, this.checkOptions(options));
  }
}

export function createDocwright(services: DocwrightServices): Docwright {
  return new Docwright(services);
}
