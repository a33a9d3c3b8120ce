/**
 * A colour as a browser's inline style reads it back (`rgb(r, g, b)`): happy-dom keeps the
 * `#rrggbb` it was given, so tests compare through this.
 */
export const rgb = (color: string): string => {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color.trim());
  if (!hex) return color;
  const [r, g, b] = hex.slice(1).map((h) => parseInt(h, 16));
  return `rgb(${r}, ${g}, ${b})`;
};
