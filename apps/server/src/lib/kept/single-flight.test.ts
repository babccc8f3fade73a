import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.js';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('SingleFlight', () => {
  it('shares one read per key while it runs, and settles it once', async () => {
    const f = new SingleFlight<string, number>();
    const d = deferred<number>();
    let reads = 0;
    const settled: number[] = [];
    const read = () => (reads++, d.promise);
    const a = f.run('k', read, (v) => settled.push(v));
    const b = f.run('k', read, (v) => settled.push(v));
    expect(a).toBe(b);
    d.resolve(7);
    expect(await a).toBe(7);
    expect(reads).toBe(1);
    expect(settled).toEqual([7]);
    expect(f.size).toBe(0);
  });

  it('a forget meanwhile: the read is not settled, and the next caller reads again', async () => {
    const f = new SingleFlight<string, number>();
    const d = deferred<number>();
    const settled: number[] = [];
    const a = f.run(
      'k',
      () => d.promise,
      (v) => settled.push(v),
    );
    f.forgetWhere((k) => k === 'k');
    const b = f.run('k', async () => 2);
    expect(b).not.toBe(a);
    d.resolve(1);
    expect([await a, await b]).toEqual([1, 2]);
    expect(settled).toEqual([]);
  });

  it('a failed read is not kept as under way', async () => {
    const f = new SingleFlight<string, number>();
    await expect(f.run('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(f.running('k')).toBeUndefined();
    expect(await f.run('k', async () => 3)).toBe(3);
  });
});
