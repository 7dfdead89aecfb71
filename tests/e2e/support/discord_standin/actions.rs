//! What people do (slash commands, autocomplete, clicks, picks) and what the bot answered:
//! callbacks, messages and their versions, files, registered commands.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::interaction::{self, Slash};
use super::model::{self, Person};
use super::record::{Recorded, SentInteraction};
use super::state::State;
use super::{Standin, check_dispatch};

impl Standin {
    async fn send_interaction(
        &self,
        channel: u64,
        build: impl FnOnce(&mut State) -> Result<(u64, String, Value), String>,
    ) -> SentInteraction {
        let guild = self.shared.lock().world.guild_of_id(channel);
        let shard = self.shard_of(guild);
        self.wait_for(&format!("a gateway session of shard {shard}"), |state| {
            state.gateway.sessions.contains_key(&shard).then_some(())
        })
        .await;
        let (id, token, payload) = build(&mut self.shared.lock()).unwrap_or_else(|e| panic!("{e}"));
        check_dispatch("INTERACTION_CREATE", &payload);
        let mut state = self.shared.lock();
        let seq = state
            .gateway
            .dispatch(Some(guild), "INTERACTION_CREATE", payload.clone());
        let seq = seq.expect("sessions are only replaced, never removed");
        let sent_at = Instant::now();
        // Discord's 3 s count from the interaction's creation, which its id tells.
        let waited = Duration::from_millis(model::now_ms().saturating_sub(model::created_ms(id)));
        let created = state
            .now()
            .checked_sub(waited)
            .unwrap_or_else(|| state.now());
        if let Some(pending) = state.interactions.get_mut(&id) {
            pending.sent_at = created;
        }
        let kind = payload["type"].as_u64().unwrap_or(0) as u8;
        drop(state);
        self.shared.notify();
        SentInteraction {
            id,
            token,
            kind,
            seq,
            sent_at,
            payload,
        }
    }

    /// `who` runs a slash command in the first text channel.
    pub async fn slash(&self, who: &Person, command: Slash) -> SentInteraction {
        self.slash_in(self.channel_id(), who, command).await
    }

    /// `who` runs a slash command in `channel` (a text channel or a thread).
    pub async fn slash_in(&self, channel: u64, who: &Person, command: Slash) -> SentInteraction {
        self.send_interaction(channel, |state| {
            interaction::command(state, channel, who, &command, false)
        })
        .await
    }

    /// `who` types in an autocompleted option (marked with [`Slash::focused`]).
    pub async fn autocomplete(&self, who: &Person, command: Slash) -> SentInteraction {
        self.autocomplete_in(self.channel_id(), who, command).await
    }

    /// `who` types in an autocompleted option in `channel`.
    pub async fn autocomplete_in(
        &self,
        channel: u64,
        who: &Person,
        command: Slash,
    ) -> SentInteraction {
        self.send_interaction(channel, |state| {
            interaction::command(state, channel, who, &command, true)
        })
        .await
    }

    /// `who` clicks the button `custom_id` on a message the bot posted.
    pub async fn click(&self, who: &Person, message: u64, custom_id: &str) -> SentInteraction {
        let channel = self.channel_of_message(message);
        self.send_interaction(channel, |state| {
            interaction::component(state, who, message, custom_id, None)
        })
        .await
    }

    /// `who` picks `values` in the select menu `custom_id` on a message the bot posted.
    pub async fn select(
        &self,
        who: &Person,
        message: u64,
        custom_id: &str,
        values: &[&str],
    ) -> SentInteraction {
        let channel = self.channel_of_message(message);
        self.send_interaction(channel, |state| {
            interaction::component(state, who, message, custom_id, Some(values))
        })
        .await
    }

    /// The channel of a message the bot posted (the first channel when it is unknown: the
    /// interaction built for it then says what is wrong).
    fn channel_of_message(&self, message: u64) -> u64 {
        let state = self.shared.lock();
        state
            .messages
            .get(&message)
            .and_then(|m| m["channel_id"].as_str())
            .and_then(|c| c.parse().ok())
            .unwrap_or(state.world.channel_id)
    }

    /// Waits for the bot's callback to this interaction; panics unless it was accepted (204).
    pub async fn callback(&self, sent: &SentInteraction) -> Recorded {
        let path = format!("/interactions/{}/{}/callback", sent.id, sent.token);
        let request = self
            .next_request_where(&format!("POST {path}"), |r| {
                r.method == "POST" && r.path == path
            })
            .await;
        assert_eq!(
            request.status,
            204,
            "the callback was refused: {:?}\n{}",
            request.response,
            self.log()
        );
        request
    }

    /// Waits for the callback of an autocomplete interaction and returns its choices.
    pub async fn choices(&self, sent: &SentInteraction) -> Vec<Value> {
        let request = self.callback(sent).await;
        assert_eq!(
            request.body()["type"],
            8,
            "autocomplete answered with {}",
            request.body()
        );
        let state = self.shared.lock();
        let choices = state
            .interactions
            .get(&sent.id)
            .and_then(|p| p.choices.clone());
        choices
            .and_then(|c| c.as_array().cloned())
            .unwrap_or_default()
    }

    /// Waits until the interaction has been answered and returns the message `@original` refers
    /// to (the new reply, or for a component the message it was on), as it is now.
    pub async fn original(&self, sent: &SentInteraction) -> Value {
        let id = sent.id;
        self.wait_for("the interaction's original response", |state| {
            let pending = state.interactions.get(&id)?;
            state.messages.get(&pending.original?).cloned()
        })
        .await
    }

    /// A message the bot posted, as it is now.
    #[must_use]
    pub fn message(&self, id: u64) -> Value {
        let message = self.shared.lock().messages.get(&id).cloned();
        message.unwrap_or_else(|| panic!("there is no message {id}\n{}", self.log()))
    }

    /// Every version of a message, from its creation to now (kept after a deletion), to check
    /// states that a later edit replaced, such as the "thinking" state of a deferred reply.
    #[must_use]
    pub fn message_history(&self, id: u64) -> Vec<Value> {
        self.shared
            .lock()
            .history
            .get(&id)
            .cloned()
            .unwrap_or_default()
    }

    /// Every message the bot has posted and not deleted, oldest first.
    #[must_use]
    pub fn messages(&self) -> Vec<Value> {
        let state = self.shared.lock();
        let mut ids: Vec<u64> = state.messages.keys().copied().collect();
        ids.sort_unstable();
        ids.iter().map(|id| state.messages[id].clone()).collect()
    }

    /// The bytes of a message's attachment.
    #[must_use]
    pub fn attachment(&self, message: &Value, filename: &str) -> Vec<u8> {
        let attachments = message["attachments"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let attachment = attachments.iter().find(|a| a["filename"] == filename);
        let attachment =
            attachment.unwrap_or_else(|| panic!("no attachment {filename} in {message}"));
        let id = model::id_of(&attachment["id"]).unwrap_or_default();
        let bytes = self.shared.lock().files.get(&id).cloned();
        bytes.unwrap_or_else(|| panic!("the stand-in lost the bytes of attachment {id}"))
    }

    /// The commands registered in the guild, as Discord echoed them (with ids).
    #[must_use]
    pub fn guild_commands(&self) -> Vec<Value> {
        let state = self.shared.lock();
        state
            .guild_commands
            .get(&state.world.guild_id)
            .cloned()
            .unwrap_or_default()
    }

    /// The commands registered globally.
    #[must_use]
    pub fn global_commands(&self) -> Vec<Value> {
        self.shared.lock().global_commands.clone()
    }
}
