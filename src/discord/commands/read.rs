//! The options of a slash command as Discord sent them, read into [`Values`] by the command
//! table: times in any of the bot's languages, members with their server nickname, choices by
//! their index.

use poise::serenity_prelude as serenity;
use serenity::ResolvedValue;

use super::language;
use crate::commands::{self, Kind, Value, Values};
use crate::discord::call::{self, ExpiryOption, TimeOption};
use crate::discord::{Context, Error};
use crate::game::parse_time_control;
use crate::i18n::t;

/// The options of the command at `path` (its English path) in `args`; a refusal that quotes a
/// time that is not one, or names an option Discord sent in a shape the table does not give it.
pub fn values(
    ctx: Context<'_>,
    path: &str,
    args: &[serenity::ResolvedOption<'_>],
    resolved: &serenity::CommandDataResolved,
) -> Result<Values, Error> {
    let mut values = Values::new();
    let Some(declared) = commands::find(path) else {
        return Ok(values);
    };
    for arg in args {
        let Some(option) = declared.options.iter().find(|o| o.name == arg.name) else {
            continue;
        };
        let unreadable = || {
            Error::Refused(t!(
                language(ctx),
                DiscordOptionUnreadable,
                input = arg.name.to_owned()
            ))
        };
        let value = match (&option.kind, &arg.value) {
            (Kind::Text { .. }, ResolvedValue::String(text)) => Value::Text((*text).to_owned()),
            (Kind::Time, ResolvedValue::String(text)) => match TimeOption::parse(text) {
                Some(time) => Value::Time(time.duration()),
                None if option.name == "signup" => {
                    return Err(Error::Refused(t!(
                        language(ctx),
                        DiscordSignupUnreadable,
                        input = (*text).to_owned()
                    )));
                }
                None => {
                    return Err(Error::Refused(t!(
                        language(ctx),
                        DiscordTimeUnreadable,
                        input = (*text).to_owned()
                    )));
                }
            },
            (Kind::Pace, ResolvedValue::String(text)) => {
                if let Some(control) = parse_time_control(text) {
                    Value::Clock(control)
                } else if let Some(time) = TimeOption::parse(text) {
                    Value::Time(time.duration())
                } else {
                    return Err(Error::Refused(t!(
                        language(ctx),
                        DiscordPaceUnreadable,
                        input = (*text).to_owned()
                    )));
                }
            }
            (Kind::Clock, ResolvedValue::String(text)) => match parse_time_control(text) {
                Some(control) => Value::Clock(control),
                None => {
                    return Err(Error::Refused(t!(
                        language(ctx),
                        DiscordClockUnreadable,
                        input = (*text).to_owned()
                    )));
                }
            },
            (Kind::Expiry, ResolvedValue::String(text)) => {
                let Some(expiry) = ExpiryOption::parse(text) else {
                    let reader = language(ctx);
                    return Err(Error::Refused(t!(
                        reader,
                        DiscordExpiryUnreadable,
                        input = (*text).to_owned(),
                        automatic = t!(reader, DiscordExpiryAutomatic),
                    )));
                };
                Value::Expiry(expiry.duration())
            }
            (Kind::Integer { .. }, ResolvedValue::Integer(number)) => Value::Integer(*number),
            (Kind::Choice(choices), ResolvedValue::Integer(index)) => {
                match usize::try_from(*index) {
                    Ok(index) if index < choices.names.len() => Value::Choice(index),
                    _ => return Err(unreadable()),
                }
            }
            (Kind::Switch, ResolvedValue::Boolean(on)) => Value::Switch(*on),
            (Kind::Member, ResolvedValue::User(user, _)) => {
                Value::Member(call::member(user, resolved))
            }
            (Kind::Channel, ResolvedValue::Channel(channel)) => Value::Channel(channel.id.get()),
            _ => return Err(unreadable()),
        };
        values.set(option.name, value);
    }
    Ok(values)
}
