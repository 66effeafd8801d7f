// How an error is written in a log line: its stack when it has one (where it came from), else its text.

/** An error for a log: the stack of an Error (its message when it has none), anything else as text. */
export const describeError = (e: unknown): string => (e instanceof Error ? (e.stack ?? e.message) : String(e));
