// A line diff (Myers' O(ND) algorithm) printed as a unified diff, for `docwright migrate`.

type Op = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Beyond this many differences the diff is not minimised (the old lines out, the new ones in). */
const MAX_EDITS = 2000;

/** The shortest edit script from `a` to `b`, as kept, removed and added lines in order. */
export function diffLines(a: string[], b: string[]): Op[] {
  // Common head and tail first: cheap, and they keep the search small.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const keep = (lines: string[]): Op[] => lines.map((line) => ({ kind: ' ', line }));
  const middle = myers(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  return [...keep(a.slice(0, head)), ...middle, ...keep(a.slice(a.length - tail))];
}

function myers(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    if (d > MAX_EDITS) return [...a.map((line): Op => ({ kind: '-', line })), ...b.map((line): Op => ({ kind: '+', line }))];
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk the trace back from the end.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && vd[offset + k - 1] < vd[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : vd[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: ' ', line: a[--x] });
      y--;
    }
    if (d > 0) {
      if (x === prevX) ops.push({ kind: '+', line: b[--y] });
      else ops.push({ kind: '-', line: a[--x] });
    }
  }
  return ops.reverse();
}

/** A unified diff of two texts with `context` lines around each change; '' when they are equal. */
export function unifiedDiff(oldName: string, newName: string, oldText: string, newText: string, context = 3): string {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const ops = diffLines(a, b);
  if (!ops.some((o) => o.kind !== ' ')) return '';
  const out = [`--- ${oldName}`, `+++ ${newName}`];
  let i = 0;
  // Line numbers (0-based) in a and b before ops[i].
  const posA: number[] = [];
  const posB: number[] = [];
  let la = 0;
  let lb = 0;
  for (const o of ops) {
    posA.push(la);
    posB.push(lb);
    if (o.kind !== '+') la++;
    if (o.kind !== '-') lb++;
  }
  while (i < ops.length) {
    if (ops[i].kind === ' ') {
      i++;
      continue;
    }
    // A hunk: from `context` lines before this change to `context` lines after the last change
    // that is at most 2 * context unchanged lines from the next.
    const start = Math.max(0, i - context);
    let end = i;
    for (;;) {
      while (end < ops.length && ops[end].kind !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next].kind === ' ') next++;
      if (next < ops.length && next - end <= 2 * context) end = next;
      else {
        end = Math.min(ops.length, end + context);
        break;
      }
    }
    const hunk = ops.slice(start, end);
    const countA = hunk.filter((o) => o.kind !== '+').length;
    const countB = hunk.filter((o) => o.kind !== '-').length;
    const fromA = countA === 0 ? posA[start] : posA[start] + 1;
    const fromB = countB === 0 ? posB[start] : posB[start] + 1;
    out.push(`@@ -${fromA},${countA} +${fromB},${countB} @@`);
    for (const o of hunk) out.push(o.kind + o.line);
    i = end;
  }
  return out.join('\n') + '\n';
}
