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

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function statusPresentation(c: ProblemCounts): { text: string; tooltip: string } {
  const text = c.errors === 0 && c.warnings === 0 ? 'Docwright $(check)' : `Docwright $(error) ${c.errors} $(warning) ${c.warnings}`;
  const found =
    c.errors + c.warnings + c.notices === 0
      ? 'No problems in the documentation sites.'
      : `${plural(c.errors, 'error')}, ${plural(c.warnings, 'warning')}, ${plural(c.notices, 'notice')} in ${plural(c.files, 'file')}.`;
  return { text, tooltip: `Docwright: ${found} Click to open the Problems view.` };
}
