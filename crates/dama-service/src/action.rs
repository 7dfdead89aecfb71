//! One vocabulary for everything a person can do, whatever the adapter: an [`Action`], from an
//! [`Origin`] (a command typed in a channel, or a component of a board or a challenge), run by
//! [`GameService::act`]. Clicks arrive as component ids and are read into the same pair by
//! [`GameService::component`].
//!
//! Inside the service every flow returns a [`Flow`]: it reads top to bottom and stops with `?`
//! either at a refusal (a private [`Reply`] to the person) or at a failure.

use dama_core::store::ColourChoice;
use dama_core::store::Member;
use std::time::Duration;

use dama_rules::Color;

use super::live::Pace;
use super::reply::{ChallengeButton, ComponentAction, GameButton, PuzzleButton, TournamentButton};
use super::{Actor, GameService, Reply, ServiceError, settle_mentions};
use dama_core::i18n::{Language, t};
use dama_core::store::{
    ChallengeId, ChannelId, GameId, NotifyMode, PuzzleAttemptId, StoreError, TimeControl,
    TournamentFormat, TournamentId, UserId,
};

/// Something a person asks the service to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// `/challenge [member] [colour] [time]`: without a member, an open challenge that anyone
    /// but the challenger may accept.
    Challenge {
        opponent: Option<Member>,
        colour: ColourChoice,
        /// The configured default when `None`.
        time_per_move: Option<Duration>,
        /// A live game on this clock rather than a correspondence game.
        clock: Option<TimeControl>,
    },
    /// Accept the challenge of the origin, or one open in the channel (`/accept [from]`: the
    /// one `from` made, when several are).
    Accept { from: Option<UserId> },
    /// Decline it (the challenged member).
    Decline,
    /// Withdraw it (the challenger).
    Cancel,
    /// `/play [level] [colour] [clock]`: a game against the engine.
    PlayEngine {
        level: u8,
        colour: ColourChoice,
        /// A live game on this clock.
        clock: Option<TimeControl>,
    },
    /// Play a move, typed (`22x13x6`, `d3-c4`) or picked from the menu.
    Move { text: String },
    /// `/board [flip]`: the current board, posted anew.
    Board { flip: bool },
    /// The Flip button: the board seen with `bottom` at the bottom, for the clicker alone.
    FlipBoard { bottom: Color },
    /// The Resign button: asks to confirm.
    AskResign,
    /// `/resign`, or the confirmation.
    Resign,
    /// `/draw offer` (accepting when the other side has offered already).
    OfferDraw,
    /// `/draw accept` or `/draw decline` (or withdraw one's own offer).
    AnswerDraw { accept: bool },
    /// `/claim`: the win once the opponent's time per move has run out.
    Claim,
    /// `/abort` (moderators): stop the game without a result.
    Abort,
    /// The Rematch button: colours swapped.
    Rematch,
    /// `/leaderboard [page]`, pages from 0.
    Leaderboard { page: u32 },
    /// `/stats [member]`.
    Stats { member: Option<Member> },
    /// `/history [member]`.
    History { member: Option<Member> },
    /// `/pdn [game]`.
    Pdn { game: Option<i64> },
    /// `/replay [game]`.
    Replay { game: Option<i64> },
    /// `/rules`.
    Rules,
    /// `/help`.
    Help,
    /// `/settings [...]`: each person's notifications, and what those who manage the server
    /// choose for it; with nothing to change, the settings as they are.
    Settings(SettingsChange),
    /// `/games [all]`: the actor's active games in this server (all of them, for moderators).
    Games { all: bool },
    /// `/takeback`: against the engine, undo one's last move and the engine's reply; against a
    /// member, ask them (or take back one's own request).
    Takeback,
    /// The opponent's answer to a takeback request.
    AnswerTakeback { accept: bool },
    /// One control for asking and answering, where the request shows beside the game (the
    /// Activity's board): accepts the opponent's request when it stands, as `/draw offer`
    /// accepts an offer; else [`Action::Takeback`].
    TakebackOrAccept,
    /// The Bump button: the board posted anew at the bottom of the channel.
    Bump,
    /// End the idle engine game of the origin (confirming it, to start a game there).
    EndIdle,
    /// `/analysis [game]`: the engine's review of a game that has ended (this channel's last
    /// finished game when `None`).
    Analysis { game: Option<i64> },
    /// `/hint`: the engine's best move for the player to move in a game against the engine.
    Hint,
    /// `/tournament ...` and the sign-up message's buttons.
    Tournament(TournamentAction),
    /// `/puzzle ...`, `/puzzles` and the puzzle boards' components.
    Puzzle(PuzzleAction),
}

/// What `/puzzle` and `/puzzles` do (see `src/game/puzzle.rs`). A person has at most one
/// puzzle open in a server; its answers come from the puzzle board's menu
/// ([`Origin::Puzzle`], refused once the puzzle has moved on) or typed (`/puzzle move:...`,
/// [`Origin::Channel`]: the actor's open puzzle, at its current step).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleAction {
    /// `/puzzle` (Italian `/problema`), or the Next puzzle button: a puzzle near the actor's
    /// puzzle rating, shown privately.
    Next,
    /// `/puzzle daily:True`, or the daily post's Solve button: the server's puzzle of the
    /// day, the same for everyone.
    Daily,
    /// A move answering the open puzzle.
    Answer { text: String },
    /// `/puzzles`: the actor's puzzle rating and streak, and the server's best solvers.
    Ranking,
}

/// What `/tournament` does (see `src/game/tournament.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentAction {
    /// `/tournament create` (those who manage the server): posts the sign-up message.
    Create(TournamentSpec),
    /// The sign-up message's Join button (or `/tournament join`).
    Join,
    /// The sign-up message's Leave button, before the start.
    Leave,
    /// `/tournament start`: closes the sign-up and pairs round 1.
    Start,
    /// `/tournament standings`.
    Standings,
    /// `/tournament pairings [round]` (rounds from 1; the current one when `None`).
    Pairings { round: Option<u32> },
    /// `/tournament withdraw`: the actor leaves a running tournament (their games played
    /// count; they are not paired again).
    Withdraw,
    /// `/tournament forfeit member` (moderators): the member loses their current game by
    /// forfeit and is withdrawn.
    Forfeit { member: Member },
    /// `/tournament cancel` (those who manage the server).
    Cancel,
    /// `/tournament pdn`: every game of the tournament as one PDN file (Event and Round tags).
    Pdn,
}

/// A tournament as `/tournament create` describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentSpec {
    pub name: String,
    pub format: TournamentFormat,
    /// Games each pairing plays: 1, or 2 (colours swapped, on the same opening when drawn).
    pub games_per_pairing: u8,
    /// The configured default when `None`.
    pub time_per_move: Option<Duration>,
    pub rated: bool,
    /// Each round starts every game from the same opening, drawn from the three-move list.
    pub drawn_openings: bool,
    /// How long the sign-up stays open; `None`: until `/tournament start`.
    pub signup: Option<Duration>,
}

/// What `/settings` changes; all `None` shows the settings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// The actor's notifications (anyone, for themselves).
    pub notify: Option<NotifyMode>,
    /// The language of the server's public messages; `Some(None)` follows the server's Discord
    /// language again. This and the rest: those who manage the server.
    pub language: Option<Option<Language>>,
    /// The time per move of challenges that name none.
    pub time_per_move: Option<Duration>,
    /// How long challenges stay open; `Some(None)` fits it to the time control again.
    pub challenge_expiry: Option<Option<Duration>>,
    /// Games in threads (`true`) or in their channel.
    pub threads: Option<bool>,
    /// A channel where games may start (once any is listed, only those).
    pub add_game_channel: Option<ChannelId>,
    /// A channel taken off that list.
    pub remove_game_channel: Option<ChannelId>,
    /// The channel where the puzzle of the day is posted every day; `Some(None)` stops it.
    pub daily_puzzle: Option<Option<ChannelId>>,
    /// The hour (0-23, UTC) at which the puzzle of the day changes and is posted.
    pub daily_puzzle_hour: Option<u8>,
}

impl SettingsChange {
    /// Nothing to change: show the settings.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }
}

impl Action {
    /// The command or button's name, for logs.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Action::Challenge { .. } => "challenge",
            Action::Accept { .. } => "accept",
            Action::Decline => "decline",
            Action::Cancel => "cancel",
            Action::PlayEngine { .. } => "play",
            Action::Move { .. } => "move",
            Action::Board { .. } => "board",
            Action::FlipBoard { .. } => "flip",
            Action::AskResign => "resign?",
            Action::Resign => "resign",
            Action::OfferDraw => "draw offer",
            Action::AnswerDraw { accept: true } => "draw accept",
            Action::AnswerDraw { accept: false } => "draw decline",
            Action::Claim => "claim",
            Action::Abort => "abort",
            Action::Rematch => "rematch",
            Action::Leaderboard { .. } => "leaderboard",
            Action::Stats { .. } => "stats",
            Action::History { .. } => "history",
            Action::Pdn { .. } => "pdn",
            Action::Replay { .. } => "replay",
            Action::Rules => "rules",
            Action::Help => "help",
            Action::Settings(_) => "settings",
            Action::Games { .. } => "games",
            Action::Takeback => "takeback",
            Action::AnswerTakeback { accept: true } => "takeback accept",
            Action::AnswerTakeback { accept: false } => "takeback decline",
            Action::TakebackOrAccept => "takeback or accept",
            Action::Bump => "bump",
            Action::EndIdle => "end idle",
            Action::Analysis { .. } => "analysis",
            Action::Hint => "hint",
            Action::Tournament(action) => match action {
                TournamentAction::Create(_) => "tournament create",
                TournamentAction::Join => "tournament join",
                TournamentAction::Leave => "tournament leave",
                TournamentAction::Start => "tournament start",
                TournamentAction::Standings => "tournament standings",
                TournamentAction::Pairings { .. } => "tournament pairings",
                TournamentAction::Withdraw => "tournament withdraw",
                TournamentAction::Forfeit { .. } => "tournament forfeit",
                TournamentAction::Cancel => "tournament cancel",
                TournamentAction::Pdn => "tournament pdn",
            },
            Action::Puzzle(action) => match action {
                PuzzleAction::Next => "puzzle",
                PuzzleAction::Daily => "puzzle daily",
                PuzzleAction::Answer { .. } => "puzzle move",
                PuzzleAction::Ranking => "puzzles",
            },
        }
    }
}

impl Action {
    /// Whether the action may change a game (a move, an offer, an answer, an end, a game
    /// started): the service then tells the change feed.
    #[must_use]
    pub fn changes_games(&self) -> bool {
        matches!(
            self,
            Action::Accept { .. }
                | Action::PlayEngine { .. }
                | Action::Move { .. }
                | Action::Resign
                | Action::OfferDraw
                | Action::AnswerDraw { .. }
                | Action::Claim
                | Action::Abort
                | Action::Rematch
                | Action::Takeback
                | Action::AnswerTakeback { .. }
                | Action::TakebackOrAccept
                | Action::EndIdle
                | Action::Tournament(_)
        )
    }
}

impl Action {
    /// Whether the action may change a channel's challenges (made, taken, declined,
    /// withdrawn): the service then tells the change feed about the channel's lobby.
    #[must_use]
    pub fn changes_lobby(&self) -> bool {
        matches!(
            self,
            Action::Challenge { .. } | Action::Accept { .. } | Action::Decline | Action::Cancel
        )
    }
}

/// The threads a call of the service runs on, so that quick answers never wait behind the
/// engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lane {
    /// Reads and writes of the store and a board drawn: answered at once.
    Store,
    /// Work that may search with the engine (or wait in its line) or draw at length: a move
    /// (the engine may reply), a game against the engine, a draw offer (the engine answers
    /// it), a rematch, `/analysis`, `/hint` and `/replay`.
    Cpu,
}

impl Action {
    /// The threads this action runs on (see [`Lane`]).
    #[must_use]
    pub fn lane(&self) -> Lane {
        match self {
            Action::PlayEngine { .. }
            | Action::Move { .. }
            | Action::OfferDraw
            | Action::Rematch
            | Action::Analysis { .. }
            | Action::Hint
            | Action::Replay { .. } => Lane::Cpu,
            _ => Lane::Store,
        }
    }
}

/// The threads a click on the component `custom_id` runs on: its action's (a menu pick counts
/// as picked); an id this bot did not make is answered from the store.
#[must_use]
pub fn component_lane(custom_id: &str) -> Lane {
    let Some(clicked) = ComponentAction::parse(custom_id) else {
        return Lane::Store;
    };
    match clicked_action(Language::En, clicked, &[String::new()]).1 {
        Ok(action) => action.lane(),
        Err(_) => Lane::Store,
    }
}

/// Where an action comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A command typed in the actor's channel: it is about the channel's game or challenge.
    Channel,
    /// A component of a board message: the game it shows, at the ply it showed (an action
    /// that depends on the position is refused once the game has moved on), and the draw
    /// offer or takeback request its button answers, when its id names one (an answer to
    /// another one, made since, is refused).
    Board {
        game: GameId,
        ply: u32,
        answers: Option<u32>,
    },
    /// A game named by its number where it is shown as it is played (the Activity's board):
    /// the game as it is now, with no board's ply to go out of date.
    Game(GameId),
    /// A button of a challenge message.
    Challenge(ChallengeId),
    /// A button of a tournament's sign-up message.
    Tournament(TournamentId),
    /// A component of a puzzle board: the attempt it shows, at the step it showed (the
    /// solver's moves made so far; an answer is refused once the attempt has moved on).
    Puzzle { attempt: PuzzleAttemptId, step: u32 },
}

impl Origin {
    /// The game a board origin names.
    #[must_use]
    pub fn game(self) -> Option<GameId> {
        match self {
            Origin::Board { game, .. } | Origin::Game(game) => Some(game),
            Origin::Channel
            | Origin::Challenge(_)
            | Origin::Tournament(_)
            | Origin::Puzzle { .. } => None,
        }
    }

    /// The ply the board showed.
    #[must_use]
    pub fn ply(self) -> Option<u32> {
        match self {
            Origin::Board { ply, .. } => Some(ply),
            Origin::Channel
            | Origin::Game(_)
            | Origin::Challenge(_)
            | Origin::Tournament(_)
            | Origin::Puzzle { .. } => None,
        }
    }

    /// The number of the draw offer or takeback request a board's button answers.
    #[must_use]
    pub fn answers(self) -> Option<u32> {
        match self {
            Origin::Board { answers, .. } => answers,
            Origin::Channel
            | Origin::Game(_)
            | Origin::Challenge(_)
            | Origin::Tournament(_)
            | Origin::Puzzle { .. } => None,
        }
    }

    /// The challenge a challenge origin names.
    #[must_use]
    pub fn challenge(self) -> Option<ChallengeId> {
        match self {
            Origin::Challenge(id) => Some(id),
            Origin::Channel
            | Origin::Board { .. }
            | Origin::Game(_)
            | Origin::Tournament(_)
            | Origin::Puzzle { .. } => None,
        }
    }
}

/// Why a flow stops before its end.
#[derive(Debug)]
pub(crate) enum Stop {
    /// The answer is a refusal (a mistake, a stale button, a cooldown): this reply.
    Refused(Box<Reply>),
    /// Something failed inside.
    Failed(ServiceError),
}

impl Stop {
    /// A refusal answered with `reply`.
    pub(crate) fn refused(reply: Reply) -> Stop {
        Stop::Refused(Box::new(reply))
    }
}

impl From<ServiceError> for Stop {
    fn from(error: ServiceError) -> Stop {
        Stop::Failed(error)
    }
}

impl From<StoreError> for Stop {
    fn from(error: StoreError) -> Stop {
        Stop::Failed(ServiceError::Store(error))
    }
}

/// What a flow of the service returns.
pub(crate) type Flow<T> = Result<T, Stop>;

/// Stops a flow with a private answer.
pub(crate) fn refuse<T>(text: impl Into<dama_core::text::RichText>) -> Flow<T> {
    Err(Stop::refused(Reply::private(text)))
}

impl GameService {
    /// Runs an action for `actor` and answers it. A private answer notifies nobody; the
    /// people a public one notifies are each named once and never include `actor`. An action
    /// from a board or a challenge of another channel than the actor's is refused (a forged
    /// or copied component id).
    pub fn act(
        &self,
        actor: &Actor,
        origin: Origin,
        action: Action,
    ) -> Result<Reply, ServiceError> {
        self.act_with_progress(actor, origin, action, &|_| {})
    }

    /// [`GameService::act`], telling `progress` how a long action is getting on: a line for
    /// the asker, in the reply's language ("Analysing game #12… 40%"), at most every tenth of
    /// the work, or the place of a move in the engine's line ("The engine is busy: your move
    /// is queued (3rd)"). The adapter shows it as it likes (Discord edits the deferred reply).
    pub fn act_with_progress(
        &self,
        actor: &Actor,
        origin: Origin,
        action: Action,
        progress: &(dyn Fn(String) + Sync),
    ) -> Result<Reply, ServiceError> {
        answered(actor, self.run_action(actor, origin, Ok(action), progress))
    }

    /// Handles a click on a component this bot made: its id says the origin and the action;
    /// `values` are what a select menu picked.
    pub fn component(
        &self,
        actor: &Actor,
        custom_id: &str,
        values: &[String],
    ) -> Result<Reply, ServiceError> {
        self.component_with_progress(actor, custom_id, values, &|_| {})
    }

    /// [`GameService::component`], telling `progress` how a long action is getting on, as
    /// [`GameService::act_with_progress`] does (a move picked from a board's menu waiting for
    /// the engine).
    pub fn component_with_progress(
        &self,
        actor: &Actor,
        custom_id: &str,
        values: &[String],
        progress: &(dyn Fn(String) + Sync),
    ) -> Result<Reply, ServiceError> {
        let Some(clicked) = ComponentAction::parse(custom_id) else {
            return Ok(Reply::private(t!(actor.language, GameUnknownButton)));
        };
        let (origin, action) = clicked_action(actor.language, clicked, values);
        answered(actor, self.run_action(actor, origin, action, progress))
    }

    /// [`GameService::act`], saying also whether the action was refused (the property tests
    /// check that a refusal stores nothing).
    #[cfg(test)]
    pub(crate) fn act_checked(
        &self,
        actor: &Actor,
        origin: Origin,
        action: Action,
    ) -> Result<(Reply, bool), ServiceError> {
        checked(actor, self.run_action(actor, origin, Ok(action), &|_| {}))
    }

    /// [`GameService::component`], saying also whether the click was refused.
    #[cfg(test)]
    pub(crate) fn component_checked(
        &self,
        actor: &Actor,
        custom_id: &str,
        values: &[String],
    ) -> Result<(Reply, bool), ServiceError> {
        let Some(clicked) = ComponentAction::parse(custom_id) else {
            return Ok((Reply::private(t!(actor.language, GameUnknownButton)), true));
        };
        let (origin, action) = clicked_action(actor.language, clicked, values);
        checked(actor, self.run_action(actor, origin, action, &|_| {}))
    }

    /// Runs an action, remembering the languages the interaction shows: the server's at once
    /// (its messages follow it), the actor's once the action is done (a refusal stores
    /// nothing).
    fn run_action(
        &self,
        actor: &Actor,
        origin: Origin,
        action: Flow<Action>,
        progress: &(dyn Fn(String) + Sync),
    ) -> Flow<Reply> {
        self.note_server_language(actor);
        let changes_games = action.as_ref().is_ok_and(Action::changes_games);
        let changes_lobby = action.as_ref().is_ok_and(Action::changes_lobby);
        // The challenge a button answers, read before the action resolves it.
        let challenge_place = match origin {
            Origin::Challenge(id) if changes_lobby => self
                .store
                .challenge(id)
                .ok()
                .flatten()
                .map(|challenge| challenge.channel),
            _ => None,
        };
        let flow = self.dispatch(actor, origin, action, progress);
        if let Ok(reply) = &flow {
            self.note_person_language(actor);
            if changes_games {
                self.publish_changes(actor, origin, reply);
            }
            if changes_lobby {
                self.changes
                    .publish_lobby(challenge_place.unwrap_or(actor.channel));
            }
        }
        flow
    }

    /// Tells the change feed about the games an accepted action may have changed: the
    /// board's, the channel's, and those its answer and notices show.
    fn publish_changes(&self, actor: &Actor, origin: Origin, reply: &Reply) {
        let mut games: Vec<GameId> = origin.game().into_iter().collect();
        games.extend(reply.game);
        games.extend(reply.notices.iter().filter_map(|notice| notice.reply.game));
        if origin == Origin::Channel {
            if let Ok(Some(game)) = self.store.active_game_in_channel(actor.channel) {
                games.push(game.id);
            }
        }
        games.sort_unstable();
        games.dedup();
        for game in games {
            self.changes.publish(game);
        }
    }

    fn dispatch(
        &self,
        actor: &Actor,
        origin: Origin,
        action: Flow<Action>,
        progress: &(dyn Fn(String) + Sync),
    ) -> Flow<Reply> {
        self.refuse_elsewhere(actor, origin)?;
        match action? {
            Action::Challenge {
                opponent,
                colour,
                time_per_move,
                clock,
            } => {
                let pace = match clock {
                    Some(clock) => Pace::Live(clock),
                    None => Pace::PerMove(time_per_move),
                };
                self.challenge(actor, opponent.as_ref(), colour, pace)
            }
            Action::Accept { from } => self.accept(actor, origin.challenge(), from),
            Action::Decline => self.decline(actor, origin.challenge()),
            Action::Cancel => self.cancel(actor, origin.challenge()),
            Action::PlayEngine {
                level,
                colour,
                clock,
            } => self.play_engine(actor, level, colour, clock, progress),
            Action::Move { text } => self.play_move(actor, origin, &text, progress),
            Action::Board { flip } => self.board(actor, origin, flip),
            Action::FlipBoard { bottom } => self.flipped_board(actor, origin, bottom),
            Action::AskResign => self.confirm_resign(actor, origin),
            Action::Resign => self.resign(actor, origin),
            Action::OfferDraw => self.offer_draw(actor, origin),
            Action::AnswerDraw { accept } => self.answer_draw(actor, origin, accept),
            Action::Claim => self.claim(actor, origin),
            Action::Abort => self.abort(actor, origin),
            Action::Rematch => self.rematch(actor, origin),
            Action::Leaderboard { page } => self.leaderboard(actor, page),
            Action::Stats { member } => self.stats(actor, member.as_ref()),
            Action::History { member } => self.history(actor, member.as_ref()),
            Action::Pdn { game } => self.pdn(actor, game),
            Action::Replay { game } => self.replay(actor, game),
            // The rules are for the channel; the help is for the asker.
            Action::Rules => Ok(Reply::public(super::rules_text(
                self.public_language(actor),
                self.settings.repetition_count,
            ))),
            Action::Help => Ok(Reply::private(self.help_text(actor.language))),
            Action::Settings(change) => self.settings(actor, &change),
            Action::Games { all } => self.games(actor, all),
            Action::Takeback => self.takeback(actor, origin),
            Action::AnswerTakeback { accept } => self.answer_takeback(actor, origin, accept),
            Action::TakebackOrAccept => self.takeback_or_accept(actor, origin),
            Action::Bump => self.bump(actor, origin),
            Action::EndIdle => self.end_idle(actor, origin),
            Action::Analysis { game } => self.analysis(actor, game, progress),
            Action::Hint => self.hint(actor, origin),
            Action::Tournament(action) => self.tournament(actor, origin, action),
            Action::Puzzle(action) => self.puzzle(actor, origin, action),
        }
    }

    /// Refuses an action from a game or challenge of another server or channel than the
    /// actor's own.
    fn refuse_elsewhere(&self, actor: &Actor, origin: Origin) -> Flow<()> {
        let place = match origin {
            // A puzzle is its solver's, wherever they answer it (its flow checks whose it is).
            Origin::Channel | Origin::Puzzle { .. } => None,
            Origin::Challenge(id) => self
                .store
                .challenge(id)?
                .map(|challenge| (challenge.guild, challenge.channel)),
            Origin::Board { game, .. } | Origin::Game(game) => self
                .store
                .game(game)?
                .map(|game| (game.guild, game.place())),
            // A tournament's buttons work in its channel only.
            Origin::Tournament(id) => self
                .store
                .tournament(id)?
                .map(|tournament| (tournament.guild, tournament.channel)),
        };
        match place {
            Some(place) if place != (actor.guild, actor.channel) => {
                refuse(t!(actor.language, GameElsewhere))
            }
            _ => Ok(()),
        }
    }
}

/// The origin and the action of a click (a refusal in `language`).
fn clicked_action(
    language: Language,
    clicked: ComponentAction,
    values: &[String],
) -> (Origin, Flow<Action>) {
    match clicked {
        ComponentAction::Challenge(id, button) => {
            let action = match button {
                ChallengeButton::Accept => Action::Accept { from: None },
                ChallengeButton::Decline => Action::Decline,
                ChallengeButton::Cancel => Action::Cancel,
            };
            (Origin::Challenge(id), Ok(action))
        }
        ComponentAction::Leaderboard(page) => (Origin::Channel, Ok(Action::Leaderboard { page })),
        ComponentAction::Tournament(id, button) => (
            Origin::Tournament(id),
            Ok(Action::Tournament(match button {
                TournamentButton::Join => TournamentAction::Join,
                TournamentButton::Leave => TournamentAction::Leave,
            })),
        ),
        ComponentAction::Puzzle(attempt, step, button) => {
            let action = match button {
                PuzzleButton::Move => match values.first() {
                    Some(text) => Ok(Action::Puzzle(PuzzleAction::Answer { text: text.clone() })),
                    None => refuse(t!(language, GamePickMove)),
                },
                PuzzleButton::Next => Ok(Action::Puzzle(PuzzleAction::Next)),
            };
            (Origin::Puzzle { attempt, step }, action)
        }
        ComponentAction::DailyPuzzle => (Origin::Channel, Ok(Action::Puzzle(PuzzleAction::Daily))),
        ComponentAction::Game(game, ply, button) => {
            let action = match button {
                GameButton::Move => match values.first() {
                    Some(text) => Ok(Action::Move { text: text.clone() }),
                    None => refuse(t!(language, GamePickMove)),
                },
                GameButton::Resign => Ok(Action::AskResign),
                GameButton::ResignConfirm => Ok(Action::Resign),
                GameButton::OfferDraw => Ok(Action::OfferDraw),
                GameButton::AcceptDraw { .. } => Ok(Action::AnswerDraw { accept: true }),
                GameButton::DeclineDraw { .. } => Ok(Action::AnswerDraw { accept: false }),
                // The button says how the clicked board was turned; it shows the other side.
                GameButton::Flip { black_bottom } => Ok(Action::FlipBoard {
                    bottom: if black_bottom {
                        Color::White
                    } else {
                        Color::Black
                    },
                }),
                GameButton::Claim => Ok(Action::Claim),
                GameButton::Rematch => Ok(Action::Rematch),
                GameButton::Takeback => Ok(Action::Takeback),
                GameButton::TakebackAccept { .. } => Ok(Action::AnswerTakeback { accept: true }),
                GameButton::TakebackDecline { .. } => Ok(Action::AnswerTakeback { accept: false }),
                GameButton::Bump => Ok(Action::Bump),
                GameButton::EndIdle => Ok(Action::EndIdle),
                // Only a button from before the Activity was turned off reaches the service.
                GameButton::Open => refuse(t!(language, ActivityUnavailable)),
            };
            let answers = button.answers();
            (Origin::Board { game, ply, answers }, action)
        }
    }
}

/// The answer of a flow to a person: a refusal is an answer too; a private answer notifies
/// nobody, and the people to notify are each named once and never include the person who
/// acted.
/// [`answered`], and whether the flow stopped at a refusal.
#[cfg(test)]
fn checked(actor: &Actor, flow: Flow<Reply>) -> Result<(Reply, bool), ServiceError> {
    let refused = matches!(flow, Err(Stop::Refused(_)));
    Ok((answered(actor, flow)?, refused))
}

pub(super) fn answered(actor: &Actor, flow: Flow<Reply>) -> Result<Reply, ServiceError> {
    let mut reply = match flow {
        Ok(reply) => reply,
        Err(Stop::Refused(reply)) => *reply,
        Err(Stop::Failed(error)) => return Err(error),
    };
    settle_mentions(&mut reply, Some(actor.user));
    Ok(reply)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_read_as_origin_and_action() {
        let game = GameId(4);
        let on_board = |button| {
            let (origin, action) =
                clicked_action(Language::En, ComponentAction::Game(game, 9, button), &[]);
            assert_eq!(
                origin,
                Origin::Board {
                    game,
                    ply: 9,
                    answers: None
                }
            );
            action.ok()
        };
        assert_eq!(on_board(GameButton::Resign), Some(Action::AskResign));
        assert_eq!(on_board(GameButton::ResignConfirm), Some(Action::Resign));
        assert_eq!(
            on_board(GameButton::Flip { black_bottom: true }),
            Some(Action::FlipBoard {
                bottom: Color::White
            })
        );
        assert_eq!(
            on_board(GameButton::Flip {
                black_bottom: false
            }),
            Some(Action::FlipBoard {
                bottom: Color::Black
            })
        );
        assert_eq!(
            on_board(GameButton::Move),
            None,
            "a menu pick needs a value"
        );
        let picked = clicked_action(
            Language::En,
            ComponentAction::Game(game, 9, GameButton::Move),
            &["22x13".to_owned()],
        );
        assert_eq!(
            picked.1.ok(),
            Some(Action::Move {
                text: "22x13".into()
            })
        );
        let (origin, action) = clicked_action(
            Language::En,
            ComponentAction::Challenge(ChallengeId(3), ChallengeButton::Cancel),
            &[],
        );
        assert_eq!(origin, Origin::Challenge(ChallengeId(3)));
        assert_eq!(action.ok(), Some(Action::Cancel));
        let (origin, action) = clicked_action(Language::En, ComponentAction::Leaderboard(2), &[]);
        assert_eq!(origin, Origin::Channel);
        assert_eq!(action.ok(), Some(Action::Leaderboard { page: 2 }));
    }

    #[test]
    fn what_may_search_or_draw_at_length_runs_apart() {
        assert_eq!(Action::Hint.lane(), Lane::Cpu);
        assert_eq!(Action::Replay { game: None }.lane(), Lane::Cpu);
        assert_eq!(Action::Board { flip: false }.lane(), Lane::Store);
        assert_eq!(Action::Leaderboard { page: 0 }.lane(), Lane::Store);
        assert_eq!(component_lane("g:4:9:move"), Lane::Cpu);
        assert_eq!(component_lane("g:4:9:draw"), Lane::Cpu);
        assert_eq!(component_lane("g:4:9:rematch"), Lane::Cpu);
        assert_eq!(component_lane("g:4:9:flipw"), Lane::Store);
        assert_eq!(component_lane("c:3:accept"), Lane::Store);
        assert_eq!(component_lane("l:2"), Lane::Store);
        assert_eq!(component_lane("p:1:0:move"), Lane::Store);
        assert_eq!(component_lane("not ours"), Lane::Store);
    }

    #[test]
    fn origins_name_what_they_point_at() {
        let board = Origin::Board {
            game: GameId(7),
            ply: 3,
            answers: Some(2),
        };
        assert_eq!(board.answers(), Some(2));
        assert_eq!(Origin::Channel.answers(), None);
        assert_eq!((board.game(), board.ply()), (Some(GameId(7)), Some(3)));
        assert_eq!(board.challenge(), None);
        assert_eq!(
            Origin::Challenge(ChallengeId(2)).challenge(),
            Some(ChallengeId(2))
        );
        assert_eq!(Origin::Channel.game(), None);
    }
}
