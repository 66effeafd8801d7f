// A Map of at most `limit` entries: adding past it forgets the oldest entry (insertion order), so a
// memo's memory stays bounded on a site of thousands of pages or a long editing session.
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
