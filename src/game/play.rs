//! Playing a game: moves (typed, picked, or the engine's), suggestions, the board, resigning,
//! draws, time claims, aborts, and the sweep of abandoned games.

use std::fmt::Write as _;

use dama_engine::Level;
use dama_rules::{Color, DrawReason, GameEnd, Move, MoveText, NotationError, Outcome, Position};

use super::rating;
use super::reply::{ButtonStyle, ComponentAction, GameButton, SelectOption, button};
use super::{
    Actor, Component, Cooldown, DRAW_REOFFER_PLIES, GameService, HINT_MAX_CHARS, Loaded, Notice,
    Reply, ServiceError, Suggestions, answered, board_view, escape_markdown, human_duration,
    settle_mentions,
};
use crate::store::{
    EndReason, Finish, FinishedGame, GameId, GameResult, GameStatus, MessageRef, Participant,
    StoreError,
};

/// How an answer about a game went wrong for the user (already phrased).
type Refusal = Reply;

impl GameService {
    /// Rebuilds the rules state of a stored game from its moves.
    pub(crate) fn load(&self, record: crate::store::Game) -> Result<Loaded, ServiceError> {
        let corrupt = |ply: u32, text: &str, reason: String| ServiceError::Corrupt {
            game: record.id,
            ply,
            text: text.to_owned(),
            reason,
        };
        let start = Position::from_fen(&record.start_fen)
            .map_err(|e| corrupt(0, &record.start_fen, e.to_string()))?;
        let mut game = dama_rules::Game::with_repetitions(start, self.settings.repetition_count);
        if record.ply > 0 {
            for stored in self.store.moves(record.id)? {
                game.play_text(&stored.move_long)
                    .map_err(|e| corrupt(stored.ply, &stored.move_long, e.to_string()))?;
            }
        }
        Ok(Loaded { record, game })
    }

    /// The game an action is about: the given one (it must be active), or the channel's.
    pub(crate) fn find_active(
        &self,
        actor: &Actor,
        game: Option<GameId>,
    ) -> Result<Result<Loaded, Refusal>, ServiceError> {
        let record = match game {
            Some(id) => match self.store.game(id)? {
                Some(record) if record.status == GameStatus::Active => record,
                Some(record) => {
                    let mut reply = Reply::private(format!(
                        "Game #{} is over{}.",
                        record.id,
                        record
                            .result
                            .map(|r| format!(" ({})", r.pdn()))
                            .unwrap_or_default()
                    ));
                    reply.current_board = record.board_message;
                    return Ok(Err(reply));
                }
                None => return Ok(Err(Reply::private("That game does not exist."))),
            },
            None => match self.store.active_game_in_channel(actor.channel)? {
                Some(record) => record,
                None => {
                    return Ok(Err(Reply::private(
                        "There is no game in this channel. Start one with `/challenge` or play me with `/play`.",
                    )));
                }
            },
        };
        Ok(Ok(self.load(record)?))
    }

    /// The active game an action of one of its players is about (see [`Self::find_active`]),
    /// refused when the board it came from is out of date or the actor does not play in it;
    /// with the actor's colour.
    fn player_game(
        &self,
        actor: &Actor,
        game: Option<GameId>,
        expected_ply: Option<u32>,
    ) -> Result<Result<(Loaded, Color), Refusal>, ServiceError> {
        let loaded = match self.find_active(actor, game)? {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(Err(refusal)),
        };
        if let Some(refusal) = Self::check_stale(&loaded, expected_ply) {
            return Ok(Err(refusal));
        }
        match loaded.record.colour_of(actor.user) {
            Some(colour) => Ok(Ok((loaded, colour))),
            None => Ok(Err(Reply::private("You are not playing in this game."))),
        }
    }

    /// The name of whoever plays a side, as message text (see [`escape_markdown`]).
    pub(crate) fn participant_name(&self, guild: u64, participant: Participant) -> String {
        match participant {
            Participant::User(_) => escape_markdown(&self.plain_name(guild, participant)),
            Participant::Engine(level) => engine_name(level),
        }
    }

    /// The name of whoever plays a side as written, for image captions.
    pub(crate) fn plain_name(&self, guild: u64, participant: Participant) -> String {
        match participant {
            Participant::User(user) => match self.store.player(guild, user) {
                Ok(Some(player)) => player.display_name,
                _ => format!("player {user}"),
            },
            Participant::Engine(level) => engine_name(level),
        }
    }

    fn rating_suffix(&self, guild: u64, participant: Participant) -> String {
        match participant {
            Participant::User(user) => match self.store.player(guild, user) {
                Ok(Some(player)) => format!(" ({:.0})", player.rating.rating),
                _ => String::new(),
            },
            Participant::Engine(_) => String::new(),
        }
    }

    /// The image caption: players and ratings, move number, whose turn or the result.
    fn caption(&self, loaded: &Loaded) -> String {
        let record = &loaded.record;
        let white = self.plain_name(record.guild, record.white);
        let black = self.plain_name(record.guild, record.black);
        let state = match (record.status, record.result) {
            (GameStatus::Active, _) => format!("{} to move", loaded.turn()),
            (_, Some(result)) => result.pdn().to_owned(),
            (_, None) => "aborted".to_owned(),
        };
        format!(
            "{white}{} vs {black}{} · move {} · {state}",
            self.rating_suffix(record.guild, record.white),
            self.rating_suffix(record.guild, record.black),
            loaded.game.ply() / 2 + 1,
        )
    }

    /// The board of a game with its text and components.
    pub(crate) fn board_reply(
        &self,
        loaded: &Loaded,
        headline: &str,
        bottom: Option<Color>,
    ) -> Reply {
        let record = &loaded.record;
        let mut text = String::new();
        if !headline.is_empty() {
            text.push_str(headline);
            text.push('\n');
        }
        let mut mentions = Vec::new();
        let mut components: Vec<Vec<Component>> = Vec::new();
        let ply = record.ply;
        let id = record.id;
        if record.status == GameStatus::Active {
            let turn = loaded.turn();
            let to_move = record.participant(turn);
            let _ = write!(
                text,
                "**Game #{id}** · move {} · {} ({}) to move",
                ply / 2 + 1,
                mention(to_move),
                turn.name()
            );
            if let Participant::User(user) = to_move {
                mentions.push(user);
                let _ = write!(
                    text,
                    " · {} per move, {} left",
                    human_duration(record.time_per_move_ms),
                    human_duration(record.deadline() - self.now())
                );
            }
            if loaded.position().must_capture() {
                text.push_str("\nA capture is compulsory.");
            }
            if let Some(offer) = record.draw_offer {
                let offerer = record.participant(offer.by);
                let _ = write!(text, "\n{} offers a draw.", mention(offerer));
                components.push(vec![
                    button(
                        ComponentAction::Game(id, ply, GameButton::AcceptDraw),
                        "Accept draw",
                        ButtonStyle::Success,
                    ),
                    button(
                        ComponentAction::Game(id, ply, GameButton::DeclineDraw),
                        "Decline draw",
                        ButtonStyle::Secondary,
                    ),
                ]);
            }
            let moves = loaded.position().legal_moves();
            if !moves.is_empty() && moves.len() <= 25 && matches!(to_move, Participant::User(_)) {
                let mut options: Vec<SelectOption> = Vec::new();
                for m in &moves {
                    let value = m.long();
                    if options.iter().any(|o| o.value == value) {
                        continue;
                    }
                    options.push(SelectOption {
                        label: loaded.position().move_text(m),
                        value,
                    });
                }
                // Two paths with the same landings are one choice; labels must stay distinct.
                disambiguate_labels(&mut options);
                components.insert(
                    0,
                    vec![Component::Select {
                        id: ComponentAction::Game(id, ply, GameButton::Move).id(),
                        placeholder: "Choose your move".to_owned(),
                        options,
                    }],
                );
            } else if matches!(to_move, Participant::User(_)) {
                let _ = write!(
                    text,
                    "\n{} legal moves: type yours with `/move`.",
                    moves.len()
                );
            }
            let flip = GameButton::Flip {
                black_bottom: bottom_of(loaded, bottom) == Color::Black,
            };
            let mut row = vec![
                button(
                    ComponentAction::Game(id, ply, GameButton::OfferDraw),
                    "Offer draw",
                    ButtonStyle::Secondary,
                ),
                button(
                    ComponentAction::Game(id, ply, GameButton::Resign),
                    "Resign",
                    ButtonStyle::Danger,
                ),
                button(
                    ComponentAction::Game(id, ply, flip),
                    "Flip board",
                    ButtonStyle::Secondary,
                ),
            ];
            if record.deadline() < self.now() && matches!(to_move, Participant::User(_)) {
                row.push(button(
                    ComponentAction::Game(id, ply, GameButton::Claim),
                    "Claim win",
                    ButtonStyle::Primary,
                ));
            }
            components.push(row);
            if let Some(verdict) = self.table_verdict(record, loaded.position()) {
                let _ = write!(text, "\n{verdict}");
            }
        } else {
            let _ = write!(text, "**Game #{id}** is over.");
            if let Some(verdict) = self.table_verdict(record, loaded.position()) {
                let _ = write!(text, "\n{verdict}");
            }
            components.push(vec![button(
                ComponentAction::Game(id, ply, GameButton::Rematch),
                "Rematch",
                ButtonStyle::Primary,
            )]);
        }
        Reply {
            text,
            board: Some(board_view(loaded, bottom, self.caption(loaded))),
            components,
            mentions,
            game: Some(id),
            ..Reply::default()
        }
    }

    /// `/board`: the current board, posted anew. It pings nobody: whoever asked sees it, and
    /// the player to move was told when the move before was made.
    pub fn board(&self, actor: &Actor, flip: bool) -> Result<Reply, ServiceError> {
        answered(actor, self.board_in(actor, flip))
    }

    fn board_in(&self, actor: &Actor, flip: bool) -> Result<Reply, ServiceError> {
        let loaded = match self.find_active(actor, None)? {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        let cooldown = Cooldown::Board(actor.user, actor.channel);
        if let Some(refusal) = self.cooling_down(cooldown) {
            return Ok(refusal);
        }
        self.used(cooldown);
        let default_bottom = bottom_of(&loaded, None);
        let bottom = if flip { Some(!default_bottom) } else { None };
        let mut reply = self.board_reply(&loaded, "", bottom);
        reply.mentions.clear();
        Ok(reply)
    }

    /// The Flip button: the board seen from the other side, for the clicker only.
    pub(crate) fn flipped_board(
        &self,
        actor: &Actor,
        game: GameId,
        black_bottom: bool,
    ) -> Result<Reply, ServiceError> {
        let Some(record) = self.store.game(game)? else {
            return Ok(Reply::private("That game does not exist."));
        };
        let loaded = self.load(record)?;
        let bottom = if black_bottom {
            Color::White
        } else {
            Color::Black
        };
        let mut reply = self.board_reply(&loaded, "", Some(bottom));
        reply.ephemeral = true;
        reply.components.clear();
        reply.mentions.clear();
        reply.game = None;
        let _ = actor;
        Ok(reply)
    }

    /// `/move`: plays a typed move for the actor in the channel's game.
    pub fn play_move(&self, actor: &Actor, text: &str) -> Result<Reply, ServiceError> {
        answered(actor, self.play_move_in(actor, None, text, None))
    }

    /// Plays a move; `expected_ply` is the ply of the board a click came from (stale if the game
    /// has moved on).
    pub(crate) fn play_move_in(
        &self,
        actor: &Actor,
        game: Option<GameId>,
        text: &str,
        expected_ply: Option<u32>,
    ) -> Result<Reply, ServiceError> {
        let (mut loaded, colour) = match self.player_game(actor, game, expected_ply)? {
            Ok(found) => found,
            Err(refusal) => return Ok(refusal),
        };
        let turn = loaded.turn();
        if colour != turn && loaded.record.participant(turn) != Participant::User(actor.user) {
            if let Participant::Engine(_) = loaded.record.participant(turn) {
                return Ok(Reply::private(THINKING));
            }
            return Ok(Reply::private(format!(
                "It is not your turn: {} ({}) is to move.",
                self.participant_name(loaded.record.guild, loaded.record.participant(turn)),
                turn.name()
            )));
        }
        let m = match loaded.position().parse_move(text) {
            Ok(m) => m,
            Err(error) => return Ok(Reply::private(illegal_move_text(loaded.position(), &error))),
        };
        let written = loaded.position().move_text(&m);
        let mover = self.participant_name(loaded.record.guild, loaded.record.participant(turn));
        let mut headline = format!("{mover} played **{written}**.");
        // Against the engine, the game is marked as searched from before the move is stored
        // until the reply is: resuming after a restart (or the sweep) leaves it alone.
        let _searching = match loaded.record.participant(!turn) {
            Participant::Engine(_) => match self.start_searching(loaded.record.id) {
                Some(mark) => Some(mark),
                None => return Ok(Reply::private(THINKING)),
            },
            Participant::User(_) => None,
        };
        match self.commit_move(&mut loaded, m)? {
            Committed::Stale => return self.stale_reply(loaded.record.id),
            Committed::Ended(text) => {
                headline.push(' ');
                headline.push_str(&text);
                let mut reply = self.board_reply(&loaded, &headline, None);
                reply
                    .mentions
                    .extend(loaded.record.participant(!turn).user());
                return Ok(reply);
            }
            Committed::Continues => {}
        }
        if let Participant::Engine(level) = loaded.record.participant(loaded.turn()) {
            match self.engine_move(&mut loaded, level)? {
                Some(text) => {
                    headline.push(' ');
                    headline.push_str(&text);
                }
                None => return self.stale_reply(loaded.record.id),
            }
        }
        Ok(self.board_reply(&loaded, &headline, None))
    }

    /// Plays and stores the engine's move; the text says what it played (and how the game
    /// ended, if it did). `None` if someone else changed the game meanwhile.
    pub(crate) fn engine_move(
        &self,
        loaded: &mut Loaded,
        level: u8,
    ) -> Result<Option<String>, ServiceError> {
        let Some(level) = Level::new(level) else {
            return Ok(Some(format!("The engine level {level} does not exist.")));
        };
        let seed = self.random_u64();
        let think = self.settings.think_time;
        let game = loaded.game.clone();
        let chosen = self
            .engines
            .with_engine(|engine| dama_engine::choose_move(engine, &game, level, think, seed));
        let Some(m) = chosen else {
            return Ok(Some(String::new()));
        };
        let written = loaded.position().move_text(&m);
        let mut text = format!("{} replied **{written}**.", engine_name(level.number()));
        match self.commit_move(loaded, m)? {
            Committed::Stale => return Ok(None),
            Committed::Ended(end) => {
                text.push(' ');
                text.push_str(&end);
            }
            Committed::Continues => {}
        }
        Ok(Some(text))
    }

    /// Stores a legal move (and the end of the game, if the move ends it) and updates `loaded`.
    fn commit_move(&self, loaded: &mut Loaded, m: Move) -> Result<Committed, ServiceError> {
        let mut next = loaded.game.clone();
        let outcome = match next.play(&m) {
            Ok(outcome) => outcome,
            Err(error) => {
                return Err(ServiceError::Corrupt {
                    game: loaded.record.id,
                    ply: loaded.record.ply,
                    text: m.long(),
                    reason: error.to_string(),
                });
            }
        };
        let now = self.now();
        let fen = next.position().to_fen();
        let ply = loaded.record.ply;
        let result = match outcome {
            None => self
                .store
                .record_move(loaded.record.id, ply, &m.long(), &fen, now)
                .map(|record| (record, None)),
            Some(outcome) => {
                let finish = Finish {
                    result: GameResult::from_winner(outcome.winner),
                    reason: end_reason(outcome),
                    ply: ply + 1,
                    at: now,
                    counting: rating::counting(&loaded.record),
                    rate: rating::glicko2,
                };
                self.store
                    .record_final_move(loaded.record.id, ply, &m.long(), &fen, finish)
                    .map(|finished| (finished.game.clone(), Some((outcome, finished))))
            }
        };
        match result {
            Ok((record, ended)) => {
                loaded.record = record;
                loaded.game = next;
                Ok(match ended {
                    None => Committed::Continues,
                    Some((outcome, finished)) => {
                        Committed::Ended(self.ending_text(&loaded.record, outcome, &finished))
                    }
                })
            }
            Err(
                StoreError::AlreadyPlayed { .. }
                | StoreError::StalePly { .. }
                | StoreError::GameNotActive { .. },
            ) => Ok(Committed::Stale),
            Err(other) => Err(other.into()),
        }
    }

    fn ending_text(
        &self,
        record: &crate::store::Game,
        outcome: Outcome,
        finished: &FinishedGame,
    ) -> String {
        let mut text = match outcome.winner {
            Some(winner) => {
                let name = mention(record.participant(winner));
                let reason = match outcome.end {
                    GameEnd::NoPieces => format!("{} has no pieces left", !winner),
                    _ => format!("{} cannot move", !winner),
                };
                format!("**{name} wins** ({winner}): {reason}.")
            }
            None => match outcome.end {
                GameEnd::Draw(DrawReason::Repetition) => "**Draw** by repetition.".to_owned(),
                _ => "**Draw** by the 40-move rule: 40 moves each without a capture or a man move."
                    .to_owned(),
            },
        };
        text.push_str(&self.rating_text(record.guild, finished));
        text
    }

    /// ` Ratings: alice 1500 → 1516, bob 1500 → 1484.` for a rated game.
    pub(crate) fn rating_text(&self, guild: u64, finished: &FinishedGame) -> String {
        let Some(changes) = finished.ratings else {
            return String::new();
        };
        let line = |change: &crate::store::RatingChange| {
            format!(
                "{} {:.0} → {:.0}",
                self.participant_name(guild, Participant::User(change.user)),
                change.before.rating,
                change.after.rating
            )
        };
        format!(
            " Ratings: {}, {}.",
            line(&changes.white),
            line(&changes.black)
        )
    }

    /// Ends the loaded game at the ply it was read at, and counts it (ratings, records);
    /// `Err` holds the reply for a game that changed in the meantime.
    fn finish_loaded(
        &self,
        loaded: &mut Loaded,
        result: GameResult,
        reason: EndReason,
    ) -> Result<Result<FinishedGame, Reply>, ServiceError> {
        let finish = Finish {
            result,
            reason,
            ply: loaded.record.ply,
            at: self.now(),
            counting: rating::counting(&loaded.record),
            rate: rating::glicko2,
        };
        match self.store.finish_game(loaded.record.id, finish) {
            Ok(finished) => {
                loaded.record = finished.game.clone();
                Ok(Ok(finished))
            }
            Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => {
                Ok(Err(self.stale_reply(loaded.record.id)?))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// Refuses an action from an old board.
    fn check_stale(loaded: &Loaded, expected_ply: Option<u32>) -> Option<Reply> {
        match expected_ply {
            Some(ply) if ply != loaded.record.ply => {
                let mut reply = Reply::private(
                    "This board is out of date: the game has moved on. Use the latest board (or `/board`).",
                );
                reply.current_board = loaded.record.board_message;
                Some(reply)
            }
            _ => None,
        }
    }

    fn stale_reply(&self, game: GameId) -> Result<Reply, ServiceError> {
        let board = self.store.game(game)?.and_then(|g| g.board_message);
        let mut reply = Reply::private(
            "That move came too late: the game changed in the meantime. Use the latest board (or `/board`).",
        );
        reply.current_board = board;
        Ok(reply)
    }

    /// Autocomplete: up to 25 legal moves of the actor's game matching what is typed so far,
    /// or a hint (at most [`HINT_MAX_CHARS`] characters) saying why there are none: no game
    /// here, not a player, not their turn, or no legal move starting like that.
    pub fn suggestions(&self, actor: &Actor, typed: &str) -> Result<Suggestions, ServiceError> {
        let Some(record) = self.store.active_game_in_channel(actor.channel)? else {
            return Ok(hint(
                "No game in this channel: start one with /challenge or /play.",
            ));
        };
        if record.colour_of(actor.user).is_none() {
            return Ok(hint("You are not playing in this game."));
        }
        let Ok(position) = Position::from_fen(&record.current_fen) else {
            return Ok(hint("This game's position cannot be read."));
        };
        let to_move = record.participant(position.turn());
        if to_move != Participant::User(actor.user) {
            let name = self.plain_name(record.guild, to_move);
            return Ok(hint(&format!("Not your turn: {name} is to move")));
        }
        let moves = suggest(&position, typed, 25);
        if !moves.is_empty() {
            return Ok(Suggestions::Moves(moves));
        }
        let typed_full = typed.trim();
        let mut typed: String = typed_full.chars().take(20).collect();
        if typed.len() < typed_full.len() {
            typed.push('…');
        }
        let mut text = format!("No legal move starts with {typed}:");
        let legal = suggest(&position, "", usize::MAX);
        for (i, m) in legal.iter().enumerate() {
            let separator = if i == 0 { " " } else { ", " };
            // Room for this move and, if more follow, for the ", …" after it.
            let room = if i + 1 < legal.len() { 3 } else { 0 };
            if text.chars().count() + separator.len() + m.chars().count() + room > HINT_MAX_CHARS {
                text.push_str(if i == 0 { " …" } else { ", …" });
                break;
            }
            text.push_str(separator);
            text.push_str(m);
        }
        Ok(hint(&text))
    }

    /// `/resign`.
    pub fn resign(&self, actor: &Actor) -> Result<Reply, ServiceError> {
        answered(actor, self.resign_in(actor, None, None))
    }

    pub(crate) fn confirm_resign(
        &self,
        actor: &Actor,
        game: GameId,
        ply: u32,
    ) -> Result<Reply, ServiceError> {
        let loaded = match self.find_active(actor, Some(game))? {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        if loaded.record.colour_of(actor.user).is_none() {
            return Ok(Reply::private("You are not playing in this game."));
        }
        let mut reply = Reply::private("Do you really want to resign this game?");
        reply.components = vec![vec![button(
            ComponentAction::Game(game, ply, GameButton::ResignConfirm),
            "Yes, resign",
            ButtonStyle::Danger,
        )]];
        Ok(reply)
    }

    pub(crate) fn resign_in(
        &self,
        actor: &Actor,
        game: Option<GameId>,
        expected_ply: Option<u32>,
    ) -> Result<Reply, ServiceError> {
        let (mut loaded, colour) = match self.player_game(actor, game, expected_ply)? {
            Ok(found) => found,
            Err(refusal) => return Ok(refusal),
        };
        let winner = !colour;
        let finished = match self.finish_loaded(
            &mut loaded,
            GameResult::from_winner(Some(winner)),
            EndReason::Resign,
        )? {
            Ok(finished) => finished,
            Err(stale) => return Ok(stale),
        };
        let headline = format!(
            "{} resigns. **{} wins** ({winner}).{}",
            escape_markdown(&actor.name),
            mention(loaded.record.participant(winner)),
            self.rating_text(loaded.record.guild, &finished)
        );
        let mut reply = self.board_reply(&loaded, &headline, None);
        reply
            .mentions
            .extend(loaded.record.participant(winner).user());
        Ok(reply)
    }

    /// `/draw offer` (or accepting an open offer by the other side).
    pub fn offer_draw(&self, actor: &Actor) -> Result<Reply, ServiceError> {
        answered(actor, self.offer_draw_in(actor, None, None))
    }

    pub(crate) fn offer_draw_in(
        &self,
        actor: &Actor,
        game: Option<GameId>,
        expected_ply: Option<u32>,
    ) -> Result<Reply, ServiceError> {
        let (mut loaded, colour) = match self.player_game(actor, game, expected_ply)? {
            Ok(found) => found,
            Err(refusal) => return Ok(refusal),
        };
        let record = &loaded.record;
        if let Some(offer) = record.draw_offer {
            if offer.by == colour {
                return Ok(Reply::private(
                    "You have already offered a draw; wait for the answer.",
                ));
            }
            return self.answer_draw_in(actor, Some(record.id), true);
        }
        if let Some(last) = *record.last_draw_offer_ply.get(colour) {
            if record.ply < last + DRAW_REOFFER_PLIES {
                return Ok(Reply::private(format!(
                    "You offered a draw {} plies ago; you can offer again after {} more plies.",
                    record.ply - last,
                    last + DRAW_REOFFER_PLIES - record.ply
                )));
            }
        }
        let cooldown = Cooldown::DrawOffer(actor.user);
        if let Some(refusal) = self.cooling_down(cooldown) {
            return Ok(refusal);
        }
        let opponent = record.participant(!colour);
        // An offer to the engine counts like one to a person, for the re-offer rule too.
        match self.store.offer_draw(record.id, colour, record.ply) {
            Ok(updated) => loaded.record = updated,
            Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => {
                return self.stale_reply(loaded.record.id);
            }
            Err(other) => return Err(other.into()),
        }
        self.used(cooldown);
        if let Participant::Engine(level) = opponent {
            return self.engine_answers_draw(&mut loaded, colour, level);
        }
        let headline = format!(
            "{} offers a draw to {}.",
            escape_markdown(&actor.name),
            mention(opponent)
        );
        let mut reply = self.board_reply(&loaded, &headline, None);
        reply.mentions.extend(opponent.user());
        Ok(reply)
    }

    /// The engine accepts a draw when its search says it stands worse.
    fn engine_answers_draw(
        &self,
        loaded: &mut Loaded,
        offered_by: Color,
        level: u8,
    ) -> Result<Reply, ServiceError> {
        let game = loaded.game.clone();
        let limits = dama_engine::Limits {
            depth: Some(10),
            nodes: Some(2_000_000),
            ..Default::default()
        };
        let result = self
            .engines
            .with_engine(|engine| engine.search(&game, &limits));
        // The score is from the side to move; turn it to the engine's view.
        let engine_colour = !offered_by;
        let score = if game.position().turn() == engine_colour {
            result.score
        } else {
            -result.score
        };
        if score > -30 {
            loaded.record = match self.store.clear_draw_offer(loaded.record.id) {
                Ok(record) => record,
                Err(StoreError::GameNotActive { .. }) => return self.stale_reply(loaded.record.id),
                Err(other) => return Err(other.into()),
            };
            return Ok(Reply::public(format!(
                "{} declines the draw: it likes its position.",
                engine_name(level)
            )));
        }
        if let Err(stale) = self.finish_loaded(loaded, GameResult::Draw, EndReason::Agreement)? {
            return Ok(stale);
        }
        let headline = format!(
            "{} accepts the draw. **Draw** by agreement.",
            engine_name(level)
        );
        Ok(self.board_reply(loaded, &headline, None))
    }

    /// `/draw accept` or `/draw decline`.
    pub fn answer_draw(&self, actor: &Actor, accept: bool) -> Result<Reply, ServiceError> {
        answered(actor, self.answer_draw_in(actor, None, accept))
    }

    pub(crate) fn answer_draw_in(
        &self,
        actor: &Actor,
        game: Option<GameId>,
        accept: bool,
    ) -> Result<Reply, ServiceError> {
        let (mut loaded, colour) = match self.player_game(actor, game, None)? {
            Ok(found) => found,
            Err(refusal) => return Ok(refusal),
        };
        let Some(offer) = loaded.record.draw_offer else {
            return Ok(Reply::private(
                "There is no draw offer to answer. Offer one with `/draw offer`.",
            ));
        };
        if offer.by == colour {
            if accept {
                return Ok(Reply::private(
                    "You made this offer; your opponent must answer it.",
                ));
            }
            // Withdrawing one's own offer: the opponent had it to answer.
            loaded.record = self.store.clear_draw_offer(loaded.record.id)?;
            let mut reply = self.board_reply(
                &loaded,
                &format!("{} withdraws the draw offer.", escape_markdown(&actor.name)),
                None,
            );
            reply
                .mentions
                .extend(loaded.record.participant(!colour).user());
            return Ok(reply);
        }
        let offerer = loaded.record.participant(offer.by);
        if !accept {
            loaded.record = self.store.clear_draw_offer(loaded.record.id)?;
            let headline = format!(
                "{} declines the draw. Play on!",
                escape_markdown(&actor.name)
            );
            let mut reply = self.board_reply(&loaded, &headline, None);
            // The offerer hears the answer; nobody else needs a ping for it.
            reply.mentions = offerer.user().into_iter().collect();
            return Ok(reply);
        }
        let finished =
            match self.finish_loaded(&mut loaded, GameResult::Draw, EndReason::Agreement)? {
                Ok(finished) => finished,
                Err(stale) => return Ok(stale),
            };
        let headline = format!(
            "{} accepts the draw. **Draw** by agreement.{}",
            escape_markdown(&actor.name),
            self.rating_text(loaded.record.guild, &finished)
        );
        let mut reply = self.board_reply(&loaded, &headline, None);
        reply.mentions.extend(offerer.user());
        Ok(reply)
    }

    /// `/claim`: the win, once the opponent's time per move has run out.
    pub fn claim(&self, actor: &Actor) -> Result<Reply, ServiceError> {
        answered(actor, self.claim_in(actor, None))
    }

    pub(crate) fn claim_in(
        &self,
        actor: &Actor,
        game: Option<GameId>,
    ) -> Result<Reply, ServiceError> {
        let (mut loaded, colour) = match self.player_game(actor, game, None)? {
            Ok(found) => found,
            Err(refusal) => return Ok(refusal),
        };
        let turn = loaded.turn();
        if turn == colour {
            return Ok(Reply::private(
                "It is your turn: make your move instead of claiming.",
            ));
        }
        // The engine never runs out of time: its move is made at once, or on resuming.
        if let Participant::Engine(_) = loaded.record.participant(turn) {
            return Ok(Reply::private(THINKING));
        }
        let now = self.now();
        let deadline = loaded.record.deadline();
        if now <= deadline {
            return Ok(Reply::private(format!(
                "{} still has {} to move; you can claim the win after that.",
                self.participant_name(loaded.record.guild, loaded.record.participant(turn)),
                human_duration(deadline - now)
            )));
        }
        let finished = match self.finish_loaded(
            &mut loaded,
            GameResult::from_winner(Some(colour)),
            EndReason::TimeoutClaim,
        )? {
            Ok(finished) => finished,
            Err(stale) => return Ok(stale),
        };
        let headline = format!(
            "{}'s time ran out. **{} wins** on time.{}",
            self.participant_name(loaded.record.guild, loaded.record.participant(turn)),
            escape_markdown(&actor.name),
            self.rating_text(loaded.record.guild, &finished)
        );
        let mut reply = self.board_reply(&loaded, &headline, None);
        reply
            .mentions
            .extend(loaded.record.participant(turn).user());
        Ok(reply)
    }

    /// `/abort` (moderators): stops the channel's game without a result.
    pub fn abort(&self, actor: &Actor) -> Result<Reply, ServiceError> {
        answered(actor, self.abort_in(actor))
    }

    fn abort_in(&self, actor: &Actor) -> Result<Reply, ServiceError> {
        if !actor.can_moderate {
            return Ok(Reply::private(
                "Only moderators (Manage Messages) can abort a game. Players can `/resign` or offer a `/draw`.",
            ));
        }
        let mut loaded = match self.find_active(actor, None)? {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        loaded.record = match self.store.abort_game(loaded.record.id, self.now()) {
            Ok(record) => record,
            Err(StoreError::GameNotActive { .. }) => return self.stale_reply(loaded.record.id),
            Err(other) => return Err(other.into()),
        };
        let headline = format!(
            "{} aborted game #{}. It does not count for anyone.",
            escape_markdown(&actor.name),
            loaded.record.id
        );
        let mut reply = self.board_reply(&loaded, &headline, None);
        reply.components.clear();
        reply.mentions.extend(players(&loaded.record));
        Ok(reply)
    }

    /// Plays the engine's move in every active game where the engine is to move and no search
    /// of it is under way: the replies a restart interrupted (the player's move was stored, the
    /// engine's was not yet). Each notice edits the game's board message and pings the person
    /// now to move (or, if the engine's move ended the game, its opponent).
    pub fn resume_engine_games(&self) -> Result<Vec<Notice>, ServiceError> {
        let mut notices = Vec::new();
        for record in self.store.engine_to_move_games()? {
            let Some(_searching) = self.start_searching(record.id) else {
                // A player's job is searching it right now.
                continue;
            };
            // Read again under the mark: a job that just finished may have moved on.
            let Some(record) = self.store.game(record.id)? else {
                continue;
            };
            if record.status != GameStatus::Active {
                continue;
            }
            let id = record.id;
            let mut loaded = match self.load(record) {
                Ok(loaded) => loaded,
                Err(error @ ServiceError::Corrupt { .. }) => {
                    // One damaged game must not keep the others waiting.
                    tracing::error!(%error, "cannot resume the engine's move");
                    continue;
                }
                Err(error) => return Err(error),
            };
            let Participant::Engine(level) = loaded.record.participant(loaded.turn()) else {
                continue;
            };
            let ply = loaded.record.ply;
            let Some(text) = self.engine_move(&mut loaded, level)? else {
                continue;
            };
            if loaded.record.ply == ply {
                tracing::warn!(game = %id, level, "the engine has no move to resume with");
                continue;
            }
            let mut reply = self.board_reply(&loaded, &text, None);
            reply.mentions.extend(players(&loaded.record));
            settle_mentions(&mut reply, None);
            notices.push(Notice {
                guild: loaded.record.guild,
                channel: loaded.record.channel,
                reply,
                edit: loaded.record.board_message,
            });
        }
        Ok(notices)
    }

    /// Runs on a timer; returns the notices to post: the engine's moves that were due (see
    /// [`Self::resume_engine_games`]), expired challenges, and games forfeited because the
    /// person to move let twice their time per move pass unclaimed.
    pub fn sweep(&self) -> Result<Vec<Notice>, ServiceError> {
        let mut notices = self.resume_engine_games()?;
        let now = self.now();
        for challenge in self.store.expire_challenges(now)? {
            let from = mention(Participant::User(challenge.challenger));
            let to =
                self.participant_name(challenge.guild, Participant::User(challenge.challenged));
            let mut reply =
                Reply::public(format!("The challenge from {from} to {to} has expired."));
            reply.mentions.push(challenge.challenger);
            notices.push(Notice {
                guild: challenge.guild,
                channel: challenge.channel,
                reply,
                edit: challenge.message,
            });
        }
        for record in self.store.overdue_games(now, 2)? {
            let loaded = self.load(record)?;
            let turn = loaded.turn();
            // The engine loses no game on time; a move of its that is due is resumed above.
            if let Participant::Engine(_) = loaded.record.participant(turn) {
                continue;
            }
            let winner = !turn;
            let finish = Finish {
                result: GameResult::from_winner(Some(winner)),
                reason: EndReason::TimeoutSweep,
                ply: loaded.record.ply,
                at: now,
                counting: rating::counting(&loaded.record),
                rate: rating::glicko2,
            };
            let finished = match self.store.finish_game(loaded.record.id, finish) {
                Ok(finished) => finished,
                // A move or a claim got there first.
                Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => continue,
                Err(other) => return Err(other.into()),
            };
            let guild = finished.game.guild;
            let loser = self.participant_name(guild, finished.game.participant(turn));
            let headline = format!(
                "{loser} did not move for twice the time per move. **{} wins** game #{} by forfeit.{}",
                mention(finished.game.participant(winner)),
                finished.game.id,
                self.rating_text(guild, &finished)
            );
            let finished_loaded = Loaded {
                record: finished.game.clone(),
                game: loaded.game,
            };
            let mut reply = self.board_reply(&finished_loaded, &headline, None);
            reply.mentions.extend(players(&finished.game));
            notices.push(Notice {
                guild,
                channel: finished.game.channel,
                reply,
                edit: None,
            });
        }
        for notice in &mut notices {
            settle_mentions(&mut notice.reply, None);
        }
        Ok(notices)
    }

    /// The message that shows a game's board, if the bot has posted one.
    pub fn board_message(&self, game: GameId) -> Result<Option<MessageRef>, ServiceError> {
        Ok(self.store.game(game)?.and_then(|g| g.board_message))
    }
}

enum Committed {
    Continues,
    Ended(String),
    Stale,
}

fn end_reason(outcome: Outcome) -> EndReason {
    match outcome.end {
        GameEnd::NoPieces | GameEnd::NoMoves => EndReason::NoMoves,
        GameEnd::Draw(DrawReason::Repetition) => EndReason::Repetition,
        GameEnd::Draw(DrawReason::FortyMoveRule) => EndReason::FortyMove,
    }
}

/// The answer to an action on a game whose engine move is being searched.
const THINKING: &str = "Dama is thinking about its move.";

/// The people who play a game (one against the engine, two otherwise).
fn players(record: &crate::store::Game) -> impl Iterator<Item = crate::store::UserId> {
    [record.white, record.black]
        .into_iter()
        .filter_map(Participant::user)
}

/// A mention of a person, or the engine's name.
pub(crate) fn mention(participant: Participant) -> String {
    match participant {
        Participant::User(user) => format!("<@{user}>"),
        Participant::Engine(level) => engine_name(level),
    }
}

/// The engine's name at a level: `Dama (level 3, amateur)`.
#[must_use]
pub fn engine_name(level: u8) -> String {
    match Level::new(level) {
        Some(level) => format!("Dama (level {}, {})", level.number(), level.name()),
        None => format!("Dama (level {level})"),
    }
}

fn bottom_of(loaded: &Loaded, bottom: Option<Color>) -> Color {
    board_view(loaded, bottom, String::new()).bottom
}

/// The explanation of a move that cannot be played, with the legal moves.
fn illegal_move_text(position: &Position, error: &NotationError) -> String {
    let mut legal: Vec<String> = Vec::new();
    for m in &position.legal_moves() {
        let text = position.move_text(m);
        if !legal.contains(&text) {
            legal.push(text);
        }
    }
    let list = if legal.is_empty() {
        "none".to_owned()
    } else {
        legal.join(", ")
    };
    match error {
        NotationError::CaptureCompulsory { .. } => {
            format!(
                "{error}. A capture is compulsory, and the one that takes the most pieces comes first."
            )
        }
        NotationError::Ambiguous { .. } => format!("{error}."),
        _ => format!("{}. Legal moves: {list}.", capitalize(&error.to_string())),
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// An autocomplete hint, cut to [`HINT_MAX_CHARS`] characters.
fn hint(text: &str) -> Suggestions {
    let mut hint: String = text.chars().take(HINT_MAX_CHARS).collect();
    if hint.chars().count() < text.chars().count() {
        hint.pop();
        hint.push('…');
    }
    Suggestions::Hint(hint)
}

/// Makes select labels unique (two captures with the same ends get their long form).
fn disambiguate_labels(options: &mut [SelectOption]) {
    let labels: Vec<String> = options.iter().map(|o| o.label.clone()).collect();
    for option in options.iter_mut() {
        if labels.iter().filter(|l| **l == option.label).count() > 1 {
            option.label.clone_from(&option.value);
        }
    }
}

/// Squares of a text as numbers separated by dots: `22x13x6` and `22 13 6` both give
/// `22.13.6`; a trailing separator is kept (`22x` gives `22.`).
fn squares_key(text: &str) -> String {
    let mut key = String::new();
    let mut last_sep = false;
    for c in text.trim().chars() {
        if c.is_ascii_digit() {
            key.push(c);
            last_sep = false;
        } else if !last_sep && !key.is_empty() {
            key.push('.');
            last_sep = true;
        }
    }
    key
}

/// Legal moves whose short or long form starts like `typed`, short form first, at most `limit`.
#[must_use]
pub fn suggest(position: &Position, typed: &str, limit: usize) -> Vec<String> {
    let typed_key = squares_key(typed);
    let mut out: Vec<String> = Vec::new();
    for m in &position.legal_moves() {
        let short = position.move_text(m);
        let long = MoveText::long(m).to_string();
        let matches = typed_key.is_empty()
            || squares_key(&short).starts_with(&typed_key)
            || squares_key(&long).starts_with(&typed_key);
        if !matches {
            continue;
        }
        // A long form the player started typing is offered as such.
        let offer = if squares_key(&short).starts_with(&typed_key) {
            short
        } else {
            long
        };
        if !out.contains(&offer) {
            out.push(offer);
        }
        if out.len() == limit {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_filter_by_prefix() {
        let start = Position::initial();
        assert_eq!(suggest(&start, "", 25).len(), 7);
        let mut from_22 = suggest(&start, "22", 25);
        from_22.sort();
        assert_eq!(from_22, ["22-18", "22-19"]);
        assert_eq!(suggest(&start, "22 19", 25), ["22-19"]);
        assert!(suggest(&start, "9", 25).is_empty());
        let capture = Position::from_fen("W:WK27:B5,6,13,15,21,23").unwrap();
        assert_eq!(suggest(&capture, "27x2", 25), ["27x25"]);
        assert_eq!(suggest(&capture, "27x20x", 25), ["27x20x11x2x9x18x25"]);
    }

    #[test]
    fn squares_keys() {
        assert_eq!(squares_key("22x13x6"), "22.13.6");
        assert_eq!(squares_key(" 22 , 13 "), "22.13");
        assert_eq!(squares_key("22x"), "22.");
        assert_eq!(squares_key("x"), "");
    }
}
