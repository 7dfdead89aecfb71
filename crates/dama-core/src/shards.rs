//! Which of the bot's shards this process runs, and so which servers it looks after.
//!
//! Discord sends each server's events to one shard: the one numbered
//! `(guild_id >> 22) % shard_total`. A process running some of the shards answers the
//! interactions of their servers, and its sweeps (reminders, forfeits, engine moves that a
//! restart interrupted) look after the same servers, so two processes never do the same work.
//!
//! ```
//! use dama_core::shards::ShardSet;
//!
//! let shards = ShardSet::parse("0-3", 8).unwrap();
//! assert_eq!(shards.ids(), [0, 1, 2, 3]);
//! assert!(shards.owns(2 << 22)); // shard 2
//! assert!(!shards.owns(5 << 22)); // shard 5 runs elsewhere
//! assert!(ShardSet::parse("6-9", 8).is_err());
//! ```

use std::fmt;
use std::ops::RangeInclusive;

/// The shard that receives a server's events when the bot runs `total` shards.
#[must_use]
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
}

/// Some shards out of `total`: a contiguous range, as the gateway client starts them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShardSet {
    first: u32,
    last: u32,
    total: u32,
}

/// A shard setting that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    #[error("{0:?} is not a shard number, a range (`0-3`) or a list (`0,1,2`)")]
    Syntax(String),
    #[error("the shard total must be at least 1")]
    NoShards,
    #[error("set `discord.shard_total` too: how many shards the bot runs across its processes")]
    NoTotal,
    #[error("shard {shard} does not exist with {total} shards (they are numbered 0 to {last})", last = total - 1)]
    OutOfRange { shard: u32, total: u32 },
    #[error("a process runs one contiguous range of shards; {0:?} has gaps")]
    Gaps(String),
    #[error("no shards in {0:?}")]
    Empty(String),
}

impl ShardSet {
    /// Every shard of `total`.
    #[must_use]
    pub fn all(total: u32) -> ShardSet {
        let total = total.max(1);
        ShardSet {
            first: 0,
            last: total - 1,
            total,
        }
    }

    /// Reads `"3"`, `"0-3"` or `"0,1,2"` (contiguous) out of `total` shards.
    pub fn parse(spec: &str, total: u32) -> Result<ShardSet, ShardError> {
        if total == 0 {
            return Err(ShardError::NoShards);
        }
        let syntax = || ShardError::Syntax(spec.to_owned());
        let number = |text: &str| text.trim().parse::<u32>().map_err(|_| syntax());
        let mut ids = Vec::new();
        for part in spec.split(',') {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            match part.split_once('-') {
                Some((from, to)) => {
                    let (from, to) = (number(from)?, number(to)?);
                    if from > to {
                        return Err(syntax());
                    }
                    ids.extend(from..=to);
                }
                None => ids.push(number(part)?),
            }
        }
        ids.sort_unstable();
        ids.dedup();
        let (Some(&first), Some(&last)) = (ids.first(), ids.last()) else {
            return Err(ShardError::Empty(spec.to_owned()));
        };
        if last >= total {
            return Err(ShardError::OutOfRange { shard: last, total });
        }
        if (last - first) as usize + 1 != ids.len() {
            return Err(ShardError::Gaps(spec.to_owned()));
        }
        Ok(ShardSet { first, last, total })
    }

    /// The shards of this process, in order.
    #[must_use]
    pub fn ids(&self) -> Vec<u32> {
        self.range().collect()
    }

    /// The shards of this process as a range (both ends included).
    #[must_use]
    pub fn range(&self) -> RangeInclusive<u32> {
        self.first..=self.last
    }

    /// How many shards the bot runs in all, across processes.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Whether this process runs the shard of `guild`.
    #[must_use]
    pub fn owns(&self, guild: u64) -> bool {
        self.range().contains(&shard_of(guild, self.total))
    }
}

impl fmt::Display for ShardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "shard {} of {}", self.first, self.total)
        } else {
            write!(f, "shards {}-{} of {}", self.first, self.last, self.total)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_lists_and_single_shards_parse() {
        assert_eq!(ShardSet::parse("2", 4).unwrap().ids(), [2]);
        assert_eq!(ShardSet::parse("0-3", 8).unwrap().ids(), [0, 1, 2, 3]);
        assert_eq!(ShardSet::parse(" 4, 5 ,6", 8).unwrap().ids(), [4, 5, 6]);
        assert_eq!(ShardSet::parse("1-2,3", 4).unwrap().ids(), [1, 2, 3]);
        assert_eq!(ShardSet::all(3).ids(), [0, 1, 2]);
    }

    #[test]
    fn unusable_settings_say_why() {
        assert_eq!(
            ShardSet::parse("0-8", 8).unwrap_err().to_string(),
            "shard 8 does not exist with 8 shards (they are numbered 0 to 7)"
        );
        assert!(matches!(
            ShardSet::parse("0,2", 4),
            Err(ShardError::Gaps(_))
        ));
        assert!(matches!(
            ShardSet::parse("3-1", 4),
            Err(ShardError::Syntax(_))
        ));
        assert!(matches!(
            ShardSet::parse("a", 4),
            Err(ShardError::Syntax(_))
        ));
        assert!(matches!(ShardSet::parse("", 4), Err(ShardError::Empty(_))));
        assert_eq!(ShardSet::parse("0", 0), Err(ShardError::NoShards));
    }

    #[test]
    fn a_guild_belongs_to_the_shard_discord_sends_its_events_to() {
        // Discord's rule: (guild_id >> 22) % shard_total.
        let guild = 197_038_439_483_310_086_u64;
        assert_eq!(shard_of(guild, 1), 0);
        assert_eq!(shard_of(guild, 4), ((guild >> 22) % 4) as u32);
        let set = ShardSet::parse("1", 2).unwrap();
        assert!(set.owns(1 << 22));
        assert!(set.owns(3 << 22));
        assert!(!set.owns(2 << 22));
        assert!(!set.owns((1 << 22) - 1));
    }
}
