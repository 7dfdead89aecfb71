//! Games in threads: opening one for a game that starts, and the fallback to the channel.

use super::{GameService, Reply, ServiceError};
use crate::store::{ChannelId, GameId};

impl GameService {
    /// The thread of a starting game is open: remembers it and returns the game's first board,
    /// to post in the thread.
    pub fn thread_opened(&self, game: GameId, thread: ChannelId) -> Result<Reply, ServiceError> {
        todo!("threads: {game} {thread}")
    }

    /// The thread of a starting game could not be opened: the game is played in its channel
    /// where it can be; returns the board to post there, with how to let the bot open threads.
    pub fn thread_failed(&self, game: GameId) -> Result<Reply, ServiceError> {
        todo!("threads: {game}")
    }
}
