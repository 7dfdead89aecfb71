//! Live games on a clock: time controls as people write them (`5+3`), the clocks shown under a
//! board, and flags, by a late move or by the sweep.
//!
//! The store runs a live game's clock with every move it records (the mover loses the time
//! since the last move and gains the increment); the service reads the time from its
//! [`Clock`](crate::Clock), so tests move it by hand. A side whose time runs out loses on time:
//! the rules of the game (FID) say nothing of clocks, so a flag is a loss whatever is left on
//! the board.

use dama_core::i18n::human_duration;
use dama_core::text::RichText;
use std::time::Duration;

use crate::action::{Flow, refuse};
use crate::board::mention;
use crate::rating;
use crate::settings::millis;
use crate::{GameService, Notice, ServiceError};
use dama_core::i18n::{Language, t, tr};
pub(crate) use dama_core::store::seconds_text;
use dama_core::store::{
    Color, EndReason, Finish, FinishedGame, Game, GameResult, Millis, Participant, StoreError,
    TimeControl,
};

/// The shortest base of a live time control.
pub const MIN_LIVE_BASE: Duration = Duration::from_secs(30);
/// The longest base of a live time control.
pub const MAX_LIVE_BASE: Duration = Duration::from_secs(3 * 3600);
/// The longest increment of a live time control.
pub const MAX_INCREMENT: Duration = Duration::from_secs(60);

/// How often the bot looks for fallen flags in live games (the sweep for everything else runs
/// on its own, longer interval).
pub const FLAG_SWEEP_INTERVAL: Duration = Duration::from_secs(1);

/// How fast a game is played: a time per move (correspondence), or a live clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pace {
    /// A time per move; the server's default when `None`.
    PerMove(Option<Duration>),
    Live(TimeControl),
}

/// The engine's clock in a live game where it is to move, at `now`: its time left, the
/// increment, the opponent's time left, and the bot's overhead a move
/// ([`dama_engine::MOVE_OVERHEAD`]). `None` for a correspondence game or one that is over.
pub(crate) fn engine_clock(record: &Game, now: Millis) -> Option<dama_engine::GameClock> {
    let clock = record.clock?;
    let turn = record.side_to_move()?;
    let left = record.clock_left(now)?;
    let time = |ms: Millis| Duration::from_millis(u64::try_from(ms).unwrap_or(0));
    Some(
        dama_engine::GameClock::new(time(*left.get(turn)), time(clock.control.increment_ms))
            .with_opponent(time(*left.get(!turn))),
    )
}

/// A live game's base as the texts say it: a duration, or seconds under a whole minute.
pub(crate) fn base_text(language: Language, ms: Millis) -> String {
    if ms % 60_000 == 0 {
        human_duration(language, ms)
    } else {
        format!("{} s", seconds_text(ms))
    }
}

/// Time left as people read a clock: `4:05`, `0:09`; with tenths under ten seconds (`0:09.4`)
/// would flicker, so whole seconds, rounded down; an hour and more as `1:02:03`.
#[must_use]
pub fn clock_text(ms: Millis) -> String {
    let seconds = ms.max(0) / 1000;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

/// Refuses a time control out of range ([`MIN_LIVE_BASE`] to [`MAX_LIVE_BASE`], an
/// increment up to [`MAX_INCREMENT`]).
pub(crate) fn check_time_control(language: Language, control: TimeControl) -> Flow<()> {
    if control.base_ms < millis(MIN_LIVE_BASE)
        || control.base_ms > millis(MAX_LIVE_BASE)
        || control.increment_ms > millis(MAX_INCREMENT)
    {
        return refuse(t!(
            language,
            ClockRange,
            min = format!("{} s", MIN_LIVE_BASE.as_secs()),
            max = human_duration(language, millis(MAX_LIVE_BASE)),
            max_increment = MAX_INCREMENT.as_secs(),
        ));
    }
    Ok(())
}

impl GameService {
    /// The line under a live game's board with both clocks at this moment (the running one
    /// marked); `None` for a correspondence game, or a game that is over.
    pub(crate) fn clocks_line(&self, language: Language, record: &Game) -> Option<String> {
        let clock = record.clock?;
        let left = record.clock_left(self.now())?;
        let running = record.side_to_move();
        Some(t!(
            language,
            GameBoardClocks,
            control = clock.control.to_string(),
            white = clock_text(left.white),
            black = clock_text(left.black),
            running = running.map_or("none", Color::name),
        ))
    }

    /// Whether the flag of the side to move in `record` has fallen by now.
    pub(crate) fn flag_fallen(&self, record: &Game) -> bool {
        record.flag_at().is_some_and(|flag| self.now() >= flag)
    }

    /// A move came after the mover's flag fell: the game is lost on time (its board and result
    /// go out through the outbox, as the sweep's flags do), and the mover is told.
    pub(crate) fn refuse_flagged_move<T>(&self, language: Language, record: &Game) -> Flow<T> {
        self.flag(record, self.now())?;
        refuse(t!(language, ClockFlagFellOnMove, game = record.id.0))
    }

    /// Live games whose side to move ran out of time: each lost on time, its notices in the
    /// outbox (see [`Self::forfeit_notices`]).
    pub(crate) fn flags(&self, now: Millis) -> Result<(), ServiceError> {
        for record in self.store.flagged_games(now)? {
            if !self.owns_guild(record.guild) {
                continue;
            }
            let id = record.id;
            if let Err(error) = self.flag(&record, now) {
                tracing::error!(game = %id, %error, "skipped by the flag sweep: it failed");
            }
        }
        Ok(())
    }

    /// The flags that fell and the notices that are due, for the short interval of live games
    /// (see [`FLAG_SWEEP_INTERVAL`]): the flags are stored with their notices in the outbox,
    /// claimed here with everything else due.
    pub fn flag_sweep_deliveries(&self) -> Result<Vec<crate::Delivery>, ServiceError> {
        self.flags(self.now())?;
        let mut deliveries = self.claim_outbox()?;
        for delivery in &mut deliveries {
            for notice in &mut delivery.notices {
                crate::settle_mentions(&mut notice.reply, None);
            }
        }
        deliveries.retain(|delivery| !delivery.notices.is_empty());
        Ok(deliveries)
    }

    /// [`Self::flag_sweep_deliveries`], each counted as posted at once: for callers that show
    /// them right away and cannot fail to (tests).
    pub fn flag_sweep(&self) -> Result<Vec<Notice>, ServiceError> {
        let mut notices = Vec::new();
        for delivery in self.flag_sweep_deliveries()? {
            self.delivered(&delivery, None)?;
            notices.extend(delivery.notices);
        }
        Ok(notices)
    }

    /// Ends a live game whose flag fell: the side to move loses on time, unless a move got
    /// there first. The engine's flag never falls: its move is made at once, or resumed.
    fn flag(&self, record: &Game, now: Millis) -> Result<(), ServiceError> {
        if now < record.flag_at().unwrap_or(Millis::MAX) {
            return Ok(());
        }
        let Some(turn) = record.side_to_move() else {
            return Ok(());
        };
        if let Participant::Engine(_) = record.participant(turn) {
            return Ok(());
        }
        let finish = Finish {
            result: GameResult::from_winner(Some(!turn)),
            reason: EndReason::TimeoutSweep,
            ply: record.ply,
            at: now,
            counting: rating::counting(record),
            rate: rating::glicko2,
        };
        match self.store.forfeit_game(record.id, finish) {
            Ok(_) => {
                self.changes.publish(record.id);
                Ok(())
            }
            // A move or another flag got there first.
            Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => Ok(()),
            Err(other) => Err(other.into()),
        }
    }

    /// The headline of a live game lost on time.
    pub(crate) fn flag_headline(
        &self,
        language: Language,
        finished: &FinishedGame,
        loser: Color,
    ) -> RichText {
        let game = &finished.game;
        tr!(
            language,
            ClockFlagFell,
            loser = self.participant_name(language, game.guild, game.participant(loser)),
            winner = mention(language, game.participant(!loser)),
            game = game.id.0,
            ratings = self.rating_text(language, game.guild, finished),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::store::{ByColor, GameClock};

    /// A live game against the engine (White), Black's move played at 20 s.
    fn engine_game(clock: Option<GameClock>) -> Game {
        Game {
            clock,
            last_move_at: 20_000,
            ply: 2,
            ..Game::sample(Participant::Engine(8), Participant::User(10))
        }
    }

    #[test]
    fn the_engine_thinks_within_its_clock() {
        let clock = GameClock {
            control: TimeControl {
                base_ms: 60_000,
                increment_ms: 1_000,
            },
            left: ByColor::new(59_000, 41_000),
        };
        assert_eq!(engine_clock(&engine_game(None), 25_000), None);
        let game = engine_game(Some(clock));
        // 5 s after Black's move: the engine's 59 s less 5 s.
        let seen = engine_clock(&game, 25_000).unwrap();
        assert_eq!(seen.remaining, Duration::from_secs(54));
        assert_eq!(seen.increment, Duration::from_secs(1));
        assert_eq!(seen.opponent, Some(Duration::from_secs(41)));
        assert_eq!(seen.overhead, dama_engine::MOVE_OVERHEAD);
        let position = dama_rules::Position::initial();
        let think = seen.think_time(&position);
        assert!(
            think.limit + seen.overhead < seen.remaining && think.target <= think.limit,
            "{think:?}"
        );
        // Nearly out of time, the engine still keeps its overhead.
        let short = engine_clock(&game, 20_000 + 58_500).unwrap();
        assert_eq!(short.remaining, Duration::from_millis(500));
        assert!(short.think_time(&position).limit + short.overhead <= short.remaining);
        // Over: no clock to think on.
        let over = Game {
            status: dama_core::store::GameStatus::Finished,
            ..game
        };
        assert_eq!(engine_clock(&over, 25_000), None);
    }

    #[test]
    fn clocks_read_as_minutes_and_seconds() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(65_999), "1:05");
        assert_eq!(clock_text(9_400), "0:09");
        assert_eq!(clock_text(-3), "0:00");
        assert_eq!(clock_text(3_723_000), "1:02:03");
    }
}
