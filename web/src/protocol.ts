// The messages between the page and the bot's server (docs: the Activity's protocol). The
// rules stay on the server: the page receives the legal moves with each position and sends
// only a choice among them.
//
// The types are generated from the server's own (generated/protocol.ts, from
// crates/dama-web/src/protocol.rs and the service's view of a game); here they get the names
// the page uses.

import type { ClockView, GameView, Incoming, Outgoing, PlayerView, Side, Span, You } from './generated/protocol';

export type {
  BoardColours,
  Cell,
  Challenge,
  LegalMove,
  ResultView,
  SideChoice,
  Span,
  Summary,
  TokenAnswer,
} from './generated/protocol';

export type Colour = Side;
export type Player = PlayerView;
export type Person = You;
export type Clock = ClockView;
export type Game = GameView;
/** The bot's text as data: the page writes each part its own way (markup.ts). */
export type BotText = Span[];

/** What the server sends. */
export type ServerMessage = Outgoing;
/** What the page sends. */
export type PageMessage = Incoming;

export type Hello = Extract<ServerMessage, { type: 'hello' }>;
export type Lobby = Extract<ServerMessage, { type: 'lobby' }>;
