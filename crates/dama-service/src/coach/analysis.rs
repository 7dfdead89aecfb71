//! `/analysis [game]`: the engine's review of a game that has ended (see [`dama_coach::analysis`]),
//! with its advantage chart, its key moments, the board of the worst one and the annotated PDN.
//!
//! **The share of the engine pool.** An analysis searches one position at a time, each search
//! taking a place in the engine pool's fair line ([`EnginePool::with_slot`]) like an engine
//! move of a running game: a game's move waits at most for the one position an analysis is
//! searching (about 25 ms at the default budget of 300,000 nodes), never for the whole
//! analysis. At most [`analysis_share`] analyses search at once (half of the pool's places,
//! at least one); more requests wait their turn, first come first served, and are told they
//! are queued. So with the pool full of analyses, half of its places still turn over between
//! every position for running games.
//!
//! A finished analysis is stored with the game (at the node budget it was searched with) and
//! served again at once; a stored one that no longer reads back is searched again. Two
//! requests for the same game share one analysis: the second waits for the first's result,
//! and sees its progress.

use dama_core::text::Part;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use dama_engine::Verdict;
use dama_rules::{Color, Move, Position};

use crate::action::{Flow, refuse};
use crate::board::result_word;
use crate::info::pdn_header;
use crate::texts::command;
use crate::{Actor, Attachment, ChartView, Cooldown, GameService, Reply, ServiceError, lock};
use dama_coach::analysis::{
    Analysis, AnalysisOptions, EVALUATION_CLIP, Mark, PlyAnalysis, analyse_in_turns,
    format_evaluation,
};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{Game, GameId, GameStatus, StoredAnalysis};
use dama_render::{BoardView, ChartLabels, ChartMark, MarkKind};

#[allow(unused_imports, reason = "named in the module's documentation")]
use crate::EnginePool;

/// The most key moments the answer lists; the others are counted.
pub(crate) const MOMENTS_SHOWN: usize = 8;

/// The longest player name in the answer, in characters (longer ones end with `…`).
const NAME_MAX_CHARS: usize = 32;

/// Games of the channel looked through for its last ended one.
const CHANNEL_GAMES_LOOKED_AT: u32 = 50;

/// The longest answer text, in characters: well within Discord's 2,000.
pub(crate) const ANSWER_MAX_CHARS: usize = 1_800;

/// The analyses running, by game, and the line of those waiting for a place to search.
#[derive(Default)]
pub(crate) struct Running {
    jobs: Mutex<HashMap<GameId, Arc<Job>>>,
    line: Mutex<Line>,
    /// Wakes those waiting for a place to analyse.
    turn: Condvar,
}

/// The analyses searching and those waiting, served by ticket.
#[derive(Default)]
struct Line {
    next_ticket: u64,
    serving: u64,
    searching: usize,
}

/// One analysis running: its progress, and its end for those who wait for it.
#[derive(Default)]
pub(crate) struct Job {
    state: Mutex<JobState>,
    changed: Condvar,
}

#[derive(Default)]
struct JobState {
    /// The share of the positions searched, once searching (`None`: waiting for a place).
    percent: Option<usize>,
    /// Set once over.
    outcome: Option<Outcome>,
}

/// How an analysis ended.
#[derive(Clone)]
enum Outcome {
    Done(Arc<Analysis>),
    /// It failed (the waiters look again).
    Failed,
}

impl Job {
    fn update(&self, change: impl FnOnce(&mut JobState)) {
        change(&mut lock(&self.state));
        self.changed.notify_all();
    }
}

/// How many analyses may search at once on a pool of `capacity` places: half of them, at least
/// one.
#[must_use]
pub(crate) fn analysis_share(capacity: usize) -> usize {
    (capacity / 2).max(1)
}

/// A place among the analyses searching; freed when dropped.
struct Place<'a>(&'a Running);

impl Drop for Place<'_> {
    fn drop(&mut self) {
        lock(&self.0.line).searching -= 1;
        self.0.turn.notify_all();
    }
}

impl Running {
    /// Waits for a place among the `share` analyses that may search at once, first come first
    /// served; `queued` is called once if it has to wait.
    fn place(&self, share: usize, queued: impl FnOnce()) -> Place<'_> {
        let mut line = lock(&self.line);
        let ticket = line.next_ticket;
        line.next_ticket += 1;
        let mut queued = Some(queued);
        while !(line.serving == ticket && line.searching < share) {
            if let Some(queued) = queued.take() {
                drop(line);
                queued();
                line = lock(&self.line);
                continue;
            }
            line = self.turn.wait(line).unwrap_or_else(PoisonError::into_inner);
        }
        line.serving += 1;
        line.searching += 1;
        drop(line);
        // The next in line may have a place too.
        self.turn.notify_all();
        Place(self)
    }
}

/// The job of the request that runs an analysis: when it ends (even by a panic), the job is
/// over for its waiters and leaves the list of those running.
struct Runner<'a> {
    running: &'a Running,
    game: GameId,
    job: Arc<Job>,
}

impl Drop for Runner<'_> {
    fn drop(&mut self) {
        // Off the list first, so that a waiter told of a failure finds no failed job there.
        {
            let mut jobs = lock(&self.running.jobs);
            if jobs
                .get(&self.game)
                .is_some_and(|job| Arc::ptr_eq(job, &self.job))
            {
                jobs.remove(&self.game);
            }
        }
        self.job.update(|state| {
            state.outcome.get_or_insert(Outcome::Failed);
        });
    }
}

/// Tells one request how its analysis is getting on: once that it is queued, at 0%, and each
/// time the share done passes another tenth.
struct Reporter<'a> {
    progress: &'a (dyn Fn(String) + Sync),
    language: Language,
    game: GameId,
    told_queued: bool,
    last: Option<usize>,
}

impl Reporter<'_> {
    fn see(&mut self, percent: Option<usize>) {
        match percent {
            None if !self.told_queued && self.last.is_none() => {
                self.told_queued = true;
                (self.progress)(t!(self.language, AnalysisQueued, game = self.game.0));
            }
            Some(percent) if self.last.is_none_or(|last| percent / 10 > last / 10) => {
                self.last = Some(percent);
                (self.progress)(t!(
                    self.language,
                    AnalysisProgress,
                    game = self.game.0,
                    percent = percent,
                ));
            }
            _ => {}
        }
    }
}

impl GameService {
    /// `/analysis [game]`, posted for the channel in its public language.
    pub(crate) fn analysis(
        &self,
        actor: &Actor,
        game: Option<i64>,
        progress: &(dyn Fn(String) + Sync),
    ) -> Flow<Reply> {
        let language = self.public_language(actor);
        self.analysis_in(actor, game, language, progress)
    }

    /// The analysis of game `game` for one reader (the Activity's page, where only they see
    /// it): in their own language, whatever the server chose for its public messages; the
    /// same checks, cooldown and shared search as `/analysis`.
    pub fn reader_analysis(&self, actor: &Actor, game: i64) -> Result<Reply, ServiceError> {
        crate::action::answered(
            actor,
            self.analysis_in(actor, Some(game), actor.language, &|_| {}),
        )
    }

    fn analysis_in(
        &self,
        actor: &Actor,
        game: Option<i64>,
        language: Language,
        progress: &(dyn Fn(String) + Sync),
    ) -> Flow<Reply> {
        let record = self.analysed_game(actor, game)?;
        let cooldown = self.take_cooldown(actor.language, Cooldown::Analysis(actor.user))?;
        let loaded = self.load(record)?;
        let start = *loaded.game.start();
        let moves = loaded.game.moves().to_vec();
        let mut reporter = Reporter {
            progress,
            language,
            game: loaded.record.id,
            told_queued: false,
            last: None,
        };
        let analysis = self.shared_analysis(loaded.record.id, &start, &moves, &mut reporter)?;
        cooldown.keep();
        Ok(self.analysis_reply(language, &loaded.record, &analysis)?)
    }

    /// The game to analyse: the one named (of this server), else the last one that ended in
    /// the actor's channel (or thread); refused, in the actor's language, when it is still
    /// being played or has no moves.
    fn analysed_game(&self, actor: &Actor, game: Option<i64>) -> Flow<Game> {
        let language = actor.language;
        let record = if let Some(id) = game {
            let found = self
                .store
                .game(GameId(id))?
                .filter(|g| g.guild == actor.guild);
            let Some(record) = found else {
                return refuse(tr!(
                    language,
                    AnalysisNoSuchGame,
                    game = id,
                    cmd_history = command("history"),
                ));
            };
            self.refuse_unseen(actor, &record)?;
            record
        } else {
            let ended = self
                .store
                .recent_games_in_channel(actor.channel, CHANNEL_GAMES_LOOKED_AT)?
                .into_iter()
                .find(|g| g.status != GameStatus::Active && g.ply > 0);
            let Some(record) = ended else {
                return refuse(tr!(
                    language,
                    AnalysisNoneHere,
                    cmd_analysis = command("analysis"),
                    cmd_history = command("history"),
                ));
            };
            record
        };
        let game = record.id.0;
        match record.status {
            GameStatus::Active => refuse(t!(language, AnalysisGameRunning, game = game)),
            GameStatus::Aborted if record.ply == 0 => {
                refuse(t!(language, AnalysisAbortedEmpty, game = game))
            }
            _ if record.ply == 0 => refuse(t!(language, AnalysisNoMoves, game = game)),
            _ => Ok(record),
        }
    }

    /// The stored analysis of a game at the current node budget, if one reads back for its
    /// moves (one that does not is logged, and searched again).
    fn stored_analysis(
        &self,
        game: GameId,
        start: &Position,
        moves: &[Move],
    ) -> Result<Option<Analysis>, ServiceError> {
        let Some(stored) = self.store.analysis(game)? else {
            return Ok(None);
        };
        if stored.nodes != self.settings.analysis_nodes {
            return Ok(None);
        }
        match Analysis::decode(start, moves, &stored.data) {
            Ok(analysis) => Ok(Some(analysis)),
            Err(error) => {
                tracing::warn!(game = %game, "{error}: analysing the game again");
                Ok(None)
            }
        }
    }

    /// The analysis of a game: the stored one, the one running for another request (waiting
    /// for it), or one run now.
    fn shared_analysis(
        &self,
        game: GameId,
        start: &Position,
        moves: &[Move],
        reporter: &mut Reporter<'_>,
    ) -> Result<Arc<Analysis>, ServiceError> {
        loop {
            if let Some(stored) = self.stored_analysis(game, start, moves)? {
                return Ok(Arc::new(stored));
            }
            let (job, runs) = {
                let mut jobs = lock(&self.analyses.jobs);
                if let Some(job) = jobs.get(&game) {
                    (job.clone(), false)
                } else {
                    let job = Arc::new(Job::default());
                    jobs.insert(game, job.clone());
                    (job, true)
                }
            };
            if runs {
                let runner = Runner {
                    running: &self.analyses,
                    game,
                    job,
                };
                return self.run_analysis(&runner, start, moves, reporter);
            }
            if let Some(analysis) = wait_for(&job, reporter) {
                return Ok(analysis);
            }
            // The analysis waited for failed: look again, and run it if need be.
        }
    }

    /// Runs the analysis of `runner`'s job: waits for a place, searches every position in
    /// turns on the engine pool, stores the result and hands it to the waiters.
    fn run_analysis(
        &self,
        runner: &Runner<'_>,
        start: &Position,
        moves: &[Move],
        reporter: &mut Reporter<'_>,
    ) -> Result<Arc<Analysis>, ServiceError> {
        let job = &runner.job;
        // A request that ran the same analysis may have stored it meanwhile, and left.
        if let Some(stored) = self.stored_analysis(runner.game, start, moves)? {
            let analysis = Arc::new(stored);
            job.update(|state| state.outcome = Some(Outcome::Done(analysis.clone())));
            return Ok(analysis);
        }
        let share = analysis_share(self.engines.capacity());
        let place = self.analyses.place(share, || reporter.see(None));
        job.update(|state| state.percent = Some(0));
        reporter.see(Some(0));
        let options = AnalysisOptions {
            nodes: self.settings.analysis_nodes,
            hash_mb: AnalysisOptions::default().hash_mb,
        };
        let analysis = analyse_in_turns(
            start,
            moves,
            &options,
            self.tables.as_deref(),
            &mut |search| self.engines.with_slot(search),
            &mut |done, total| {
                let percent = done * 100 / total.max(1);
                job.update(|state| state.percent = Some(percent));
                reporter.see(Some(percent));
            },
        );
        drop(place);
        let analysis = Arc::new(analysis);
        let stored = StoredAnalysis {
            game: runner.game,
            nodes: analysis.nodes,
            data: analysis.encode(),
            created_at: self.now(),
        };
        // Stored before the waiters hear of it, so that a request after them finds it.
        let saved = self.store.save_analysis(&stored);
        job.update(|state| state.outcome = Some(Outcome::Done(analysis.clone())));
        saved?;
        Ok(analysis)
    }

    /// The public answer: the title, the accuracies, the key moments; the worst moment's
    /// board, the chart and the annotated PDN.
    fn analysis_reply(
        &self,
        language: Language,
        record: &Game,
        analysis: &Analysis,
    ) -> Result<Reply, ServiceError> {
        let name = |colour: Color| {
            let plain = self.plain_name(language, record.guild, record.participant(colour));
            Part::Name(shorten(&plain, NAME_MAX_CHARS))
        };
        let (white, black) = (name(Color::White), name(Color::Black));
        let mut text = tr!(
            language,
            AnalysisTitle,
            game = record.id.0,
            white = white.clone(),
            black = black.clone(),
            result = result_word(record.result),
        );
        text.push_str("\n");
        text.append(tr!(
            language,
            AnalysisAccuracy,
            white = white,
            white_accuracy = format!("{:.0}", analysis.accuracy.white),
            black = black,
            black_accuracy = format!("{:.0}", analysis.accuracy.black),
        ));
        text.push_str("\n");
        let footer = t!(language, AnalysisFooter, nodes = analysis.nodes);
        let room = ANSWER_MAX_CHARS.saturating_sub(text.room() + footer.chars().count());
        text.push_str(&moments_text(language, analysis, room));
        text.push_str(&footer);

        let export = self.store.game_export(record.id)?;
        let attachment = export.map(|export| {
            let (tags, result) = pdn_header(&export);
            let tags: Vec<(&str, &str)> = tags.iter().map(|(t, v)| (*t, v.as_str())).collect();
            Attachment {
                filename: format!("dama-game-{}-analysis.pdn", record.id),
                bytes: analysis
                    .annotated_pdn_with(
                        &tags,
                        result,
                        &|ply| pdn_comment(language, analysis, ply),
                        &t!(
                            language,
                            AnalysisPdnSummary,
                            white_accuracy = format!("{:.0}", analysis.accuracy.white),
                            black_accuracy = format!("{:.0}", analysis.accuracy.black),
                            nodes = analysis.nodes,
                        ),
                    )
                    .into_bytes(),
            }
        });
        let plain = |colour: Color| {
            shorten(
                &self.plain_name(language, record.guild, record.participant(colour)),
                NAME_MAX_CHARS,
            )
        };
        let chart = ChartView {
            filename: format!("dama-game-{}-chart.png", record.id),
            evaluations: chart_evaluations(analysis),
            marks: chart_marks(analysis),
            labels: ChartLabels {
                title: format!(
                    "#{} · {} – {}",
                    record.id,
                    plain(Color::White),
                    plain(Color::Black)
                ),
                moves: t!(language, AnalysisChartMoves),
                white_ahead: t!(language, AnalysisChartWhite),
                black_ahead: t!(language, AnalysisChartBlack),
            },
        };
        Ok(Reply {
            text,
            board: worst_board(language, analysis),
            attachment,
            chart: Some(chart),
            ..Reply::default()
        })
    }
}

/// Waits for the end of another request's analysis, telling `reporter` its progress; `None`
/// when it failed.
fn wait_for(job: &Job, reporter: &mut Reporter<'_>) -> Option<Arc<Analysis>> {
    let mut state = lock(&job.state);
    loop {
        let percent = state.percent;
        match state.outcome.clone() {
            Some(Outcome::Done(analysis)) => {
                drop(state);
                reporter.see(Some(100));
                return Some(analysis);
            }
            Some(Outcome::Failed) => return None,
            None => {}
        }
        // Told without the lock: the runner goes on meanwhile.
        drop(state);
        reporter.see(percent);
        state = lock(&job.state);
        if state.percent == percent && state.outcome.is_none() {
            state = job
                .changed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// The key moments as lines (the worst [`MOMENTS_SHOWN`] marked moves, in the order they were
/// played, and how many more), within `room` characters; or the kind words for a game with no
/// marked move.
fn moments_text(language: Language, analysis: &Analysis, room: usize) -> String {
    let mut marked: Vec<&PlyAnalysis> =
        analysis.plies.iter().filter(|p| p.mark.is_some()).collect();
    if marked.is_empty() {
        return format!("{}\n", t!(language, AnalysisClean));
    }
    // The gravest first, to keep; then in the order of the game.
    marked.sort_by_key(|p| (std::cmp::Reverse((p.mark, p.loss)), p.ply));
    let mut shown: Vec<&PlyAnalysis> = marked.iter().take(MOMENTS_SHOWN).copied().collect();
    shown.sort_by_key(|p| p.ply);
    let mut lines: Vec<String> = shown
        .iter()
        .map(|p| moment_line(language, analysis, p))
        .collect();
    let title = t!(language, AnalysisMomentsTitle);
    loop {
        let left_out: Vec<&&PlyAnalysis> = marked
            .iter()
            .filter(|p| !shown.iter().any(|s| s.ply == p.ply))
            .collect();
        let more = (!left_out.is_empty()).then(|| {
            let all_inaccuracies = left_out.iter().all(|p| p.mark == Some(Mark::Inaccuracy));
            t!(
                language,
                AnalysisMore,
                count = left_out.len(),
                kind = if all_inaccuracies {
                    "inaccuracies"
                } else {
                    "moves"
                },
            )
        });
        let mut text = format!("{title}\n");
        for line in &lines {
            let _ = writeln!(text, "{line}");
        }
        if let Some(more) = &more {
            let _ = writeln!(text, "{more}");
        }
        if text.chars().count() <= room || lines.is_empty() {
            return text;
        }
        // Too long (long moves): leave out the mildest moment shown.
        let mildest = shown
            .iter()
            .enumerate()
            .min_by_key(|(_, p)| (p.mark, p.loss, std::cmp::Reverse(p.ply)))
            .map(|(i, _)| i)
            .unwrap_or_default();
        shown.remove(mildest);
        lines.remove(mildest);
    }
}

/// `12. 22-18?? blunder: better 21-17 · then -2.10`.
fn moment_line(language: Language, analysis: &Analysis, ply: &PlyAnalysis) -> String {
    let mark = ply.mark.map_or("inaccuracy", Mark::name);
    let after = if let Some(table) = ply.table {
        t!(
            language,
            AnalysisAfterTables,
            before = verdict_words(language, table.before),
            after = verdict_words(language, table.after),
        )
    } else {
        t!(
            language,
            AnalysisAfterEvaluation,
            evaluation = format_evaluation(ply.evaluation_after),
        )
    };
    let played = format!("**{}**", move_words(analysis, ply));
    if let Some(better) = better_text(analysis, ply) {
        t!(
            language,
            AnalysisMoment,
            played = played,
            mark = mark,
            better = better,
            after = after,
        )
    } else {
        t!(
            language,
            AnalysisMomentNoBetter,
            played = played,
            mark = mark,
            after = after,
        )
    }
}

/// The comment of a marked move in the annotated PDN, in `language` (PDN comments hold no
/// Markdown): `blunder; better 21-17; then -2.10`.
fn pdn_comment(language: Language, analysis: &Analysis, ply: &PlyAnalysis) -> Option<String> {
    let mark = ply.mark?.name();
    let after = if let Some(table) = ply.table {
        t!(
            language,
            AnalysisAfterTables,
            before = verdict_words(language, table.before),
            after = verdict_words(language, table.after),
        )
    } else {
        t!(
            language,
            AnalysisAfterEvaluation,
            evaluation = format_evaluation(ply.evaluation_after),
        )
    };
    Some(if let Some(better) = better_text(analysis, ply) {
        t!(
            language,
            AnalysisPdnComment,
            mark = mark,
            better = better,
            after = after,
        )
    } else {
        t!(
            language,
            AnalysisPdnCommentNoBetter,
            mark = mark,
            after = after,
        )
    })
}

fn verdict_words(language: Language, verdict: Verdict) -> String {
    let outcome = match verdict {
        Verdict::Win { .. } => "win",
        Verdict::Draw => "draw",
        Verdict::Loss { .. } => "loss",
    };
    t!(
        language,
        AnalysisVerdict,
        outcome = outcome,
        moves = verdict.winner_moves().unwrap_or(0),
    )
}

/// The better move of a marked ply, as written in its position.
fn better_text(analysis: &Analysis, ply: &PlyAnalysis) -> Option<String> {
    let better = ply.better?;
    Some(analysis.position_before(ply.ply).move_text(&better))
}

/// `12. 22-18??` or `12... 10-14?`: the move number counts from White's first move.
fn move_words(analysis: &Analysis, ply: &PlyAnalysis) -> String {
    let position = analysis.position_before(ply.ply);
    let plies = ply.ply - 1 + usize::from(analysis.start.turn() == Color::Black);
    let dots = if ply.mover == Color::White {
        "."
    } else {
        "..."
    };
    let mark = ply.mark.map_or("", Mark::symbol);
    format!(
        "{}{dots} {}{mark}",
        plies / 2 + 1,
        position.move_text(&ply.played)
    )
}

/// The board after the worst marked move, that move's path drawn, from its player's side.
fn worst_board(language: Language, analysis: &Analysis) -> Option<BoardView> {
    let worst = analysis.worst().filter(|p| p.mark.is_some())?;
    let mut position = analysis.position_before(worst.ply);
    position.play_unchecked(&worst.played);
    let played = move_words(analysis, worst);
    let mut view = BoardView::new(position);
    view.last_move = Some(worst.played);
    view.bottom = worst.mover;
    view.caption = Some(if let Some(better) = better_text(analysis, worst) {
        t!(
            language,
            AnalysisBoardCaption,
            played = played,
            better = better
        )
    } else {
        t!(language, AnalysisBoardCaptionNoBetter, played = played)
    });
    Some(view)
}

/// The evaluation after each ply, in men from White's view, clipped like the analysis.
fn chart_evaluations(analysis: &Analysis) -> Vec<f32> {
    analysis
        .plies
        .iter()
        .map(|p| {
            let clipped = p.evaluation_after.clamp(-EVALUATION_CLIP, EVALUATION_CLIP);
            #[allow(
                clippy::cast_precision_loss,
                reason = "clipped to ±EVALUATION_CLIP centi-men"
            )]
            let men = clipped as f32 / 100.0;
            men
        })
        .collect()
}

fn chart_marks(analysis: &Analysis) -> Vec<ChartMark> {
    analysis
        .plies
        .iter()
        .filter_map(|p| {
            let kind = match p.mark? {
                Mark::Blunder => MarkKind::Blunder,
                Mark::Mistake => MarkKind::Mistake,
                Mark::Inaccuracy => MarkKind::Inaccuracy,
            };
            Some(ChartMark { ply: p.ply, kind })
        })
        .collect()
}

/// `name` cut to at most `room` characters, ending with `…` when cut.
fn shorten(name: &str, room: usize) -> String {
    if name.chars().count() <= room {
        return name.to_owned();
    }
    let mut short: String = name.chars().take(room.saturating_sub(1)).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_is_half_the_pool_and_at_least_one() {
        assert_eq!(analysis_share(1), 1);
        assert_eq!(analysis_share(2), 1);
        assert_eq!(analysis_share(3), 1);
        assert_eq!(analysis_share(8), 4);
    }

    #[test]
    fn at_most_the_share_searches_at_once_and_the_others_are_queued() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let running = Arc::new(Running::default());
        let searching = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let queued = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..6)
            .map(|_| {
                let (running, searching, peak, queued) = (
                    running.clone(),
                    searching.clone(),
                    peak.clone(),
                    queued.clone(),
                );
                std::thread::spawn(move || {
                    let _place = running.place(2, || {
                        queued.fetch_add(1, Ordering::SeqCst);
                    });
                    let now = searching.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    searching.fetch_sub(1, Ordering::SeqCst);
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(peak.load(Ordering::SeqCst), 2);
        assert!(queued.load(Ordering::SeqCst) >= 1);
        assert_eq!(
            lock(&running.line).searching,
            0,
            "every place is free again"
        );
    }

    /// A game of `plies` moves from the start, each marked with `mark(ply)`.
    fn judged(plies: usize, mark: impl Fn(usize) -> Option<Mark>) -> Analysis {
        let mut position = Position::initial();
        let mut judged = Vec::new();
        for ply in 1..=plies {
            let moves = position.legal_moves();
            let played = moves[0];
            let mark = mark(ply);
            judged.push(PlyAnalysis {
                ply,
                mover: position.turn(),
                played,
                evaluation_before: 0,
                evaluation_after: -50,
                best: moves.get(1).copied(),
                loss: mark.map_or(0, |m| match m {
                    Mark::Inaccuracy => 40,
                    Mark::Mistake => 100,
                    Mark::Blunder => 300,
                }),
                mark,
                better: mark.and(moves.get(1).copied()),
                table: None,
            });
            position.play_unchecked(&played);
        }
        Analysis {
            start: Position::initial(),
            start_evaluation: 0,
            plies: judged,
            accuracy: dama_rules::ByColor::new(100.0, 100.0),
            worst_ply: None,
            nodes: 1_000,
        }
    }

    #[test]
    fn a_game_without_marks_is_praised() {
        dama_core::i18n::set_strict(true);
        let analysis = judged(6, |_| None);
        assert_eq!(
            moments_text(Language::En, &analysis, ANSWER_MAX_CHARS),
            "No move lost enough to be marked: a clean game, well played both!\n"
        );
        assert!(worst_board(Language::En, &analysis).is_none());
    }

    #[test]
    fn the_gravest_moments_are_kept_in_the_order_of_the_game() {
        dama_core::i18n::set_strict(true);
        // Twelve marked moves: a blunder at ply 12, mistakes at 10 and 11, inaccuracies.
        let analysis = judged(12, |ply| match ply {
            12 => Some(Mark::Blunder),
            10 | 11 => Some(Mark::Mistake),
            _ => Some(Mark::Inaccuracy),
        });
        let text = moments_text(Language::En, &analysis, ANSWER_MAX_CHARS);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "**Key moments**");
        assert_eq!(lines.len(), 1 + MOMENTS_SHOWN + 1, "{text}");
        assert_eq!(lines[9], "… and 4 more inaccuracies.");
        assert!(lines[1].starts_with("**1. "), "{text}");
        assert!(lines[8].starts_with("**6... "), "{text}");
        assert!(lines[8].contains("??** blunder: better "), "{text}");
        // With little room, the mildest go first and are counted.
        let short = moments_text(Language::En, &analysis, 200);
        assert!(short.chars().count() <= 200, "{short}");
        assert!(short.contains("??** blunder"), "{short}");
        assert!(short.ends_with("more marked moves.\n") || short.ends_with("inaccuracies.\n"));
    }

    #[test]
    fn progress_is_told_at_each_tenth() {
        dama_core::i18n::set_strict(true);
        let seen = Mutex::new(Vec::new());
        let progress = |text: String| lock(&seen).push(text);
        let mut reporter = Reporter {
            progress: &progress,
            language: Language::En,
            game: GameId(12),
            told_queued: false,
            last: None,
        };
        for percent in [
            None,
            None,
            Some(0),
            Some(5),
            Some(10),
            Some(19),
            Some(25),
            Some(100),
        ] {
            reporter.see(percent);
        }
        assert_eq!(
            *lock(&seen),
            [
                "Game #12 is waiting for its turn: other analyses are running. It starts in a moment…",
                "Analysing game #12… 0%",
                "Analysing game #12… 10%",
                "Analysing game #12… 25%",
                "Analysing game #12… 100%",
            ]
        );
    }
}
