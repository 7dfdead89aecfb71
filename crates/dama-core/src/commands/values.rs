//! The options of one command as a front end read them: each by its English name in the
//! [`TABLE`](super::TABLE), with a value of the option's kind.

use std::time::Duration;

use crate::store::Member;
use crate::store::TimeControl;

/// The value of one option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Integer(i64),
    Switch(bool),
    Member(Member),
    /// A channel's id.
    Channel(u64),
    /// The index of the choice picked, in the table's order.
    Choice(usize),
    /// A time, read ([`Kind::Time`](super::Kind::Time)).
    Time(Duration),
    /// An expiry, read: a time, or `None` for "fits the time per move".
    Expiry(Option<Duration>),
    /// A live game's time control ([`Kind::Pace`](super::Kind::Pace) written `5+3`).
    Clock(TimeControl),
}

/// The options given to one command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Values(Vec<(&'static str, Value)>);

impl Values {
    /// No option.
    #[must_use]
    pub fn new() -> Values {
        Values::default()
    }

    /// Sets an option (once: a second value replaces the first).
    pub fn set(&mut self, name: &'static str, value: Value) {
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some((_, old)) => *old = value,
            None => self.0.push((name, value)),
        }
    }

    /// These values and one more.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: Value) -> Values {
        self.set(name, value);
        self
    }

    /// Whether an option is given.
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    #[must_use]
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name)? {
            Value::Text(text) => Some(text),
            _ => None,
        }
    }

    #[must_use]
    pub fn integer(&self, name: &str) -> Option<i64> {
        match self.get(name)? {
            Value::Integer(number) => Some(*number),
            _ => None,
        }
    }

    #[must_use]
    pub fn switch(&self, name: &str) -> Option<bool> {
        match self.get(name)? {
            Value::Switch(on) => Some(*on),
            _ => None,
        }
    }

    #[must_use]
    pub fn member(&self, name: &str) -> Option<&Member> {
        match self.get(name)? {
            Value::Member(member) => Some(member),
            _ => None,
        }
    }

    #[must_use]
    pub fn channel(&self, name: &str) -> Option<u64> {
        match self.get(name)? {
            Value::Channel(channel) => Some(*channel),
            _ => None,
        }
    }

    #[must_use]
    pub fn choice(&self, name: &str) -> Option<usize> {
        match self.get(name)? {
            Value::Choice(index) => Some(*index),
            _ => None,
        }
    }

    #[must_use]
    pub fn time(&self, name: &str) -> Option<Duration> {
        match self.get(name)? {
            Value::Time(time) => Some(*time),
            _ => None,
        }
    }

    #[must_use]
    pub fn clock(&self, name: &str) -> Option<TimeControl> {
        match self.get(name)? {
            Value::Clock(clock) => Some(*clock),
            _ => None,
        }
    }

    #[must_use]
    pub fn expiry(&self, name: &str) -> Option<Option<Duration>> {
        match self.get(name)? {
            Value::Expiry(expiry) => Some(*expiry),
            _ => None,
        }
    }
}
