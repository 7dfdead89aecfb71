// The board's colours: the defaults of `[render]` in config.example.toml, as the PNG boards
// draw them, so the page and the images look the same.

export const THEME = {
  lightSquare: '#f0d9b5',
  darkSquare: '#6d8a4e',
  border: '#3b2a1e',
  whitePiece: '#f4efe4',
  blackPiece: '#2b2b2b',
  highlight: '#f2c94c',
  lastMove: '#2f7de1',
  mustCapture: '#e5484d',
  crown: '#e2b33c',
} as const;

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** `a` moved towards `b` by `t` (0 to 1). */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [channels(a), channels(b)];
  return toHex(x.map((c, i) => c + (y[i] - c) * t));
}

/** Lighter (`amount` > 0) or darker (< 0), as the PNG pieces are shaded. */
export function shade(colour: string, amount: number): string {
  return amount >= 0 ? mix(colour, '#ffffff', Math.min(amount, 1)) : mix(colour, '#000000', Math.min(-amount, 1));
}

/** A dark square of the last move: the dark square tinted with the highlight colour. */
export const HIGHLIGHTED_SQUARE = mix(THEME.darkSquare, THEME.highlight, 0.7);
