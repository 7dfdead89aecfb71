//! Games in threads: where a starting game is played, the line in the channel that opens its
//! thread, the first board in the thread, and the fallback to the channel.

use dama_core::text::{Part, RichText};
use dama_rules::{Color, Position};

use crate::action::{Flow, Stop, refuse};
use crate::board::players;
use crate::loaded::Loaded;
use crate::reply::ThreadStart;
use crate::settings::channel_list;
use crate::{Actor, GameService, Reply, ServiceError};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{ChannelId, Game, GameId, GameStatus, Participant, StoreError};

/// The longest thread name Discord takes.
pub const THREAD_NAME_MAX_CHARS: usize = 100;

/// Where a game that starts now is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StartPlace {
    /// In a thread of the channel (threads on, and the bot may open them there).
    pub in_thread: bool,
    /// In the channel although the server wants threads: the start message says how to let
    /// the bot open them.
    pub tip: bool,
}

impl GameService {
    /// Where a game the actor starts now is played, refused where games may not start (not a
    /// game channel of the server) or, for a game in the channel itself, while the channel has
    /// a game of its own (see [`Self::refuse_busy_channel`]).
    pub(crate) fn start_place(&self, actor: &Actor) -> Flow<StartPlace> {
        self.refuse_outside_game_channels(actor)?;
        let server = self.server_settings(actor.guild)?;
        if server.threads && actor.can_open_threads {
            return Ok(StartPlace {
                in_thread: true,
                tip: false,
            });
        }
        self.refuse_busy_channel(actor)?;
        Ok(StartPlace {
            in_thread: false,
            tip: server.threads && !self.is_game_thread(actor.channel)?,
        })
    }

    /// Refuses to start a game outside the server's game channels, when it lists any. A
    /// thread of a game started in a game channel counts as that channel (a rematch there).
    fn refuse_outside_game_channels(&self, actor: &Actor) -> Flow<()> {
        let channels = self.game_channels(actor.guild)?;
        if channels.is_empty() || channels.contains(&actor.channel) {
            return Ok(());
        }
        let parent = self
            .store
            .recent_games_in_channel(actor.channel, 1)?
            .into_iter()
            .find(|game| game.thread == Some(actor.channel))
            .map(|game| game.channel);
        if parent.is_some_and(|parent| channels.contains(&parent)) {
            return Ok(());
        }
        refuse(tr!(
            actor.language,
            StartChannelNotAllowed,
            channels = channel_list(actor.language, &channels),
        ))
    }

    /// Whether a channel is the thread of a game.
    fn is_game_thread(&self, channel: ChannelId) -> Result<bool, StoreError> {
        Ok(self
            .store
            .recent_games_in_channel(channel, 1)?
            .iter()
            .any(|game| game.thread == Some(channel)))
    }

    /// The answer that starts a game in a thread: one line in the channel, and the thread to
    /// open from it. The board goes in the thread ([`Self::thread_opened`]).
    pub(crate) fn thread_start_reply(&self, language: Language, game: &Game) -> Reply {
        let name =
            |colour: Color| self.participant_name(language, game.guild, game.participant(colour));
        let text = tr!(
            language,
            StartInThread,
            game = game.id.0,
            white = name(Color::White),
            black = name(Color::Black),
        );
        Reply {
            thread: Some(ThreadStart {
                game: game.id,
                name: self.thread_name(language, game),
            }),
            ..Reply::public(text)
        }
    }

    /// A game's thread name ("Dama #12 · Alice – Bob"), at most
    /// [`THREAD_NAME_MAX_CHARS`] characters: long names are shortened, on characters.
    fn thread_name(&self, language: Language, game: &Game) -> String {
        let white = self.plain_name(language, game.guild, game.white);
        let black = self.plain_name(language, game.guild, game.black);
        let named = |white: &str, black: &str| {
            t!(
                language,
                StartThreadName,
                game = game.id.0,
                white = white,
                black = black
            )
        };
        let full = named(&white, &black);
        if full.chars().count() <= THREAD_NAME_MAX_CHARS {
            return full;
        }
        // The room the names have, shared out evenly; a name shorter than its share leaves the
        // rest to the other.
        let room = THREAD_NAME_MAX_CHARS.saturating_sub(named("", "").chars().count());
        let (w, b) = (white.chars().count(), black.chars().count());
        let half = room / 2;
        let (w_room, b_room) = if w <= half {
            (w, room - w)
        } else if b <= room - half {
            (room - b, b)
        } else {
            (half, room - half)
        };
        let shortened = named(&shorten(&white, w_room), &shorten(&black, b_room));
        // Whatever the words around the names add, the name stays within the limit.
        shortened.chars().take(THREAD_NAME_MAX_CHARS).collect()
    }

    /// The first board of a starting game, with the headline its start had: who plays which
    /// colour, and the engine's first move where it opened. Both players are named, so both
    /// are in the game's thread.
    fn first_board(&self, language: Language, loaded: &Loaded) -> Reply {
        let record = &loaded.record;
        let headline = match (record.white, record.black) {
            (Participant::User(white), Participant::User(black)) => tr!(
                language,
                StartThreadHeadline,
                white = Part::Person(white),
                black = Part::Person(black),
            ),
            (white, black) => {
                let (human, colour, level) = match (white, black) {
                    (Participant::Engine(level), human) => (human, Color::Black, level),
                    (human, Participant::Engine(level)) => (human, Color::White, level),
                    _ => unreachable!("a game between members is matched above"),
                };
                let mut headline = tr!(
                    language,
                    ChallengeEngineGame,
                    name = self.participant_name(language, record.guild, human),
                    color = colour.name(),
                    engine = crate::engine_name(language, level),
                );
                // The engine's opening move, played when the game started.
                if colour == Color::Black && record.ply == 1 {
                    if let (Ok(start), Some(opening)) =
                        (Position::from_fen(&record.start_fen), loaded.last_move())
                    {
                        headline.push_str(" ");
                        headline.push_str(&t!(
                            language,
                            GameEngineReplied,
                            engine = crate::engine_name(language, level),
                            move = start.move_text(&opening),
                        ));
                    }
                }
                headline
            }
        };
        let mut reply = self.board_reply(language, loaded, &headline, None);
        reply.mentions.extend(players(record));
        reply
    }

    /// The thread of a starting game is open: remembers it and returns the game's first board,
    /// to post in the thread (in the game's language).
    pub fn thread_opened(&self, game: GameId, thread: ChannelId) -> Result<Reply, ServiceError> {
        let record = self.store.set_game_thread(game, thread)?;
        let language = self.game_language(&record);
        let loaded = self.load(record)?;
        Ok(self.first_board(language, &loaded))
    }

    /// Whether a game is still being played in `thread` (the game it was opened for, or a
    /// rematch there): Discord must not keep it archived.
    pub fn thread_has_live_game(&self, thread: ChannelId) -> Result<bool, ServiceError> {
        Ok(self
            .store
            .recent_games_in_channel(thread, 10)?
            .iter()
            .any(|game| game.status == GameStatus::Active))
    }

    /// The thread of a starting game could not be opened: the game is played in its channel
    /// where it can be (when the channel has a game of its own, the game stays as it is and is
    /// played from its board's buttons); returns the board to post there, with how to let the
    /// bot open threads.
    pub fn thread_failed(&self, game: GameId) -> Result<Reply, ServiceError> {
        let record = match self.store.play_in_channel(game) {
            Ok(record) => record,
            Err(StoreError::ChannelBusy { .. }) => self
                .store
                .game(game)?
                .ok_or(StoreError::GameNotFound(game))?,
            Err(other) => return Err(other.into()),
        };
        let language = self.game_language(&record);
        let loaded = self.load(record)?;
        let mut reply = self.first_board(language, &loaded);
        reply.text.push_str("\n");
        reply.text.push_str(&t!(language, StartThreadFailed));
        Ok(reply)
    }

    /// The answer that starts a game in the channel itself: its board with `headline`, and the
    /// tip on threads where the server wants them but the bot may not open them here.
    pub(crate) fn channel_start_reply(
        &self,
        language: Language,
        loaded: &Loaded,
        headline: impl Into<RichText>,
        place: StartPlace,
    ) -> Reply {
        let mut reply = self.board_reply(language, loaded, headline, None);
        if place.tip {
            reply.text.push_str("\n");
            reply.text.push_str(&t!(language, StartThreadsTip));
        }
        reply
    }

    /// For a typed command in a channel without a game of its own: the actor's game started
    /// here to be played in a thread. One whose thread never opened is played from here
    /// (`Ok(Some)`); one whose thread is open is refused with a link to it.
    pub(crate) fn game_in_threads_of(&self, actor: &Actor) -> Flow<Option<Game>> {
        let mine: Vec<Game> = self
            .store
            .active_games_in_threads_of(actor.channel)?
            .into_iter()
            .filter(|game| game.colour_of(actor.user).is_some())
            .collect();
        if let Some(unopened) = mine.iter().find(|game| game.thread.is_none()) {
            return Ok(Some(unopened.clone()));
        }
        if mine.is_empty() {
            return Ok(None);
        }
        let lines = mine.iter().map(|game| {
            tr!(
                actor.language,
                StartPlayedInThread,
                game = game.id.0,
                thread = Part::Channel(game.place()),
            )
        });
        Err(Stop::refused(Reply::private(RichText::join(lines, "\n"))))
    }
}

/// A name cut to `room` characters, its last one an ellipsis when cut.
fn shorten(name: &str, room: usize) -> String {
    if name.chars().count() <= room {
        return name.to_owned();
    }
    if room == 0 {
        return String::new();
    }
    let mut short: String = name.chars().take(room - 1).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::shorten;

    #[test]
    fn names_shorten_on_characters() {
        assert_eq!(shorten("alice", 10), "alice");
        assert_eq!(shorten("àèìòùàèìòù", 4), "àèì…");
        assert_eq!(shorten("bob", 0), "");
    }
}
