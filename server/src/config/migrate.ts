// Converts a classic docs.json (or mint.json) to the current format. Pure: text in, text and notes
// out. Nothing is lost silently: a key the classic format does not know is kept as it is, and every
// setting that has no counterpart, or changes meaning, is named in a note.
//
// The navigation is placed as the format's own upgrade places it (migrate-navigation.ts).
import { configGeneration } from './generation';
import { jsonDepth, MAX_CONFIG_DEPTH } from './parse';
import { DOCS_SCHEMA } from './schema';
import { DEFAULT_PRIMARY } from './defaults';
import { NavigationMigration } from './migrate-navigation';
import { obj, arr, str, own, type Json } from '../util/json';

export interface MigrationNote {
  /** The classic key the note is about (`api.auth.inputPrefix`). */
  path: string;
  /** `kept`: unknown key copied as is; `dropped`: no counterpart; `changed`: converted with a difference worth checking. */
  kind: 'kept' | 'dropped' | 'changed';
  message: string;
}

export interface MigrationResult {
  /** The config in the current format (unchanged text when it already was). */
  text: string;
  notes: MigrationNote[];
  /** The input was already in the current format: nothing was converted. */
  alreadyCurrent: boolean;
}

export class MigrationError extends Error {}

const CLASSIC_KEYS = new Set(Object.keys((DOCS_SCHEMA as { properties?: Json }).properties ?? {}));
export const CURRENT_SCHEMA_URL = 'https://mintlify.com/docs.json';

function indentOf(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  return m ? m[1] : '  ';
}

export function migrateConfig(text: string): MigrationResult {
  // The conversion and the JSON writer recurse per level: a config this deep is refused first.
  if (jsonDepth(text).tooDeepAt !== undefined)
    throw new MigrationError(`The config nests arrays and objects more than ${MAX_CONFIG_DEPTH} levels deep; Docwright does not convert it.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new MigrationError(`The config is not valid JSON (${e instanceof Error ? e.message : String(e)}); fix it first.`);
  }
  const c = obj(value);
  if (!c) throw new MigrationError('The config is not a JSON object.');
  if (configGeneration(c) === 'current') return { text, notes: [], alreadyCurrent: true };
  const m = new Migration(c);
  const out = m.run();
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const json = JSON.stringify(out, null, indentOf(text)).replace(/\n/g, eol) + eol;
  return { text: json, notes: m.notes, alreadyCurrent: false };
}

class Migration {
  readonly notes: MigrationNote[] = [];
  constructor(private readonly c: Json) {}

  private note(path: string, kind: MigrationNote['kind'], message: string): void {
    // With versions, the same anchor or group is converted once per version: say it once.
    if (!this.notes.some((n) => n.path === path && n.message === message)) this.notes.push({ path, kind, message });
  }

  /** Copies the keys of `from` that `known` does not cover into `to`, and notes them. */
  private keepUnknown(from: Json, known: readonly string[], to: Json, path: string, what: string): void {
    for (const [k, v] of Object.entries(from)) {
      if (known.includes(k)) continue;
      to[k] = v;
      this.note(`${path}.${k}`, 'kept', `Unknown key "${k}" of ${what} copied as it is; the current format may not know it either.`);
    }
  }

  private drop(path: string, why: string): void {
    this.note(path, 'dropped', why);
  }

  run(): Json {
    const c = this.c;
    // A `$schema` names the current format's schema; none is added where the file had none (an
    // editor would try to download it).
    const out: Json = c.$schema !== undefined ? { $schema: CURRENT_SCHEMA_URL, theme: 'mint' } : { theme: 'mint' };
    if (c.theme !== undefined)
      this.note(
        'theme',
        'changed',
        `Classic theme "${String(c.theme)}" has no counterpart; the current format's "mint" theme is used (others: maple, palm, willow, linden, almond, aspen, sequoia, luma).`,
      );
    if (c.name !== undefined) out.name = c.name;
    out.colors = this.colors();
    if (c.logo !== undefined) out.logo = c.logo;
    if (c.favicon !== undefined) out.favicon = c.favicon;
    const appearance = this.appearance();
    if (appearance) out.appearance = appearance;
    const background = this.background();
    if (background) out.background = background;
    const fonts = this.fonts();
    if (fonts) out.fonts = fonts;
    const styling = this.styling();
    if (styling) out.styling = styling;
    const navbar = this.navbar();
    if (navbar) out.navbar = navbar;
    out.navigation = this.navigation();
    const footer = this.footer();
    if (footer) out.footer = footer;
    const api = this.api();
    if (api) out.api = api;
    const seo = this.seo();
    if (seo) out.seo = seo;
    if (obj(c.search)) {
      const search = obj(c.search)!;
      if (search.prompt !== undefined) out.search = { prompt: search.prompt };
      if (search.location !== undefined) this.drop('search.location', 'The current format places the search bar itself; "location" has no counterpart.');
      this.keepUnknownInto(search, ['prompt', 'location'], out, 'search');
    }
    const integrations = this.integrations();
    if (integrations) out.integrations = integrations;
    if (c.redirects !== undefined) out.redirects = c.redirects;
    if (c.feedback !== undefined)
      this.drop(
        'feedback',
        'The current format has no "feedback" buttons in docs.json (the contextual menu, "contextual.options", offers page actions instead).',
      );
    for (const key of ['layout', 'topbar', 'sidebar', 'rounded', 'isWhiteLabeled', 'mintlify']) {
      if (c[key] !== undefined) this.drop(key, `"${key}" has no counterpart in the current format (the theme decides the layout).`);
    }
    // Keys the classic format does not know travel as they are.
    for (const [k, v] of Object.entries(c)) {
      if (CLASSIC_KEYS.has(k) || k in out) continue;
      out[k] = v;
      this.note(k, 'kept', `Unknown key "${k}" copied as it is; the current format may not know it either.`);
    }
    return out;
  }

  /** Unknown keys of a nested classic object, kept under the same key of the output object. */
  private keepUnknownInto(from: Json, known: string[], out: Json, key: string): void {
    const extra: Json = {};
    this.keepUnknown(from, known, extra, key, `"${key}"`);
    if (Object.keys(extra).length) out[key] = { ...(obj(out[key]) ?? {}), ...extra };
  }

  private colors(): Json {
    const colors = obj(this.c.colors) ?? {};
    const out: Json = {};
    for (const k of ['primary', 'light', 'dark']) if (colors[k] !== undefined) out[k] = colors[k];
    if (out.primary === undefined) {
      out.primary = DEFAULT_PRIMARY;
      this.note('colors.primary', 'changed', `The current format requires colors.primary; the default colour ${DEFAULT_PRIMARY} was written: set your own.`);
    }
    if (colors.anchors !== undefined) this.drop('colors.anchors', 'Anchor colours are set per anchor ("color") in the current format.');
    for (const k of ['ultraLight', 'ultraDark'])
      if (colors[k] !== undefined) this.drop(`colors.${k}`, `"colors.${k}" has no counterpart in the current format.`);
    this.keepUnknown(colors, ['primary', 'light', 'dark', 'background', 'anchors', 'ultraLight', 'ultraDark'], out, 'colors', '"colors"');
    return out;
  }

  private appearance(): Json | undefined {
    const mode = obj(this.c.modeToggle);
    if (!mode) return undefined;
    const out: Json = {};
    if (mode.default !== undefined) out.default = mode.default;
    if (mode.isHidden !== undefined) out.strict = mode.isHidden;
    this.keepUnknown(mode, ['default', 'isHidden'], out, 'modeToggle', '"modeToggle"');
    return out;
  }

  private background(): Json | undefined {
    const out: Json = {};
    if (this.c.backgroundImage !== undefined) out.image = this.c.backgroundImage;
    const bg = obj(this.c.background);
    if (bg) {
      if (bg.style !== undefined) out.decoration = bg.style;
      this.keepUnknown(bg, ['style'], out, 'background', '"background"');
    }
    const colors = obj(obj(this.c.colors)?.background);
    if (colors) out.color = colors;
    return Object.keys(out).length ? out : undefined;
  }

  private fonts(): Json | undefined {
    const font = obj(this.c.font);
    if (!font) return undefined;
    const details = (f: Json, path: string): Json => {
      const out: Json = {};
      for (const k of ['family', 'weight', 'format']) if (f[k] !== undefined) out[k] = f[k];
      if (f.url !== undefined) out.source = f.url;
      this.keepUnknown(f, ['family', 'weight', 'format', 'url'], out, path, `"${path}"`);
      return out;
    };
    if (font.headings !== undefined || font.body !== undefined) {
      const out: Json = {};
      if (obj(font.headings)) out.heading = details(obj(font.headings)!, 'font.headings');
      if (obj(font.body)) out.body = details(obj(font.body)!, 'font.body');
      return out;
    }
    return details(font, 'font');
  }

  private styling(): Json | undefined {
    const code = obj(this.c.codeBlock);
    if (!code) return undefined;
    const extra: Json = {};
    this.keepUnknown(code, ['mode'], extra, 'codeBlock', '"codeBlock"');
    if (code.mode === undefined) return Object.keys(extra).length ? { codeblocks: extra } : undefined;
    return { codeblocks: code.mode === 'dark' ? 'dark' : 'system' };
  }

  private navbar(): Json | undefined {
    const out: Json = {};
    const links = arr(this.c.topbarLinks);
    if (this.c.topbarLinks !== undefined) {
      out.links = links.map((l, i) => {
        const o = obj(l) ?? {};
        const link: Json = o.type === 'github' ? { type: 'github' } : {};
        if (o.name !== undefined) link.label = o.name;
        if (o.url !== undefined) link.href = o.url;
        this.buttonExtras(o, `topbarLinks[${i}]`, link);
        return link;
      });
    }
    const cta = obj(this.c.topbarCtaButton);
    if (cta) {
      const primary: Json = { type: cta.type === 'github' ? 'github' : 'button' };
      if (cta.name !== undefined) primary.label = cta.name;
      if (cta.url !== undefined) primary.href = cta.url;
      this.buttonExtras(cta, 'topbarCtaButton', primary);
      out.primary = primary;
    }
    return Object.keys(out).length ? out : undefined;
  }

  private buttonExtras(o: Json, path: string, to: Json): void {
    for (const k of ['style', 'arrow'])
      if (o[k] !== undefined) this.drop(`${path}.${k}`, `"${k}" of a top bar button has no counterpart in the current format.`);
    this.keepUnknown(o, ['type', 'name', 'url', 'style', 'arrow'], to, path, 'a top bar button');
  }

  private footer(): Json | undefined {
    const out: Json = {};
    const socials: Json = {};
    const addSocials = (v: unknown, path: string) => {
      if (Array.isArray(v)) {
        for (const item of v) {
          const o = obj(item);
          if (o && str(o.type) && o.url !== undefined) socials[str(o.type)!] = o.url;
        }
      } else if (obj(v)) Object.assign(socials, obj(v));
      else if (v !== undefined) this.note(path, 'dropped', `"${path}" is neither an object nor a list of links.`);
    };
    addSocials(this.c.footerSocials, 'footerSocials');
    const footer = obj(this.c.footer);
    if (footer) {
      addSocials(footer.socials, 'footer.socials');
      if (footer.links !== undefined) {
        out.links = arr(footer.links).map((col) => {
          const o = obj(col) ?? {};
          const column: Json = {};
          if (o.title !== undefined) column.header = o.title;
          column.items = arr(o.links).map((l) => {
            const link = obj(l) ?? {};
            return { label: link.label, href: link.url };
          });
          return column;
        });
      }
      this.keepUnknown(footer, ['socials', 'links'], out, 'footer', '"footer"');
    }
    if (Object.keys(socials).length) out.socials = socials;
    return Object.keys(out).length ? { ...(out.socials ? { socials: out.socials } : {}), ...out } : undefined;
  }

  private api(): Json | undefined {
    const api = obj(this.c.api);
    const out: Json = {};
    const openapi = this.c.openapi ?? this.c.openApi;
    if (openapi !== undefined) out.openapi = openapi;
    if (this.c.openapi !== undefined && this.c.openApi !== undefined)
      this.drop('openApi', 'Both "openapi" and its old spelling "openApi" are set; "openapi" was kept.');
    if (!api) return Object.keys(out).length ? out : undefined;
    const playground = obj(api.playground);
    if (playground) {
      const p: Json = {};
      const mode = str(playground.mode);
      if (mode !== undefined) p.display = mode === 'show' ? 'interactive' : mode === 'hide' ? 'none' : mode;
      if (playground.disableProxy !== undefined) p.proxy = playground.disableProxy !== true;
      this.keepUnknown(playground, ['mode', 'disableProxy'], p, 'api.playground', '"api.playground"');
      out.playground = p;
    }
    const example = obj(obj(api.request)?.example);
    if (example) {
      const e: Json = {};
      if (example.languages !== undefined) e.languages = example.languages;
      if (example.showOptionalParams !== undefined) e.defaults = example.showOptionalParams === false ? 'required' : 'all';
      out.examples = e;
    }
    const expanded = str(obj(api.paramFields)?.expanded);
    if (expanded !== undefined) {
      out.params = { expanded: expanded === 'all' ? 'all' : 'closed' };
      if (expanded !== 'all' && expanded !== 'none')
        this.note('api.paramFields.expanded', 'changed', `"${expanded}" has no counterpart: parameters start closed ("closed"); "all" expands them.`);
    }
    const mdx: Json = {};
    if (api.baseUrl !== undefined) mdx.server = api.baseUrl;
    const auth = obj(api.auth);
    if (auth) {
      const a: Json = {};
      if (auth.method !== undefined) a.method = auth.method;
      if (auth.name !== undefined) a.name = auth.name;
      if (auth.inputPrefix !== undefined)
        this.drop(
          'api.auth.inputPrefix',
          `The current format has no prefix for the playground's credential field ("${String(auth.inputPrefix)}" was dropped).`,
        );
      this.keepUnknown(auth, ['method', 'name', 'inputPrefix'], a, 'api.auth', '"api.auth"');
      mdx.auth = a;
    }
    if (Object.keys(mdx).length) out.mdx = mdx;
    if (api.maintainOrder !== undefined)
      this.drop('api.maintainOrder', 'The current format always keeps the OpenAPI file\'s key order; "maintainOrder" has no counterpart.');
    this.keepUnknown(api, ['baseUrl', 'auth', 'playground', 'maintainOrder', 'request', 'paramFields'], out, 'api', '"api"');
    return out;
  }

  private seo(): Json | undefined {
    const out: Json = {};
    if (obj(this.c.metadata)) out.metatags = this.c.metadata;
    const seo = obj(this.c.seo);
    if (seo) {
      if (seo.indexHiddenPages === true) out.indexing = 'all';
      this.keepUnknown(seo, ['indexHiddenPages'], out, 'seo', '"seo"');
    }
    return Object.keys(out).length ? out : undefined;
  }

  private integrations(): Json | undefined {
    const out: Json = {};
    const analytics = obj(this.c.analytics);
    if (analytics) Object.assign(out, analytics);
    const integrations = obj(this.c.integrations);
    if (integrations) {
      const fields: Record<string, string> = { intercom: 'appId', frontchat: 'snippetId', osano: 'scriptSource' };
      for (const [k, v] of Object.entries(integrations)) {
        const field = own(fields, k);
        if (typeof v === 'string' && field) out[k] = { [field]: v };
        else {
          out[k] = v;
          if (!field) this.note(`integrations.${k}`, 'kept', `Unknown integration "${k}" copied as it is.`);
        }
      }
    }
    return Object.keys(out).length ? out : undefined;
  }

  // ---- navigation ----

  private navigation(): Json {
    const groups = arr(this.c.navigation).map(obj);
    if (!arr(this.c.versions).length) {
      groups.forEach((g) => {
        if (g?.version !== undefined)
          this.note(
            `navigation.${String(g.group)}.version`,
            'dropped',
            `Group "${String(g.group)}" has version "${String(g.version)}", but there are no "versions": the version was dropped.`,
          );
      });
    }
    const m = new NavigationMigration(this.c, (path, kind, message) => this.note(path, kind, message));
    const nav = m.run();
    m.noteEmpty(nav);
    return nav;
  }
}
