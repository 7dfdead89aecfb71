//! A channel's lobby as its pages see it: the running games to watch (with their spectators,
//! in every process), the open challenges, and the people present to challenge. One frame a
//! language, read from the store off the async runtime.

use super::protocol::{Challenge, Outgoing, Summary, You};
use dama_core::i18n::Language;
use dama_core::store::{ChannelId, GameId, GuildId, UserId};
use dama_service::{GameService, ServiceError};

/// Someone present in a channel's Activity: a page connected here, or a person Discord lists
/// in the instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Present {
    pub user: UserId,
    /// `None` for a person Discord lists whose name the page's server does not know yet (read
    /// from the server's players).
    pub name: Option<String>,
}

/// The lobby frame of `channel` in `language`. `spectators` gives the pages watching a game
/// that do not play in it (in every process); `present` the people present, each once.
/// Reads the store: call it off the async runtime.
///
/// # Errors
/// When the store cannot be read.
pub fn lobby_frame(
    service: &GameService,
    guild: GuildId,
    channel: ChannelId,
    language: Language,
    present: &[Present],
    spectators: &dyn Fn(GameId, &[UserId]) -> usize,
) -> Result<Outgoing, ServiceError> {
    let (games, challenges) = service.lobby_view(channel, language)?;
    let games = games
        .into_iter()
        .map(|game| {
            let players: Vec<UserId> = [&game.white.id, &game.black.id]
                .into_iter()
                .filter_map(|id| id.parse().ok())
                .collect();
            Summary {
                spectators: spectators(GameId(game.id), &players),
                id: game.id,
                white: game.white,
                black: game.black,
                ply: game.ply,
            }
        })
        .collect();
    let challenges = challenges
        .into_iter()
        .map(|challenge| Challenge {
            id: challenge.id,
            from: challenge.from,
            to: challenge.to,
            colour: challenge.colour,
            time: Some(challenge.clock.map_or_else(
                || dama_core::i18n::human_duration(language, challenge.time_per_move_ms),
                |clock| clock.to_string(),
            )),
        })
        .collect();
    let mut people: Vec<You> = Vec::new();
    for person in present {
        if people
            .iter()
            .any(|known| known.id == person.user.to_string())
        {
            continue;
        }
        let name = match &person.name {
            Some(name) => Some(name.clone()),
            None => service
                .store()
                .player(guild, person.user)?
                .map(|player| player.display_name),
        };
        if let Some(name) = name {
            people.push(You {
                id: person.user.to_string(),
                name,
            });
        }
    }
    people.sort_by_key(|person| person.name.to_lowercase());
    Ok(Outgoing::Lobby {
        games,
        challenges,
        present: people,
    })
}
