// The board's colours: those the PNG boards are drawn with (`[render]` in the server's
// configuration), sent in `hello`, so the page and the images look the same.

import type { BoardColours } from './protocol';

let colours: BoardColours | null = null;

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

/** Relative luminance, 0 to 1, as the PNG boards weigh it to choose a contrasting ink. */
function luminance(colour: string): number {
  const [r, g, b] = channels(colour);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Takes the colours of `hello`: for the board's drawing, and as CSS variables for the rest. */
export function setColours(next: BoardColours): void {
  colours = next;
  const style = document.documentElement.style;
  style.setProperty('--white-piece', next.white_piece);
  style.setProperty('--black-piece', next.black_piece);
  style.setProperty('--last-move', next.last_move);
  // The square numbers and the coordinates stay readable on light squares and borders (the
  // PNG boards' thresholds).
  const darkSquares = luminance(next.dark_square) < 0.55;
  style.setProperty('--number-ink', darkSquares ? '#dfe8d0' : '#000000');
  style.setProperty('--number-opacity', darkSquares ? '.8' : '.5');
  style.setProperty('--coordinate-ink', luminance(next.border) < 0.5 ? '#d8c7a6' : mix(next.dark_square, '#000000', 0.3));
}

/** The colours `hello` sent: a board is drawn only after it. */
export function theme(): BoardColours {
  if (colours === null) throw new Error('the board colours come with hello');
  return colours;
}
