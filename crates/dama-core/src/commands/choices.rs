//! The choices of the table's options, in the table's order, and the defaults of the options
//! not given.

use crate::i18n::Language;
use crate::store::{ColourChoice, NotifyMode};

/// The level of `/play` when none is given.
pub const DEFAULT_LEVEL: u8 = 1;

/// The Swiss rounds of `/tournament create` when none are given.
pub const DEFAULT_SWISS_ROUNDS: u32 = 5;

/// The colour option's choices, in the table's order.
pub const COLOURS: [ColourChoice; 3] = [
    ColourChoice::White,
    ColourChoice::Black,
    ColourChoice::Random,
];

/// `/settings language`'s choices, in the table's order (`None`: the server's Discord language).
pub const LANGUAGES: [Option<Language>; 4] = [
    Some(Language::It),
    Some(Language::En),
    Some(Language::Es),
    None,
];

/// `/settings notify`'s choices, in the table's order.
pub const NOTIFY_MODES: [NotifyMode; 3] = [NotifyMode::Dm, NotifyMode::Ping, NotifyMode::Off];

/// `/settings threads`'s choices (on, off), in the table's order.
pub const THREADS: [bool; 2] = [true, false];
