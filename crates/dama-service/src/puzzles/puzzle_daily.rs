//! The puzzle of the day in a server's channel: posted by the sweep once a day at the server's
//! hour (the store's key decides which process claims it, and keeps its notice in the outbox in
//! the same transaction), with yesterday's solution and how many solved it; and its part of
//! `/settings`.

use crate::puzzle::{long_line, next_daily_post};
use crate::puzzle_collection::Puzzles;
use crate::reply::button;
use crate::{ButtonStyle, ComponentAction, GameService, Notice, Reply, ServiceError};
use crate::{notify::live_time, settings::channel_list};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{ChannelId, GuildId, Millis, ServerSettings, StoreError, puzzle_day};
use dama_core::text::{Part, RichText};
use dama_render::BoardView;

impl GameService {
    /// The daily posts that are due: for each server this process looks after whose channel
    /// is set, today's puzzle once (the first sweep of the day claims it, and the store keeps
    /// its notice in the outbox with the claim: see [`Self::daily_notice`]).
    pub(crate) fn daily_puzzle_posts(&self, now: Millis) -> Result<(), ServiceError> {
        if !matches!(self.puzzles, Puzzles::Loaded(_)) {
            return Ok(());
        }
        for server in self.store.daily_puzzle_servers()? {
            if !self.owns_guild(server.guild) {
                continue;
            }
            let guild = server.guild;
            let day = puzzle_day(now, server.hour);
            if let Err(error) =
                self.store
                    .claim_daily_puzzle_post(guild, day, Some(server.channel), now)
            {
                tracing::error!(what = "server's daily puzzle", id = guild, %error, "skipped by the sweep: it failed");
            }
        }
        Ok(())
    }

    /// The post of a server's puzzle of `day` in `channel`, with the solution of the day
    /// before and how many solved it; `None` without puzzles.
    pub(crate) fn daily_notice(
        &self,
        guild: GuildId,
        day: i64,
        channel: ChannelId,
    ) -> Option<Notice> {
        let Puzzles::Loaded(collection) = &self.puzzles else {
            return None;
        };
        let language = self.server_language(guild);
        let hour = match self.server_settings(guild) {
            Ok(settings) => settings.daily_puzzle_hour,
            Err(error) => {
                tracing::error!(guild, %error, "cannot read the hour of the daily puzzle");
                0
            }
        };
        let puzzle = collection.daily(guild, day);
        let solver = puzzle.solver().name();
        let mut text = tr!(
            language,
            PuzzleDailyPost,
            color = solver,
            difficulty = puzzle.difficulty,
            next = live_time(next_daily_post(self.now(), hour)),
        );
        // Yesterday's count that cannot be read leaves it out.
        match self.store.daily_puzzle_solvers(guild, day - 1) {
            Ok(solvers) => {
                let yesterday = collection.daily(guild, day - 1);
                text.push_str("\n");
                text.push_str(&t!(
                    language,
                    PuzzleDailyYesterday,
                    line = long_line(&yesterday.solution),
                    solvers = solvers,
                ));
            }
            Err(error) => {
                tracing::error!(guild, %error, "cannot count yesterday's solvers");
            }
        }
        let mut board = BoardView::new(puzzle.position);
        board.bottom = puzzle.solver();
        board.caption = Some(t!(language, PuzzleCaption, color = solver));
        let mut reply = Reply::public(text);
        reply.board = Some(board);
        reply.components = vec![vec![button(
            ComponentAction::DailyPuzzle,
            &t!(language, PuzzleButtonSolve),
            ButtonStyle::Primary,
        )]];
        Some(Notice {
            guild,
            channel,
            reply,
            edit: None,
            direct: None,
        })
    }

    /// After `/settings daily-puzzle` or `daily-puzzle-hour`: the day now running is passed
    /// over, so the first post comes at the next change of day, as the answer says.
    pub(crate) fn daily_puzzle_set(
        &self,
        guild: dama_core::store::GuildId,
        saved: &ServerSettings,
    ) -> Result<(), StoreError> {
        if saved.daily_puzzle.is_some() {
            let now = self.now();
            let day = puzzle_day(now, saved.daily_puzzle_hour);
            self.store.claim_daily_puzzle_post(guild, day, None, now)?;
        }
        Ok(())
    }
}

/// The lines of a `/settings` answer that changed the daily puzzle, in `language`.
pub(crate) fn daily_settings_lines(
    language: Language,
    channel_changed: bool,
    hour_changed: bool,
    saved: &ServerSettings,
    now: Millis,
) -> Vec<RichText> {
    let hour = saved.daily_puzzle_hour;
    let mut lines = Vec::new();
    match saved.daily_puzzle {
        Some(channel) if channel_changed || hour_changed => lines.push(tr!(
            language,
            PuzzleSettingsDaily,
            channel = Part::Channel(channel),
            hour = format!("{hour:02}:00"),
            first = live_time(next_daily_post(now, hour)),
        )),
        None if channel_changed => lines.push(t!(language, PuzzleSettingsDailyOff).into()),
        _ => {}
    }
    if hour_changed && saved.daily_puzzle.is_none() {
        lines.push(t!(language, PuzzleSettingsHour, hour = format!("{hour:02}:00")).into());
    }
    lines
}

/// The daily puzzle's line of `/settings` as it is.
pub(crate) fn daily_settings_shown(language: Language, settings: &ServerSettings) -> RichText {
    let channel = settings
        .daily_puzzle
        .map_or_else(RichText::new, |c| channel_list(language, &[c]));
    tr!(
        language,
        PuzzleSettingsShow,
        channel = channel,
        posted = if settings.daily_puzzle.is_some() {
            "yes"
        } else {
            "no"
        },
        hour = format!("{:02}:00", settings.daily_puzzle_hour),
    )
}
