//! Looking things up: the leaderboard, a player's stats and history, a game as PDN or as an
//! animated replay.

use std::fmt::Write as _;

use dama_rules::{Color, pdn};

use super::action::{Flow, Stop};
use super::engine_name;
use super::reply::{ButtonStyle, ComponentAction, ReplayView, button};
use super::{
    Actor, Attachment, GameService, LEADERBOARD_MIN_GAMES, LEADERBOARD_PAGE, Member, Reply,
    ServiceError, escape_markdown,
};
use crate::i18n::Language;
use crate::store::{Game, GameId, GameStatus, Participant, PlayerOutcome};

/// Games listed by `/history`.
const HISTORY_LENGTH: u32 = 10;

impl GameService {
    /// `/leaderboard [page]` (pages from 0 here, shown from 1).
    pub(crate) fn leaderboard(&self, actor: &Actor, page: u32) -> Flow<Reply> {
        let board =
            self.store
                .leaderboard(actor.guild, LEADERBOARD_MIN_GAMES, page, LEADERBOARD_PAGE)?;
        if board.total_players == 0 {
            return Ok(Reply::public(
                "Nobody is on the leaderboard yet: finish a game against another member (`/challenge`) to get on it.",
            ));
        }
        let page = board.page.min(board.pages.saturating_sub(1));
        let mut text = format!("**Leaderboard** · page {} of {}\n", page + 1, board.pages);
        for entry in &board.entries {
            let p = &entry.player;
            let _ = writeln!(
                text,
                "`{:>3}.` **{}** {:.0} (±{:.0}) · {}W {}L {}D",
                entry.rank,
                escape_markdown(&p.display_name),
                p.rating.rating,
                p.rating.deviation * 2.0,
                p.wins,
                p.losses,
                p.draws
            );
        }
        let mut row = Vec::new();
        if page > 0 {
            row.push(button(
                ComponentAction::Leaderboard(page - 1),
                "Previous",
                ButtonStyle::Secondary,
            ));
        }
        if page + 1 < board.pages {
            row.push(button(
                ComponentAction::Leaderboard(page + 1),
                "Next",
                ButtonStyle::Secondary,
            ));
        }
        Ok(Reply {
            text,
            components: if row.is_empty() {
                Vec::new()
            } else {
                vec![row]
            },
            ..Reply::default()
        })
    }

    /// `/stats [member]`.
    pub(crate) fn stats(&self, actor: &Actor, member: Option<&Member>) -> Flow<Reply> {
        let (user, name) = member.map_or((actor.user, actor.name.as_str()), |m| {
            (m.user, m.name.as_str())
        });
        let name = escape_markdown(name);
        let Some(stats) = self.store.player_stats(actor.guild, user)? else {
            return Ok(Reply::public(format!("{name} has not played here yet.")));
        };
        let p = &stats.player;
        let mut text = format!(
            "**{}** · rating {:.0} (±{:.0})\nAgainst members: {} won, {} lost, {} drawn",
            escape_markdown(&p.display_name),
            p.rating.rating,
            p.rating.deviation * 2.0,
            p.wins,
            p.losses,
            p.draws
        );
        if let Some(streak) = stats.streak {
            let what = match streak.outcome {
                PlayerOutcome::Win => "won",
                PlayerOutcome::Loss => "lost",
                PlayerOutcome::Draw => "drawn",
            };
            let _ = write!(text, "\nCurrent streak: {} {what} in a row", streak.length);
        }
        if !stats.engine_records.is_empty() {
            text.push_str("\nAgainst the engine:");
            for record in &stats.engine_records {
                let _ = write!(
                    text,
                    "\n  {}: {} won, {} lost, {} drawn",
                    engine_name(Language::En, record.level),
                    record.wins,
                    record.losses,
                    record.draws
                );
            }
        }
        Ok(Reply::public(text))
    }

    /// `/history [member]`: recent games of a member, or of this channel.
    pub(crate) fn history(&self, actor: &Actor, member: Option<&Member>) -> Flow<Reply> {
        let (games, title) = match member {
            Some(member) => (
                self.store
                    .recent_games_of_player(actor.guild, member.user, HISTORY_LENGTH)?,
                format!("Recent games of {}", escape_markdown(&member.name)),
            ),
            None => (
                self.store
                    .recent_games_in_channel(actor.channel, HISTORY_LENGTH)?,
                "Recent games in this channel".to_owned(),
            ),
        };
        if games.is_empty() {
            return Ok(Reply::public(format!("{title}: none yet.")));
        }
        let mut text = format!("**{title}**\n");
        for game in &games {
            let _ = writeln!(text, "{}", self.game_line(game));
        }
        text.push_str("Use `/pdn game:<number>` or `/replay game:<number>` to see one.");
        Ok(Reply::public(text))
    }

    fn game_line(&self, game: &Game) -> String {
        let white = self.participant_name(Language::En, game.guild, game.white);
        let black = self.participant_name(Language::En, game.guild, game.black);
        let state = match (game.status, game.result, game.end_reason) {
            (GameStatus::Active, ..) => "in progress".to_owned(),
            (GameStatus::Aborted, ..) => "aborted".to_owned(),
            (_, Some(result), Some(reason)) => format!("{} ({reason})", result.pdn()),
            (_, Some(result), None) => result.pdn().to_owned(),
            _ => "finished".to_owned(),
        };
        format!(
            "`#{}` {white} vs {black} · {state} · {} moves",
            game.id,
            game.ply.div_ceil(2)
        )
    }

    /// The game an info command is about: the given one, else this channel's active or latest.
    pub(crate) fn info_game(&self, actor: &Actor, game: Option<i64>) -> Flow<Game> {
        let found = match game {
            Some(id) => self
                .store
                .game(GameId(id))?
                .filter(|g| g.guild == actor.guild),
            None => match self.store.active_game_in_channel(actor.channel)? {
                Some(game) => Some(game),
                None => self
                    .store
                    .recent_games_in_channel(actor.channel, 1)?
                    .into_iter()
                    .next(),
            },
        };
        found.ok_or_else(|| {
            Stop::refused(Reply::private(match game {
                Some(id) => {
                    format!("There is no game #{id} in this server. `/history` lists recent games.")
                }
                None => "No game has been played in this channel yet.".to_owned(),
            }))
        })
    }

    /// `/pdn [game]`: the game as a PDN file.
    pub(crate) fn pdn(&self, actor: &Actor, game: Option<i64>) -> Flow<Reply> {
        let record = self.info_game(actor, game)?;
        let text = self.pdn_text(record.id)?;
        Ok(Reply {
            text: format!("Game #{} as PDN:", record.id),
            attachment: Some(Attachment {
                filename: format!("dama-game-{}.pdn", record.id),
                bytes: text.into_bytes(),
            }),
            ..Reply::default()
        })
    }

    /// A stored game as PDN 3.0 text.
    pub fn pdn_text(&self, game: GameId) -> Result<String, ServiceError> {
        let Some(export) = self.store.game_export(game)? else {
            return Ok(String::new());
        };
        let record = &export.game;
        let name =
            |colour: Color| {
                export.names.get(colour).clone().unwrap_or_else(|| {
                    match record.participant(colour) {
                        Participant::Engine(level) => engine_name(Language::En, level),
                        Participant::User(user) => format!("player {user}"),
                    }
                })
            };
        let loaded = self.load(record.clone())?;
        let date = format_date(record.created_at);
        let result = match (record.status, record.result) {
            (GameStatus::Finished, Some(result)) => result.pdn(),
            _ => "*",
        };
        let event = format!("Dama on Discord, game #{}", record.id);
        let white = name(Color::White);
        let black = name(Color::Black);
        let tags = [
            ("Event", event.as_str()),
            ("Site", "Discord"),
            ("Date", date.as_str()),
            ("White", white.as_str()),
            ("Black", black.as_str()),
        ];
        Ok(pdn::write_game(
            &tags,
            loaded.game.start(),
            loaded.game.moves(),
            result,
        ))
    }

    /// `/replay [game]`: the game to animate (the adapter draws it as a GIF).
    pub(crate) fn replay(&self, actor: &Actor, game: Option<i64>) -> Flow<Reply> {
        let record = self.info_game(actor, game)?;
        let loaded = self.load(record)?;
        let bottom = match (loaded.record.white, loaded.record.black) {
            (Participant::Engine(_), Participant::User(_)) => Color::Black,
            _ => Color::White,
        };
        Ok(Reply {
            text: format!(
                "Replay of game #{}: {}",
                loaded.record.id,
                self.game_line(&loaded.record)
            ),
            replay: Some(ReplayView {
                filename: format!("dama-game-{}.gif", loaded.record.id),
                start: *loaded.game.start(),
                moves: loaded.game.moves().to_vec(),
                bottom,
                captions: Vec::new(),
            }),
            ..Reply::default()
        })
    }
}

/// `YYYY.MM.DD` (PDN date) of a unix time in milliseconds.
fn format_date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(format_date(0), "1970.01.01");
        assert_eq!(format_date(1_796_000_000_000), "2026.11.30");
        assert_eq!(format_date(951_782_400_000), "2000.02.29");
    }
}
