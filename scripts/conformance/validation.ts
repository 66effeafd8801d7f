// Conformance of Docwright's docs.json knowledge with @mintlify/validation, the format's own
// validator: the key paths of both schemas, the verdict on every config (a config error from
// Docwright exactly when the reference rejects), and the navigation `migrate` writes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as reference from '@mintlify/validation';
import { CONFIG_FILE_NAME, CONFIG_NAMES } from '../../server/src/config/files';
import { parseConfig, type SchemaProblemKind } from '../../server/src/config/parse';
import { configGeneration } from '../../server/src/config/generation';
import { migrateConfig } from '../../server/src/config/migrate';
import { ALL_RULES } from '../../server/src/rules/index';
import currentSchema from '../../schemas/docs-current.schema.json';
import classicSchema from '../../schemas/docs.schema.json';
import { comparePaths } from './validation/schema-paths';
import { mutate, prng, Rng, sample, vocabulary } from './validation/generate';
import { corpusDir, referencePackage, type ConformanceResult, type Disagreement } from './report';

const ROOT = path.resolve(__dirname, '..', '..');
export const VALIDATION = referencePackage('@mintlify/validation');

/** The rule that reports each kind of schema problem: its default severity says whether the kind is an error. */
const RULE_OF_KIND: Record<SchemaProblemKind, string> = {
  syntax: 'config-syntax',
  'unknown-property': 'config-unknown-property',
  'invalid-value': 'config-invalid-value',
  'missing-property': 'config-missing-property',
  type: 'config-schema',
  'ignored-value': 'config-unknown-property',
};
const ERROR_KINDS = new Set(
  (Object.keys(RULE_OF_KIND) as SchemaProblemKind[]).filter((k) => ALL_RULES.find((r) => r.id === RULE_OF_KIND[k])?.severity === 'error'),
);

/** Docwright's verdict: the config errors it reports (warnings are not rejections). */
export async function ourErrors(config: unknown, file: string = CONFIG_FILE_NAME): Promise<string[]> {
  const text = JSON.stringify(config, null, 2);
  const doc = await parseConfig('/site/' + file, text);
  return doc.problems
    .filter((p) => ERROR_KINDS.has(p.kind))
    .map((p) => {
      const at = doc.index.positionAt(p.offset);
      return `${p.kind} at ${at.line + 1}:${at.character + 1}: ${p.actual !== undefined ? `"${p.actual}" ` : ''}${p.message}`;
    });
}

/** The reference's verdict: its issues (path and message), empty when it accepts. The generation decides the validator. */
export function theirErrors(config: unknown): string[] {
  let result: ReturnType<typeof reference.validateDocsConfig> | ReturnType<typeof reference.validateMintConfig>;
  try {
    result = configGeneration(config) === 'current' ? reference.validateDocsConfig(config) : reference.validateMintConfig(config);
  } catch (e) {
    // Some refinements throw (`new URL` on a value `.url()` already refused): the build stops, a rejection.
    return [`(threw) ${String(e)}`];
  }
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}

/** Compares both verdicts on each input; a disagreement is one side rejecting and the other not. */
export async function compareVerdicts(
  inputs: Iterable<{ label?: string; value: unknown; file?: string; resolved?: unknown }>,
): Promise<{ tried: number; disagreements: Disagreement[] }> {
  let tried = 0;
  const disagreements: Disagreement[] = [];
  for (const { label, value, file, resolved } of inputs) {
    tried++;
    const ours = await ourErrors(value, file);
    // The format validates a config after loading its `"$ref"` files; Docwright reads those files itself.
    const theirs = theirErrors(resolved ?? value);
    if (ours.length > 0 !== theirs.length > 0) disagreements.push({ input: label ? { label, config: value } : value, ours, theirs });
  }
  return { tried, disagreements };
}

/** The docs.json / mint.json files of the corpus copies (corpus/sites.json, copied to `dir`), or undefined when absent. */
export async function corpusConfigs(dir = corpusDir()): Promise<CorpusConfig[] | undefined> {
  if (!dir || !existsSync(dir)) return undefined;
  const sites = JSON.parse(readFileSync(path.join(ROOT, 'corpus', 'sites.json'), 'utf8')) as { name: string }[];
  const out: CorpusConfig[] = [];
  for (const { name } of sites) {
    for (const file of CONFIG_NAMES) {
      const p = path.join(dir, name, file);
      if (!existsSync(p)) continue;
      const value = JSON.parse(readFileSync(p, 'utf8')) as unknown;
      const { resolved } = await reference.resolveRefs(value, async (rel) => readFileSync(path.join(dir, name, rel), 'utf8'));
      out.push({ label: `${name}/${file}`, value, file, resolved });
      break;
    }
  }
  return out;
}

export interface CorpusConfig {
  label: string;
  value: unknown;
  file: string;
  /** The config with its `"$ref"` files loaded, as the format validates it. */
  resolved: unknown;
}

/** The example sites' configs (examples/). */
export function exampleConfigs(): { label: string; value: unknown; file: string }[] {
  const out: { label: string; value: unknown; file: string }[] = [];
  for (const name of readdirSync(path.join(ROOT, 'examples'))) {
    for (const file of CONFIG_NAMES) {
      const p = path.join(ROOT, 'examples', name, file);
      if (existsSync(p)) out.push({ label: `examples/${name}/${file}`, value: JSON.parse(readFileSync(p, 'utf8')), file });
    }
  }
  return out;
}

type Json = Record<string, unknown>;

/** Valid starting points: a sample of each schema (theirs and ours, both generations), the examples and corpus configs. */
function seeds(rng: Rng, extra: unknown[]): unknown[] {
  const out: unknown[] = [...extra];
  const theirCurrent = reference.docsConfigJsonSchema as Json;
  const theirClassic = reference.mintConfigJsonSchema as Json;
  for (let i = 0; i < 60; i++) {
    out.push(sample(theirCurrent, theirCurrent, rng));
    out.push(sample(theirClassic, theirClassic, rng));
    out.push(sample(currentSchema as Json, currentSchema as Json, rng));
    out.push(sample(classicSchema as Json, classicSchema as Json, rng));
  }
  return out;
}

/** `count` configs: samples and mutations (1 to 3 each) of the seeds, the same ones for the same seed. */
export function* generatedConfigs(count: number, seed = 35, extra: unknown[] = []): Generator<{ label: string; value: unknown }> {
  const rng = new Rng(prng(seed));
  const start = seeds(rng, extra);
  const known = (() => {
    const a = vocabulary(reference.docsConfigJsonSchema as Json);
    const b = vocabulary(reference.mintConfigJsonSchema as Json);
    return { keys: [...new Set([...a.keys, ...b.keys])], values: [...a.values, ...b.values] };
  })();
  for (let i = 0; i < count; i++) {
    if (i < start.length && i % 4 === 0) {
      yield { label: `seed ${seed} #${i}: sample ${i}`, value: start[i] };
      continue;
    }
    let value = rng.pick(start);
    const steps: string[] = [];
    for (let n = 1 + rng.int(3); n > 0; n--) {
      const m = mutate(value, rng, known);
      value = m.value;
      steps.push(m.how);
    }
    yield { label: `seed ${seed} #${i}: ${steps.join('; ')}`, value };
  }
}

/** The schema key paths: each one the reference defines exists in ours with its types and enum. */
export function pathConformance(): ConformanceResult[] {
  return [
    ['key paths of docs.json (current)', reference.docsConfigJsonSchema, currentSchema],
    ['key paths of mint.json (classic)', reference.mintConfigJsonSchema, classicSchema],
  ].map(([inputSet, theirs, ours]) => {
    const r = comparePaths(theirs as Json, ours as Json);
    return {
      package: VALIDATION.label,
      inputSet: inputSet as string,
      tried: r.tried,
      disagreements: r.differences.map((d) => ({ input: d.path, ours: d.ours ?? 'missing', theirs: { problem: d.problem, ...d.theirs } })),
    };
  });
}

/** Navigation of a migrated classic config, Docwright's and the reference's, in one comparable shape. */
export function migratedNavigation(config: unknown): { ours: unknown; theirs: unknown } {
  const ours = JSON.parse(migrateConfig(JSON.stringify(config, null, 2)).text) as Json;
  const theirs = reference.upgradeToDocsConfig(config as Parameters<typeof reference.upgradeToDocsConfig>[0]) as Json;
  return { ours: normaliseNav(ours.navigation), theirs: normaliseNav(theirs.navigation) };
}

/** Drops undefined keys and sorts keys, so both sides compare by content (key order means nothing in JSON). */
function normaliseNav(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normaliseNav);
  if (v && typeof v === 'object') {
    const out: Json = {};
    for (const [k, x] of Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) if (x !== undefined) out[k] = normaliseNav(x);
    return out;
  }
  return v;
}

export async function compareMigrations(inputs: Iterable<{ label: string; value: unknown }>): Promise<{ tried: number; disagreements: Disagreement[] }> {
  let tried = 0;
  const disagreements: Disagreement[] = [];
  for (const { label, value } of inputs) {
    // Only configs the reference accepts as mint.json are upgraded by it.
    if (configGeneration(value) !== 'classic' || theirErrors(value).length) continue;
    tried++;
    let got: { ours: unknown; theirs: unknown };
    try {
      got = migratedNavigation(value);
    } catch (e) {
      disagreements.push({ input: { label, config: value }, ours: String(e), theirs: 'upgraded' });
      continue;
    }
    if (JSON.stringify(got.ours) !== JSON.stringify(got.theirs)) disagreements.push({ input: { label, config: value }, ours: got.ours, theirs: got.theirs });
  }
  return { tried, disagreements };
}

const MAX_SEED_CHARS = 20_000;

/** The corpus and example configs that seed the generated ones. */
export function extraSeeds(corpus: CorpusConfig[] | undefined): unknown[] {
  // Large configs are compared once on their own; as seeds of thousands of mutations they would only slow the run.
  return [...(corpus ?? []).map((c) => c.resolved), ...exampleConfigs().map((c) => c.value)].filter((v) => JSON.stringify(v).length <= MAX_SEED_CHARS);
}

export interface ValidationOptions {
  /** How many generated configs (default 10,000). */
  generated?: number;
  seed?: number;
  corpusDir?: string;
}

/** Every input set of this package. */
export async function runValidationConformance(options: ValidationOptions = {}): Promise<ConformanceResult[]> {
  const results: ConformanceResult[] = [...pathConformance()];
  const pkg = VALIDATION.label;
  const corpus = await corpusConfigs(options.corpusDir);
  if (corpus) results.push({ package: pkg, inputSet: 'corpus configs (verdict)', ...(await compareVerdicts(corpus)) });
  else results.push({ package: pkg, inputSet: 'corpus configs (verdict)', tried: 0, disagreements: [], skipped: 'no corpus copies (set DOCWRIGHT_CORPUS)' });
  const examples = exampleConfigs();
  results.push({ package: pkg, inputSet: 'example site configs (verdict)', ...(await compareVerdicts(examples)) });
  const generated = [...generatedConfigs(options.generated ?? 10_000, options.seed ?? 35, extraSeeds(corpus))];
  results.push({ package: pkg, inputSet: 'generated and mutated configs (verdict)', ...(await compareVerdicts(generated)) });
  if (corpus)
    results.push({
      package: pkg,
      inputSet: 'corpus mint.json (migrate navigation)',
      ...(await compareMigrations(corpus.map((c) => ({ label: c.label, value: c.resolved })))),
    });
  results.push({ package: pkg, inputSet: 'generated classic configs (migrate navigation)', ...(await compareMigrations(generated)) });
  return results;
}
