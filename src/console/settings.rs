//! `/settings` in the console: its options.

use std::collections::HashMap;

use super::Console;
use crate::game::SettingsChange;

impl Console {
    /// `/settings` and its options (`language:`, `notify:`, `time:`, `expiry:`, `threads:`,
    /// `add-channel:`, `remove-channel:`), by their names in any language; none shows the
    /// settings. `language it` and `language` alone (follow the server's Discord language)
    /// are read too. `None` when something cannot be read.
    pub(super) fn parse_settings(
        &mut self,
        args: &[&str],
        options: &HashMap<&str, String>,
    ) -> Option<SettingsChange> {
        let mut change = SettingsChange::default();
        let mut words = args.iter();
        while let Some(word) = words.next() {
            if self.words.option(word) != Some("language") {
                return None;
            }
            change.language = Some(match words.next() {
                None => None,
                Some(value) => self.words.language(value)?,
            });
        }
        let duration = |value: &str| humantime_serde::re::humantime::parse_duration(value).ok();
        let mut stop_daily = false;
        for (&key, value) in options {
            let value = value.as_str();
            match key {
                "language" => change.language = Some(self.words.language(value)?),
                "notify" => {
                    change.notify = Some(self.words.notify_mode(value)?);
                }
                "time" => change.time_per_move = Some(duration(value)?),
                "expiry" if self.words.is_automatic(value) => {
                    change.challenge_expiry = Some(None);
                }
                "expiry" => change.challenge_expiry = Some(Some(duration(value)?)),
                "threads" => change.threads = Some(self.words.threads(value)?),
                "daily-puzzle" => {
                    let name = value.trim_start_matches('#');
                    if name.is_empty() {
                        return None;
                    }
                    change.daily_puzzle = Some(Some(self.place_id(false, name)));
                }
                "daily-puzzle-hour" => {
                    let hour: u8 = value.parse().ok().filter(|h| *h < 24)?;
                    change.daily_puzzle_hour = Some(hour);
                }
                "daily-puzzle-off" => stop_daily = self.words.switch(value)?,
                "add-channel" | "remove-channel" => {
                    let name = value.trim_start_matches('#');
                    if name.is_empty() {
                        return None;
                    }
                    let channel = self.place_id(false, name);
                    if key == "add-channel" {
                        change.add_game_channel = Some(channel);
                    } else {
                        change.remove_game_channel = Some(channel);
                    }
                }
                _ => return None,
            }
        }
        if stop_daily {
            // Off wins over a channel given with it, as on Discord.
            change.daily_puzzle = Some(None);
        }
        Some(change)
    }
}
