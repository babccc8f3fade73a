/**
 * Index of the item shown by an auto-rotating tile. Rotation runs while `playing` and not `held`
 * (pointer over the tile or focus inside it), as WCAG 2.2.2 asks.
 */
import { useEffect, useState } from 'react';

export function useRotation(count: number, intervalMs: number, running: boolean) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [running, count, intervalMs]);
  const safe = count > 0 ? index % count : 0;
  return {
    index: safe,
    next: () => setIndex((safe + 1) % Math.max(count, 1)),
    previous: () => setIndex((safe - 1 + count) % Math.max(count, 1)),
  };
}
