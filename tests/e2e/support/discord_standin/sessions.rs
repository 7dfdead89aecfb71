//! The bot's gateway sessions as a test sees them: IDENTIFY and RESUME awaited, shards, frames
//! sent, dispatches, and connections ended as Discord ends them.

use serde_json::Value;

use super::record::ClientFrame;
use super::state::Outgoing;
use super::{Standin, check_dispatch};

impl Standin {
    /// Waits for the bot's next IDENTIFY (the first call: its first) and for the session it
    /// starts to be live (READY and GUILD_CREATE sent); returns IDENTIFY's `d`. A bot started
    /// again on the same stand-in identifies again: call it once per start.
    pub async fn wait_ready(&self) -> Value {
        let frame = self.next_frame(2).await;
        self.wait_live(frame.connection, "the session IDENTIFY asked for")
            .await;
        frame.d
    }

    /// Waits for the bot's next RESUME and for the session to be live again (missed dispatches
    /// replayed, RESUMED sent); returns RESUME's `d` (`session_id`, `seq`).
    pub async fn wait_resumed(&self) -> Value {
        let frame = self.next_frame(6).await;
        self.wait_live(frame.connection, "the session RESUME asked for")
            .await;
        frame.d
    }

    async fn wait_live(&self, connection: u64, what: &str) {
        self.wait_for(what, |state| {
            let current = state.gateway.connection(connection);
            current.is_some_and(|c| c.live).then_some(())
        })
        .await;
    }

    /// The shards with a live connection now, in order.
    #[must_use]
    pub fn live_shards(&self) -> Vec<u64> {
        let state = self.shared.lock();
        let mut shards: Vec<u64> = state
            .gateway
            .open
            .iter()
            .filter(|c| c.live)
            .filter_map(|c| c.shard)
            .collect();
        shards.sort_unstable();
        shards
    }

    /// While `hold` is set, new gateway connections are accepted but get no HELLO (a gateway
    /// that does not answer); releasing it sends the held connections their HELLO.
    pub fn hold_gateway(&self, hold: bool) {
        self.shared.lock().gateway.hold = hold;
        self.shared.notify();
    }

    /// The shard of `guild`'s events (`(guild_id >> 22) % shard count`).
    #[must_use]
    pub fn shard_of(&self, guild: u64) -> u64 {
        (guild >> 22) % self.shared.options.shards.max(1)
    }

    /// The next gateway frame with this opcode the bot sent (each returned once).
    pub async fn next_frame(&self, op: u64) -> ClientFrame {
        self.wait_for(&format!("a gateway frame with op {op}"), |state| {
            let gateway = &mut state.gateway;
            let index = (0..gateway.frames.len())
                .find(|&i| !gateway.frames_taken[i] && gateway.frames[i].op == op)?;
            gateway.frames_taken[index] = true;
            Some(gateway.frames[index].clone())
        })
        .await
    }

    /// Every frame the bot sent on the gateway, in order.
    #[must_use]
    pub fn frames(&self) -> Vec<ClientFrame> {
        self.shared.lock().gateway.frames.clone()
    }

    /// How many WebSocket connections the bot has opened.
    #[must_use]
    pub fn connections(&self) -> u64 {
        self.shared.lock().gateway.connections
    }

    /// Sends a dispatch (after checking that serenity parses it), waiting for a session first;
    /// while the connection is down it is kept for RESUME to replay. Returns its sequence number.
    pub async fn dispatch(&self, event: &str, data: Value) -> u64 {
        check_dispatch(event, &data);
        let guild = data["guild_id"].as_str().and_then(|g| g.parse().ok());
        let shard = self.shard_of(guild.unwrap_or(0));
        self.wait_for("a gateway session", |state| {
            state.gateway.sessions.contains_key(&shard).then_some(())
        })
        .await;
        let seq = self.shared.lock().gateway.dispatch(guild, event, data);
        self.shared.notify();
        seq.expect("the session was there a moment ago and only IDENTIFY replaces it")
    }

    /// Closes every gateway connection with close code 4000 (resumable), as Discord does when
    /// it restarts a gateway node; dispatches until the bot resumes are replayed then.
    pub fn drop_gateway(&self) {
        self.end_connections(|| Outgoing::Close(4000, "Unknown error.".to_owned()));
    }

    /// Ends every session as Discord does when a session timed out (close code 4009, not
    /// resumable): the bot must connect and identify again.
    pub fn time_out_sessions(&self) {
        self.shared.lock().gateway.sessions.clear();
        self.end_connections(|| Outgoing::Close(4009, "Session timed out.".to_owned()));
    }

    /// Drops every gateway TCP connection without a close frame (a network failure).
    pub fn cut_gateway(&self) {
        self.end_connections(|| Outgoing::Cut);
    }

    fn end_connections(&self, how: impl Fn() -> Outgoing) {
        let mut state = self.shared.lock();
        let connections = std::mem::take(&mut state.gateway.open);
        assert!(!connections.is_empty(), "no gateway connection to end");
        for connection in connections {
            let _ = connection.tx.send(how());
        }
        drop(state);
        self.shared.notify();
    }
}
