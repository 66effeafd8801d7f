// A Map of at most `limit` entries (or, with `weigh`, of entries weighing `limit` in all): adding past
// it forgets the oldest entries (insertion order), so a memo's memory stays bounded on a site of
// thousands of pages or a long editing session.
export class BoundedMap<K, V> extends Map<K, V> {
  private total = 0;

  constructor(
    private readonly limit: number,
    private readonly weigh: (key: K, value: V) => number = () => 1,
  ) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.has(key)) this.total -= this.weigh(key, super.get(key) as V);
    super.set(key, value);
    this.total += this.weigh(key, value);
    // The entry just set stays, even alone over the limit.
    while (this.total > this.limit && this.size > 1) this.delete(this.keys().next().value as K);
    return this;
  }

  override delete(key: K): boolean {
    if (!this.has(key)) return false;
    this.total -= this.weigh(key, super.get(key) as V);
    return super.delete(key);
  }

  override clear(): void {
    this.total = 0;
    super.clear();
  }
}
