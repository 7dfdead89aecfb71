// The board as SVG: the position, the last move, pieces that must capture, and the clicks that
// choose a move among the legal ones the server sent (a piece, then where it goes, then, when
// two capture paths end on the same square, which path).

import { svg } from './dom';
import { CROWN_BALL_RADIUS, CROWN_BALLS, CROWN_BAND, CROWN_OUTLINE, type Point as CrownPoint } from './generated/crown';
import type { Cell, Colour, Game, LegalMove } from './protocol';
import { shade, theme } from './theme';

const SQUARE = 100;
const EDGE = 34;
const SIDE = SQUARE * 8 + EDGE * 2;
const FACE = 37;

type Point = [number, number];

function last<T>(items: T[]): T {
  return items[items.length - 1];
}

function points(list: Point[]): string {
  return list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}

export class Board {
  readonly element: SVGSVGElement;
  private game: Game | null = null;
  private bottom: Colour = 'white';
  private selected: number | null = null;
  private choices: LegalMove[] = [];
  /** The board before the last move arrived, to draw the pieces it took as they fade. */
  private taken: { square: number; cell: Cell }[] = [];

  constructor(
    private readonly squares: [number, number][],
    private readonly onMove: (move: LegalMove) => void,
    private readonly onChoosing: (choosing: boolean) => void,
  ) {
    this.element = svg('svg', {
      class: 'board',
      viewBox: `0 0 ${SIDE} ${SIDE}`,
      role: 'img',
    });
    this.element.addEventListener('click', (event) => this.click(event));
  }

  /** Shows `game` with `bottom`'s side at the bottom; `previous` is what was shown before. */
  show(game: Game, bottom: Colour, previous: Game | null): void {
    const moved = previous !== null && previous.id === game.id && game.ply === previous.ply + 1;
    this.taken =
      moved && game.last !== null
        ? game.last.captures.map((square) => ({ square, cell: previous.board[square - 1] }))
        : [];
    if (previous === null || previous.id !== game.id || previous.ply !== game.ply) {
      this.selected = null;
      this.choices = [];
    }
    this.game = game;
    this.bottom = bottom;
    this.draw();
  }

  private centre(square: number): Point {
    const [row, col] = this.place(square);
    return [EDGE + col * SQUARE + SQUARE / 2, EDGE + row * SQUARE + SQUARE / 2];
  }

  private place(square: number): [number, number] {
    const [row, col] = this.squares[square - 1];
    return this.bottom === 'white' ? [row, col] : [7 - row, 7 - col];
  }

  private canMove(): boolean {
    const game = this.game;
    return game !== null && game.status === 'active' && game.you === game.turn && game.legal.length > 0;
  }

  private movesFrom(square: number): LegalMove[] {
    return this.canMove() ? this.game!.legal.filter((m) => m.path[0] === square) : [];
  }

  private click(event: MouseEvent): void {
    const target = event.target as Element;
    const choice = target.closest('[data-choice]');
    if (choice !== null) {
      const move = this.choices.find((m) => m.text === choice.getAttribute('data-choice'));
      this.choose(null);
      if (move !== undefined) this.onMove(move);
      return;
    }
    const hit = target.closest('[data-square]');
    const square = hit === null ? null : Number(hit.getAttribute('data-square'));
    if (this.choices.length > 0) this.choose(null);
    if (square === null) return;
    if (this.selected !== null) {
      const ending = this.movesFrom(this.selected).filter((m) => last(m.path) === square);
      if (ending.length === 1) {
        this.selected = null;
        this.draw();
        this.onMove(ending[0]);
        return;
      }
      if (ending.length > 1) {
        this.choose(ending);
        return;
      }
    }
    this.selected = this.selected !== square && this.movesFrom(square).length > 0 ? square : null;
    this.draw();
  }

  private choose(moves: LegalMove[] | null): void {
    this.choices = moves ?? [];
    if (moves === null) this.selected = null;
    this.onChoosing(this.choices.length > 0);
    this.draw();
  }

  private draw(): void {
    const game = this.game;
    if (game === null) return;
    const colours = theme();
    const root = this.element;
    root.replaceChildren();
    root.append(
      svg('rect', { x: 0, y: 0, width: SIDE, height: SIDE, fill: colours.border }),
      svg('rect', { x: EDGE, y: EDGE, width: SQUARE * 8, height: SQUARE * 8, fill: colours.light_square }),
    );
    this.drawCoordinates();

    const lit = new Set<number>(game.last?.path ?? []);
    for (let n = 1; n <= 32; n++) {
      const [row, col] = this.place(n);
      const x = EDGE + col * SQUARE;
      const y = EDGE + row * SQUARE;
      root.append(
        svg('rect', {
          x,
          y,
          width: SQUARE,
          height: SQUARE,
          fill: lit.has(n) ? colours.highlighted_square : colours.dark_square,
        }),
      );
    }
    if (this.selected !== null) {
      const [x, y] = this.centre(this.selected);
      root.append(
        svg('rect', {
          x: x - SQUARE / 2,
          y: y - SQUARE / 2,
          width: SQUARE,
          height: SQUARE,
          fill: 'none',
          stroke: colours.highlight,
          'stroke-width': 6,
        }),
      );
    }

    const capturers = new Set<number>(
      game.compulsory && this.canMove() ? game.legal.map((m) => m.path[0]) : [],
    );
    game.board.forEach((cell, index) => {
      if (cell !== '') root.append(this.piece(index + 1, cell, capturers.has(index + 1), ''));
    });
    for (const { square, cell } of this.taken) {
      if (cell !== '' && game.board[square - 1] === '') root.append(this.piece(square, cell, false, 'taken'));
    }
    // The numbers stay readable over the pieces, as on the PNG boards.
    for (let n = 1; n <= 32; n++) {
      const [x, y] = this.centre(n);
      root.append(svg('text', { x: x - SQUARE / 2 + 5, y: y - SQUARE / 2 + 17, class: 'number' }, String(n)));
    }
    if (game.last !== null && game.last.path.length > 1) root.append(this.path(game.last.path, 'last'));

    if (this.selected !== null && this.choices.length === 0) {
      const ends = new Set(this.movesFrom(this.selected).map((m) => last(m.path)));
      for (const end of ends) {
        const [x, y] = this.centre(end);
        root.append(svg('circle', { cx: x, cy: y, r: 15, class: 'target', fill: colours.last_move }));
      }
    }

    for (let n = 1; n <= 32; n++) {
      const [x, y] = this.centre(n);
      root.append(
        svg('rect', {
          x: x - SQUARE / 2,
          y: y - SQUARE / 2,
          width: SQUARE,
          height: SQUARE,
          fill: 'transparent',
          'data-square': n,
          class: this.movesFrom(n).length > 0 ? 'hit movable' : 'hit',
        }),
      );
    }
    this.drawChoices();
  }

  private drawCoordinates(): void {
    const files = 'abcdefgh';
    for (let i = 0; i < 8; i++) {
      const file = this.bottom === 'white' ? files[i] : files[7 - i];
      const rank = this.bottom === 'white' ? 8 - i : i + 1;
      const middle = EDGE + i * SQUARE + SQUARE / 2;
      this.element.append(
        svg('text', { x: middle, y: SIDE - 10, class: 'coordinate' }, file),
        svg('text', { x: EDGE / 2, y: middle + 7, class: 'coordinate' }, String(rank)),
      );
    }
  }

  private piece(square: number, cell: Cell, ring: boolean, extra: string): SVGGElement {
    const [x, y] = this.centre(square);
    const colours = theme();
    const white = cell === 'w' || cell === 'W';
    const colour = white ? colours.white_piece : colours.black_piece;
    const group = svg('g', {
      class: `piece ${white ? 'white' : 'black'} ${extra}`.trim(),
      transform: `translate(${x} ${y})`,
    });
    group.append(
      svg('circle', { cx: 0, cy: 6, r: FACE, fill: shade(colour, white ? -0.3 : -0.45) }),
      svg('circle', {
        cx: 0,
        cy: -2,
        r: FACE,
        fill: colour,
        stroke: shade(colour, white ? -0.22 : 0.14),
        'stroke-width': 2,
      }),
      svg('circle', {
        cx: 0,
        cy: -2,
        r: FACE * 0.72,
        fill: 'none',
        stroke: shade(colour, white ? -0.12 : 0.1),
        'stroke-width': 2.5,
      }),
      svg('circle', {
        cx: 0,
        cy: -2,
        r: FACE * 0.42,
        fill: 'none',
        stroke: shade(colour, white ? -0.08 : 0.07),
        'stroke-width': 2,
      }),
    );
    if (cell === 'W' || cell === 'B') {
      const scale = (list: readonly CrownPoint[]): Point[] => list.map(([a, b]) => [a * FACE, b * FACE - 2]);
      const outline = shade(colours.crown, -0.62);
      group.append(
        svg('polygon', {
          points: points(scale(CROWN_OUTLINE)),
          fill: colours.crown,
          stroke: outline,
          'stroke-width': 2.5,
          'stroke-linejoin': 'round',
        }),
        svg('polygon', { points: points(scale(CROWN_BAND)), fill: shade(colours.crown, -0.15), stroke: outline, 'stroke-width': 2 }),
        ...scale(CROWN_BALLS).map(([a, b]) =>
          svg('circle', { cx: a, cy: b, r: FACE * CROWN_BALL_RADIUS, fill: colours.crown, stroke: outline, 'stroke-width': 1.5 }),
        ),
      );
    }
    if (ring) {
      group.append(
        svg('circle', { cx: 0, cy: 1, r: FACE + 6, fill: 'none', stroke: colours.must_capture, 'stroke-width': 5 }),
      );
    }
    return group;
  }

  /** A move's path: a line through the squares it stands on, with an arrow at the end. */
  private path(squares: number[], kind: string): SVGGElement {
    const stops = squares.map((s) => this.centre(s));
    const end = last(stops);
    const before = stops[stops.length - 2];
    const length = Math.hypot(end[0] - before[0], end[1] - before[1]);
    const [ux, uy] = [(end[0] - before[0]) / length, (end[1] - before[1]) / length];
    const tip: Point = [end[0] - ux * 14, end[1] - uy * 14];
    const shaft: Point = [tip[0] - ux * 26, tip[1] - uy * 26];
    const line = [...stops.slice(0, -1), shaft];
    const colour = theme().last_move;
    const group = svg('g', { class: `path ${kind}` });
    group.append(
      svg('polyline', {
        points: points(line),
        fill: 'none',
        stroke: colour,
        'stroke-width': 8,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
      svg('polygon', {
        points: points([
          tip,
          [shaft[0] - uy * 17, shaft[1] + ux * 17],
          [shaft[0] + uy * 17, shaft[1] - ux * 17],
        ]),
        fill: colour,
      }),
      svg('circle', { cx: stops[0][0], cy: stops[0][1], r: 10, fill: colour }),
      ...stops.slice(1, -1).map(([x, y]) => svg('circle', { cx: x, cy: y, r: 7, fill: colour })),
    );
    return group;
  }

  /** Two or more capture paths from one square to another: each drawn, each a button. */
  private drawChoices(): void {
    if (this.choices.length === 0) return;
    this.element.append(svg('rect', { x: 0, y: 0, width: SIDE, height: SIDE, class: 'veil' }));
    this.choices.forEach((move, index) => {
      const group = this.path(move.path, `choice choice-${index % 4}`);
      group.setAttribute('data-choice', move.text);
      group.setAttribute('data-path', move.path.join('-'));
      group.setAttribute('tabindex', '0');
      const others = this.choices.filter((m) => m !== move);
      // The badge stands on the first square of this path no other path passes through.
      const own = move.path.slice(1, -1).find((s) => others.every((m) => !m.path.includes(s)));
      const [x, y] = this.centre(own ?? move.captures[0] ?? last(move.path));
      const wide = svg('polyline', {
        points: points(move.path.map((s) => this.centre(s))),
        class: 'choice-hit',
      });
      group.prepend(wide);
      group.append(
        svg('circle', { cx: x, cy: y, r: 30, class: 'badge' }),
        svg('text', { x, y: y + 11, class: 'badge-text' }, String(index + 1)),
      );
      this.element.append(group);
    });
  }
}
