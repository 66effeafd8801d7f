#!/usr/bin/env node
// Runs the built CLI over local copies of real documentation sites and tabulates the findings.
// No site content is ever committed: corpus/sites.json only pins where each site comes from.
//
// Making the local copies
// -----------------------
// 1. For every entry of corpus/sites.json, bring the repository with the search tool's `fetch`
//    verb (`fetch github:<repo>`). It answers with a bare git directory such as
//    /work/.mirror/<owner>+<name>/repo (no work tree).
// 2. Extract the pinned commit's site folder OUTSIDE the repository, into <out>/<name>:
//      git --git-dir=<gitdir> archive <commit> <siteDir> | tar -x -C <out>/<name> --strip-components=<depth of siteDir>
//    (for siteDir "." leave out <siteDir> and --strip-components). Snapshots lack files of 4 MiB and
//    more (videos, PDFs, big images), and `git archive` stops at the first missing blob, so use
//    instead:
//      node scripts/corpus.mjs extract /work/.mirror /tmp/corpus
//    which reads corpus/sites.json, finds <mirror>/<owner>+<name>/repo, writes every file of
//    <commit>:<siteDir> to /tmp/corpus/<name>/, and writes an empty placeholder for each blob the
//    snapshot lacks (so that existence checks still see the file).
//
// Running
// -------
//   node scripts/build.mjs            # once: builds dist/server.js (the CLI's bundle too)
//   node scripts/corpus.mjs /tmp/corpus [--json]
// Every sub-folder of /tmp/corpus is one site (sites.json's `name`). Prints, per site, the page count
// (.md/.mdx files), findings per rule id and totals, then a summary table across sites. Exit code:
// 0, unless the CLI crashed on a site (exit code 2, "internal error", or "rule … failed" on stderr): 1.
// Plain Node 20 ESM, no dependencies.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const cli = path.join(root, 'bin', 'docwright.js');
const sitesFile = path.join(root, 'corpus', 'sites.json');

function readSites() {
  return JSON.parse(fs.readFileSync(sitesFile, 'utf8'));
}

// ---- extract ---------------------------------------------------------------------------------

function git(gitDir, args, input) {
  const r = spawnSync('git', ['--git-dir=' + gitDir, ...args], {
    input,
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.toString()}`);
  return r.stdout;
}

function extract(mirrorRoot, outRoot, only) {
  for (const site of readSites()) {
    if (only.length && !only.includes(site.name)) continue;
    const gitDir = path.join(mirrorRoot, site.repo.replace('/', '+'), 'repo');
    if (!fs.existsSync(gitDir)) {
      console.error(`${site.name}: no git directory at ${gitDir} (fetch github:${site.repo} first)`);
      continue;
    }
    const dest = path.join(outRoot, site.name);
    fs.rmSync(dest, { recursive: true, force: true });
    fs.mkdirSync(dest, { recursive: true });
    const prefix = site.siteDir === '.' ? '' : site.siteDir.replace(/\/+$/, '') + '/';
    const listing = git(gitDir, ['ls-tree', '-r', '-z', site.commit, ...(prefix ? ['--', prefix] : [])]).toString('utf8');
    const entries = [];
    for (const rec of listing.split('\0')) {
      if (!rec) continue;
      const tab = rec.indexOf('\t');
      const [mode, type, oid] = rec.slice(0, tab).split(' ');
      const file = rec.slice(tab + 1);
      if (type !== 'blob') continue; // submodules
      entries.push({ mode, oid, rel: file.slice(prefix.length) });
    }
    // One `cat-file --batch` for all blobs; a missing object answers "<oid> missing".
    const out = git(gitDir, ['cat-file', '--batch'], entries.map((e) => e.oid).join('\n') + '\n');
    let pos = 0;
    let missing = 0;
    for (const e of entries) {
      const nl = out.indexOf(0x0a, pos);
      const header = out.subarray(pos, nl).toString('utf8');
      pos = nl + 1;
      let content = Buffer.alloc(0);
      if (header.endsWith(' missing')) {
        missing++;
      } else {
        const size = Number(header.split(' ')[2]);
        content = out.subarray(pos, pos + size);
        pos += size + 1;
      }
      const target = path.join(dest, e.rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (e.mode === '120000' && content.length) {
        try {
          fs.symlinkSync(content.toString('utf8'), target);
        } catch {
          fs.writeFileSync(target, content);
        }
      } else {
        fs.writeFileSync(target, content);
      }
    }
    console.log(
      `${site.name}: ${entries.length} files from ${site.repo}@${site.commit.slice(0, 12)}:${site.siteDir}` +
        (missing ? ` (${missing} absent from the snapshot, written empty)` : ''),
    );
  }
}

// ---- check -----------------------------------------------------------------------------------

function countPages(dir) {
  let n = 0;
  const walk = (d) => {
    for (const ent of fs.readdirSync(d, { withFileTypes: true })) {
      if (ent.name === 'node_modules' || ent.name === '.git') continue;
      const p = path.join(d, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (/\.mdx?$/i.test(ent.name)) n++;
    }
  };
  walk(dir);
  return n;
}

function runSite(dir) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [cli, 'check', dir, '--format', 'json'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const ms = Date.now() - t0;
  const stderr = r.stderr ?? '';
  const crashed = r.status === 2 || r.status === null || /internal error/i.test(stderr) || /rule \S+ failed/.test(stderr);
  let findings = [];
  if (!crashed) {
    try {
      findings = JSON.parse(r.stdout);
    } catch (e) {
      return { crashed: true, ms, stderr: `unparsable output: ${e.message}\n${stderr}`, findings, status: r.status };
    }
  }
  return { crashed, ms, stderr, findings, status: r.status };
}

function pad(s, n, right = false) {
  s = String(s);
  return right ? s.padStart(n) : s.padEnd(n);
}

function check(corpusDir, asJson) {
  if (!fs.existsSync(cli) || !fs.existsSync(path.join(root, 'dist', 'server.js'))) {
    console.error('dist/server.js is missing: run `node scripts/build.mjs` first.');
    return 2;
  }
  const known = new Map(readSites().map((s) => [s.name, s]));
  const dirs = fs
    .readdirSync(corpusDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const results = [];
  let crashes = 0;
  for (const name of dirs) {
    const dir = path.join(corpusDir, name);
    const pages = countPages(dir);
    const res = runSite(dir);
    const byRule = {};
    const bySeverity = {};
    for (const f of res.findings) {
      byRule[f.ruleId] = (byRule[f.ruleId] ?? 0) + 1;
      bySeverity[f.severity] = (bySeverity[f.severity] ?? 0) + 1;
    }
    const site = known.get(name);
    const label = site ? `${site.repo}@${site.commit.slice(0, 12)} (${site.siteDir}, ${site.generation})` : '(not in corpus/sites.json)';
    results.push({
      name,
      label,
      pages,
      byRule,
      bySeverity,
      total: res.findings.length,
      ms: res.ms,
      exit: res.status,
      crashed: res.crashed,
      stderr: res.stderr,
    });
    if (res.crashed) crashes++;
  }

  if (asJson) {
    console.log(JSON.stringify(results, null, 2));
    return crashes ? 1 : 0;
  }

  for (const r of results) {
    console.log(`\n== ${r.name}  ${r.label}`);
    console.log(`   pages: ${r.pages}   exit: ${r.exit}   time: ${r.ms} ms${r.crashed ? '   CRASHED' : ''}`);
    if (r.crashed)
      console.log(
        r.stderr
          .split('\n')
          .map((l) => '   ! ' + l)
          .join('\n'),
      );
    else if (r.stderr.trim())
      console.log(
        r.stderr
          .trim()
          .split('\n')
          .map((l) => '   stderr: ' + l)
          .join('\n'),
      );
    const rules = Object.entries(r.byRule).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const w = Math.max(24, ...rules.map(([k]) => k.length));
    for (const [rule, n] of rules) console.log(`   ${pad(rule, w)} ${pad(n, 6, true)}`);
    const sev = Object.entries(r.bySeverity)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    console.log(`   ${pad('total', w)} ${pad(r.total, 6, true)}${sev ? `   (${sev})` : ''}`);
  }

  // Summary across sites: one row per rule, one column per site.
  const allRules = [...new Set(results.flatMap((r) => Object.keys(r.byRule)))].sort();
  const w0 = Math.max(24, ...allRules.map((k) => k.length));
  const cols = results.map((r) => Math.max(6, r.name.length));
  const row = (head, vals) => `${pad(head, w0)} ${vals.map((v, i) => pad(v, cols[i], true)).join(' ')}`;
  console.log('\n== summary');
  console.log(
    row(
      '',
      results.map((r) => r.name),
    ),
  );
  console.log(
    row(
      'pages',
      results.map((r) => r.pages),
    ),
  );
  for (const rule of allRules)
    console.log(
      row(
        rule,
        results.map((r) => r.byRule[rule] ?? 0),
      ),
    );
  console.log(
    row(
      'total',
      results.map((r) => r.total),
    ),
  );
  console.log(
    row(
      'crashed',
      results.map((r) => (r.crashed ? 'YES' : 'no')),
    ),
  );
  return crashes ? 1 : 0;
}

// ---- main ------------------------------------------------------------------------------------

const args = process.argv.slice(2);
if (args[0] === 'extract') {
  if (args.length < 3) {
    console.error('usage: node scripts/corpus.mjs extract <mirror-root> <out-dir> [site-name...]');
    process.exit(2);
  }
  extract(path.resolve(args[1]), path.resolve(args[2]), args.slice(3));
} else {
  const asJson = args.includes('--json');
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir || !fs.existsSync(dir)) {
    console.error('usage: node scripts/corpus.mjs <corpus-dir> [--json]\n       node scripts/corpus.mjs extract <mirror-root> <out-dir> [site-name...]');
    process.exit(2);
  }
  process.exitCode = check(path.resolve(dir), asJson);
}
