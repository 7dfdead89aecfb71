//! Looking things up: the leaderboard, a player's stats and history, a game as PDN or as an
//! animated replay.

use dama_core::store::Member;
use dama_core::text::{Part, RichText};

use dama_rules::{Color, Move, Position, pdn};

use super::action::{Flow, Stop, refuse};
use super::engine_name;
use super::reply::{ButtonStyle, ComponentAction, ReplayView, button};
use super::{
    Actor, Attachment, Cooldown, GameService, LEADERBOARD_MIN_GAMES, LEADERBOARD_PAGE, Reply,
    ServiceError,
};
use crate::texts::command;
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{
    Game, GameExport, GameId, GameResult, GameStatus, Participant, PlayerOutcome, Takeback,
};

/// Games listed by `/history`.
const HISTORY_LENGTH: u32 = 10;

/// A member's latest games `/history` looks at to list those the asker may see.
const HISTORY_LOOKED_AT: u32 = 5 * HISTORY_LENGTH;

/// The longest replay caption, in characters (the renderer cuts longer ones).
pub(crate) const REPLAY_CAPTION_MAX_CHARS: usize = 59;

impl GameService {
    /// `/leaderboard [page]` (pages from 0 here, shown from 1).
    pub(crate) fn leaderboard(&self, actor: &Actor, page: u32) -> Flow<Reply> {
        let board =
            self.store
                .leaderboard(actor.guild, LEADERBOARD_MIN_GAMES, page, LEADERBOARD_PAGE)?;
        let language = self.public_language(actor);
        if board.total_players == 0 {
            return Ok(Reply::public(tr!(
                language,
                LookupLeaderboardEmpty,
                cmd_challenge = command("challenge"),
            )));
        }
        let page = board.page.min(board.pages.saturating_sub(1));
        let mut text = RichText::from(t!(
            language,
            LookupLeaderboardTitle,
            page = page + 1,
            pages = board.pages,
        ));
        for entry in &board.entries {
            let p = &entry.player;
            text.push_line(tr!(
                language,
                LookupLeaderboardLine,
                rank = format!("{:>3}", entry.rank),
                name = Part::Name(p.display_name.clone()),
                rating = format!("{:.0}", p.rating.rating),
                deviation = format!("{:.0}", p.rating.deviation * 2.0),
                wins = p.wins,
                losses = p.losses,
                draws = p.draws,
            ));
        }
        text.push_str("\n");
        let mut row = Vec::new();
        if page > 0 {
            row.push(button(
                ComponentAction::Leaderboard(page - 1),
                &t!(language, LookupLeaderboardPrevious),
                ButtonStyle::Secondary,
            ));
        }
        if page + 1 < board.pages {
            row.push(button(
                ComponentAction::Leaderboard(page + 1),
                &t!(language, LookupLeaderboardNext),
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
        let name = Part::Name(name.to_owned());
        let language = self.public_language(actor);
        let Some(stats) = self.store.player_stats(actor.guild, user)? else {
            return Ok(Reply::public(tr!(language, LookupStatsNone, name = name)));
        };
        let p = &stats.player;
        let mut text = tr!(
            language,
            LookupStatsRating,
            name = Part::Name(p.display_name.clone()),
            rating = format!("{:.0}", p.rating.rating),
            deviation = format!("{:.0}", p.rating.deviation * 2.0),
        );
        text.push_str("\n");
        text.push_str(&t!(
            language,
            LookupStatsMembers,
            wins = p.wins,
            losses = p.losses,
            draws = p.draws,
        ));
        if let Some(streak) = stats.streak {
            let outcome = match streak.outcome {
                PlayerOutcome::Win => "win",
                PlayerOutcome::Loss => "loss",
                PlayerOutcome::Draw => "draw",
            };
            text.push_str("\n");
            text.push_str(&t!(
                language,
                LookupStatsStreak,
                length = streak.length,
                outcome = outcome,
            ));
        }
        if !stats.engine_records.is_empty() {
            text.push_str("\n");
            text.push_str(&t!(language, LookupStatsEngine));
            for record in &stats.engine_records {
                text.push_str(&format!(
                    "\n  {}",
                    t!(
                        language,
                        LookupStatsEngineLine,
                        engine = engine_name(language, record.level),
                        wins = record.wins,
                        losses = record.losses,
                        draws = record.draws,
                    )
                ));
            }
        }
        Ok(Reply::public(text))
    }

    /// `/history [member]`: recent games of a member, or of this channel.
    pub(crate) fn history(&self, actor: &Actor, member: Option<&Member>) -> Flow<Reply> {
        let language = self.public_language(actor);
        let (games, title, none) = match member {
            Some(member) => {
                let name = Part::Name(member.name.clone());
                // Games of channels the asker cannot see are left out.
                let games = self
                    .store
                    .recent_games_of_player(actor.guild, member.user, HISTORY_LOOKED_AT)?
                    .into_iter()
                    .filter(|game| self.may_see(actor, game))
                    .take(HISTORY_LENGTH as usize)
                    .collect();
                (
                    games,
                    tr!(language, LookupHistoryMember, name = name.clone()),
                    tr!(language, LookupHistoryMemberNone, name = name),
                )
            }
            None => (
                self.store
                    .recent_games_in_channel(actor.channel, HISTORY_LENGTH)?,
                RichText::from(t!(language, LookupHistoryChannel)),
                RichText::from(t!(language, LookupHistoryChannelNone)),
            ),
        };
        if games.is_empty() {
            return Ok(Reply::public(none));
        }
        let mut text = title;
        for game in &games {
            text.push_line(self.game_line(language, game));
        }
        text.push_str("\n");
        text.append(tr!(
            language,
            LookupHistoryFooter,
            cmd_pdn = command("pdn"),
            cmd_replay = command("replay"),
        ));
        Ok(Reply::public(text))
    }

    /// One game as the history lists it: number, players, how it stands, moves.
    fn game_line(&self, language: Language, game: &Game) -> RichText {
        let state = match (game.status, game.result) {
            (GameStatus::Active, _) => t!(language, LookupStatePlaying),
            (GameStatus::Aborted, _) => t!(language, LookupStateAborted),
            (_, Some(result)) => t!(
                language,
                LookupStateEnded,
                result = match result {
                    GameResult::WhiteWins => "white",
                    GameResult::BlackWins => "black",
                    GameResult::Draw => "draw",
                },
                reason = game
                    .end_reason
                    .map_or_else(|| "none".to_owned(), |reason| reason.to_string()),
            ),
            (_, None) => t!(language, LookupStateFinished),
        };
        tr!(
            language,
            LookupHistoryLine,
            game = game.id.0,
            white = self.participant_name(language, game.guild, game.white),
            black = self.participant_name(language, game.guild, game.black),
            state = state,
            moves = game.ply.div_ceil(2),
        )
    }

    /// The game an info command is about: the given one (of this server, and refused when
    /// the actor cannot see its channel), else this channel's active or latest.
    pub(crate) fn info_game(&self, actor: &Actor, game: Option<i64>) -> Flow<Game> {
        let found = match game {
            Some(id) => {
                let found = self
                    .store
                    .game(GameId(id))?
                    .filter(|g| g.guild == actor.guild);
                if let Some(record) = &found {
                    self.refuse_unseen(actor, record)?;
                }
                found
            }
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
            let language = actor.language;
            let text = game.map_or_else(
                || RichText::from(t!(language, LookupNoGameHere)),
                |id| {
                    tr!(
                        language,
                        LookupNoSuchGame,
                        game = id,
                        cmd_history = command("history"),
                    )
                },
            );
            Stop::refused(Reply::private(text))
        })
    }

    /// Refuses a game `actor` may not see ("Game #12 was played in a channel you cannot
    /// see."), in their language.
    pub(crate) fn refuse_unseen(&self, actor: &Actor, game: &Game) -> Flow<()> {
        if self.may_see(actor, game) {
            return Ok(());
        }
        refuse(t!(actor.language, LookupGameHidden, game = game.id.0))
    }

    /// `/pdn [game]`: the game as a PDN file.
    pub(crate) fn pdn(&self, actor: &Actor, game: Option<i64>) -> Flow<Reply> {
        let record = self.info_game(actor, game)?;
        let text = self.pdn_text(record.id)?;
        Ok(Reply {
            text: t!(self.public_language(actor), LookupPdn, game = record.id.0).into(),
            attachment: Some(Attachment {
                filename: format!("dama-game-{}.pdn", record.id),
                bytes: text.into_bytes(),
            }),
            ..Reply::default()
        })
    }

    /// A stored game as PDN 3.0 text. Its takebacks are comments where they happened
    /// (`{alice took back 22-18 11-15}`), and so are its hints (`{alice asked for a hint:
    /// 22-18}`, with their count after the last move), in the server's language like its
    /// other messages (PDN readers skip comments).
    pub fn pdn_text(&self, game: GameId) -> Result<String, ServiceError> {
        self.pdn_game(game, None)
    }

    /// [`Self::pdn_text`], for a game of a tournament: the tournament's name as its Event and
    /// the round as its Round (`tournament` is both).
    pub(crate) fn pdn_game(
        &self,
        game: GameId,
        tournament: Option<(&str, &str)>,
    ) -> Result<String, ServiceError> {
        let Some(export) = self.store.game_export(game)? else {
            return Ok(String::new());
        };
        let record = &export.game;
        let name = |colour: Color| export_name(&export, colour);
        let loaded = self.load(record.clone())?;
        let (mut tags, result) = pdn_header(&export);
        if let Some((event, round)) = tournament {
            // Event, Site, Date, then the Round.
            event.clone_into(&mut tags[0].1);
            tags.insert(3, ("Round", round.to_owned()));
        }
        let tags: Vec<(&str, &str)> = tags
            .iter()
            .map(|(tag, value)| (*tag, value.as_str()))
            .collect();
        let language = self.server_language(record.guild);
        let mut comments = takeback_comments(
            loaded.game.start(),
            loaded.game.moves(),
            &export.takebacks,
            |colour, moves| {
                t!(
                    language,
                    TakebackPdnComment,
                    player = name(colour),
                    moves = moves,
                )
            },
        );
        comments = super::hint::with_hint_comments(language, comments, &export, name);
        Ok(pdn::write_game_with_comments(
            &tags,
            loaded.game.start(),
            loaded.game.moves(),
            &comments,
            result,
        ))
    }

    /// `/replay [game]`: the game to animate (the adapter draws it as a GIF).
    pub(crate) fn replay(&self, actor: &Actor, game: Option<i64>) -> Flow<Reply> {
        let record = self.info_game(actor, game)?;
        let cooldown = self.take_cooldown(actor.language, Cooldown::Replay(actor.user))?;
        let loaded = self.load(record)?;
        cooldown.keep();
        let language = self.public_language(actor);
        let bottom = match (loaded.record.white, loaded.record.black) {
            (Participant::Engine(_), Participant::User(_)) => Color::Black,
            _ => Color::White,
        };
        let record = &loaded.record;
        let white = self.plain_name(language, record.guild, record.white);
        let black = self.plain_name(language, record.guild, record.black);
        Ok(Reply {
            text: tr!(
                language,
                LookupReplay,
                game = record.id.0,
                line = self.game_line(language, record),
            ),
            replay: Some(ReplayView {
                filename: format!("dama-game-{}.gif", record.id),
                start: *loaded.game.start(),
                moves: loaded.game.moves().to_vec(),
                bottom,
                captions: replay_captions(
                    language,
                    &white,
                    &black,
                    loaded.game.start(),
                    loaded.game.moves(),
                ),
            }),
            ..Reply::default()
        })
    }
}

/// The tags of a stored game's PDN (`Event`, `Site`, `Date`, `White`, `Black`) and its result
/// (`1-0`, `0-1`, `1/2-1/2`, or `*` for a game without one), as `/pdn` writes them.
pub(crate) fn pdn_header(export: &GameExport) -> (Vec<(&'static str, String)>, &'static str) {
    let record = &export.game;
    let result = match (record.status, record.result) {
        (GameStatus::Finished, Some(result)) => result.pdn(),
        _ => "*",
    };
    let tags = vec![
        ("Event", format!("Dama on Discord, game #{}", record.id)),
        ("Site", "Discord".to_owned()),
        ("Date", format_date(record.created_at)),
        ("White", export_name(export, Color::White)),
        ("Black", export_name(export, Color::Black)),
    ];
    (tags, result)
}

/// The name of a side in a game's PDN: the person's display name, the engine's in English.
fn export_name(export: &GameExport, colour: Color) -> String {
    export
        .names
        .get(colour)
        .clone()
        .unwrap_or_else(|| match export.game.participant(colour) {
            Participant::Engine(level) => engine_name(Language::En, level),
            Participant::User(user) => format!("player {user}"),
        })
}

/// The caption of each frame of a replay, in `language`: the start, then one after each move
/// (`Alice – Bob · start`, `Alice – Bob · 12. 22x13`, `Alice – Bob · 12... 9x18`). Names are
/// shortened (with `…`) so that no caption is longer than [`REPLAY_CAPTION_MAX_CHARS`].
#[must_use]
pub(crate) fn replay_captions(
    language: Language,
    white: &str,
    black: &str,
    start: &Position,
    moves: &[Move],
) -> Vec<String> {
    let fit = |caption: &dyn Fn(&str, &str) -> String| {
        let full = caption(white, black);
        if full.chars().count() <= REPLAY_CAPTION_MAX_CHARS {
            return full;
        }
        let (white_len, black_len) = (white.chars().count(), black.chars().count());
        let rest = full.chars().count() - white_len - black_len;
        let room = REPLAY_CAPTION_MAX_CHARS.saturating_sub(rest);
        // Each name gets half the room; a short one leaves the rest to the other.
        let half = room / 2;
        let (white_room, black_room) = if white_len <= half {
            (white_len, room - white_len)
        } else if black_len <= room - half {
            (room - black_len, black_len)
        } else {
            (half, room - half)
        };
        caption(&shorten(white, white_room), &shorten(black, black_room))
    };
    let mut captions = Vec::with_capacity(moves.len() + 1);
    captions.push(fit(&|white, black| {
        t!(language, LookupReplayStart, white = white, black = black)
    }));
    let mut position = *start;
    // The move number counts from White's first move: a game that starts with Black to move
    // opens with `1...`.
    let offset = usize::from(start.turn() == Color::Black);
    for (i, m) in moves.iter().enumerate() {
        let text = position.move_text(m);
        let side = position.turn();
        position.play_unchecked(m);
        let ply = i + offset;
        let number = ply / 2 + 1;
        captions.push(fit(&|white, black| {
            t!(
                language,
                LookupReplayMove,
                white = white,
                black = black,
                number = number,
                color = side.name(),
                notation = text.as_str(),
            )
        }));
    }
    captions
}

/// The comments that note a game's takebacks, each with the ply it goes before (the ply the
/// game went back to), oldest first; `comment` words one from the side that asked and the
/// moves taken back as written then. The game the moves were taken back from is rebuilt from
/// the moves kept and the later takebacks; a move that no longer replays is given as stored.
fn takeback_comments(
    start: &Position,
    moves: &[Move],
    takebacks: &[Takeback],
    comment: impl Fn(Color, String) -> String,
) -> Vec<(usize, String)> {
    // The game just before each takeback, from the last one back: the moves it kept, then the
    // ones it took back.
    let mut line: Vec<String> = moves.iter().map(Move::long).collect();
    let mut comments = Vec::with_capacity(takebacks.len());
    for takeback in takebacks.iter().rev() {
        let ply = (takeback.ply as usize).min(line.len());
        line.truncate(ply);
        let mut position = *start;
        let mut replays = true;
        for text in &line {
            let Ok(m) = position.parse_move(text) else {
                replays = false;
                break;
            };
            position.play_unchecked(&m);
        }
        let mut words = Vec::with_capacity(takeback.moves.len());
        for text in &takeback.moves {
            if let Some(m) = position.parse_move(text).ok().filter(|_| replays) {
                words.push(position.move_text(&m));
                position.play_unchecked(&m);
            } else {
                replays = false;
                words.push(text.clone());
            }
        }
        comments.push((ply, comment(takeback.by, words.join(" "))));
        line.extend(takeback.moves.iter().cloned());
    }
    comments.reverse();
    comments
}

/// `name` cut to at most `room` characters (but never less than the `…` that ends a cut
/// name).
fn shorten(name: &str, room: usize) -> String {
    if name.chars().count() <= room {
        return name.to_owned();
    }
    let mut short: String = name.chars().take(room.saturating_sub(1)).collect();
    short.push('…');
    short
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

impl GameService {
    /// `/games [all]`: the actor's active games in this server, or all of them (moderators of
    /// the whole server; the games of channels they can see), latest activity first, each with whose turn it is, its deadline and a link to its board;
    /// only for the actor, within one message.
    pub(crate) fn games(&self, actor: &Actor, all: bool) -> Flow<Reply> {
        let language = actor.language;
        if all && !self.server_powers(actor).moderate {
            return refuse(tr!(
                language,
                GamesAllNotAllowed,
                cmd_games = command("games"),
            ));
        }
        // Everyone's games, but only those of channels the moderator can see.
        let games: Vec<Game> = self
            .store
            .active_games(actor.guild, (!all).then_some(actor.user))?
            .into_iter()
            .filter(|game| !all || self.may_see(actor, game))
            .collect();
        if games.is_empty() {
            let cmd_challenge = command("challenge");
            let cmd_play = command("play");
            return Ok(Reply::private(if all {
                tr!(
                    language,
                    GamesNoneInServer,
                    cmd_challenge = cmd_challenge,
                    cmd_play = cmd_play,
                )
            } else {
                tr!(
                    language,
                    GamesNone,
                    cmd_challenge = cmd_challenge,
                    cmd_play = cmd_play,
                )
            }));
        }
        let count = games.len();
        let mut text = RichText::from(if all {
            t!(language, GamesTitleAll, count = count)
        } else {
            t!(language, GamesTitle, count = count)
        });
        let mut length = text.room();
        for (i, game) in games.iter().enumerate() {
            let line = self.games_line(language, actor, game, all)?;
            let left = count - i - 1;
            // Room for this line, and for the "and N more" line if others follow.
            let tail = if left == 0 {
                0
            } else {
                1 + t!(language, GamesMore, count = left).chars().count()
            };
            let line_length = 1 + line.room();
            if length + line_length + tail > MESSAGE_MAX_CHARS {
                text.push_line(t!(language, GamesMore, count = count - i));
                break;
            }
            text.push_line(line);
            length += line_length;
        }
        Ok(Reply::private(text))
    }

    /// One line of `/games`: the game, the other side (both, listing all), whose turn with the
    /// deadline, and where its board is.
    fn games_line(
        &self,
        language: Language,
        actor: &Actor,
        game: &Game,
        all: bool,
    ) -> Result<RichText, ServiceError> {
        let turn = Position::from_fen(&game.current_fen)
            .map_err(|error| ServiceError::Corrupt {
                game: game.id,
                ply: game.ply,
                text: game.current_fen.clone(),
                reason: error.to_string(),
            })?
            .turn();
        let to_move = game.participant(turn);
        let deadline = Part::Moment(game.deadline());
        let turn = match to_move {
            Participant::User(user) if user == actor.user => {
                tr!(language, GamesYourMove, deadline = deadline)
            }
            Participant::User(_) => tr!(
                language,
                GamesToMove,
                player = self.participant_name(language, game.guild, to_move),
                deadline = deadline,
            ),
            // The engine's move is made at once (or on resuming): no deadline to show.
            Participant::Engine(_) => tr!(
                language,
                GamesEngineToMove,
                player = self.participant_name(language, game.guild, to_move),
            ),
        };
        let link = GameService::board_link(game);
        let number = game.id.to_string();
        Ok(
            if let (false, Some(colour)) = (all, game.colour_of(actor.user)) {
                tr!(
                    language,
                    GamesLine,
                    game = number,
                    opponent =
                        self.participant_name(language, game.guild, game.participant(!colour)),
                    turn = turn,
                    link = link,
                )
            } else {
                tr!(
                    language,
                    GamesLineAll,
                    game = number,
                    white = self.participant_name(language, game.guild, game.white),
                    black = self.participant_name(language, game.guild, game.black),
                    turn = turn,
                    link = link,
                )
            },
        )
    }
}

/// The longest message Discord posts, in characters.
const MESSAGE_MAX_CHARS: usize = 2000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_captions_count_moves_from_whites_first_and_fit_long_names() {
        dama_core::i18n::set_strict(true);
        let start = Position::initial();
        let first = start.legal_moves()[0];
        let mut after = start;
        after.play_unchecked(&first);
        let reply = after.legal_moves()[0];
        // From the initial position: White's move is `1.`, Black's answer `1...`.
        let captions = replay_captions(Language::En, "a", "b", &start, &[first, reply]);
        assert_eq!(captions.len(), 3);
        assert_eq!(captions[0], "a – b · start");
        assert_eq!(
            captions[1],
            format!("a – b · 1. {}", start.move_text(&first))
        );
        assert_eq!(
            captions[2],
            format!("a – b · 1... {}", after.move_text(&reply))
        );
        // A game that starts with Black to move opens with `1...`, then White's `2.`.
        let captions = replay_captions(Language::It, "a", "b", &after, &[reply]);
        assert_eq!(captions[0], "a – b · inizio");
        assert!(captions[1].starts_with("a – b · 1... "), "{}", captions[1]);

        // Two long names share the room; every caption fits, cut on characters.
        let white = "Ñandú Ángel Ibáñez de la Peña y Muñoz-Ortíz";
        let black = "Niccolò Bartolomeo di Montefeltro della Rovere";
        let captions = replay_captions(Language::Es, white, black, &start, &[first]);
        for caption in &captions {
            assert!(
                caption.chars().count() <= REPLAY_CAPTION_MAX_CHARS,
                "{caption}"
            );
            assert!(caption.starts_with("Ñandú"), "{caption}");
            assert_eq!(caption.matches('…').count(), 2, "{caption}");
        }
        assert!(captions[0].ends_with(" · inicio"), "{}", captions[0]);
        assert_eq!(
            captions[0].chars().count(),
            REPLAY_CAPTION_MAX_CHARS,
            "{}",
            captions[0]
        );
    }

    #[test]
    fn names_shorten_on_characters() {
        assert_eq!(shorten("Niccolò", 7), "Niccolò");
        assert_eq!(shorten("Niccolò", 6), "Nicco…");
        assert_eq!(shorten("ñññ", 2), "ñ…");
        assert_eq!(shorten("abc", 0), "…");
    }

    #[test]
    fn dates() {
        assert_eq!(format_date(0), "1970.01.01");
        assert_eq!(format_date(1_796_000_000_000), "2026.11.30");
        assert_eq!(format_date(951_782_400_000), "2000.02.29");
    }
}
