// The ids and class names the format documents for a site's own CSS (render/css-hooks.ts), as a
// reader's browser applies them: a site whose chrome and pages use every part Docwright draws, and
// a `.css` file styling each documented hook, exported and opened in headless Chromium. Each hook
// must match an element, and the site's rule must win on it (computed style), in the export and in
// the preview.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { runExport } from '../../server/src/hosts/cli/export';
import { Project } from '../../server/src/project';
import { CSS_HOOKS } from '../../server/src/render/css-hooks';
import { renderPreview } from '../../server/src/render/preview';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT, writeSiteToDisk } from '../helpers';
import { launch, previewKey, previewShell, serve, serveFolder, servePreview } from './browser';

const REPO = path.resolve(__dirname, '../..');
const MARK = 'rgb(1, 2, 3)';
const HOOKS = Object.values(CSS_HOOKS).flatMap((h) => [...(h.id ? [`#${h.id}`] : []), ...(h.classes ?? []).map((c) => `.${c}`)]);
const SITE_CSS = HOOKS.map((s) => `${s} { outline: 3px solid ${MARK}; }`).join('\n') + '\n';

const PAGE = [
  '---',
  'title: Components',
  'description: Every component.',
  'tag: NEW',
  '---',
  '',
  '## Callouts and cards',
  '',
  '<Note>A note.</Note>',
  '',
  '<Panel>Side notes.</Panel>',
  '',
  '<CardGroup cols={2}>',
  '  <Card title="One" icon="rocket" href="/en/docs/other">First.</Card>',
  '</CardGroup>',
  '',
  '<Columns cols={2}>',
  '  <Card title="Two">Second.</Card>',
  '</Columns>',
  '',
  '<AccordionGroup>',
  '  <Accordion title="Why">Because.</Accordion>',
  '</AccordionGroup>',
  '',
  '<Expandable title="details">Inside.</Expandable>',
  '',
  '## Code',
  '',
  '```js app.js icon="js"',
  'const a = 1;',
  '```',
  '',
  '<CodeGroup>',
  '```bash npm',
  'npm i',
  '```',
  '```bash yarn',
  'yarn add',
  '```',
  '</CodeGroup>',
  '',
  '```mermaid',
  'flowchart LR',
  '  A --> B',
  '```',
  '',
  '## More',
  '',
  '<Steps>',
  '  <Step title="Install">Run it.</Step>',
  '</Steps>',
  '',
  '<Tabs>',
  '  <Tab title="First">One.</Tab>',
  '  <Tab title="Second">Two.</Tab>',
  '</Tabs>',
  '',
  '<Frame><img src="/images/dot.svg" alt="Dot" /></Frame>',
  '',
  '<Icon icon="flag" />',
  '',
  '<Tile href="/en/docs/other" title="Tile">Preview</Tile>',
  '',
  'Hover <Tooltip tip="A tip">this</Tooltip>.',
  '',
  '<Update label="2026-11-24" description="v1">Shipped.</Update>',
  '',
].join('\n');

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Hooks',
    colors: { primary: '#0B6E4F' },
    logo: { light: '/images/dot.svg', dark: '/images/dot.svg' },
    banner: { content: 'A banner.' },
    navbar: { links: [{ label: 'Status', href: 'https://status.example.com' }], primary: { type: 'button', label: 'Sign up', href: 'https://example.com' } },
    contextual: { options: ['copy', 'view'] },
    footer: { socials: { github: 'https://github.com/example' } },
    navigation: {
      global: { anchors: [{ anchor: 'Blog', icon: 'pen', href: 'https://example.com/blog' }] },
      languages: [
        {
          language: 'en',
          products: [
            {
              product: 'Docs',
              dropdowns: [
                {
                  dropdown: 'Guides',
                  tabs: [
                    { tab: 'Start', groups: [{ group: 'Start', pages: ['en/docs/other', 'en/docs/index', 'en/docs/third'] }] },
                    { tab: 'More', groups: [{ group: 'More', pages: ['en/docs/more'] }] },
                  ],
                },
                { dropdown: 'Reference', groups: [{ group: 'Reference', pages: ['en/docs/ref'] }] },
              ],
            },
            { product: 'Other', groups: [{ group: 'Other', pages: ['en/other/index'] }] },
          ],
        },
        { language: 'es', groups: [{ group: 'Inicio', pages: ['es/index'] }] },
      ],
    },
  }),
  'en/docs/index.mdx': PAGE,
  'en/docs/other.mdx': '---\ntitle: Other\n---\n\n## Part\n\nText.\n',
  'en/docs/third.mdx': '---\ntitle: Third\n---\n\nThird.\n',
  'en/docs/more.mdx': '---\ntitle: More\n---\n\nMore.\n',
  'en/docs/ref.mdx': '---\ntitle: Ref\n---\n\nRef.\n',
  'en/other/index.mdx': '---\ntitle: Other product\n---\n\nOther.\n',
  'es/index.mdx': '---\ntitle: Inicio\n---\n\nHola.\n',
  'images/dot.svg': readFileSync(path.join(REPO, 'test/fixtures/styling/images/dot.svg'), 'utf8'),
  'hooks.css': SITE_CSS,
};

let dir: string;
let browser: Browser;
let site: Awaited<ReturnType<typeof serve>> | undefined;
let preview: Awaited<ReturnType<typeof serve>> | undefined;
const NONCE = 'Y3NzLWhvb2tzLXRlc3Qtbm9uY2U';

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-hooks-'));
  const src = path.join(dir, 'src');
  writeSiteToDisk(src, FILES);
  const out = path.join(dir, 'site');
  const messages: string[] = [];
  assert.equal(await runExport({ dir: src, out, strict: false, jobs: 1 }, { out: () => undefined, err: (s) => void messages.push(s) }), 0, messages.join('\n'));
  site = await serveFolder(out);
  preview = await servePreview(previewShell(NONCE), [
    ['/media/', path.join(REPO, 'media')],
    ['/assets/', src],
  ]);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
  await preview?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The hooks (of `selectors`) that no element matches, or whose element the site's rule does not reach. */
function unstyled(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate(
    ([sels, mark]) =>
      sels.filter((s) => {
        const el = document.querySelector(s);
        return !el || getComputedStyle(el).outlineColor !== mark;
      }),
    [selectors, MARK] as const,
  );
}

test('every documented hook is on the exported page and the site CSS styles it', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(site!.origin + '/en/docs/index.html', { waitUntil: 'load' });
  assert.deepEqual(await unstyled(page, HOOKS), []);
  // Ids stay unique.
  const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
  for (const h of Object.values(CSS_HOOKS)) if (h.id) assert.equal(ids.filter((i) => i === h.id).length, 1, h.id);
  await page.close();
});

test('the preview carries the same hooks under the webview CSP', async () => {
  const ws = new MemoryWorkspace(FILES, ROOT);
  const project = new Project(ws, [ROOT]);
  await project.scan();
  const out = await renderPreview(project, `${ROOT}/en/docs/index.mdx`, '/assets/');
  assert.ok(out);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems: string[] = [];
  // Failed loads are taken from the responses (the browser's own favicon request is not one).
  page.on('console', (m) => void (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(m.text())));
  page.on('response', (r) => void (r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`)));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
  );
  await page.goto(preview!.origin + '/', { waitUntil: 'load' });
  await page.evaluate(
    ({ b, c, k }) =>
      window.postMessage({ type: 'update', key: k, body: b, css: c, theme: 'auto', title: 'Components', page: 'en/docs/index', version: 1 }, '*'),
    { b: out.body, c: out.css, k: await previewKey(page) },
  );
  await page.waitForFunction(() => (window as unknown as { __messages: { type: string }[] }).__messages.some((m) => m.type === 'rendered'));
  // The search box is the export's (the preview has none).
  assert.deepEqual(
    await unstyled(
      page,
      HOOKS.filter((h) => !h.startsWith('#search-')),
    ),
    [],
  );
  assert.deepEqual(problems, []);
  await page.close();
});
