// Texts that worker threads read without each holding a copy: UTF-8 in one SharedArrayBuffer (memory
// outside every thread's heap, shared, not copied, when posted to a worker), each text decoded when a
// thread asks for it. A thread then holds only the texts of the pages it works on.

/** What crosses to a worker: the shared bytes, the keys in order, where each text ends. */
export interface SharedTextsData {
  buffer: SharedArrayBuffer;
  keys: string[];
  /** Byte offsets where each key's text starts and ends; -1 for a text kept in `rest`. */
  starts: number[];
  ends: number[];
  /** Texts UTF-8 cannot carry as they are (a lone surrogate, from an editor's buffer): kept whole. */
  rest: [string, string][];
}

/** UTF-8 length of a string; -1 when it holds a lone surrogate (which UTF-8 cannot carry). */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c < 0xd800 || c > 0xdfff) n += 3;
    else if (c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else return -1;
  }
  return n;
}

/** The texts written once into shared memory. */
export function shareTexts(texts: ReadonlyMap<string, string>): SharedTextsData {
  const keys: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const rest: [string, string][] = [];
  let size = 0;
  for (const [key, text] of texts) {
    keys.push(key);
    const length = utf8Length(text);
    if (length >= 0) {
      starts.push(size);
      size += length;
      ends.push(size);
    } else {
      starts.push(-1);
      ends.push(-1);
      rest.push([key, text]);
    }
  }
  const buffer = new SharedArrayBuffer(size);
  const bytes = new Uint8Array(buffer);
  const encoder = new TextEncoder();
  keys.forEach((key, i) => starts[i] >= 0 && encoder.encodeInto(texts.get(key)!, bytes.subarray(starts[i], ends[i])));
  return { buffer, keys, starts, ends, rest };
}

/** A read-only map over shared texts: `get` decodes the text (a new string each time; callers keep what they need). */
export class SharedTexts implements ReadonlyMap<string, string> {
  private readonly at = new Map<string, number>();
  private readonly rest: ReadonlyMap<string, string>;
  private readonly decoder = new TextDecoder();

  constructor(private readonly data: SharedTextsData) {
    data.keys.forEach((key, i) => this.at.set(key, i));
    this.rest = new Map(data.rest);
  }

  get size(): number {
    return this.at.size;
  }

  has(key: string): boolean {
    return this.at.has(key);
  }

  get(key: string): string | undefined {
    const i = this.at.get(key);
    if (i === undefined) return undefined;
    const start = this.data.starts[i];
    if (start < 0) return this.rest.get(key);
    return this.decoder.decode(new Uint8Array(this.data.buffer, start, this.data.ends[i] - start));
  }

  *keys(): MapIterator<string> {
    yield* this.data.keys;
  }

  *values(): MapIterator<string> {
    for (const key of this.keys()) yield this.get(key)!;
  }

  *entries(): MapIterator<[string, string]> {
    for (const key of this.keys()) yield [key, this.get(key)!];
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  forEach(f: (value: string, key: string, map: ReadonlyMap<string, string>) => void): void {
    for (const [key, value] of this.entries()) f(value, key, this);
  }
}
