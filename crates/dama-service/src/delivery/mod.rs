//! The one delivery of what the service answers, for every front end: each front end with a
//! chat implements the small port [`Chat`] (post, edit, send privately, open a thread...), and
//! the [`Courier`] decides what goes where and in which order through it: the answer when the
//! front end has none of its own, the thread of a game that starts, the notices channel by
//! channel with their direct messages (`lanes`), the outbox's notices reported, the sweep's.
//! A front end that answers by itself (Discord, within an interaction's time) hands the
//! courier the rest ([`Courier::after`]).

mod chat;
mod courier;
mod lanes;

pub use chat::{Chat, ChatError, ChatFuture, Drawn, draw_notices};
pub use courier::{Courier, Posted, direct_fallback, shows_something};
pub use lanes::Parts;
