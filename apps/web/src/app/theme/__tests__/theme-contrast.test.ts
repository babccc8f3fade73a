import { describe, expect, it } from 'vitest';
import { contrast, darkenForWhite } from '../contrast';
import { FILLED_SHADE, theme } from '../theme';

describe('theme colours (WCAG 2.2 AA 1.4.3)', () => {
  const colours = Object.entries(theme.colors ?? {});

  it('has every Mantine colour', () => {
    expect(colours.map(([name]) => name)).toEqual(expect.arrayContaining(['green', 'teal', 'yellow', 'orange', 'red']));
  });

  it.each(colours)('%s: white text on its filled and hover shades reaches 4.5:1', (_name, tuple) => {
    expect(contrast(tuple![FILLED_SHADE], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tuple![9], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('darkenForWhite', () => {
  it("darkens Mantine's green-8 (3.45:1 with white) to the ratio asked, keeping its hue", () => {
    expect(contrast('#2f9e44', '#ffffff')).toBeLessThan(3.5);
    const darker = darkenForWhite('#2f9e44', 4.6);
    expect(contrast(darker, '#ffffff')).toBeGreaterThanOrEqual(4.6);
    expect(contrast(darker, '#ffffff')).toBeLessThan(5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(darker.slice(i, i + 2), 16));
    expect(g).toBeGreaterThan(r!);
    expect(g).toBeGreaterThan(b!);
  });

  it('leaves a colour that already reaches the ratio as it is', () => {
    expect(darkenForWhite('#1864ab', 4.5)).toBe('#1864ab');
  });
});
