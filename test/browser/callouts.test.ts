// Callout icons and colours as a reader sees them, in headless Chromium: only <Callout> takes `icon`
// and `color`; a typed callout (<Tip>, <Note>, …) keeps its variant's, as the format's components do.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { runExport } from '../../server/src/hosts/cli/export';
import { launch, serve, serveFolder } from './browser';

const PAGE = `---
title: "Callouts"
---

<Tip>
  A plain tip.
</Tip>

<Tip icon="rocket" color="#FF0000">
  A tip given an icon and a colour.
</Tip>

<Callout>
  A plain callout.
</Callout>

<Callout icon="rocket" color="#FF0000">
  A callout given an icon and a colour.
</Callout>
`;

let dir: string;
let browser: Browser;
let exported: Awaited<ReturnType<typeof serve>> | undefined;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-callouts-'));
  const site = path.join(dir, 'src');
  mkdirSync(site, { recursive: true });
  writeFileSync(
    path.join(site, 'docs.json'),
    JSON.stringify({ name: 'Callouts', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'G', pages: ['index'] }] }),
  );
  writeFileSync(path.join(site, 'index.mdx'), PAGE);
  const out = path.join(dir, 'site');
  const messages: string[] = [];
  const code = await runExport({ dir: site, out, strict: false, jobs: 1 }, { out: () => undefined, err: (s) => void messages.push(s) });
  assert.equal(code, 0, messages.join('\n'));
  exported = await serveFolder(out);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await exported?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a typed callout ignores icon and color; <Callout> shows them', async () => {
  const page = await browser.newPage();
  await page.goto(`${exported!.origin}/index.html`);
  const looks = await page.evaluate(() =>
    [...document.querySelectorAll('[role="note"]')].map((note) => {
      const icon = note.querySelector('svg')!;
      return { icon: icon.innerHTML, color: getComputedStyle(icon).color, border: getComputedStyle(note).borderTopColor };
    }),
  );
  const [tip, styledTip, callout, styledCallout] = looks;
  assert.equal(looks.length, 4);
  assert.deepEqual(styledTip, tip, 'the tip looks like a plain tip');
  assert.notEqual(styledCallout.icon, callout.icon, 'the callout shows the icon it names');
  assert.equal(styledCallout.color, 'rgb(255, 0, 0)');
  assert.notEqual(callout.color, 'rgb(255, 0, 0)');
  await page.close();
});
