// The `process` global of the core bundle (esbuild inject): Node's own where there is one (the Node
// hosts load the same bundle), else what the core and its libraries read of it in a web worker.
// There cpuUsage is the worker's wall time: a worker has no CPU accounting, and runs one thing at a time.
const web = {
  env: {} as Record<string, string | undefined>,
  platform: 'browser',
  version: '',
  versions: {} as Record<string, string | undefined>,
  argv: [] as string[],
  cwd: () => '/',
  cpuUsage: () => ({ user: Math.round(performance.now() * 1000), system: 0 }),
};

export const process: typeof web = typeof globalThis.process === 'object' && globalThis.process !== null ? globalThis.process : web;
