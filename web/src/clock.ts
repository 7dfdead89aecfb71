// Time shown as it runs down: the server's clock is the truth, the page only counts between
// two of its messages.

/** `m:ss`, `h:mm:ss` past an hour, `s.t` in the last ten seconds. */
export function formatMs(ms: number): string {
  const left = Math.max(0, ms);
  if (left < 10_000) return (Math.floor(left / 100) / 10).toFixed(1);
  const seconds = Math.floor(left / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
