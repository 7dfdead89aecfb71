// Generated from crates/dama-web/src/protocol.rs and dama-service's view by `DAMA_BLESS=1 cargo test -p dama-web generated`: do not edit.

/**
 * What the server sends.
 */
export type Outgoing = { "type": "hello", you: You, language: string, 
/**
 * The page's words in its language, by message id.
 */
words: { [key in string]: string }, 
/**
 * `squares[n-1]`: `[row, column]` of square n, White at the bottom, row 0 at the top.
 */
squares: Array<[number, number]>, 
/**
 * The board's colours: the same as the PNG boards'.
 */
colours: BoardColours, } | { "type": "lobby", games: Array<Summary>, challenges: Array<Challenge>, 
/**
 * The people present in the channel's Activity (the page's own person included).
 */
present: Array<You>, } | { "type": "game", game: GameView, } | { "type": "analysis", game: number, text: Array<Span>, } | { "type": "refused", text: Array<Span>, } | { "type": "notice", text: Array<Span>, } | { "type": "error", text: Array<Span>, };

/**
 * What the page sends.
 */
export type Incoming = { "type": "lobby" } | { "type": "watch", game: number, } | { "type": "move", game: number, ply: number, move: string, } | { "type": "draw", game: number, answer: boolean | null, } | { "type": "resign", game: number, } | { "type": "takeback", game: number, answer: boolean | null, } | { "type": "analysis", game: number, } | { "type": "rematch", game: number, } | { "type": "challenge", opponent: string | null, level: number | null, colour: string | null, time: string | null, } | { "type": "accept", challenge: number, } | { "type": "decline", challenge: number, } | { "type": "cancel", challenge: number, };

/**
 * The answer of `POST /api/token`: the token the page gives Discord's SDK, and its session
 * for the WebSocket.
 */
export type TokenAnswer = { access_token: string, session: string, you: You, };

/**
 * The board's colours, as `#rrggbb`: the PNG boards' theme, from `[render]` in the
 * configuration.
 */
export type BoardColours = { light_square: string, dark_square: string, border: string, white_piece: string, black_piece: string, 
/**
 * The selected square's frame.
 */
highlight: string, 
/**
 * The dark squares of the last move: the dark square mixed with `highlight`.
 */
highlighted_square: string, 
/**
 * The path of the last move.
 */
last_move: string, 
/**
 * The ring around pieces that must capture.
 */
must_capture: string, crown: string, };

/**
 * What stands on a square: a man (`w`, `b`), a king (`W`, `B`), or nothing (`""`).
 */
export type Cell = "w" | "W" | "b" | "B" | "";

/**
 * An open challenge in the lobby.
 */
export type Challenge = { id: number, from: PlayerView, to: PlayerView | null, 
/**
 * The challenger's colour.
 */
colour: SideChoice, time: string | null, };

/**
 * A live game's clocks as the server's clock reads them when the view is made: the page
 * counts the running one down from there.
 */
export type ClockView = { white_ms: number, black_ms: number, 
/**
 * The side whose clock runs; `None` once the game is over.
 */
running: Side | null, base_ms: number, increment_ms: number, };

/**
 * Whether a game goes on.
 */
export type GameState = "active" | "finished";

/**
 * A game as a page shows it to one viewer.
 */
export type GameView = { id: number, ply: number, 
/**
 * Aborted games are `finished` too, with no winner.
 */
status: GameState, white: PlayerView, black: PlayerView, 
/**
 * The viewer's colour; `None` for a spectator.
 */
you: Side | null, turn: Side, 
/**
 * Square 1 first.
 */
board: Array<Cell>, 
/**
 * The moves the viewer may play now (empty unless they are to move in an active game).
 */
legal: Array<LegalMove>, 
/**
 * A capture is compulsory now.
 */
compulsory: boolean, last: LastMove | null, 
/**
 * The move list in the bot's notation.
 */
moves: Array<string>, 
/**
 * A live game's clocks; `None` for a correspondence game.
 */
clock: ClockView | null, 
/**
 * When the time per move of the person to move runs out (Unix milliseconds).
 */
deadline_ms: number | null, draw_offer: Side | null, takeback: Side | null, 
/**
 * The viewer may ask for a takeback now.
 */
can_takeback: boolean, result: ResultView | null, 
/**
 * Pages watching the game; the page's server fills it in.
 */
spectators: number, };

/**
 * The last move played.
 */
export type LastMove = { path: Array<number>, captures: Array<number>, };

/**
 * A legal move: its text (as `/move` reads it), every square the piece stands on from the
 * start, and the captured squares in jump order.
 */
export type LegalMove = { text: string, path: Array<number>, captures: Array<number>, };

/**
 * Who plays a side.
 */
export type PlayerView = { 
/**
 * A person's user id, as a string (JavaScript numbers cannot hold every id); `"0"` for
 * the engine.
 */
id: string, name: string, rating: number | null, engine_level: number | null, };

/**
 * How the game ended.
 */
export type ResultView = { 
/**
 * `None` for a draw or an aborted game.
 */
winner: Side | null, 
/**
 * The result line, as the bot says it ("Game #12: alice beat bob by resignation.").
 */
text: Array<Span>, };

/**
 * A side of the board, as the protocol writes it.
 */
export type Side = "white" | "black";

/**
 * The colour a challenger asked for.
 */
export type SideChoice = "white" | "black" | "random";

/**
 * One span of a [`RichText`] as its JSON reads (see its `Serialize`), for the page's
 * generated types: its part (the bot's words, a name, a person's id, a moment in Unix
 * milliseconds, a command by its path and as typed, a channel's id, a game's number), each
 * field present for its part only, and its style.
 */
export type Span = { words?: string, name?: string, person?: string, moment?: number, command?: string, typed?: string, channel?: string, game?: number, strong?: boolean, code?: boolean, };

/**
 * A running game in the lobby.
 */
export type Summary = { id: number, white: PlayerView, black: PlayerView, ply: number, spectators: number, };

/**
 * Who the page's person is.
 */
export type You = { id: string, name: string, };
