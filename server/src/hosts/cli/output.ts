// What the CLI prints: one line writer for stdout and stderr, and paths as lines show them. Text from
// a site (file names, docs.json strings, messages) never carries a raw line break or control
// character, and no line a site shapes reads as a CI runner's command.
import * as path from 'node:path';
import { format } from 'node:util';
import { inlineSafe, runnerSafe, terminalSafe } from '../../util/controls';
import { toPosix } from '../../util/paths';

/** Output streams that a reader closed (`docwright check | head -1`): written no more. */
const closed = new Set<NodeJS.WriteStream>();
const watched = new Set<NodeJS.WriteStream>();

/**
 * A line to a stream, its control characters escaped (they come from file names, docs.json and pages)
 * and no line a CI runner reads as a command unless `commands` says the text is one; nothing once the reader has gone.
 */
export function writeLine(stream: NodeJS.WriteStream, s: string, commands = false): void {
  if (closed.has(stream)) return;
  if (!watched.has(stream)) {
    watched.add(stream);
    // A closed pipe (EPIPE) ends the output quietly; the command finishes with its own exit code.
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
      closed.add(stream);
    });
  }
  const text = terminalSafe(s);
  stream.write((commands ? text : runnerSafe(text)) + '\n');
}

/** A path relative to `cwd` (the path itself when it is `cwd` or has no relative form), on one line. */
export function shownPath(p: string, cwd: string, whenSame = p): string {
  return inlineSafe(toPosix(path.relative(cwd, p)) || whenSame);
}

/**
 * The console of this process writes to stderr, through `writeLine`: stdout carries the command's
 * output or a protocol alone, whatever a library (or page code) prints.
 */
export function consoleToStderr(): void {
  for (const level of ['log', 'info', 'debug', 'warn', 'error', 'trace'] as const) {
    console[level] = (...a: unknown[]) => writeLine(process.stderr, format(...a));
  }
  console.dir = (item: unknown) => writeLine(process.stderr, format(item));
}
