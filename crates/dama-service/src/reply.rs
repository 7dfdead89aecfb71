//! What the service answers: platform-free values that an adapter (Discord, the console)
//! turns into messages.

use std::fmt;

use dama_rules::{Color, Move, Position};

use super::Notice;
use dama_core::i18n::Language;
use dama_core::store::{
    ChallengeId, ChannelId, GameId, MessageRef, PuzzleAttemptId, TournamentId, UserId,
};
#[cfg(doc)]
use dama_core::text::Part;
use dama_core::text::RichText;
use dama_render::{BoardView, ChartLabels, ChartMark, TableView};

/// One answer to one action.
#[derive(Debug, Clone, Default)]
pub struct Reply {
    /// The message text, its people, moments and commands as parts.
    pub text: RichText,
    /// A board to draw and attach (the adapter draws it).
    pub board: Option<BoardView>,
    /// Rows of components (at most 5 rows; at most 5 buttons or one select per row).
    pub components: Vec<Vec<Component>>,
    /// Shown only to the person who acted.
    pub ephemeral: bool,
    /// People to notify (they appear as [`Part::Person`] in `text`).
    pub mentions: Vec<UserId>,
    /// A file to attach (PDN).
    pub attachment: Option<Attachment>,
    /// A game to animate and attach (the adapter draws it, as a GIF).
    pub replay: Option<ReplayView>,
    /// An advantage chart to draw and attach (the adapter draws it, as a PNG).
    pub chart: Option<ChartView>,
    /// A table to draw and attach (a tournament's standings; the adapter draws it, as a PNG).
    pub table: Option<TableView>,
    /// The game whose board this reply shows; the adapter reports the message it posts with
    /// [`crate::GameService::set_board_message`] so later boards can link to it.
    pub game: Option<GameId>,
    /// The challenge this reply shows, likewise.
    pub challenge: Option<ChallengeId>,
    /// The tournament whose sign-up message this reply is: the adapter reports the message it
    /// posts with [`crate::GameService::set_tournament_message`], for later edits.
    pub tournament: Option<TournamentId>,
    /// For a refused stale action: the message with the current board, to link to.
    pub current_board: Option<MessageRef>,
    /// A game to open a thread for, from the message of this reply (the line that says the
    /// game starts): the adapter opens it and calls
    /// [`crate::GameService::thread_opened`] for the first board, to post in the thread;
    /// when it cannot, [`crate::GameService::thread_failed`] for the board to post here.
    pub thread: Option<ThreadStart>,
    /// Messages elsewhere that this answer brings: direct messages, the line in a game's
    /// channel when the game in a thread of it ends. Posted after the reply.
    pub notices: Vec<Notice>,
    /// The thread of a game that has ended, for the front end to wind down once the reply is
    /// out (Discord: it archives itself after a day without messages).
    pub archive: Option<ChannelId>,
    /// The notices of the outbox among `notices`, claimed for this answer: once `notices`
    /// are posted, each is reported with [`crate::GameService::reply_delivered`].
    pub outbox: Vec<super::ReplyOutbox>,
    /// The language the reply is worded in where it is not its readers' (a game's board, in
    /// the game's language): the adapter words what it adds (a link) in it.
    pub language: Option<Language>,
}

/// A thread to open for a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadStart {
    pub game: GameId,
    /// The thread's name ("Dama #12 · Alice – Bob"), at most 100 characters.
    pub name: String,
}

impl Reply {
    /// A private answer (a user mistake, a hint).
    #[must_use]
    pub fn private(text: impl Into<RichText>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            ..Reply::default()
        }
    }

    /// A public answer without a board.
    #[must_use]
    pub fn public(text: impl Into<RichText>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }
}

/// A file sent with a reply.
#[derive(Clone)]
pub struct Attachment {
    pub filename: String,
    pub bytes: Vec<u8>,
}

impl fmt::Debug for Attachment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Attachment({}, {} bytes)",
            self.filename,
            self.bytes.len()
        )
    }
}

/// What the animation of a whole game shows: the start position, then one frame per move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayView {
    /// The name to attach it under (`dama-game-12.gif`).
    pub filename: String,
    pub start: Position,
    pub moves: Vec<Move>,
    /// The side at the bottom of every frame.
    pub bottom: Color,
    /// The caption strip of each frame, in the reader's language: the start, then one after
    /// each move (`moves.len() + 1`); empty for no strip.
    pub captions: Vec<String>,
}

/// What an advantage chart shows (drawn by [`dama_render::advantage_chart`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ChartView {
    /// The name to attach it under (`dama-game-12-chart.png`).
    pub filename: String,
    /// The evaluation after each ply, in men, from White's view (positive: White better).
    pub evaluations: Vec<f32>,
    /// The marked moves, by ply (counting from 1).
    pub marks: Vec<ChartMark>,
    /// Its words, in the reader's language.
    pub labels: ChartLabels,
}

/// A button or a select menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Component {
    Button {
        id: String,
        label: String,
        style: ButtonStyle,
    },
    Select {
        id: String,
        placeholder: String,
        options: Vec<SelectOption>,
    },
}

/// How a button looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// One choice of a select menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectOption {
    pub label: String,
    pub value: String,
}

/// What a component does, and for which game or challenge. Encoded in the component's id
/// (`custom_id`), so a click works after a restart with nothing kept in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ComponentAction {
    /// `c:<id>:accept` and so on.
    Challenge(ChallengeId, ChallengeButton),
    /// `g:<id>:<ply>:<action>`; the ply is the one the board showed. An answer to a draw offer
    /// or a takeback request adds its number: `g:<id>:<ply>:<offer>:draw+`.
    Game(GameId, u32, GameButton),
    /// `l:<page>`: a leaderboard page.
    Leaderboard(u32),
    /// `t:<id>:join`, `t:<id>:leave`: a tournament's sign-up buttons.
    Tournament(TournamentId, TournamentButton),
    /// `p:<attempt>:<step>:move|next`: a puzzle board's menu and buttons; the step is the one
    /// the board showed.
    Puzzle(PuzzleAttemptId, u32, PuzzleButton),
    /// `pd`: the Solve button of the daily puzzle's post (today's puzzle, whatever the day of
    /// the post).
    DailyPuzzle,
}

/// The components of a puzzle board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PuzzleButton {
    /// The select menu of legal moves (the value is the move).
    Move,
    /// Another puzzle, once this one is over.
    Next,
}

/// The buttons of a tournament's sign-up message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TournamentButton {
    Join,
    Leave,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChallengeButton {
    Accept,
    Decline,
    Cancel,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameButton {
    /// The select menu of legal moves (the value is the move).
    Move,
    /// Asks to confirm a resignation.
    Resign,
    /// Confirms it.
    ResignConfirm,
    OfferDraw,
    /// Accepts the draw offer of this number (`None`: a button posted before offers were
    /// numbered in ids, answering whatever offer stands).
    AcceptDraw {
        offer: Option<u32>,
    },
    /// Declines it.
    DeclineDraw {
        offer: Option<u32>,
    },
    /// Shows the board from the other side; `true` when the board had Black at the bottom.
    Flip {
        black_bottom: bool,
    },
    Claim,
    Rematch,
    /// Asks for a takeback (against the engine: takes back at once).
    Takeback,
    /// The opponent accepts the takeback request of this number (`None`: as for
    /// [`GameButton::AcceptDraw`]).
    TakebackAccept {
        request: Option<u32>,
    },
    TakebackDecline {
        request: Option<u32>,
    },
    /// Posts the board anew at the bottom of the channel.
    Bump,
    /// Ends an idle engine game, to start a new game in its channel.
    EndIdle,
    /// "Open the board": launches the Activity (Discord answers the click itself when the
    /// Activity is configured; the service answers only an old button).
    Open,
}

impl GameButton {
    fn code(self) -> &'static str {
        match self {
            GameButton::Move => "move",
            GameButton::Resign => "resign",
            GameButton::ResignConfirm => "resign!",
            GameButton::OfferDraw => "draw",
            GameButton::AcceptDraw { .. } => "draw+",
            GameButton::DeclineDraw { .. } => "draw-",
            GameButton::Flip {
                black_bottom: false,
            } => "flipw",
            GameButton::Flip { black_bottom: true } => "flipb",
            GameButton::Claim => "claim",
            GameButton::Rematch => "rematch",
            GameButton::Takeback => "undo",
            GameButton::TakebackAccept { .. } => "undo+",
            GameButton::TakebackDecline { .. } => "undo-",
            GameButton::Bump => "bump",
            GameButton::EndIdle => "endidle",
            GameButton::Open => "open",
        }
    }

    fn from_code(code: &str) -> Option<GameButton> {
        Some(match code {
            "move" => GameButton::Move,
            "resign" => GameButton::Resign,
            "resign!" => GameButton::ResignConfirm,
            "draw" => GameButton::OfferDraw,
            "draw+" => GameButton::AcceptDraw { offer: None },
            "draw-" => GameButton::DeclineDraw { offer: None },
            "flipw" => GameButton::Flip {
                black_bottom: false,
            },
            "flipb" => GameButton::Flip { black_bottom: true },
            "claim" => GameButton::Claim,
            "rematch" => GameButton::Rematch,
            "undo" => GameButton::Takeback,
            "undo+" => GameButton::TakebackAccept { request: None },
            "undo-" => GameButton::TakebackDecline { request: None },
            "bump" => GameButton::Bump,
            "endidle" => GameButton::EndIdle,
            "open" => GameButton::Open,
            _ => return None,
        })
    }
}

impl GameButton {
    /// The number of the draw offer or takeback request the button answers, when its id says.
    #[must_use]
    pub fn answers(self) -> Option<u32> {
        match self {
            GameButton::AcceptDraw { offer } | GameButton::DeclineDraw { offer } => offer,
            GameButton::TakebackAccept { request } | GameButton::TakebackDecline { request } => {
                request
            }
            _ => None,
        }
    }

    /// The same button, answering the offer or request of this `number` (the others have
    /// none).
    fn answering(self, number: u32) -> Option<GameButton> {
        let number = Some(number);
        Some(match self {
            GameButton::AcceptDraw { .. } => GameButton::AcceptDraw { offer: number },
            GameButton::DeclineDraw { .. } => GameButton::DeclineDraw { offer: number },
            GameButton::TakebackAccept { .. } => GameButton::TakebackAccept { request: number },
            GameButton::TakebackDecline { .. } => GameButton::TakebackDecline { request: number },
            _ => return None,
        })
    }
}

impl ChallengeButton {
    fn code(self) -> &'static str {
        match self {
            ChallengeButton::Accept => "accept",
            ChallengeButton::Decline => "decline",
            ChallengeButton::Cancel => "cancel",
        }
    }
}

impl ComponentAction {
    /// The `custom_id` (always under 100 characters).
    #[must_use]
    pub fn id(self) -> String {
        match self {
            ComponentAction::Challenge(id, button) => format!("c:{id}:{}", button.code()),
            ComponentAction::Game(id, ply, button) => match button.answers() {
                Some(number) => format!("g:{id}:{ply}:{number}:{}", button.code()),
                None => format!("g:{id}:{ply}:{}", button.code()),
            },
            ComponentAction::Leaderboard(page) => format!("l:{page}"),
            ComponentAction::Tournament(id, TournamentButton::Join) => format!("t:{id}:join"),
            ComponentAction::Tournament(id, TournamentButton::Leave) => format!("t:{id}:leave"),
            ComponentAction::Puzzle(id, step, PuzzleButton::Move) => format!("p:{id}:{step}:move"),
            ComponentAction::Puzzle(id, step, PuzzleButton::Next) => format!("p:{id}:{step}:next"),
            ComponentAction::DailyPuzzle => "pd".to_owned(),
        }
    }

    /// Whether the component `custom_id` is an "Open the board" button, which each front end
    /// answers itself when it can open the board.
    #[must_use]
    pub fn opens_board(custom_id: &str) -> bool {
        matches!(
            ComponentAction::parse(custom_id),
            Some(ComponentAction::Game(_, _, GameButton::Open))
        )
    }

    /// Reads a `custom_id`; `None` for anything this bot did not make.
    #[must_use]
    pub fn parse(id: &str) -> Option<ComponentAction> {
        let parts: Vec<&str> = id.split(':').collect();
        match parts.as_slice() {
            ["c", challenge, code] => {
                let button = match *code {
                    "accept" => ChallengeButton::Accept,
                    "decline" => ChallengeButton::Decline,
                    "cancel" => ChallengeButton::Cancel,
                    _ => return None,
                };
                Some(ComponentAction::Challenge(
                    ChallengeId(challenge.parse().ok()?),
                    button,
                ))
            }
            ["g", game, ply, code] => Some(ComponentAction::Game(
                GameId(game.parse().ok()?),
                ply.parse().ok()?,
                GameButton::from_code(code)?,
            )),
            // An answer to a draw offer or a takeback request names it.
            ["g", game, ply, number, code] => Some(ComponentAction::Game(
                GameId(game.parse().ok()?),
                ply.parse().ok()?,
                GameButton::from_code(code)?.answering(number.parse().ok()?)?,
            )),
            ["l", page] => Some(ComponentAction::Leaderboard(page.parse().ok()?)),
            ["t", tournament, code] => Some(ComponentAction::Tournament(
                TournamentId(tournament.parse().ok()?),
                match *code {
                    "join" => TournamentButton::Join,
                    "leave" => TournamentButton::Leave,
                    _ => return None,
                },
            )),
            ["p", attempt, step, code] => Some(ComponentAction::Puzzle(
                PuzzleAttemptId(attempt.parse().ok()?),
                step.parse().ok()?,
                match *code {
                    "move" => PuzzleButton::Move,
                    "next" => PuzzleButton::Next,
                    _ => return None,
                },
            )),
            ["pd"] => Some(ComponentAction::DailyPuzzle),
            _ => None,
        }
    }
}

/// A button for an action.
#[must_use]
pub fn button(action: ComponentAction, label: &str, style: ButtonStyle) -> Component {
    Component::Button {
        id: action.id(),
        label: label.to_owned(),
        style,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_stay_short() {
        let actions = [
            ComponentAction::Challenge(ChallengeId(7), ChallengeButton::Accept),
            ComponentAction::Challenge(ChallengeId(i64::MAX), ChallengeButton::Cancel),
            ComponentAction::Game(GameId(i64::MAX), u32::MAX, GameButton::ResignConfirm),
            ComponentAction::Game(GameId(3), 0, GameButton::Flip { black_bottom: true }),
            ComponentAction::Game(GameId(3), 12, GameButton::Move),
            ComponentAction::Game(GameId(3), 12, GameButton::AcceptDraw { offer: None }),
            ComponentAction::Game(GameId(3), 12, GameButton::AcceptDraw { offer: Some(2) }),
            ComponentAction::Game(
                GameId(i64::MAX),
                u32::MAX,
                GameButton::DeclineDraw {
                    offer: Some(u32::MAX),
                },
            ),
            ComponentAction::Game(
                GameId(3),
                12,
                GameButton::TakebackAccept { request: Some(1) },
            ),
            ComponentAction::Game(GameId(3), 12, GameButton::TakebackDecline { request: None }),
            ComponentAction::Game(GameId(i64::MAX), u32::MAX, GameButton::Open),
            ComponentAction::Leaderboard(4),
            ComponentAction::Tournament(TournamentId(i64::MAX), TournamentButton::Join),
            ComponentAction::Tournament(TournamentId(2), TournamentButton::Leave),
            ComponentAction::Puzzle(PuzzleAttemptId(i64::MAX), u32::MAX, PuzzleButton::Move),
            ComponentAction::Puzzle(PuzzleAttemptId(5), 1, PuzzleButton::Next),
            ComponentAction::DailyPuzzle,
        ];
        for action in actions {
            let id = action.id();
            assert!(id.len() < 100, "{id}");
            assert_eq!(ComponentAction::parse(&id), Some(action), "{id}");
        }
        // Ids posted before offers were numbered in them still read.
        assert_eq!(
            ComponentAction::parse("g:3:12:draw+"),
            Some(ComponentAction::Game(
                GameId(3),
                12,
                GameButton::AcceptDraw { offer: None }
            ))
        );
        assert_eq!(
            ComponentAction::Game(
                GameId(3),
                12,
                GameButton::TakebackAccept { request: Some(4) }
            )
            .id(),
            "g:3:12:4:undo+"
        );
        for junk in [
            "",
            "g:1:2",
            "g:x:1:move",
            "g:1:2:explode",
            "g:1:2:3:move",
            "g:1:2:x:draw+",
            "g:1:2:-1:undo-",
            "g:1:2:1:2:draw+",
            "c:1:maybe",
            "l:-1",
            "t:1:maybe",
            "p:1:0:skip",
            "p:1:move",
            "pd:1",
            "zz",
        ] {
            assert_eq!(ComponentAction::parse(junk), None, "{junk}");
        }
    }
}
