//! The session's own lines, starting with `@`: moving between channels and servers, the clock,
//! moderators, the language, threads, closed direct messages, channels hidden from someone, and
//! `@advance` playing out a tournament's round.

use std::fmt::Write as _;

use dama_rules::Color;

use super::{ADVANCE_PLIES, Console, slug};
use dama_core::i18n::{Language, t};
use dama_core::store::{Game, GameId, GameStatus, Participant, TournamentStatus};
use dama_service::{Action, Actor, Origin, ServiceError, Suggestions};

impl Console {
    /// A line starting with `@` (without it), as the module's documentation lists them.
    pub(super) fn directive(&mut self, directive: &str) -> String {
        let (word, rest) = directive.split_once(' ').unwrap_or((directive, ""));
        let rest = rest.trim();
        let language = self.language();
        match word {
            "channel" if !rest.is_empty() => {
                let rest = rest.trim_start_matches('#');
                let known = {
                    let state = self.room.state();
                    state
                        .channels
                        .get(rest)
                        .or_else(|| state.channels.get(&slug(rest)))
                        .copied()
                };
                if let Some(thread) = known.filter(|&id| self.is_thread(id)) {
                    let mut state = self.room.state();
                    state.channel = thread;
                    if let Some(guild) = state.places.get(&thread).map(|place| place.guild) {
                        state.guild = guild;
                    }
                    drop(state);
                    return t!(language, ConsoleThreadNow, name = self.place_name(thread));
                }
                let channel = self.place_id(false, rest);
                self.room.state().channel = channel;
                t!(language, ConsoleChannel, name = rest)
            }
            "threads" => {
                let Some(on) = self.words.switch(rest) else {
                    return t!(language, ConsoleThreadsUsage);
                };
                self.threads = on;
                t!(language, ConsoleThreads, on = if on { "on" } else { "off" })
            }
            "dm-closed" | "dm-open" if !rest.is_empty() => {
                let id = self.user_id(rest);
                if word == "dm-closed" {
                    self.room.state().closed_dms.insert(id);
                    t!(language, ConsoleDmClosed, name = rest)
                } else {
                    self.room.state().closed_dms.remove(&id);
                    t!(language, ConsoleDmOpen, name = rest)
                }
            }
            "guild" if !rest.is_empty() => {
                let guild = self.place_id(true, rest);
                self.room.state().guild = guild;
                let channel = self.place_id(false, &format!("{rest}/general"));
                self.room.state().channel = channel;
                t!(language, ConsoleGuild, name = rest)
            }
            "advance" if rest.is_empty() => self.advance_round(),
            "advance" => match humantime::parse_duration(rest) {
                Ok(by) => {
                    self.clock.advance(by);
                    let duration = humantime::format_duration(by).to_string();
                    t!(language, ConsoleAdvance, duration = duration)
                }
                Err(error) => {
                    let error = error.to_string();
                    t!(language, ConsoleAdvanceUsage, error = error)
                }
            },
            "mod" | "moderator" if !rest.is_empty() => {
                let id = self.user_id(rest);
                self.moderators.push(id);
                t!(language, ConsoleModerator, name = rest)
            }
            "hide" => {
                let Some((name, channel)) = rest
                    .split_once(' ')
                    .map(|(name, channel)| (name.trim(), channel.trim().trim_start_matches('#')))
                    .filter(|(name, channel)| !name.is_empty() && !channel.is_empty())
                else {
                    return t!(language, ConsoleHideUsage);
                };
                let user = self.user_id(name);
                let id = self.place_id(false, channel);
                self.access.hide(user, id);
                t!(language, ConsoleHidden, name = name, channel = channel)
            }
            "locale" => {
                let Some(language) = Language::from_code(rest) else {
                    return t!(language, ConsoleLocaleUsage);
                };
                self.room.state().language = language;
                t!(language, ConsoleLocale, language = language.code())
            }
            "help" => t!(language, ConsoleHelp, challenge = self.typed("challenge")),
            _ => t!(language, ConsoleUnknownDirective, directive = directive),
        }
    }

    /// `@advance` without a duration: plays out the unfinished games of the running round of
    /// the tournament of this channel (or of the channel this thread belongs to), as the
    /// module's documentation says, and shows the results and what they bring (the next
    /// round, or the final standings).
    pub(super) fn advance_round(&mut self) -> String {
        let language = self.language();
        let (guild, channel) = self.place();
        let here = self
            .room
            .state()
            .places
            .get(&channel)
            .and_then(|place| place.parent)
            .unwrap_or(channel);
        let running = match self.service.store().latest_tournament(guild) {
            Ok(found) => {
                found.filter(|t| t.status == TournamentStatus::Running && t.channel == here)
            }
            Err(error) => {
                let error = error.to_string();
                return t!(language, ConsoleInternalError, error = error);
            }
        };
        let Some(tournament) = running else {
            return t!(language, ConsoleAdvanceNoTournament);
        };
        let store = self.service.store().clone();
        let round = match store.tournament_rounds(tournament.id) {
            Ok(rounds) => rounds.last().map_or(0, |r| r.number),
            Err(error) => return t!(language, ConsoleInternalError, error = error.to_string()),
        };
        let games: Vec<GameId> = match store.tournament_pairings(tournament.id) {
            Ok(pairings) => pairings
                .into_iter()
                .filter(|p| p.round == round && p.result.is_none())
                .filter_map(|p| p.game)
                .collect(),
            Err(error) => return t!(language, ConsoleInternalError, error = error.to_string()),
        };
        self.room.write(&t!(
            language,
            ConsoleAdvanceRound,
            round = round,
            name = tournament.name.clone(),
            games = games.len(),
        ));
        let mut out = String::new();
        for game in games {
            if let Err(error) = self.play_out(game) {
                let error = error.to_string();
                let _ = writeln!(out, "{}", t!(language, ConsoleInternalError, error = error));
            }
        }
        out
    }

    /// Plays out one game for `@advance`: the first legal moves for [`ADVANCE_PLIES`] plies,
    /// then White's or Black's resignation or an agreed draw, by the game's number (see the
    /// module's documentation). Only the end is shown, with what it brings.
    pub(super) fn play_out(&mut self, game: GameId) -> Result<(), ServiceError> {
        let Some(record) = self.service.store().game(game)? else {
            return Ok(());
        };
        if record.status != GameStatus::Active {
            return Ok(());
        }
        let place = record.thread.unwrap_or(record.channel);
        let actor = |console: &Console, record: &Game, white: bool| -> Option<Actor> {
            let side = if white { record.white } else { record.black };
            let Participant::User(user) = side else {
                return None;
            };
            Some(
                Actor::new(user, console.name_of(user), record.guild, place)
                    .language(console.language())
                    .can_open_threads(false),
            )
        };
        let white_to_move = |record: &Game| {
            dama_rules::Position::from_fen(&record.current_fen)
                .map_or(true, |position| position.turn() == Color::White)
        };
        let reload = |console: &Console| -> Result<Option<Game>, ServiceError> {
            Ok(console
                .service
                .store()
                .game(game)?
                .filter(|g| g.status == GameStatus::Active))
        };
        let mut record = record;
        while record.ply < ADVANCE_PLIES {
            let Some(player) = actor(self, &record, white_to_move(&record)) else {
                break;
            };
            let Suggestions::Moves(legal) = self.service.suggestions(&player, "")? else {
                break;
            };
            let Some(first) = legal.into_iter().next() else {
                break;
            };
            self.service
                .act(&player, Origin::Channel, Action::Move { text: first })?;
            match reload(self)? {
                Some(next) => record = next,
                None => return Ok(()),
            }
        }
        let (Some(white), Some(black)) = (actor(self, &record, true), actor(self, &record, false))
        else {
            return Ok(());
        };
        let ending = match game.0.rem_euclid(3) {
            1 => self.service.act(&white, Origin::Channel, Action::Resign)?,
            2 => self.service.act(&black, Origin::Channel, Action::Resign)?,
            _ => {
                self.service
                    .act(&white, Origin::Channel, Action::OfferDraw)?;
                self.service
                    .act(&black, Origin::Channel, Action::AnswerDraw { accept: true })?
            }
        };
        // The game's end is told by the player who ended it, where the game is played.
        let Some(ender) = actor(self, &record, game.0.rem_euclid(3) != 2) else {
            return Ok(());
        };
        self.deliver(&ender, ending, false);
        Ok(())
    }
}
