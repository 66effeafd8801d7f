// The `process` global of the web build (esbuild inject): what the core and its libraries read of it.
// cpuUsage is the worker's wall time: a worker has no CPU accounting, and runs one thing at a time.
export const process = {
  env: {} as Record<string, string | undefined>,
  platform: 'browser',
  version: '',
  versions: {} as Record<string, string>,
  argv: [] as string[],
  cwd: () => '/',
  cpuUsage: () => ({ user: Math.round(performance.now() * 1000), system: 0 }),
};
