/** Black or white text, whichever reads on a tag's colour (#rgb or #rrggbb, alpha ignored). */
export const textOn = (color: string): '#000000' | '#ffffff' => {
  const hex = color.replace('#', '');
  const full = hex.length === 3 || hex.length === 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
  const n = Number.parseInt(full, 16);
  if (!/^[0-9a-f]{6}$/i.test(full) || Number.isNaN(n)) return '#ffffff';
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  // Relative luminance (sRGB, rounded): light colours get black text.
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 150 ? '#000000' : '#ffffff';
};
