// Headless Chromium for the browser tests (XSS, exported site): Debian's chromium driven by
// playwright-core, both installed by scripts/vscode-test/setup.sh into the tools folder
// (DOCWRIGHT_TOOLS_DIR, default .vscode-test). A test file calls `launch()` once and closes it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../..');
const TOOLS = path.resolve(process.env.DOCWRIGHT_TOOLS_DIR || path.join(REPO, '.vscode-test'));
export const CHROMIUM = '/usr/bin/chromium';

type Playwright = typeof import('playwright-core');

function playwright(): Playwright {
  for (const base of [REPO, TOOLS]) {
    try {
      return createRequire(path.join(base, 'package.json'))('playwright-core') as Playwright;
    } catch {
      // try the next place
    }
  }
  throw new Error(`playwright-core is not installed (looked in ${REPO} and ${TOOLS}): run scripts/vscode-test/setup.sh`);
}

export async function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/vscode-test/setup.sh (apt-get install chromium)`);
  return playwright().chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
