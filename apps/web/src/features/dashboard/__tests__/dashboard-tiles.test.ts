/** The user tiles link to the users list with the very filters the server counts them with (000 §2.3). */
import { describe, expect, it } from 'vitest';
import { USER_TILE_FILTERS } from '@wayguard/contracts';
import { USER_TILES } from '../dashboard-tiles';

describe('USER_TILES', () => {
  it('links each tile to /users with exactly its USER_TILE_FILTERS', () => {
    expect(USER_TILES.map((t) => t.key).sort()).toEqual(Object.keys(USER_TILE_FILTERS).sort());
    for (const tile of USER_TILES) {
      const url = new URL(tile.to, 'http://console.test');
      expect(url.pathname).toBe('/users');
      const wanted = USER_TILE_FILTERS[tile.key as keyof typeof USER_TILE_FILTERS];
      expect([...url.searchParams.entries()]).toEqual(wanted.map((k) => [k, '1']));
    }
  });

  it('says under each tile what it counts: parts of the users list, not its total', () => {
    const counts = USER_TILES.map((t) => t.counts ?? '');
    expect(counts.every((c) => c.length > 0)).toBe(true);
    expect(new Set(counts).size).toBe(USER_TILES.length);
  });
});
