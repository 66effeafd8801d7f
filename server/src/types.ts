// Core types. Positions and ranges are 0-based, LSP style, everywhere in the core.

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface TextEdit {
  range: Range;
  newText: string;
}

/** Edits to one file, named by its absolute path. */
export interface FileEdit {
  path: string;
  edits: TextEdit[];
}

/** A quick fix, as data: edits to existing files and files to create. */
export interface Fix {
  title: string;
  edits: FileEdit[];
  createFiles?: { path: string; content: string }[];
  isPreferred?: boolean;
}

export interface RelatedLocation {
  path: string;
  range: Range;
  message: string;
}

/** One problem found in one file. `path` is absolute. */
export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  path: string;
  range: Range;
  fixes?: Fix[];
  related?: RelatedLocation[];
  unnecessary?: boolean;
}
