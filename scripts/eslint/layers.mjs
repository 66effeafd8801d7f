// ESLint plugin `layers`: the rule `layers/layering` reports, on the import itself, an import of a
// higher layer of server/src, an import between rules/ and render/, Node I/O outside the hosts, and
// an import that closes a cycle. The layer table and the analysis are scripts/layers.mjs's.
import * as path from 'node:path';
import { importProblems, importsOf, pathBetween, readTree, runtimeEdges } from '../layers.mjs';

/** The module graph of each root, read from disk once per process; each linted file then puts in its own edges from the text being linted. */
const graphs = new Map();

function graphOf(root) {
  let graph = graphs.get(root);
  if (!graph) {
    const tree = readTree(root);
    const files = new Set(tree.keys());
    const edges = new Map([...tree].map(([file, text]) => [file, runtimeEdges(importsOf(file, text, files), files)]));
    graph = { files, edges };
    graphs.set(root, graph);
  }
  return graph;
}

const layering = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Imports in server/src go down the layers (scripts/layers.mjs), never between rules/ and render/, never in a cycle; Node I/O stays in the hosts.',
    },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: { problem: '{{message}}', cycle: '{{file}} imports {{target}}, which closes an import cycle: {{cycle}}' },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0].root);
    const rel = path.relative(root, context.physicalFilename);
    if (rel.startsWith('..') || path.isAbsolute(rel) || !rel.endsWith('.ts')) return {};
    const file = rel.split(path.sep).join('/');
    return {
      Program(program) {
        const { sourceCode } = context;
        const { files, edges } = graphOf(root);
        files.add(file);
        const imports = importsOf(file, sourceCode.text, files);
        const at = (imp) => ({ start: sourceCode.getLocFromIndex(imp.start), end: sourceCode.getLocFromIndex(imp.end) });
        let problems;
        try {
          problems = importProblems(file, imports, files);
        } catch (e) {
          context.report({ node: program, messageId: 'problem', data: { message: String(e instanceof Error ? e.message : e) } });
          return;
        }
        for (const p of problems) context.report({ loc: at(p.imp), messageId: 'problem', data: { message: p.message } });
        edges.set(file, runtimeEdges(imports, files));
        for (const imp of imports) {
          if (imp.typeOnly || !files.has(imp.target)) continue;
          const back = pathBetween(edges, imp.target, file);
          if (back) context.report({ loc: at(imp), messageId: 'cycle', data: { file, target: imp.target, cycle: [file, ...back].join(' -> ') } });
        }
      },
    };
  },
};

export default { meta: { name: 'layers' }, rules: { layering } };
