//! The messages of the Activity's WebSocket: JSON text frames, each an object with `type`
//! (the page of `docs/activity.md`; the game of a `game` frame is the service's
//! [`GameView`]), and the answer of `POST /api/token`.
//!
//! Every type here derives [`TS`]: the page's TypeScript types (`web/src/generated/`) are
//! generated from them, and a test fails while the committed file differs (see
//! [`generated`](crate::generated)).

use std::collections::BTreeMap;

use dama_core::text::RichText;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use dama_render::Theme;
use dama_service::{GameView, PlayerView, SideChoice};

/// What the page sends.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum Incoming {
    Lobby,
    Watch {
        game: i64,
    },
    Move {
        game: i64,
        ply: u32,
        #[serde(rename = "move")]
        text: String,
    },
    /// `answer`: `null` offers, `true` accepts, `false` declines.
    Draw {
        game: i64,
        #[serde(default)]
        answer: Option<bool>,
    },
    Resign {
        game: i64,
    },
    /// `answer`: `null` asks (or accepts the other side's request, or withdraws one's own),
    /// `true` accepts, `false` declines.
    Takeback {
        game: i64,
        #[serde(default)]
        answer: Option<bool>,
    },
    /// The engine's review of a game that has ended.
    Analysis {
        game: i64,
    },
    Rematch {
        game: i64,
    },
    /// `level` set: a game against the engine; `opponent` null and no level: an open
    /// challenge.
    Challenge {
        #[serde(default)]
        opponent: Option<String>,
        #[serde(default)]
        level: Option<u8>,
        #[serde(default)]
        colour: Option<String>,
        #[serde(default)]
        time: Option<String>,
    },
    Accept {
        challenge: i64,
    },
    /// The challenged person declines a challenge.
    Decline {
        challenge: i64,
    },
    /// The challenger withdraws a challenge.
    Cancel {
        challenge: i64,
    },
}

/// Who the page's person is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct You {
    pub id: String,
    pub name: String,
}

/// A running game in the lobby.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Summary {
    pub id: i64,
    pub white: PlayerView,
    pub black: PlayerView,
    pub ply: u32,
    pub spectators: usize,
}

/// An open challenge in the lobby.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Challenge {
    pub id: i64,
    pub from: PlayerView,
    pub to: Option<PlayerView>,
    /// The challenger's colour.
    pub colour: SideChoice,
    pub time: Option<String>,
}

/// The board's colours, as `#rrggbb`: the PNG boards' theme, from `[render]` in the
/// configuration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct BoardColours {
    pub light_square: String,
    pub dark_square: String,
    pub border: String,
    pub white_piece: String,
    pub black_piece: String,
    /// The selected square's frame.
    pub highlight: String,
    /// The dark squares of the last move: the dark square mixed with `highlight`.
    pub highlighted_square: String,
    /// The path of the last move.
    pub last_move: String,
    /// The ring around pieces that must capture.
    pub must_capture: String,
    pub crown: String,
}

impl From<&Theme> for BoardColours {
    fn from(theme: &Theme) -> BoardColours {
        BoardColours {
            light_square: theme.light_square.to_string(),
            dark_square: theme.dark_square.to_string(),
            border: theme.border.to_string(),
            white_piece: theme.white_piece.to_string(),
            black_piece: theme.black_piece.to_string(),
            highlight: theme.highlight.to_string(),
            highlighted_square: theme.highlighted_square().to_string(),
            last_move: theme.last_move.to_string(),
            must_capture: theme.must_capture.to_string(),
            crown: theme.crown.to_string(),
        }
    }
}

/// What the server sends.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Outgoing {
    Hello {
        you: You,
        language: &'static str,
        /// The page's words in its language, by message id.
        words: BTreeMap<&'static str, String>,
        /// `squares[n-1]`: `[row, column]` of square n, White at the bottom, row 0 at the top.
        squares: Vec<[u8; 2]>,
        /// The board's colours: the same as the PNG boards'.
        colours: Box<BoardColours>,
    },
    /// The channel's lobby, sent again whenever it changes (to every page of the channel,
    /// whether it shows the lobby or a game).
    Lobby {
        games: Vec<Summary>,
        challenges: Vec<Challenge>,
        /// The people present in the channel's Activity (the page's own person included).
        present: Vec<You>,
    },
    Game {
        game: Box<GameView>,
    },
    /// The engine's review of a finished game, in the page's language.
    Analysis {
        game: i64,
        #[ts(as = "Vec<dama_service::Span>")]
        text: RichText,
    },
    /// The service refused an action: its private answer.
    Refused {
        #[ts(as = "Vec<dama_service::Span>")]
        text: RichText,
    },
    /// What the service says publicly about an action.
    Notice {
        #[ts(as = "Vec<dama_service::Span>")]
        text: RichText,
    },
    /// A bad frame, or too many.
    Error {
        #[ts(as = "Vec<dama_service::Span>")]
        text: RichText,
    },
}

/// The answer of `POST /api/token`: the token the page gives Discord's SDK, and its session
/// for the WebSocket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct TokenAnswer {
    pub access_token: String,
    pub session: String,
    pub you: You,
}

impl Outgoing {
    /// The frame's text.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| r#"{"type":"error","text":[]}"#.to_owned())
    }
}

/// The place of every square, as [`Outgoing::Hello`] gives them.
#[must_use]
pub fn squares() -> Vec<[u8; 2]> {
    dama_rules::Square::ALL
        .iter()
        .map(|square| [square.row(), square.column()])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_read_as_the_protocol_writes_them() {
        let read = |text: &str| serde_json::from_str::<Incoming>(text).unwrap();
        assert_eq!(
            read(r#"{"type":"move","game":12,"ply":7,"move":"22x13x6"}"#),
            Incoming::Move {
                game: 12,
                ply: 7,
                text: "22x13x6".to_owned()
            }
        );
        assert_eq!(
            read(r#"{"type":"draw","game":3,"answer":null}"#),
            Incoming::Draw {
                game: 3,
                answer: None
            }
        );
        assert_eq!(read(r#"{"type":"lobby"}"#), Incoming::Lobby);
        assert_eq!(
            read(r#"{"type":"takeback","game":3}"#),
            Incoming::Takeback {
                game: 3,
                answer: None
            }
        );
        assert_eq!(
            read(r#"{"type":"decline","challenge":5}"#),
            Incoming::Decline { challenge: 5 }
        );
        assert!(serde_json::from_str::<Incoming>(r#"{"type":"shout"}"#).is_err());
        let sent = Outgoing::Refused {
            text: RichText::from("**no**"),
        }
        .to_json();
        assert_eq!(
            sent,
            r#"{"type":"refused","text":[{"words":"no","strong":true}]}"#
        );
        assert_eq!(squares()[0], [0, 0]);
        assert_eq!(squares()[31], [7, 7]);
    }

    #[test]
    fn the_games_words_are_written_as_the_page_reads_them() {
        use dama_service::{Cell, GameState, Side};
        fn json(value: impl Serialize) -> String {
            serde_json::to_string(&value).unwrap()
        }
        assert_eq!(json(Side::White), r#""white""#);
        assert_eq!(json(Some(Side::Black)), r#""black""#);
        assert_eq!(json(None::<Side>), "null");
        assert_eq!(json(SideChoice::Random), r#""random""#);
        assert_eq!(json(GameState::Finished), r#""finished""#);
        let board = [
            Cell::WhiteMan,
            Cell::WhiteKing,
            Cell::BlackMan,
            Cell::BlackKing,
            Cell::Empty,
        ];
        assert_eq!(json(board), r#"["w","W","b","B",""]"#);
    }

    #[test]
    fn hello_carries_the_themes_colours() {
        let config = dama_core::config::RenderConfig {
            dark_square: "#1B4D8C".into(),
            ..dama_core::config::RenderConfig::default()
        };
        let colours = BoardColours::from(&Theme::from_config(&config).unwrap());
        assert_eq!(colours.dark_square, "#1b4d8c");
        assert_eq!(colours.light_square, "#f0d9b5");
        let hello = Outgoing::Hello {
            you: You {
                id: "1".to_owned(),
                name: "alice".to_owned(),
            },
            language: "en",
            words: BTreeMap::new(),
            squares: squares(),
            colours: Box::new(colours),
        }
        .to_json();
        assert!(
            hello.contains(r##""colours":{"light_square":"#f0d9b5","dark_square":"#1b4d8c","##),
            "{hello}"
        );
    }
}
