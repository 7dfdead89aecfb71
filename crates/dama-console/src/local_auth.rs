//! The console's people vouched for on the page of `damabot local --web`: [`LocalAuth`].

use std::sync::Arc;

use dama_core::store::{ChannelId, GuildId};
use dama_service::activity::{
    ActivityAuth, ActivityInstance, AuthFuture, AuthorizedUser, new_secret,
};

use crate::People;

/// The people of `damabot local --web`: any code is accepted, and the person is the name the
/// page gives (`you` when it gives none), the same person as that name in the console. Only
/// ever built by `damabot local --web`: in `damabot run` the SDK's mock code is refused like
/// any code Discord refuses.
pub struct LocalAuth {
    people: Arc<People>,
    guild: GuildId,
    channel: ChannelId,
}

impl LocalAuth {
    /// Names become `people`; every page plays in `channel` of `guild`.
    #[must_use]
    pub fn new(people: Arc<People>, guild: GuildId, channel: ChannelId) -> LocalAuth {
        LocalAuth {
            people,
            guild,
            channel,
        }
    }
}

/// The name of a local person when the page gives none.
pub const LOCAL_DEFAULT_NAME: &str = "you";

impl ActivityAuth for LocalAuth {
    fn exchange<'a>(&'a self, code: &'a str) -> AuthFuture<'a, AuthorizedUser> {
        self.exchange_named(code, None)
    }

    fn exchange_named<'a>(
        &'a self,
        _code: &'a str,
        name: Option<&'a str>,
    ) -> AuthFuture<'a, AuthorizedUser> {
        let name = name
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .unwrap_or(LOCAL_DEFAULT_NAME)
            .chars()
            .take(32)
            .collect::<String>();
        let user = self.people.id(&name);
        Box::pin(async move {
            Ok(AuthorizedUser {
                access_token: new_secret(),
                user,
                name,
                locale: None,
            })
        })
    }

    fn instance<'a>(&'a self, _instance: &'a str) -> AuthFuture<'a, ActivityInstance> {
        Box::pin(async move {
            Ok(ActivityInstance {
                guild: Some(self.guild),
                channel: self.channel,
                users: self.people.ids(),
            })
        })
    }

    fn lists_present_people(&self) -> bool {
        false
    }
}
