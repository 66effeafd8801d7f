// Control characters in text from a site (docs.json strings, titles, file names): escaped for a
// terminal, flattened for one line of a written file. Imports nothing (the client uses it too).

/**
 * C0 and C1 controls, DEL, the line and paragraph separators, and bidi embeddings, overrides,
 * isolates and marks: a terminal or an editor acts on them instead of showing them.
 */
const CONTROLS = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text for a terminal: every control character shown as `\uXXXX` (which a JSON string reads back as
 * the character), except tab, newline and a CR before a newline.
 */
export function terminalSafe(text: string): string {
  return text.replace(CONTROLS, (c: string, at: number) =>
    c === '\t' || c === '\n' || (c === '\r' && text[at + 1] === '\n') ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A string from a config on one line of a written file: control characters become spaces, runs of white space one space. */
export function singleLine(text: string): string {
  return text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}
