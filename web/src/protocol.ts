// The messages between the page and the bot's server (docs: the Activity's protocol). The
// rules stay on the server: the page receives the legal moves with each position and sends
// only a choice among them.

export type Colour = 'white' | 'black';

/**
 * One span of the bot's text: its part (the bot's words, a name, a person, a moment in Unix
 * milliseconds, a command by its path and as typed, a channel, a game) and its style.
 */
export interface Span {
  words?: string;
  name?: string;
  person?: string;
  moment?: number;
  command?: string;
  typed?: string;
  channel?: string;
  game?: number;
  strong?: boolean;
  code?: boolean;
}

/** The bot's text as data: the page writes each part its own way. */
export type BotText = Span[];

export interface Player {
  id: string;
  name: string;
  rating: number | null;
  engine_level: number | null;
}

export interface Summary {
  id: number;
  white: Player;
  black: Player;
  ply: number;
  spectators: number;
}

export interface Challenge {
  id: number;
  from: Player;
  to: Player | null;
  colour: Colour | 'random';
  time: string | null;
}

export interface LegalMove {
  /** The move in the bot's notation, sent back as it is. */
  text: string;
  /** The squares the piece stands on, from the start to the end (1 to 32). */
  path: number[];
  captures: number[];
}

export interface Clock {
  white_ms: number;
  black_ms: number;
  running: Colour | null;
  base_ms: number;
  increment_ms: number;
}

/** `w`, `b`: men; `W`, `B`: kings; `''`: empty. */
export type Cell = 'w' | 'W' | 'b' | 'B' | '';

export interface Game {
  id: number;
  ply: number;
  status: 'active' | 'finished';
  white: Player;
  black: Player;
  you: Colour | null;
  turn: Colour;
  board: Cell[];
  legal: LegalMove[];
  compulsory: boolean;
  last: { path: number[]; captures: number[] } | null;
  moves: string[];
  clock: Clock | null;
  deadline_ms: number | null;
  draw_offer: Colour | null;
  takeback: Colour | null;
  can_takeback: boolean;
  result: { winner: Colour | null; text: BotText } | null;
  spectators: number;
}

export interface Person {
  id: string;
  name: string;
}

export interface Lobby {
  type: 'lobby';
  games: Summary[];
  challenges: Challenge[];
  /** The people present in the channel's Activity, the page's own person included. */
  present: Person[];
}

export interface Hello {
  type: 'hello';
  you: { id: string; name: string };
  language: string;
  words: Record<string, string>;
  /** `squares[n - 1]`: [row, col] of square n, White at the bottom, row 0 at the top. */
  squares: [number, number][];
}

export type ServerMessage =
  | Hello
  | Lobby
  | { type: 'game'; game: Game }
  | { type: 'analysis'; game: number; text: BotText }
  | { type: 'refused'; text: BotText }
  | { type: 'notice'; text: BotText }
  | { type: 'error'; text: BotText };

export type PageMessage =
  | { type: 'lobby' }
  | { type: 'watch'; game: number }
  | { type: 'move'; game: number; ply: number; move: string }
  | { type: 'draw'; game: number; answer: boolean | null }
  | { type: 'resign'; game: number }
  | { type: 'takeback'; game: number; answer: boolean | null }
  | { type: 'analysis'; game: number }
  | { type: 'rematch'; game: number }
  | {
      type: 'challenge';
      opponent: string | null;
      level: number | null;
      colour: Colour | 'random';
      time: string | null;
    }
  | { type: 'accept'; challenge: number }
  | { type: 'decline'; challenge: number }
  | { type: 'cancel'; challenge: number };

/** The answer of `POST api/token`. */
export interface TokenAnswer {
  access_token: string;
  session: string;
  you: { id: string; name: string };
}
