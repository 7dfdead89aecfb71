//! `/puzzle` (Italian `/problema`), `/puzzle daily` and `/puzzles`: shots to solve from the
//! puzzle collection (`dama_tools::puzzles`), with a puzzle rating per server.
//!
//! A puzzle is its solver's alone: every board is private, with the legal moves in a menu
//! whose id names the attempt and the step it showed. A correct move is answered with the
//! defender's reply played on the board; a wrong one, or the last correct one, ends the
//! attempt with the solution, the rating change (Glicko-2 against the puzzle's difficulty,
//! for the first attempt at a puzzle only) and the streak. The store decides every race: of
//! two answers to one step only one counts.

use dama_core::text::{Part, RichText};

use dama_rules::Move;
use dama_tools::puzzles::{Answer, Puzzle};

use crate::action::{Flow, Origin, PuzzleAction, refuse};
use crate::autocomplete::{hint, suggest};
use crate::board::disambiguate_labels;
use crate::moves::illegal_move_text;
use crate::notify::live_time;
use crate::puzzle_collection::{PuzzleCollection, Puzzles};
use crate::puzzle_rating::puzzle_glicko2;
use crate::reply::button;
use crate::texts::command;
use crate::{
    Actor, ButtonStyle, Component, ComponentAction, GameService, PuzzleButton, Reply, SelectOption,
    ServiceError, Suggestions,
};
use dama_core::i18n::{self, Language, t, tr};
use dama_core::store::{
    INITIAL_RATING, NewPuzzleAttempt, PuzzleAttempt, PuzzleFinish, PuzzlePlayer, PuzzleStatus,
    StoreError, puzzle_day, puzzle_day_start,
};
use dama_render::BoardView;

/// The best solvers `/puzzles` lists, and the finished attempts needed to be among them.
pub const PUZZLE_RANKING_SIZE: u32 = 10;
pub const PUZZLE_RANKING_MIN_ATTEMPTS: u32 = 3;

impl GameService {
    /// Runs a puzzle action.
    pub(crate) fn puzzle(
        &self,
        actor: &Actor,
        origin: Origin,
        action: PuzzleAction,
    ) -> Flow<Reply> {
        match action {
            PuzzleAction::Next => self.next_puzzle(actor),
            PuzzleAction::Daily => self.daily_puzzle(actor),
            PuzzleAction::Answer { text } => self.answer_puzzle(actor, origin, &text),
            PuzzleAction::Ranking => self.puzzle_ranking(actor),
        }
    }

    /// What the `/puzzle move` autocomplete shows: the legal moves of the actor's open puzzle
    /// matching `partial`, or why there are none.
    pub fn puzzle_suggestions(
        &self,
        actor: &Actor,
        partial: &str,
    ) -> Result<Suggestions, ServiceError> {
        let language = actor.language;
        let Puzzles::Loaded(collection) = &self.puzzles else {
            return Ok(hint(&t!(language, PuzzleHintUnavailable)));
        };
        let typed_puzzle = i18n::texts().command_name(language, "puzzle");
        let open = self.store.open_puzzle_attempt(actor.guild, actor.user)?;
        let Some((attempt, puzzle)) = open.and_then(|a| collection.get(&a.puzzle).map(|p| (a, p)))
        else {
            return Ok(hint(&t!(language, PuzzleHintNoneOpen, cmd = typed_puzzle)));
        };
        let Some(position) = puzzle.position_at(attempt.step as usize) else {
            return Ok(hint(&t!(language, PuzzleHintNoneOpen, cmd = typed_puzzle)));
        };
        let moves = suggest(&position, partial, 25);
        if moves.is_empty() {
            let legal = suggest(&position, "", 25).join(", ");
            return Ok(hint(&t!(language, PuzzleHintNoMatch, legal = legal)));
        }
        Ok(Suggestions::Moves(moves))
    }

    /// The collection, or the refusal that says there are no puzzles.
    fn puzzle_collection(&self, language: Language) -> Flow<&PuzzleCollection> {
        match &self.puzzles {
            Puzzles::Loaded(collection) => Ok(collection),
            Puzzles::Unavailable(_) => refuse(t!(language, PuzzleUnavailable)),
        }
    }

    /// `/puzzle`: a new puzzle near the actor's puzzle rating (their open one is closed,
    /// unrated).
    fn next_puzzle(&self, actor: &Actor) -> Flow<Reply> {
        let language = actor.language;
        let collection = self.puzzle_collection(language)?;
        let now = self.now();
        self.store
            .ensure_player(actor.guild, actor.user, &actor.name, now)?;
        let rating = self
            .store
            .puzzle_player(actor.guild, actor.user)?
            .map_or(INITIAL_RATING.rating, |p| p.rating.rating);
        let attempted = self.store.attempted_puzzles(actor.guild, actor.user)?;
        let puzzle = collection.near(rating, &attempted, self.random_u64());
        let (attempt, closed) = self.store.start_puzzle_attempt(&NewPuzzleAttempt {
            guild: actor.guild,
            channel: actor.channel,
            user: actor.user,
            puzzle: puzzle.id.clone(),
            daily: None,
            at: now,
        })?;
        let mut headline = t!(
            language,
            PuzzleNew,
            id = puzzle.id.clone(),
            difficulty = puzzle.difficulty,
            rated = rated_word(attempt.rated),
        );
        if closed.is_some() {
            headline.push('\n');
            headline.push_str(&t!(language, PuzzlePreviousClosed));
        }
        Ok(Self::puzzle_board(
            language, &attempt, puzzle, &headline, None,
        ))
    }

    /// `/puzzle daily` or the daily post's Solve button: the server's puzzle of the day, its
    /// board where the actor's attempt stands, or their result once it is over.
    fn daily_puzzle(&self, actor: &Actor) -> Flow<Reply> {
        let language = actor.language;
        let collection = self.puzzle_collection(language)?;
        let now = self.now();
        let hour = self.server_settings(actor.guild)?.daily_puzzle_hour;
        let day = puzzle_day(now, hour);
        let next_day = live_time(puzzle_day_start(day + 1, hour));
        let earlier = self
            .store
            .daily_puzzle_attempt(actor.guild, actor.user, day)?;
        let earlier = earlier.and_then(|a| collection.get(&a.puzzle).map(|p| (a, p)));
        if let Some((attempt, puzzle)) = &earlier {
            let (attempt, puzzle) = (attempt, *puzzle);
            match attempt.status {
                PuzzleStatus::Open => {
                    let headline = tr!(language, PuzzleDailyAgain, next = next_day);
                    let last = last_reply(puzzle, attempt.step);
                    return Ok(Self::puzzle_board(
                        language, attempt, puzzle, &headline, last,
                    ));
                }
                PuzzleStatus::Solved | PuzzleStatus::Failed => {
                    let player = self.store.puzzle_player(actor.guild, actor.user)?;
                    let headline = tr!(
                        language,
                        PuzzleDailyDone,
                        solved = yes_no(attempt.status == PuzzleStatus::Solved),
                        next = next_day,
                    );
                    return Ok(puzzle_result(
                        language,
                        attempt,
                        player.as_ref(),
                        puzzle,
                        &headline,
                    ));
                }
                PuzzleStatus::Abandoned => {}
            }
        }
        let puzzle = collection.daily(actor.guild, day);
        self.store
            .ensure_player(actor.guild, actor.user, &actor.name, now)?;
        let (attempt, closed) = self.store.start_puzzle_attempt(&NewPuzzleAttempt {
            guild: actor.guild,
            channel: actor.channel,
            user: actor.user,
            puzzle: puzzle.id.clone(),
            daily: Some(day),
            at: now,
        })?;
        let mut headline = tr!(
            language,
            PuzzleDailyNew,
            difficulty = puzzle.difficulty,
            rated = rated_word(attempt.rated),
            next = next_day,
        );
        if closed.is_some_and(|c| c.id != attempt.id) {
            headline.push_str("\n");
            headline.push_str(&t!(language, PuzzlePreviousClosed));
        }
        Ok(Self::puzzle_board(
            language, &attempt, puzzle, &headline, None,
        ))
    }

    /// A move answering the actor's puzzle: from the board's menu (the attempt and step it
    /// showed) or typed (their open puzzle, at its current step).
    fn answer_puzzle(&self, actor: &Actor, origin: Origin, text: &str) -> Flow<Reply> {
        let language = actor.language;
        let collection = self.puzzle_collection(language)?;
        let cmd = command("puzzle");
        let attempt = if let Origin::Puzzle { attempt, step } = origin {
            let Some(attempt) = self.store.puzzle_attempt(attempt)? else {
                return refuse(tr!(language, PuzzleStale, cmd = cmd));
            };
            if attempt.user != actor.user {
                return refuse(tr!(language, PuzzleNotYours, cmd = cmd));
            }
            if attempt.status != PuzzleStatus::Open || attempt.step != step {
                return refuse(tr!(language, PuzzleStale, cmd = cmd));
            }
            attempt
        } else {
            match self.store.open_puzzle_attempt(actor.guild, actor.user)? {
                Some(attempt) => attempt,
                None => return refuse(tr!(language, PuzzleNoneOpen, cmd = cmd)),
            }
        };
        let step = attempt.step;
        let Some(puzzle) = collection.get(&attempt.puzzle) else {
            return refuse(tr!(language, PuzzleGone, cmd = cmd));
        };
        let Some(position) = puzzle.position_at(step as usize) else {
            return refuse(tr!(language, PuzzleStale, cmd = cmd));
        };
        let m = match position.parse_move(text) {
            Ok(m) => m,
            Err(error) => return refuse(illegal_move_text(language, &position, text, &error)),
        };
        let written = position.move_text(&m);
        let stale = |error: StoreError| match error {
            StoreError::PuzzleStale { .. } | StoreError::PuzzleNotOpen { .. } => {
                refuse(tr!(language, PuzzleStale, cmd = cmd.clone()))
            }
            other => Err(other.into()),
        };
        let answer = puzzle.answer(step as usize, &m);
        if let Answer::Correct {
            reply: Some(reply),
            solved: false,
        } = answer
        {
            let attempt = match self.store.advance_puzzle_attempt(attempt.id, step) {
                Ok(attempt) => attempt,
                Err(error) => return stale(error),
            };
            let mut after = position;
            after.play_unchecked(&m);
            let headline = t!(
                language,
                PuzzleCorrect,
                move = written,
                color = after.turn().name(),
                reply = after.move_text(&reply),
            );
            return Ok(Self::puzzle_board(
                language,
                &attempt,
                puzzle,
                &headline,
                Some(reply),
            ));
        }
        let solved = matches!(answer, Answer::Correct { .. });
        let finish = PuzzleFinish {
            step,
            solved,
            final_step: step + u32::from(solved),
            difficulty: puzzle.difficulty,
            at: self.now(),
            rate: puzzle_glicko2,
        };
        let finished = match self.store.finish_puzzle_attempt(attempt.id, finish) {
            Ok(finished) => finished,
            Err(error) => return stale(error),
        };
        let headline = if solved {
            t!(language, PuzzleSolved, move = written)
        } else {
            let expected = puzzle.solution[2 * step as usize];
            t!(
                language,
                PuzzleWrong,
                move = written,
                solution = position.move_text(&expected),
            )
        };
        Ok(puzzle_result(
            language,
            &finished.attempt,
            Some(&finished.player),
            puzzle,
            &headline,
        ))
    }

    /// `/puzzles`: the actor's puzzle rating and streak, and the server's best solvers.
    fn puzzle_ranking(&self, actor: &Actor) -> Flow<Reply> {
        let language = self.public_language(actor);
        let mut text = if let Some(player) = self.store.puzzle_player(actor.guild, actor.user)? {
            tr!(
                language,
                PuzzleRankingMine,
                name = Part::Name(actor.name.clone()),
                rating = format!("{:.0}", player.rating.rating),
                solved = player.solved,
                failed = player.failed,
                streak = player.streak,
                best = player.best_streak,
            )
        } else {
            tr!(
                language,
                PuzzleRankingMineNone,
                name = Part::Name(actor.name.clone()),
                cmd = command("puzzle"),
            )
        };
        text.push_str("\n\n");
        let best = self.store.puzzle_ranking(
            actor.guild,
            PUZZLE_RANKING_MIN_ATTEMPTS,
            PUZZLE_RANKING_SIZE,
        )?;
        if best.is_empty() {
            text.push_str(&t!(
                language,
                PuzzleRankingEmpty,
                min = PUZZLE_RANKING_MIN_ATTEMPTS
            ));
        } else {
            text.push_str(&t!(language, PuzzleRankingTitle));
            for (rank, player) in best.iter().enumerate() {
                text.push_line(tr!(
                    language,
                    PuzzleRankingLine,
                    rank = rank + 1,
                    name = Part::Name(player.display_name.clone()),
                    rating = format!("{:.0}", player.rating.rating),
                    solved = player.solved,
                    attempts = player.attempts(),
                    best = player.best_streak,
                ));
            }
        }
        Ok(Reply::public(text))
    }

    /// The private board of an open attempt at its step: the solver at the bottom, the
    /// defender's last reply drawn, the legal moves in a menu.
    fn puzzle_board(
        language: Language,
        attempt: &PuzzleAttempt,
        puzzle: &Puzzle,
        headline: impl Into<RichText>,
        last: Option<Move>,
    ) -> Reply {
        let step = attempt.step;
        let position = puzzle
            .position_at(step as usize)
            .unwrap_or_else(|| puzzle.final_position());
        let mut text = headline.into();
        let moves = position.legal_moves();
        let mut components = Vec::new();
        if moves.len() <= 25 {
            let mut options: Vec<SelectOption> = Vec::new();
            for m in &moves {
                let value = m.long();
                if options.iter().any(|o| o.value == value) {
                    continue;
                }
                options.push(SelectOption {
                    label: position.move_text(m),
                    value,
                });
            }
            disambiguate_labels(&mut options);
            components.push(vec![Component::Select {
                id: ComponentAction::Puzzle(attempt.id, step, PuzzleButton::Move).id(),
                placeholder: t!(language, PuzzleMoveMenu),
                options,
            }]);
        }
        text.push_str("\n");
        text.append(tr!(
            language,
            PuzzleYourMove,
            color = puzzle.solver().name(),
            cmd = command("puzzle"),
        ));
        let mut board = BoardView::new(position);
        board.last_move = last;
        board.bottom = puzzle.solver();
        board.caption = Some(t!(language, PuzzleCaption, color = puzzle.solver().name()));
        let mut reply = Reply::private(text);
        reply.board = Some(board);
        reply.components = components;
        reply
    }
}

/// The private answer to a finished attempt: what happened, the solution in long
/// notation, the rating change and the streak, the board with the key move drawn, and
/// the Next button.
fn puzzle_result(
    language: Language,
    attempt: &PuzzleAttempt,
    player: Option<&PuzzlePlayer>,
    puzzle: &Puzzle,
    headline: impl Into<RichText>,
) -> Reply {
    let mut lines: Vec<RichText> = vec![
        headline.into(),
        t!(language, PuzzleSolution, line = long_line(&puzzle.solution)).into(),
    ];
    match (attempt.rating_before, attempt.rating_after) {
        (Some(before), Some(after)) if attempt.rated => lines.push(
            t!(
                language,
                PuzzleRatingChange,
                before = format!("{before:.0}"),
                after = format!("{after:.0}"),
                change = format!("{:+.0}", after - before),
            )
            .into(),
        ),
        _ => lines.push(t!(language, PuzzleUnrated).into()),
    }
    if let Some(player) = player {
        lines.push(
            t!(
                language,
                PuzzleStreak,
                streak = player.streak,
                best = player.best_streak,
            )
            .into(),
        );
    }
    // The board shows the move that was due: the last one when solved, the one missed
    // when failed.
    let key_step = if attempt.status == PuzzleStatus::Solved {
        puzzle.solver_moves().saturating_sub(1)
    } else {
        (attempt.step as usize).min(puzzle.solver_moves().saturating_sub(1))
    };
    let before = puzzle
        .position_at(key_step)
        .unwrap_or_else(|| puzzle.final_position());
    let key = puzzle.solution.get(2 * key_step).copied();
    let mut after = before;
    if let Some(key) = &key {
        after.play_unchecked(key);
    }
    let mut board = BoardView::new(after);
    board.last_move = key;
    board.bottom = puzzle.solver();
    board.caption = Some(t!(
        language,
        PuzzleCaptionSolution,
        line = long_line(&puzzle.solution)
    ));
    let mut reply = Reply::private(RichText::join(lines, "\n"));
    reply.board = Some(board);
    reply.components = vec![vec![button(
        ComponentAction::Puzzle(attempt.id, attempt.step, PuzzleButton::Next),
        &t!(language, PuzzleButtonNext),
        ButtonStyle::Primary,
    )]];
    reply
}

/// The defender's reply that led to step `step` (none before the first move).
fn last_reply(puzzle: &Puzzle, step: u32) -> Option<Move> {
    let step = step as usize;
    if step == 0 {
        return None;
    }
    puzzle.solution.get(2 * step - 1).copied()
}

/// A line of moves in long notation (`22-19 14x23 27x20x11x4`).
pub(crate) fn long_line(line: &[Move]) -> String {
    line.iter().map(Move::long).collect::<Vec<_>>().join(" ")
}

/// `yes` or `no`, for the messages that choose their words by it.
fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// `yes` or `no`: whether an attempt is rated.
fn rated_word(rated: bool) -> &'static str {
    yes_no(rated)
}

/// The first day a daily post may come in a server whose channel is set at `now`: the next
/// change of day.
pub(crate) fn next_daily_post(now: i64, hour: u8) -> i64 {
    puzzle_day_start(puzzle_day(now, hour) + 1, hour)
}
