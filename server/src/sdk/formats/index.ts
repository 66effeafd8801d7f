// The converters, one per format the `sdk` entry names: each reads its tool's artifact (one file or
// a folder of files) into the common SdkModel with located problems. A format with no converter
// (none now) is said so on the entry (rules/site/sdk-not-fetched.ts), never read.
import type { SdkFormat, SdkInput, SdkRead } from '../model';
import { readDocfx } from './docfx';
import { readJavadoc } from './javadoc';
import { readPhpdoc } from './phpdoc';
import { readSphinx } from './sphinx';
import { readTypedoc } from './typedoc';

export interface SdkConverter {
  /** Whether the artifact is a folder (docfx, javadoc, sphinx) rather than one file. */
  folder: boolean;
  read(input: SdkInput): SdkRead;
}

const fileOnly =
  (read: (rel: string, text: string) => SdkRead) =>
  (input: SdkInput): SdkRead =>
    input.kind === 'file' ? read(input.rel, input.text) : notAFile(input.rel);

const folderOnly =
  (read: (rel: string, files: ReadonlyMap<string, string>) => SdkRead) =>
  (input: SdkInput): SdkRead =>
    input.kind === 'folder' ? read(input.rel, input.files) : read(input.rel, new Map([[input.rel, input.text]]));

function notAFile(rel: string): SdkRead {
  const problems = [{ rel, message: `${rel} is a folder: this format's artifact is one file.` }];
  return { model: { symbols: [], byId: new Map() }, problems };
}

export const SDK_CONVERTERS: Partial<Record<SdkFormat, SdkConverter>> = {
  typedoc: { folder: false, read: fileOnly(readTypedoc) },
  docfx: { folder: true, read: folderOnly(readDocfx) },
  javadoc: { folder: true, read: folderOnly(readJavadoc) },
  phpdoc: { folder: false, read: fileOnly(readPhpdoc) },
  sphinx: { folder: true, read: folderOnly(readSphinx) },
};

/** The files of a folder artifact a converter reads (by extension), so a site loads no others. */
export const SDK_FOLDER_FILES: Partial<Record<SdkFormat, RegExp>> = {
  docfx: /\.ya?ml$/i,
  sphinx: /\.fjson$/i,
  javadoc: /\.html$/i,
};
