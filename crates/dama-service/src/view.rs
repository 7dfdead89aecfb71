//! The service's view of a game for a page that draws it itself (the Activity): the board,
//! the legal moves with their paths and captured squares, the last move, the move list, the
//! players with their ratings, the offers, the result and the time per move's deadline. The
//! rules stay here: a page only chooses among the legal moves it is given.
//!
//! The view serialises as the `game` frame of the Activity's protocol (dama-web's
//! `protocol`); colours are `"white"` and `"black"`. Its types derive [`TS`]: the page's
//! TypeScript types are generated from them (dama-web's `generated`), so a change here reaches
//! the page's type check.

use dama_core::text::RichText;
use dama_rules::{Color, Move, Role};
use serde::Serialize;
use ts_rs::TS;

use super::loaded::Loaded;
use super::{GameService, ServiceError};
use dama_core::i18n::Language;
use dama_core::store::{ChannelId, ColourChoice, GameId, GameStatus, Participant, UserId};

/// A game as a page shows it to one viewer.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct GameView {
    pub id: i64,
    pub ply: u32,
    /// Aborted games are `finished` too, with no winner.
    pub status: GameState,
    pub white: PlayerView,
    pub black: PlayerView,
    /// The viewer's colour; `None` for a spectator.
    pub you: Option<Side>,
    pub turn: Side,
    /// Square 1 first.
    pub board: Vec<Cell>,
    /// The moves the viewer may play now (empty unless they are to move in an active game).
    pub legal: Vec<LegalMove>,
    /// A capture is compulsory now.
    pub compulsory: bool,
    pub last: Option<LastMove>,
    /// The move list in the bot's notation.
    pub moves: Vec<String>,
    /// A live game's clocks; `None` for a correspondence game.
    pub clock: Option<ClockView>,
    /// When the time per move of the person to move runs out (Unix milliseconds).
    pub deadline_ms: Option<i64>,
    pub draw_offer: Option<Side>,
    pub takeback: Option<Side>,
    /// The viewer may ask for a takeback now.
    pub can_takeback: bool,
    pub result: Option<ResultView>,
    /// Pages watching the game; the page's server fills it in.
    pub spectators: usize,
}

/// A side of the board, as the protocol writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl From<Color> for Side {
    fn from(colour: Color) -> Side {
        colour.fold(Side::White, Side::Black)
    }
}

/// Whether a game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum GameState {
    Active,
    Finished,
}

/// What stands on a square: a man (`w`, `b`), a king (`W`, `B`), or nothing (`""`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub enum Cell {
    #[serde(rename = "w")]
    WhiteMan,
    #[serde(rename = "W")]
    WhiteKing,
    #[serde(rename = "b")]
    BlackMan,
    #[serde(rename = "B")]
    BlackKing,
    #[serde(rename = "")]
    Empty,
}

/// The colour a challenger asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    White,
    Black,
    Random,
}

impl From<ColourChoice> for SideChoice {
    fn from(choice: ColourChoice) -> SideChoice {
        match choice {
            ColourChoice::White => SideChoice::White,
            ColourChoice::Black => SideChoice::Black,
            ColourChoice::Random => SideChoice::Random,
        }
    }
}

/// A live game's clocks as the server's clock reads them when the view is made: the page
/// counts the running one down from there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct ClockView {
    pub white_ms: i64,
    pub black_ms: i64,
    /// The side whose clock runs; `None` once the game is over.
    pub running: Option<Side>,
    pub base_ms: i64,
    pub increment_ms: i64,
}

/// Who plays a side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PlayerView {
    /// A person's user id, as a string (JavaScript numbers cannot hold every id); `"0"` for
    /// the engine.
    pub id: String,
    pub name: String,
    pub rating: Option<i64>,
    pub engine_level: Option<u8>,
}

/// A legal move: its text (as `/move` reads it), every square the piece stands on from the
/// start, and the captured squares in jump order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct LegalMove {
    pub text: String,
    pub path: Vec<u8>,
    pub captures: Vec<u8>,
}

/// The last move played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct LastMove {
    pub path: Vec<u8>,
    pub captures: Vec<u8>,
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ResultView {
    /// `None` for a draw or an aborted game.
    pub winner: Option<Side>,
    /// The result line, as the bot says it ("Game #12: alice beat bob by resignation.").
    #[ts(as = "Vec<Span>")]
    pub text: RichText,
}

/// One span of a [`RichText`] as its JSON reads (see its `Serialize`), for the page's
/// generated types: its part (the bot's words, a name, a person's id, a moment in Unix
/// milliseconds, a command by its path and as typed, a channel's id, a game's number), each
/// field present for its part only, and its style.
#[derive(TS)]
#[ts(optional_fields)]
#[expect(dead_code, reason = "the shape of RichText's JSON, read by ts-rs only")]
pub struct Span {
    words: Option<String>,
    name: Option<String>,
    person: Option<String>,
    moment: Option<i64>,
    command: Option<String>,
    typed: Option<String>,
    channel: Option<String>,
    game: Option<i64>,
    strong: Option<bool>,
    code: Option<bool>,
}

/// A running game as a lobby lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    pub id: i64,
    pub white: PlayerView,
    pub black: PlayerView,
    pub ply: u32,
}

/// An open challenge as a lobby lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeSummary {
    pub id: i64,
    pub from: PlayerView,
    pub to: Option<PlayerView>,
    /// The challenger's colour.
    pub colour: SideChoice,
    pub time_per_move_ms: i64,
    /// A live challenge's time control.
    pub clock: Option<dama_core::store::TimeControl>,
}

impl GameService {
    /// The game `game` as `viewer` sees it, worded in `language`; `None` when there is no such
    /// game.
    pub fn game_view(
        &self,
        game: GameId,
        viewer: UserId,
        language: Language,
    ) -> Result<Option<GameView>, ServiceError> {
        let Some(record) = self.store.game(game)? else {
            return Ok(None);
        };
        let loaded = self.load(record)?;
        Ok(Some(self.view_of(&loaded, viewer, language)))
    }

    /// The running games of a channel (its own and those in its threads) and its open
    /// challenges, worded in `language`.
    pub fn lobby_view(
        &self,
        channel: ChannelId,
        language: Language,
    ) -> Result<(Vec<GameSummary>, Vec<ChallengeSummary>), ServiceError> {
        let mut records: Vec<dama_core::store::Game> = self
            .store
            .active_game_in_channel(channel)?
            .into_iter()
            .collect();
        records.extend(self.store.active_games_in_threads_of(channel)?);
        let games = records
            .iter()
            .map(|record| GameSummary {
                id: record.id.0,
                white: self.player_view(language, record, Color::White),
                black: self.player_view(language, record, Color::Black),
                ply: record.ply,
            })
            .collect();
        let person = |guild, user| {
            let participant = Participant::User(user);
            let name = self.plain_name(language, guild, participant);
            PlayerView {
                id: user.to_string(),
                name,
                rating: self
                    .store
                    .player(guild, user)
                    .ok()
                    .flatten()
                    .map(|player| player.rating.rating.round() as i64),
                engine_level: None,
            }
        };
        let challenges = self
            .store
            .pending_challenges_in_channel(channel, self.now())?
            .into_iter()
            .map(|challenge| ChallengeSummary {
                id: challenge.id.0,
                from: person(challenge.guild, challenge.challenger),
                to: challenge
                    .challenged
                    .map(|user| person(challenge.guild, user)),
                colour: challenge.colour.into(),
                time_per_move_ms: challenge.time_per_move_ms,
                clock: challenge.clock,
            })
            .collect();
        Ok((games, challenges))
    }

    fn view_of(&self, loaded: &Loaded, viewer: UserId, language: Language) -> GameView {
        let record = &loaded.record;
        let position = loaded.position();
        let active = record.status == GameStatus::Active;
        let turn = loaded.turn();
        let you = record.colour_of(viewer);
        let board = dama_rules::Square::ALL
            .iter()
            .map(|&square| match position.piece_at(square) {
                None => Cell::Empty,
                Some(piece) => match (piece.color, piece.role) {
                    (Color::White, Role::Man) => Cell::WhiteMan,
                    (Color::White, Role::King) => Cell::WhiteKing,
                    (Color::Black, Role::Man) => Cell::BlackMan,
                    (Color::Black, Role::King) => Cell::BlackKing,
                },
            })
            .collect();
        let mut legal: Vec<LegalMove> = Vec::new();
        if active && you == Some(turn) && record.participant(turn) == Participant::User(viewer) {
            for m in &position.legal_moves() {
                let text = m.long();
                if !legal.iter().any(|known| known.text == text) {
                    let (path, captures) = squares(m);
                    legal.push(LegalMove {
                        text,
                        path,
                        captures,
                    });
                }
            }
        }
        let mut moves = Vec::with_capacity(loaded.game.moves().len());
        let mut replay = *loaded.game.start();
        for m in loaded.game.moves() {
            moves.push(replay.move_text(m));
            replay.play_unchecked(m);
        }
        let player = |colour: Color| self.player_view(language, record, colour);
        let can_takeback = active && you.is_some() && self.takeback_offered(loaded);
        GameView {
            id: record.id.0,
            ply: record.ply,
            status: if active {
                GameState::Active
            } else {
                GameState::Finished
            },
            white: player(Color::White),
            black: player(Color::Black),
            you: you.map(Side::from),
            turn: turn.into(),
            board,
            legal,
            compulsory: active && position.must_capture(),
            last: loaded.last_move().map(|m| {
                let (path, captures) = squares(&m);
                LastMove { path, captures }
            }),
            moves,
            clock: record.clock.map(|clock| {
                let (left, running) = match record.clock_left(self.now()) {
                    Some(left) => (left, Some(turn.into())),
                    None => (record.clock_at_end().unwrap_or(clock.left), None),
                };
                ClockView {
                    white_ms: left.white,
                    black_ms: left.black,
                    running,
                    base_ms: clock.control.base_ms,
                    increment_ms: clock.control.increment_ms,
                }
            }),
            deadline_ms: (active && matches!(record.participant(turn), Participant::User(_)))
                .then(|| record.deadline()),
            draw_offer: record.draw_offer.map(|offer| offer.by.into()),
            takeback: record.takeback_request.map(|request| request.by.into()),
            can_takeback,
            result: (!active).then(|| ResultView {
                winner: record
                    .result
                    .and_then(|result| result.winner().map(Side::from)),
                text: self.result_line(language, record),
            }),
            spectators: 0,
        }
    }

    fn player_view(
        &self,
        language: Language,
        record: &dama_core::store::Game,
        colour: Color,
    ) -> PlayerView {
        let participant = record.participant(colour);
        let name = self.plain_name(language, record.guild, participant);
        match participant {
            Participant::User(user) => PlayerView {
                id: user.to_string(),
                name,
                rating: self
                    .store
                    .player(record.guild, user)
                    .ok()
                    .flatten()
                    .map(|player| player.rating.rating.round() as i64),
                engine_level: None,
            },
            Participant::Engine(level) => PlayerView {
                id: "0".to_owned(),
                name,
                rating: None,
                engine_level: Some(level),
            },
        }
    }
}

/// A move's path (its origin, then every landing) and captured squares, by number.
fn squares(m: &Move) -> (Vec<u8>, Vec<u8>) {
    let path = std::iter::once(m.from())
        .chain(m.landings().iter().copied())
        .map(dama_rules::Square::number)
        .collect();
    let captures = m.captures().iter().map(|square| square.number()).collect();
    (path, captures)
}
