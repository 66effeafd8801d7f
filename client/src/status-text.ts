// What the status bar item says about Docwright's problem counts. Imports nothing, so the unit
// tests can check it without VS Code.

export interface ProblemCounts {
  errors: number;
  warnings: number;
  /** Information-level findings ("notices"). Hints are not counted: they are suggestions. */
  notices: number;
  /** Files with at least one counted problem. */
  files: number;
}

/** The sites' first check, while it runs: pages parsed so far and in all (0 while not yet known). */
export interface CheckProgress {
  done: number;
  total: number;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const count = (n: number): string => n.toLocaleString('en-US');

/** What the item shows: while the first check runs (`checking`), its progress and never a count, which would not be the truth yet. */
export function statusPresentation(c: ProblemCounts, checking?: CheckProgress): { text: string; tooltip: string } {
  if (checking) {
    const known = checking.total > 0;
    const n = Math.min(checking.done, checking.total);
    return {
      text: `Docwright $(sync~spin) checking${known ? ` ${count(n)}/${count(checking.total)}` : '…'}`,
      tooltip: `Docwright: checking the documentation sites${known ? ` (${count(n)} of ${count(checking.total)} pages)` : ''}; the problem counts follow when the check ends. Click to open the Problems view.`,
    };
  }
  const text = c.errors === 0 && c.warnings === 0 ? 'Docwright $(check)' : `Docwright $(error) ${c.errors} $(warning) ${c.warnings}`;
  const found =
    c.errors + c.warnings + c.notices === 0
      ? 'No problems in the documentation sites.'
      : `${plural(c.errors, 'error')}, ${plural(c.warnings, 'warning')}, ${plural(c.notices, 'notice')} in ${plural(c.files, 'file')}.`;
  return { text, tooltip: `Docwright: ${found} Click to open the Problems view.` };
}
