// The site's own HTML files against encodings, in headless Chromium: a file that makes the browser
// read the export's policy as something else (an ISO-2022-JP escape in the doctype, UTF-16, a
// charset other than UTF-8 declared anywhere, bytes that are not UTF-8) is exported for real and
// served as static hosts often serve it, as text/html without a charset. None may run script.
// The site's scripts report that they ran by requesting /ran on the server.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { minimalConfig } from '../../server/src/rules/examples';
import { exportSite } from '../export-helpers';
import { writeSiteToDisk } from '../helpers';
import { launch, serve } from './browser';

/** A script of the site's own that tells the server it ran. */
const RAN = (what: string) => `<script>fetch('/ran?${what}').catch(() => {}); window.__ran = '${what}';</script>`;
const ESC = '\x1b';

/** Site HTML files that run their script when served without a charset, with the export's policy put after the doctype. */
const HOSTILE: Record<string, string | Buffer> = {
  // The issue's attack: ESC $ B in the doctype switches ISO-2022-JP to two-byte JIS, which swallows
  // the policy inserted after it; ESC ( B switches back before the page's own script.
  'files/jis-doctype.html': `<!DOCTYPE html ${ESC}$B>${ESC}(B<meta charset="iso-2022-jp"><p>JIS</p>${RAN('jis-doctype')}`,
  // The same through http-equiv, declared after the content starts.
  'files/jis-equiv.html': `<!DOCTYPE html ${ESC}$B>${ESC}(B<meta http-equiv="Content-Type" content="text/html; charset=ISO-2022-JP"><p>JIS</p>${RAN('jis-equiv')}`,
  // No doctype at all: the escape is the first thing in the file.
  'files/jis-first.html': `${ESC}$B${ESC}(B<meta charset="iso-2022-jp"><p>JIS</p>${RAN('jis-first')}`,
  // UTF-16 by its byte-order mark (wins over everything) with the policy written in UTF-16 too: the control below.
  'files/utf16.html': Buffer.from(`\uFEFF<!DOCTYPE html><p>UTF-16</p>${RAN('utf16')}`, 'utf16le'),
  // A charset other than UTF-8, declared with a character reference, on bytes that are not UTF-8.
  'files/shift-jis.html': Buffer.concat([
    Buffer.from('<!DOCTYPE html><meta http-equiv="content-type" content="text/html; ch&#97;rset=shift_jis"><p>'),
    Buffer.from([0x82, 0xa0]),
    Buffer.from(`</p>${RAN('shift-jis')}`),
  ]),
};

/** Files that are copied: UTF-8, a doctype of any form, a declared UTF-8. */
const GOOD: Record<string, string> = {
  'files/good.html': `<!DOCTYPE html>\n<html lang="de"><head><meta charset="UTF-8"><title>Gut</title></head><body><p>Grüße</p>${RAN('good')}</body></html>`,
  'files/legacy.html': `\uFEFF  <!doctype HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd"><title>Old</title><p>Alt</p>${RAN('legacy')}`,
  'files/bare.html': `<p>Bare</p>${RAN('bare')}`,
};

let dir: string;
let out: string;
let report: string[];
let browser: Browser;
let server: Awaited<ReturnType<typeof serve>>;
/** Serves `root` with no charset on HTML (as GitHub Pages and nginx do for a charset they were not told); /ran records a script that ran. */
const ran: string[] = [];
function servesWithoutCharset(root: () => string) {
  return serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/ran') {
      ran.push(url.search.slice(1));
      res.writeHead(204).end();
      return;
    }
    const file = path.join(root(), decodeURIComponent(url.pathname));
    if (!file.startsWith(root() + path.sep) || !existsSync(file)) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    res.writeHead(200, { 'Content-Type': file.endsWith('.html') ? `text/html${hostCharset ? `; charset=${hostCharset}` : ''}` : 'application/octet-stream' });
    res.end(readFileSync(file));
  });
}
let source: 'site' | 'out' = 'out';
/** The charset the host names, if any. */
let hostCharset = '';

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-charset-'));
  writeSiteToDisk(path.join(dir, 'site'), {
    'docs.json': JSON.stringify(minimalConfig(['index'])),
    // The export copies the site files the pages use.
    'index.mdx': `---\ntitle: Home\n---\n\n${[...Object.keys(HOSTILE), ...Object.keys(GOOD)].map((f) => `[${f}](/${f})`).join('\n\n')}\n`,
    ...HOSTILE,
    ...GOOD,
  } as Record<string, string>);
  out = path.join(dir, 'out');
  const r = await exportSite({ dir: path.join(dir, 'site'), out });
  assert.equal(r.code, 0, r.err.join('\n'));
  report = r.out;
  server = await servesWithoutCharset(() => path.join(dir, source));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens `file` and waits until a script of it would have run and told the server. */
async function open(file: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/${file}`);
  await page.waitForLoadState('load');
  // A request a script started reaches the server before this one.
  await page.evaluate(() => fetch('/ran-fence').catch(() => undefined));
  return page;
}

test('each hostile file runs its script when served as the site has it (the control)', async () => {
  source = 'site';
  ran.length = 0;
  for (const file of Object.keys(HOSTILE)) await (await open(file)).close();
  assert.deepEqual(
    ran.sort(),
    Object.keys(HOSTILE)
      .map((f) => path.basename(f, '.html'))
      .sort(),
  );
  source = 'out';
});

test('a site HTML file whose charset is not UTF-8 (ISO-2022-JP, UTF-16, Shift_JIS) runs no script when served without a charset', async () => {
  source = 'out';
  ran.length = 0;
  const scripts: string[] = [];
  for (const file of Object.keys(HOSTILE)) {
    const page = await open(file);
    const set = await page.evaluate(() => (window as unknown as { __ran?: string }).__ran);
    if (set !== undefined) scripts.push(set);
    await page.close();
  }
  assert.deepEqual({ scripts, ran: ran.sort() }, { scripts: [], ran: [] }, 'site HTML files ran script');
  // They are left out, each with a warning that says why.
  for (const file of Object.keys(HOSTILE)) {
    assert.ok(!existsSync(path.join(out, file)), `${file} is copied`);
    assert.ok(
      report.some((line) => line.includes(file) && /not copied/.test(line) && /UTF-8/.test(line)),
      `no warning about ${file}:\n${report.join('\n')}`,
    );
  }
});

test('a UTF-8 site HTML file is copied with the policy before any byte of its own: it shows, in its mode, and runs nothing', async () => {
  source = 'out';
  ran.length = 0;
  const shown: Record<string, unknown> = {};
  for (const file of Object.keys(GOOD)) {
    const bytes = readFileSync(path.join(out, file));
    // A UTF-8 byte-order mark (which no charset a host or the file declares overrides), then the policy.
    assert.match(bytes.toString('latin1'), /^\xEF\xBB\xBF(<!DOCTYPE html[^>]*>)?<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" /, file);
    const page = await open(file);
    shown[file] = await page.evaluate(() => [
      document.characterSet,
      document.compatMode,
      document.querySelector('p')?.textContent,
      document.documentElement.lang,
    ]);
    await page.close();
  }
  // A host that names another charset does not change that: the byte-order mark wins.
  hostCharset = 'iso-2022-jp';
  const page = await open('files/good.html');
  assert.deepEqual(await page.evaluate(() => [document.characterSet, document.querySelector('p')?.textContent]), ['UTF-8', 'Grüße']);
  await page.close();
  hostCharset = '';
  assert.deepEqual(ran, []);
  assert.deepEqual(shown, {
    'files/good.html': ['UTF-8', 'CSS1Compat', 'Grüße', 'de'],
    'files/legacy.html': ['UTF-8', 'CSS1Compat', 'Alt', ''],
    'files/bare.html': ['UTF-8', 'BackCompat', 'Bare', ''],
  });
});
