//! `/settings`: each person's notifications, and the server's settings for those who manage
//! it. Open to everyone at Discord's level (notifications are everyone's); the service refuses
//! the server's options to the others.

use poise::serenity_prelude as serenity;

use super::game::{autocomplete_time, read_time};
use super::{answer, language};
use crate::discord::call::{
    self, ExpiryOption, LanguageOption, NotifyOption, SettingsOptions, SwitchOption,
};
use crate::discord::{Context, Error, outgoing};
use crate::i18n::t;

#[poise::command(slash_command, guild_only)]
#[allow(
    clippy::too_many_arguments,
    reason = "one argument per option of the command"
)]
pub async fn settings(
    ctx: Context<'_>,
    language: Option<LanguageOption>,
    notify: Option<NotifyOption>,
    #[autocomplete = "autocomplete_time"]
    #[max_length = 100]
    time: Option<String>,
    #[autocomplete = "autocomplete_expiry"]
    #[max_length = 100]
    expiry: Option<String>,
    threads: Option<SwitchOption>,
    #[rename = "add-channel"]
    #[channel_types("Text")]
    add_channel: Option<serenity::ChannelId>,
    #[rename = "remove-channel"]
    #[channel_types("Text")]
    remove_channel: Option<serenity::ChannelId>,
    #[rename = "daily-puzzle"]
    #[channel_types("Text")]
    daily_puzzle: Option<serenity::ChannelId>,
    #[rename = "daily-puzzle-hour"]
    #[min = 0]
    #[max = 23]
    daily_puzzle_hour: Option<u8>,
    #[rename = "daily-puzzle-off"] daily_puzzle_off: Option<bool>,
) -> Result<(), Error> {
    let time = read_time(ctx, time)?;
    let expiry = match expiry {
        None => None,
        Some(typed) => {
            let Some(expiry) = ExpiryOption::parse(&typed) else {
                let reader = super::language(ctx);
                return Err(Error::Refused(t!(
                    reader,
                    DiscordExpiryUnreadable,
                    input = typed,
                    automatic = t!(reader, DiscordExpiryAutomatic),
                )));
            };
            Some(expiry)
        }
    };
    let options = SettingsOptions {
        language,
        notify,
        time,
        expiry,
        threads,
        add_channel,
        remove_channel,
        daily_puzzle,
        daily_puzzle_hour,
        daily_puzzle_off,
    };
    answer(ctx, call::settings(options)).await
}

/// `/settings` expiry autocomplete: "automatic", then the usual times, in the reader's words.
#[allow(
    clippy::unused_async,
    reason = "poise autocomplete callbacks are async"
)]
async fn autocomplete_expiry(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    outgoing::autocomplete(&call::expiry_suggestions(language(ctx), partial))
}
