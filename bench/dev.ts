// `docwright dev` on the generated site: the first page served after the command starts, and file
// save -> page updated (the change event over Server-Sent Events received, then the page fetched
// again and holding the new text: what the tab's script does before it swaps the page in). Each
// against the floor of a plain node:http child serving the page file as it is, with fs.watch.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';

export interface DevFigures {
  firstPageMs: number;
  /** The server's CPU time (user + system) when the first page was received. */
  firstPageCpuMs: number;
  floorFirstMs: number;
  saves: number[];
  floorSaves: number[];
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

function fetchText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${url}: ${res.statusCode}`))));
    }).on('error', reject);
  });
}

/** A child server: resolves with its origin once its stdout names it; `printed(re)` waits for a line. */
function startChild(args: string[]): Promise<{ proc: ChildProcess; origin: string; printed(re: RegExp): Promise<void> }> {
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const waiters: { re: RegExp; resolve(): void }[] = [];
  const printed = (re: RegExp) => (re.test(out) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ re, resolve })));
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      for (const w of waiters.filter((w) => w.re.test(out))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const m = /at (http:\/\/[\w.]+:\d+)\//.exec(out);
      if (m) resolve({ proc, origin: m[1], printed });
    });
    proc.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

/** CPU time (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // utime and stime (fields 14 and 15 of stat; 12 and 13 after the name) in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** An events stream: `next(name)` resolves at the next event of that name. */
function events(url: string): Promise<{ next(name: string): Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const waiters: { name: string; resolve(): void }[] = [];
    const req = get(url, (res: IncomingMessage) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        buffer += d;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          for (const w of waiters.filter((w) => w.name === name)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
        }
      });
      resolve({ next: (name) => new Promise<void>((r) => waiters.push({ name, resolve: r })), close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

/** Saves the page `saves` times; each time, the event and a fetch of the page that holds the new text. */
async function measureSaves(
  origin: string,
  eventsPath: string,
  pagePath: string,
  file: string,
  saves: number,
  settle: (ev: { next(name: string): Promise<void> }) => Promise<void>,
): Promise<number[]> {
  // Connected once the response has begun: both servers take the client in before they answer.
  const ev = await events(origin + eventsPath);
  const base = readFileSync(file, 'utf8');
  const out: number[] = [];
  try {
    for (let i = 0; i < saves; i++) {
      const marker = `Saved version ${i} of the page ${Math.random().toString(36).slice(2)}`;
      const changed = ev.next('change');
      const settled = settle(ev);
      const t = now();
      writeFileSync(file, `${base}\n${marker}\n`);
      for (;;) {
        await changed;
        if ((await fetchText(origin + pagePath)).includes(marker)) break;
      }
      out.push(now() - t);
      await settled;
    }
  } finally {
    writeFileSync(file, base);
    ev.close();
  }
  return out;
}

const stop = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGINT');
  });

export async function measureDev(cli: string, floorScript: string, siteDir: string, pageRel: string, saves: number): Promise<DevFigures> {
  const id = pageRel.replace(/\.mdx?$/, '');
  const file = `${siteDir}/${pageRel}`;
  const pagePath = `/${id.split('/').map(encodeURIComponent).join('/')}.html`;

  // The floor first: process start to the file served, then saves seen by fs.watch.
  let t = now();
  const floor = await startChild([floorScript, file]);
  await fetchText(floor.origin + '/page');
  const floorFirstMs = now() - t;
  const floorSaves = await measureSaves(floor.origin, '/events', '/page', file, saves, async () => undefined);
  await stop(floor.proc);

  t = now();
  const dev = await startChild([cli, 'dev', siteDir, '--port', '0']);
  await fetchText(dev.origin + pagePath);
  const firstPageMs = now() - t;
  const firstPageCpuMs = cpuMsOf(dev.proc.pid);
  // Saves count once the server watches the files (it starts watching after the first page).
  await dev.printed(/Watching files/);
  // The next save waits for the page's problems (its own rules, checked once the page was served).
  const devSaves = await measureSaves(dev.origin, `/__docwright/events?page=${encodeURIComponent(id)}`, pagePath, file, saves, (ev) => ev.next('problems'));
  await stop(dev.proc);
  return { firstPageMs, firstPageCpuMs, floorFirstMs, saves: devSaves, floorSaves };
}
