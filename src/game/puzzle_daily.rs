//! The puzzle of the day in a server's channel: posted by the sweep once a day at the server's
//! hour (the store's key decides which process posts), with yesterday's solution and how many
//! solved it; and its part of `/settings`.

use super::puzzle::{long_line, next_daily_post};
use super::puzzle_collection::{PuzzleCollection, Puzzles};
use super::reply::button;
use super::sweep::isolated;
use super::{ButtonStyle, ComponentAction, GameService, Notice, Reply, ServiceError};
use super::{notify::live_time, settings::channel_list};
use crate::i18n::{Language, t};
use crate::render::BoardView;
use crate::store::{DailyPuzzleServer, Millis, ServerSettings, StoreError, puzzle_day};

impl GameService {
    /// The daily posts that are due: for each server this process looks after whose channel
    /// is set, today's puzzle once (the first sweep of the day claims it).
    pub(crate) fn daily_puzzle_posts(&self, now: Millis) -> Result<Vec<Notice>, ServiceError> {
        let Puzzles::Loaded(collection) = &self.puzzles else {
            return Ok(Vec::new());
        };
        let mut notices = Vec::new();
        for server in self.store.daily_puzzle_servers()? {
            if !self.owns_guild(server.guild) {
                continue;
            }
            let guild = server.guild;
            notices.extend(isolated("server's daily puzzle", guild, || {
                self.daily_puzzle_post(collection, server, now)
            }));
        }
        Ok(notices)
    }

    /// The daily post of one server, if it is due and this process claims it.
    fn daily_puzzle_post(
        &self,
        collection: &PuzzleCollection,
        server: DailyPuzzleServer,
        now: Millis,
    ) -> Result<Vec<Notice>, ServiceError> {
        let day = puzzle_day(now, server.hour);
        if !self
            .store
            .claim_daily_puzzle_post(server.guild, day, Some(server.channel), now)?
        {
            return Ok(Vec::new());
        }
        let language = self.server_language(server.guild);
        let puzzle = collection.daily(server.guild, day);
        let solver = puzzle.solver().name();
        let mut text = t!(
            language,
            PuzzleDailyPost,
            color = solver,
            difficulty = puzzle.difficulty,
            next = live_time(next_daily_post(now, server.hour)),
        );
        // The post is claimed: yesterday's count that cannot be read leaves it out.
        match self.store.daily_puzzle_solvers(server.guild, day - 1) {
            Ok(solvers) => {
                let yesterday = collection.daily(server.guild, day - 1);
                text.push('\n');
                text.push_str(&t!(
                    language,
                    PuzzleDailyYesterday,
                    line = long_line(&yesterday.solution),
                    solvers = solvers,
                ));
            }
            Err(error) => {
                tracing::error!(guild = server.guild, %error, "cannot count yesterday's solvers");
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
        Ok(vec![Notice {
            guild: server.guild,
            channel: server.channel,
            reply,
            edit: None,
            direct: None,
        }])
    }

    /// After `/settings daily-puzzle` or `daily-puzzle-hour`: the day now running is passed
    /// over, so the first post comes at the next change of day, as the answer says.
    pub(crate) fn daily_puzzle_set(
        &self,
        guild: crate::store::GuildId,
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
) -> Vec<String> {
    let hour = saved.daily_puzzle_hour;
    let mut lines = Vec::new();
    match saved.daily_puzzle {
        Some(channel) if channel_changed || hour_changed => lines.push(t!(
            language,
            PuzzleSettingsDaily,
            channel = format!("<#{channel}>"),
            hour = format!("{hour:02}:00"),
            first = live_time(next_daily_post(now, hour)),
        )),
        None if channel_changed => lines.push(t!(language, PuzzleSettingsDailyOff)),
        _ => {}
    }
    if hour_changed && saved.daily_puzzle.is_none() {
        lines.push(t!(
            language,
            PuzzleSettingsHour,
            hour = format!("{hour:02}:00")
        ));
    }
    lines
}

/// The daily puzzle's line of `/settings` as it is.
pub(crate) fn daily_settings_shown(language: Language, settings: &ServerSettings) -> String {
    let channel = settings
        .daily_puzzle
        .map_or_else(String::new, |c| channel_list(language, &[c]));
    t!(
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
