//! `/tournament` in the console: its steps and their options.

use std::collections::HashMap;

use super::Console;
use crate::commands;
use crate::game::{Member, TournamentAction, TournamentSpec};
use crate::i18n::t;
use crate::store::TournamentFormat;

impl Console {
    /// `/tournament STEP ...`: the step by its name in any language, then its arguments and
    /// options (`create` takes the name as its words, `format:`, `rounds:`, `games:`, `time:`,
    /// `rated:`, `openings:` and `signup:`; `pairings` a round; `forfeit` a member). The
    /// console's answer when something cannot be read.
    pub(super) fn parse_tournament(
        &mut self,
        args: &[&str],
        options: &HashMap<&str, String>,
    ) -> Result<TournamentAction, String> {
        let language = self.language;
        let option = |key: &str| options.get(key).map(String::as_str);
        let step = args
            .first()
            .and_then(|typed| self.words.subcommand("tournament", typed))
            .map(str::to_owned);
        let rest = args.get(1..).unwrap_or_default();
        Ok(match step.as_deref() {
            Some("tournament create") => {
                let name = option("name").map_or_else(|| rest.join(" "), str::to_owned);
                let usage = || {
                    t!(
                        language,
                        ConsoleTournamentCreateUsage,
                        create = self.typed("tournament create")
                    )
                };
                let duration = |key: &str| match option(key) {
                    None => Ok(None),
                    Some(typed) => humantime_serde::re::humantime::parse_duration(typed)
                        .map(Some)
                        .map_err(|_| usage()),
                };
                let switch = |key: &str, default: bool| match option(key) {
                    None => Ok(default),
                    Some(typed) => self.words.switch(typed).ok_or_else(usage),
                };
                let number = |key: &str| match option(key) {
                    None => Ok(None),
                    Some(typed) => typed.parse::<u32>().map(Some).map_err(|_| usage()),
                };
                let round_robin = match option("format") {
                    None => false,
                    Some(typed) => self.words.round_robin(typed).ok_or_else(usage)?,
                };
                let rounds = number("rounds")?;
                let format = if round_robin {
                    TournamentFormat::RoundRobin
                } else {
                    TournamentFormat::Swiss {
                        rounds: rounds.unwrap_or(crate::discord::call::DEFAULT_SWISS_ROUNDS),
                    }
                };
                let games = number("games")?.unwrap_or(1);
                TournamentAction::Create(TournamentSpec {
                    name,
                    format,
                    games_per_pairing: u8::try_from(games).unwrap_or(u8::MAX),
                    time_per_move: duration("time")?,
                    rated: switch("rated", true)?,
                    drawn_openings: switch("openings", false)?,
                    signup: duration("signup")?,
                })
            }
            Some("tournament join") => TournamentAction::Join,
            Some("tournament start") => TournamentAction::Start,
            Some("tournament standings") => TournamentAction::Standings,
            Some("tournament pairings") => {
                let typed = option("round").or(rest.first().copied());
                let round = match typed {
                    None => None,
                    Some(typed) => Some(typed.parse::<u32>().map_err(|_| {
                        t!(
                            language,
                            ConsoleTournamentRound,
                            pairings = self.typed("tournament pairings")
                        )
                    })?),
                };
                TournamentAction::Pairings { round }
            }
            Some("tournament withdraw") => TournamentAction::Withdraw,
            Some("tournament forfeit") => {
                let Some(name) = option("member").or(rest.first().copied()) else {
                    return Err(t!(
                        language,
                        ConsoleTournamentMember,
                        forfeit = self.typed("tournament forfeit")
                    ));
                };
                let name = name.trim_start_matches('@').to_owned();
                TournamentAction::Forfeit {
                    member: Member {
                        user: self.user_id(&name),
                        name,
                        is_bot: false,
                    },
                }
            }
            Some("tournament cancel") => TournamentAction::Cancel,
            Some("tournament pdn") => TournamentAction::Pdn,
            _ => {
                let steps: Vec<String> = commands::runnable()
                    .iter()
                    .filter(|(path, _)| path.starts_with("tournament "))
                    .map(|(path, _)| format!("`{}`", self.typed(path)))
                    .collect();
                return Err(t!(
                    language,
                    ConsoleTournamentUsage,
                    steps = steps.join(", ")
                ));
            }
        })
    }
}
