// The page's few pictures, drawn (no emoji or icon font is sure to be there).

import { svg } from './dom';

/** An eye, before the number of spectators. */
export function eye(): SVGSVGElement {
  return svg(
    'svg',
    { class: 'icon', viewBox: '0 0 24 24', 'aria-hidden': 'true' },
    svg('path', {
      d: 'M1.5 12C4 7 7.8 4.5 12 4.5S20 7 22.5 12C20 17 16.2 19.5 12 19.5S4 17 1.5 12Z',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': 2,
    }),
    svg('circle', { cx: 12, cy: 12, r: 3.5, fill: 'currentColor' }),
  );
}
