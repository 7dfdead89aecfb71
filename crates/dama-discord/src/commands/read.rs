//! The options of a slash command as Discord sent them, read into [`Values`] by the command
//! table: times in any of the bot's languages (read as every front end reads them), members with their server nickname, choices by
//! their index.

use poise::serenity_prelude as serenity;
use serenity::ResolvedValue;

use super::language;
use crate::call;
use crate::{Context, Error};
use dama_core::commands::{self, Kind, Value, Values};
use dama_core::i18n::t;

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
                OptionUnreadable,
                input = arg.name.to_owned()
            ))
        };
        let value = match (&option.kind, &arg.value) {
            (Kind::Text { .. }, ResolvedValue::String(text)) => Value::Text((*text).to_owned()),
            (Kind::Time | Kind::Pace | Kind::Clock | Kind::Expiry, ResolvedValue::String(text)) => {
                match commands::read_time(language(ctx), option, text) {
                    Some(Ok(value)) => value,
                    Some(Err(refusal)) => return Err(Error::Refused(refusal)),
                    None => return Err(unreadable()),
                }
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
