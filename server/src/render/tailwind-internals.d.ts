// Types for the parts of tailwindcss v3 that render/tailwind.ts runs directly (the package types
// only its public entry points).
declare module 'tailwindcss/lib/processTailwindFeatures.js' {
  import type { Result, Root } from 'postcss';
  type SetupContext = (helpers: unknown) => (root: Root, result: Result) => unknown;
  const processTailwindFeatures: (setup: SetupContext) => (root: Root, result: Result) => Promise<void>;
  export default processTailwindFeatures;
}
declare module 'tailwindcss/lib/lib/setupContextUtils.js' {
  import type { Root } from 'postcss';
  export function createContext(config: unknown, changedContent: { content: string; extension: string }[], root: Root): unknown;
}
declare module 'tailwindcss/lib/util/log.js' {
  const log: Record<'info' | 'warn' | 'risk', (...args: unknown[]) => void>;
  export default log;
}
