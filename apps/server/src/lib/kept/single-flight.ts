/**
 * One read under way per key: callers that ask for a key while its read runs share it. A `forget` of
 * the key meanwhile makes the read no longer current: later callers start a new one, and the finished
 * read's `settle` (what keeps its value) is not called, so a value read before a change is not kept.
 */
export class SingleFlight<K, V> {
  readonly #running = new Map<K, Promise<V>>();

  get size(): number {
    return this.#running.size;
  }

  /** The read under way for the key, if any. */
  running(key: K): Promise<V> | undefined {
    return this.#running.get(key);
  }

  /**
   * The read under way for the key, or `read()` started now; `settle` runs with its value when it ends
   * while still current (no forget meanwhile).
   */
  run(key: K, read: () => Promise<V>, settle?: (value: V) => void): Promise<V> {
    const under = this.#running.get(key);
    if (under) return under;
    const p: Promise<V> = read()
      .then((value) => {
        if (this.#running.get(key) === p) settle?.(value);
        return value;
      })
      .finally(() => {
        if (this.#running.get(key) === p) this.#running.delete(key);
      });
    this.#running.set(key, p);
    return p;
  }

  forget(key: K): void {
    this.#running.delete(key);
  }

  forgetWhere(test: (key: K) => boolean): void {
    for (const k of [...this.#running.keys()]) if (test(k)) this.#running.delete(k);
  }

  clear(): void {
    this.#running.clear();
  }
}
