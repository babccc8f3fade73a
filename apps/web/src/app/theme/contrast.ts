/**
 * WCAG 2.2 contrast of sRGB hex colours (1.4.3: 4.5:1 for text), and the darkening the theme uses to
 * give every colour a filled shade that carries white text (issue 26: a green 'ALLOWED' badge read
 * 3.44:1).
 */
const channel = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

function rgb(hex: string): [number, number, number] {
  const h = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!h) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => channel(v / 255)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `hex` darkened (same hue) in small steps until white text on it reaches `ratio`. */
export function darkenForWhite(hex: string, ratio: number): string {
  let [r, g, b] = rgb(hex);
  const hexOf = () => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  while (contrast(hexOf(), '#ffffff') < ratio) [r, g, b] = [r * 0.97, g * 0.97, b * 0.97];
  return hexOf();
}
