// Control characters in text from a site (docs.json strings, titles, file names): escaped for a
// terminal, flattened for one line of a written file. Imports nothing (the client uses it too).

/**
 * C0 and C1 controls, DEL, the line and paragraph separators, and bidi embeddings, overrides,
 * isolates and marks: a terminal or an editor acts on them instead of showing them.
 */
const CONTROLS = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** A character as `\uXXXX`, which a JSON string reads back as the character. */
const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text for a terminal: every control character shown as `\uXXXX` (which a JSON string reads back as
 * the character), except tab, newline and a CR before a newline.
 */
export function terminalSafe(text: string): string {
  return text.replace(CONTROLS, (c: string, at: number) => (c === '\t' || c === '\n' || (c === '\r' && text[at + 1] === '\n') ? c : escaped(c)));
}

/** Text from a site inside one line of output: every control character escaped, line breaks and tabs too. */
export function inlineSafe(text: string): string {
  return text.replace(CONTROLS, escaped);
}

/** A line that a CI runner would read as a command (GitHub's `::name::` and `##[name]`), after any leading blanks. */
const RUNNER_COMMAND = /^([ \t]*)(:(?=:)|#(?=#\[))/gm;

/**
 * Output that is not itself a list of runner commands: a line that would start one gets its first
 * character escaped, so a log shows it as text. With `inlineSafe` values, only our own lines start lines.
 */
export function runnerSafe(text: string): string {
  return text.replace(RUNNER_COMMAND, (_m, blanks: string, c: string) => blanks + escaped(c));
}

/** A string from a config on one line of a written file: control characters become spaces, runs of white space one space. */
export function singleLine(text: string): string {
  return text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}
