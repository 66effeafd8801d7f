// Summarises a V8 .cpuprofile: self time by function and by file, and total (inclusive) time of
// the functions under a given file pattern.
//   npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 25] [--focus server/src]
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const TOP = Number(arg('--top', '25'));
const FOCUS = arg('--focus', 'server/src');
const prof = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map<number, number>();
prof.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, 'nm:')
    .replace(/.*\/work\/main\//, '');
const label = (f: CallFrame) => `${f.functionName || '(anonymous)'}  ${short(f.url)}:${f.lineNumber + 1}`;
const fileKey = (f: CallFrame) => {
  const s = short(f.url) || f.functionName;
  const m = /^nm:((?:@[^/]+\/)?[^/]+)/.exec(s);
  return m ? `nm:${m[1]}` : s;
};

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const selfByFn = new Map<string, number>();
const selfByFile = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  add(selfByFn, label(n.callFrame), us);
  add(selfByFile, fileKey(n.callFrame), us);
  // Inclusive time of our own functions: each distinct focus frame on the stack once.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur)!.callFrame;
    if (!short(f.url).startsWith(FOCUS)) continue;
    const k = label(f);
    if (!seen.has(k)) {
      seen.add(k);
      add(inclusive, k, us);
    }
  }
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms`;
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${pct(v)}  ${k}`)
    .join('\n');
process.stdout.write(
  `Total ${(total / 1000).toFixed(0)} ms sampled\n\nSelf time by file/package:\n${top(selfByFile, TOP)}\n\nSelf time by function:\n${top(selfByFn, TOP)}\n\nInclusive time of ${FOCUS} functions:\n${top(inclusive, TOP)}\n`,
);
