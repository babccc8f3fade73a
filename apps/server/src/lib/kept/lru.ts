/**
 * The one bounded map of lib/kept/: entries in the order they were set (or, with `get`, last used),
 * bounded by a number of entries, by bytes, or both; past a bound the oldest go first. An entry larger
 * than `maxEntryBytes` (default an eighth of `maxBytes`) is not kept at all.
 */
export type LruOptions<V> = {
  maxEntries?: number;
  maxBytes?: number;
  /** The bytes an entry takes (required with maxBytes). */
  sizeOf?: (value: V) => number;
  maxEntryBytes?: number;
};

export class Lru<K, V> {
  readonly #map = new Map<K, V>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #maxEntryBytes: number;
  readonly #sizeOf: (value: V) => number;
  #bytes = 0;

  constructor(o: LruOptions<V>) {
    if (o.maxEntries === undefined && o.maxBytes === undefined) throw new Error('Lru needs a bound');
    if (o.maxBytes !== undefined && !o.sizeOf) throw new Error('Lru bounded by bytes needs sizeOf');
    this.#maxEntries = o.maxEntries ?? Number.POSITIVE_INFINITY;
    this.#maxBytes = o.maxBytes ?? Number.POSITIVE_INFINITY;
    this.#maxEntryBytes = o.maxEntryBytes ?? this.#maxBytes / 8;
    this.#sizeOf = o.sizeOf ?? (() => 0);
  }

  get size(): number {
    return this.#map.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The value, made the most recently used. */
  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value === undefined) return undefined;
    this.#map.delete(key);
    this.#map.set(key, value);
    return value;
  }

  /** The value, its place unchanged. */
  peek(key: K): V | undefined {
    return this.#map.get(key);
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  /** Keeps the value as the most recent, dropping the oldest past a bound; false when too large to keep. */
  set(key: K, value: V): boolean {
    this.delete(key);
    const size = this.#sizeOf(value);
    if (size > this.#maxEntryBytes) return false;
    while (this.#map.size > 0 && (this.#map.size >= this.#maxEntries || this.#bytes + size > this.#maxBytes)) {
      this.delete(this.#map.keys().next().value as K);
    }
    this.#map.set(key, value);
    this.#bytes += size;
    return true;
  }

  delete(key: K): boolean {
    const value = this.#map.get(key);
    if (value === undefined && !this.#map.has(key)) return false;
    this.#bytes -= this.#sizeOf(value as V);
    this.#map.delete(key);
    return true;
  }

  /** Drops every entry the test holds for. */
  deleteWhere(test: (key: K, value: V) => boolean): void {
    for (const [k, v] of [...this.#map]) if (test(k, v)) this.delete(k);
  }

  clear(): void {
    this.#map.clear();
    this.#bytes = 0;
  }

  entries(): IterableIterator<[K, V]> {
    return this.#map.entries();
  }
}
