/**
 * A Map that keeps at most `capacity` entries, forgetting the least recently written one first,
 * so state keyed by attacker-chosen values (addresses, e-mail addresses) stays bounded.
 */
export class CappedMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
  }

  override set(key: K, value: V): this {
    // Re-inserting moves the key to the end: the Map's order is then the order of last writes.
    super.delete(key);
    super.set(key, value);
    if (this.size > this.capacity) {
      const oldest = this.keys().next();
      if (!oldest.done) super.delete(oldest.value);
    }
    return this;
  }
}
