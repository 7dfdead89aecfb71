//! Answering interactions in time.
//!
//! Discord wants a first response within 3 seconds. A service call and its board image
//! usually take a few milliseconds, so the answer goes out directly, with its final visibility
//! (public, or private for a mistake). When the work is still running after
//! [`ACK_BUDGET`] (the engine is thinking, or is queued behind other searches), the
//! interaction is deferred and the answer edited in when it is ready. An interaction token
//! lives 15 minutes; news later than [`TOKEN_SAFE_LIFE`] goes out as a channel message.
//!
//! Every public message that shows a game's board or a challenge is reported back to the
//! service, so later replies can link to it and the sweep can edit it.

use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tokio::sync::watch;
use tracing::{info, warn};

use super::call::{self, Click};
use super::errors::apology;
use super::outgoing::{
    ClickAnswer, DEFAULT_ATTACHMENT_LIMIT, DiscordMessage, MAX_CONTENT, Outgoing, Place,
    autocomplete, autocomplete_hint, click_answer, direct_fallback, ping_after_update, thread_name,
    truncate,
};
use super::permissions::{check_permissions, guild_only_text};
use super::{Data, Error};
use crate::game::{
    Action, Actor, GameService, Notice, Origin, PuzzleAction, Reply, ServiceError, Suggestions,
};
use crate::i18n::{Language, t};
use crate::metrics::{self, InteractionKind};
use crate::store::MessageRef;

/// How long a reply may take before the interaction is deferred; well inside Discord's 3 s,
/// with room for the network.
pub const ACK_BUDGET: Duration = Duration::from_millis(1500);
/// After this, an interaction token is treated as expired (Discord: 15 minutes).
pub const TOKEN_SAFE_LIFE: Duration = Duration::from_secs(14 * 60);
/// How long the bot waits for the service to suggest moves (autocomplete has 3 s too).
pub const AUTOCOMPLETE_BUDGET: Duration = Duration::from_secs(2);
/// The least time between two progress edits of a deferred answer: Discord limits how often
/// a message may be edited (a few times in a few seconds per interaction), and a person reads
/// no faster.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(1200);

/// Waits for `job` while showing its progress: each line `lines` receives is handed to `show`
/// (an edit of the deferred message), the latest one only, at most once per `interval` (from
/// the end of the previous edit), and never the same line twice. Returns the job's output once
/// no edit is in flight, so the answer that follows can never be overwritten by a progress
/// line; lines that arrive after the job ended are not shown.
pub async fn follow_progress<T, Edit: Future<Output = ()>>(
    job: impl Future<Output = T>,
    lines: &mut watch::Receiver<Option<String>>,
    interval: Duration,
    mut show: impl FnMut(String) -> Edit,
) -> T {
    let mut job = std::pin::pin!(job);
    let mut last_edit: Option<tokio::time::Instant> = None;
    let mut shown: Option<String> = None;
    loop {
        tokio::select! {
            biased;
            done = &mut job => return done,
            changed = lines.changed() => {
                if changed.is_err() {
                    // The work dropped its end of the channel: it is finishing.
                    return job.await;
                }
            }
        }
        if let Some(at) = last_edit {
            tokio::select! {
                biased;
                done = &mut job => return done,
                () = tokio::time::sleep_until(at + interval) => {}
            }
        }
        let Some(line) = lines.borrow_and_update().clone() else {
            continue;
        };
        if shown.as_ref() == Some(&line) {
            continue;
        }
        show(line.clone()).await;
        shown = Some(line);
        last_edit = Some(tokio::time::Instant::now());
    }
}

fn place(guild: u64, attachment_size_limit: u32) -> Place {
    let limit = if attachment_size_limit == 0 {
        DEFAULT_ATTACHMENT_LIMIT
    } else {
        u64::from(attachment_size_limit)
    };
    Place {
        guild,
        attachment_limit: limit,
    }
}

/// Runs a call of the service for `actor` and draws its board and replay, on the blocking
/// pool. The reply's readers are the actor for a private reply, the server otherwise.
fn start(
    data: &Data,
    actor: Actor,
    call: impl FnOnce(&GameService, &Actor) -> Result<Reply, ServiceError> + Send + 'static,
) -> tokio::task::JoinHandle<Result<Outgoing, ServiceError>> {
    let service = data.service.clone();
    let renderer = data.renderer.clone();
    data.work.spawn(move || {
        let reply = call(&service, &actor)?;
        let language = if reply.ephemeral {
            actor.language
        } else {
            service.public_language(&actor)
        };
        Ok(Outgoing::render_with_notices(
            &renderer,
            reply,
            language,
            &|guild| service.server_language(guild),
        ))
    })
}

/// Discord's epoch in Unix milliseconds: a snowflake's top 42 bits count from it.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// When Discord created an interaction, in Unix milliseconds, from its id.
#[must_use]
pub fn created_at_ms(id: u64) -> u64 {
    (id >> 22) + DISCORD_EPOCH_MS
}

/// What is left of [`ACK_BUDGET`] for an interaction created at `created_ms` when it is
/// `now_ms`: the 3 s count from its creation, so an interaction that waited (replayed after a
/// gateway resume, or queued behind others) is deferred at once.
#[must_use]
pub fn ack_budget(created_ms: u64, now_ms: u64) -> Duration {
    let age = Duration::from_millis(now_ms.saturating_sub(created_ms));
    ACK_BUDGET.saturating_sub(age)
}

/// The system clock in Unix milliseconds.
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// The budget of an interaction with this id, by the system clock.
fn budget_of(id: u64) -> Duration {
    ack_budget(created_at_ms(id), now_ms())
}

/// Counts the first answer to an interaction (a deferral, or the answer itself) in the
/// metrics, with its time since Discord created the interaction.
fn answered(shard: serenity::ShardId, kind: InteractionKind, id: u64, deferred: bool) {
    let age = Duration::from_millis(now_ms().saturating_sub(created_at_ms(id)));
    metrics::interaction_answered(shard.0, kind, age, deferred);
}

/// Answers a slash command with the reply to its action. Once the reply is out, later failures
/// (reading the posted message back, remembering it) are logged: an apology never replaces a
/// board that was posted.
pub async fn answer_command(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    action: Action,
) -> Result<(), Error> {
    let _answering = ctx.data().work.track();
    let received = Instant::now();
    let interaction = ctx.interaction;
    let budget = budget_of(interaction.id.get());
    let http = &ctx.serenity_context().http;
    let Some(actor) = call::actor(
        &interaction.user,
        interaction.member.as_deref(),
        call::ChannelContext::of_command(interaction),
        &interaction.locale,
        interaction.guild_locale.as_deref(),
    ) else {
        return Err(Error::Refused(guild_only_text(Language::from_locale(
            &interaction.locale,
        ))));
    };
    let place = place(actor.guild, interaction.attachment_size_limit);
    let data = ctx.data();
    // The answers that are private when they succeed: a deferred answer keeps the privacy
    // of its deferral.
    let predicted_private = matches!(
        action,
        Action::Help
            | Action::Hint
            | Action::Puzzle(
                PuzzleAction::Next | PuzzleAction::Daily | PuzzleAction::Answer { .. }
            )
    );
    let name = action.name();
    let user = actor.user;
    let (progress, mut progress_lines) = watch::channel(None::<String>);
    let mut job = start(data, actor, move |service, actor| {
        service.act_with_progress(actor, Origin::Channel, action, &|line| {
            progress.send_replace(Some(line));
        })
    });
    if let Ok(done) = tokio::time::timeout(budget, &mut job).await {
        let outgoing = done??;
        let message = DiscordMessage::new(&outgoing, place);
        interaction
            .create_response(
                http,
                serenity::CreateInteractionResponse::Message(message.into_response()),
            )
            .await?;
        mark_responded(ctx);
        let shard = ctx.serenity_context().shard_id;
        answered(shard, InteractionKind::Command, interaction.id.get(), false);
        let mut posted = None;
        if shows_something(&outgoing.reply) || outgoing.reply.thread.is_some() {
            match interaction.get_response(http).await {
                Ok(message) => {
                    remember(http, data, &outgoing.reply, &message).await;
                    posted = Some(message_ref(&message));
                }
                Err(error) => warn!(
                    command = name,
                    error = %Error::from(error),
                    "the reply is out but could not be read back; later boards will not link to it"
                ),
            }
        }
        Box::pin(after_reply(
            http,
            data,
            &outgoing,
            posted,
            interaction.channel_id,
            place.guild,
        ))
        .await;
        return Ok(());
    }
    let defer = serenity::CreateInteractionResponseMessage::new().ephemeral(predicted_private);
    interaction
        .create_response(http, serenity::CreateInteractionResponse::Defer(defer))
        .await?;
    mark_responded(ctx);
    let shard = ctx.serenity_context().shard_id;
    answered(shard, InteractionKind::Command, interaction.id.get(), true);
    info!(
        command = name,
        user, "deferred: the reply was not ready within {budget:?} of the interaction"
    );
    let show_progress = |line: String| async move {
        if received.elapsed() > TOKEN_SAFE_LIFE {
            return;
        }
        let edit = serenity::EditInteractionResponse::new()
            .content(truncate(&line, MAX_CONTENT))
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        if let Err(error) = interaction.edit_response(http, edit).await {
            info!(command = name, error = %Error::from(error), "could not show the progress of a deferred answer");
        }
    };
    let outgoing = follow_progress(
        &mut job,
        &mut progress_lines,
        PROGRESS_INTERVAL,
        show_progress,
    )
    .await??;
    let message = DiscordMessage::new(&outgoing, place);
    let reply = &outgoing.reply;
    let channel = interaction.channel_id;
    if received.elapsed() > TOKEN_SAFE_LIFE {
        let posted = post_late(http, data, reply, message, channel).await?;
        Box::pin(after_reply(
            http,
            data,
            &outgoing,
            posted,
            channel,
            place.guild,
        ))
        .await;
        return Ok(());
    }
    if reply.ephemeral != predicted_private {
        // A deferred message cannot change its privacy (a public "thinking" message cannot
        // turn private, nor a private one public): remove it and answer in a follow-up.
        interaction.delete_response(http).await?;
        let followup = interaction
            .create_followup(http, message.into_followup())
            .await?;
        let posted = if reply.ephemeral {
            None
        } else {
            remember(http, data, reply, &followup).await;
            Some(message_ref(&followup))
        };
        Box::pin(after_reply(
            http,
            data,
            &outgoing,
            posted,
            channel,
            place.guild,
        ))
        .await;
        return Ok(());
    }
    let posted = match interaction
        .edit_response(http, message.clone().into_edit_response())
        .await
    {
        Ok(posted) => {
            remember(http, data, reply, &posted).await;
            Some(message_ref(&posted))
        }
        Err(error) if !reply.ephemeral => {
            warn!(command = name, error = %Error::from(error), "could not edit the deferred response; posting in the channel");
            post_late(http, data, reply, message, channel).await?
        }
        Err(error) => return Err(error.into()),
    };
    Box::pin(after_reply(
        http,
        data,
        &outgoing,
        posted,
        channel,
        place.guild,
    ))
    .await;
    Ok(())
}

/// Where a posted message is.
fn message_ref(message: &serenity::Message) -> MessageRef {
    MessageRef {
        channel: message.channel_id.get(),
        message: message.id.get(),
    }
}

/// What a reply brings once it is out (at `posted`, when it is known): the thread of a game
/// that starts, with the game's first board in it (or that board in `channel` when no thread
/// can be opened); the notices; the thread of a game that ended, archived. Failures are
/// logged: the reply itself is out. (Callers box it: it is the largest part of an answer.)
pub async fn after_reply(
    http: &serenity::Http,
    data: &Data,
    outgoing: &Outgoing,
    posted: Option<MessageRef>,
    channel: serenity::ChannelId,
    guild: u64,
) {
    let reply = &outgoing.reply;
    if let Some(start) = &reply.thread {
        let from = posted.filter(|_| !reply.ephemeral);
        if let Err(error) =
            Box::pin(start_game_thread(http, data, start, from, channel, guild)).await
        {
            warn!(%error, game = %start.game, "could not post the first board of a game");
        }
    }
    post_notices(http, data, outgoing.notices.clone()).await;
    if let Some(thread) = reply.archive {
        archive_thread(http, thread).await;
    }
}

/// How long a game's thread stays open without a message before Discord archives it, in
/// minutes: a week, the longest Discord allows, since a game may wait days for a move (a
/// message in an archived thread opens it again, and the bot archives the thread itself when
/// the game ends).
pub const THREAD_AUTO_ARCHIVE: serenity::AutoArchiveDuration =
    serenity::AutoArchiveDuration::OneWeek;

/// Opens the thread of a starting game from the message `from` (the line that says it
/// starts), tells the service, and posts the game's first board there. When the thread cannot
/// be opened (no permission, a channel without threads, no message to start it from) the
/// service hears so and the board goes in `channel`.
async fn start_game_thread(
    http: &serenity::Http,
    data: &Data,
    start: &crate::game::ThreadStart,
    from: Option<MessageRef>,
    channel: serenity::ChannelId,
    guild: u64,
) -> Result<(), Error> {
    let opened = match from {
        Some(from) => {
            let builder = serenity::CreateThread::new(thread_name(&start.name))
                .auto_archive_duration(THREAD_AUTO_ARCHIVE);
            match serenity::ChannelId::new(from.channel)
                .create_thread_from_message(http, serenity::MessageId::new(from.message), builder)
                .await
            {
                Ok(thread) => Some(thread.id),
                Err(error) => {
                    info!(error = %Error::from(error), game = %start.game, "could not open a thread for a game; it is played in its channel");
                    None
                }
            }
        }
        None => None,
    };
    let service = data.service.clone();
    let renderer = data.renderer.clone();
    let game = start.game;
    let job = data.work.spawn(move || {
        let reply = match opened {
            Some(thread) => service.thread_opened(game, thread.get())?,
            None => service.thread_failed(game)?,
        };
        let language = service.server_language(guild);
        Ok::<_, ServiceError>(Outgoing::render_with_notices(
            &renderer,
            reply,
            language,
            &|g| service.server_language(g),
        ))
    });
    let outgoing = job.await??;
    let target = opened.unwrap_or(channel);
    let message = DiscordMessage::new(&outgoing, place(guild, 0));
    let posted = target
        .send_message(http, message.into_create_message())
        .await?;
    remember(http, data, &outgoing.reply, &posted).await;
    post_notices(http, data, outgoing.notices.clone()).await;
    Ok(())
}

/// Archives the thread of a game that ended. A failure is logged only (the thread was deleted,
/// or someone archived or locked it already).
async fn archive_thread(http: &serenity::Http, thread: u64) {
    let edit = serenity::EditThread::new().archived(true);
    if let Err(error) = serenity::ChannelId::new(thread)
        .edit_thread(http, edit)
        .await
    {
        info!(error = %Error::from(error), thread, "could not archive the thread of a finished game");
    }
}

/// Posts notices in order (direct messages, lines in a game's channel, boards), then archives
/// the threads their replies close. Each failure is logged and the rest still go.
pub async fn post_notices(http: &serenity::Http, data: &Data, notices: Vec<(Notice, Outgoing)>) {
    let mut archive = Vec::new();
    for (notice, outgoing) in notices {
        archive.extend(outgoing.reply.archive);
        let channel = notice.channel;
        if let Err(error) = deliver_notice(http, data, notice, outgoing).await {
            warn!(%error, channel, "could not post a notice");
        }
    }
    for thread in archive {
        archive_thread(http, thread).await;
    }
}

/// Posts one notice: a direct message to its person, or a message in its channel (see
/// [`post_notice`]).
pub async fn deliver_notice(
    http: &serenity::Http,
    data: &Data,
    notice: Notice,
    outgoing: Outgoing,
) -> Result<(), Error> {
    let Some(user) = notice.direct else {
        return post_notice(http, data, notice, outgoing).await;
    };
    let Err(error) = send_direct(http, data, user, &outgoing, notice.guild).await else {
        return Ok(());
    };
    info!(%error, user, "could not deliver a direct message; mentioning them in the channel instead");
    let service = data.service.clone();
    if let Err(error) = data.work.spawn(move || service.direct_failed(user)).await {
        warn!(%error, user, "the job noting a failed direct message failed");
    }
    let fallback = Outgoing {
        reply: direct_fallback(&outgoing.reply, user),
        ..outgoing
    };
    let notice = Notice {
        direct: None,
        edit: None,
        reply: fallback.reply.clone(),
        ..notice
    };
    post_notice(http, data, notice, fallback).await
}

/// A direct message to `user`: their DM channel (opened with `POST /users/@me/channels` the
/// first time, then remembered), then the message, without components (a click in a DM has
/// no server to act in). Tried once; the caller falls back.
async fn send_direct(
    http: &serenity::Http,
    data: &Data,
    user: u64,
    outgoing: &Outgoing,
    guild: u64,
) -> Result<(), Error> {
    let known = data.dm_channel(user);
    let channel = if let Some(channel) = known {
        serenity::ChannelId::new(channel)
    } else {
        let opened = serenity::UserId::new(user).create_dm_channel(http).await?;
        data.set_dm_channel(user, Some(opened.id.get()));
        opened.id
    };
    let mut message = DiscordMessage::new(outgoing, place(guild, 0));
    message.components.clear();
    if let Err(error) = channel
        .send_message(http, message.into_create_message())
        .await
    {
        if known.is_some() {
            data.set_dm_channel(user, None);
        }
        return Err(error.into());
    }
    Ok(())
}

/// News an interaction can no longer carry: a channel message (public replies only). Returns
/// where it went.
async fn post_late(
    http: &serenity::Http,
    data: &Data,
    reply: &Reply,
    message: DiscordMessage,
    channel: serenity::ChannelId,
) -> Result<Option<MessageRef>, Error> {
    if reply.ephemeral {
        warn!(
            channel = channel.get(),
            "a private reply came after the interaction expired; dropped"
        );
        return Ok(None);
    }
    let posted = channel
        .send_message(http, message.into_create_message())
        .await?;
    remember(http, data, reply, &posted).await;
    Ok(Some(message_ref(&posted)))
}

fn mark_responded(ctx: poise::ApplicationContext<'_, Data, Error>) {
    ctx.has_sent_initial_response
        .store(true, std::sync::atomic::Ordering::SeqCst);
}

/// A reply whose message the service wants to know: a game's board, a challenge, a
/// tournament's sign-up.
fn shows_something(reply: &Reply) -> bool {
    !reply.ephemeral
        && (reply.game.is_some() || reply.challenge.is_some() || reply.tournament.is_some())
}

/// Tells the service which message shows a reply's game or challenge, and takes the controls
/// off the board message it replaces (a channel keeps one live board per game, not a trail of
/// menus that all answer "out of date"). A failure is logged: the message is out, only later
/// links to it (or the old board's tidying) will be missing.
pub async fn remember(
    http: &serenity::Http,
    data: &Data,
    reply: &Reply,
    posted: &serenity::Message,
) {
    if !shows_something(reply) {
        return;
    }
    let at = MessageRef {
        channel: posted.channel_id.get(),
        message: posted.id.get(),
    };
    remember_at(http, data, reply, at).await;
}

async fn remember_at(http: &serenity::Http, data: &Data, reply: &Reply, at: MessageRef) {
    if !shows_something(reply) {
        return;
    }
    let service = data.service.clone();
    let (game, challenge, tournament) = (reply.game, reply.challenge, reply.tournament);
    let job = data.work.spawn(move || {
        let mut replaced = None;
        if let Some(game) = game {
            replaced = service.set_board_message(game, at)?;
        }
        if let Some(challenge) = challenge {
            service.set_challenge_message(challenge, at)?;
        }
        if let Some(tournament) = tournament {
            service.set_tournament_message(tournament, at)?;
        }
        Ok::<Option<MessageRef>, ServiceError>(replaced)
    });
    match job.await {
        Ok(Ok(Some(old))) => retire_board(http, old).await,
        Ok(Ok(None)) => {}
        Ok(Err(error)) => {
            warn!(%error, message = at.message, "could not remember the message of a reply");
        }
        Err(error) => warn!(%error, "the job remembering a message failed"),
    }
}

/// Removes the buttons and the move menu of a board that a newer one replaced; its picture
/// and text stay as a record of the game.
async fn retire_board(http: &serenity::Http, old: MessageRef) {
    let channel = serenity::ChannelId::new(old.channel);
    let edit = serenity::EditMessage::new().components(Vec::new());
    if let Err(error) = channel
        .edit_message(http, serenity::MessageId::new(old.message), edit)
        .await
    {
        // Deleted by someone, or a channel the bot lost access to: nothing to tidy.
        info!(error = %Error::from(error), message = old.message, "could not take the controls off an old board");
    }
}

/// Answers a click on a button or a pick in a select menu. Errors are answered here (the
/// event handler has no interaction to answer with), and returned for the log.
pub async fn answer_click(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let _answering = data.work.track();
    let mut progress = Progress::default();
    let result = click(ctx, data, interaction, &mut progress).await;
    if let Err(error) = &result {
        if progress.delivered {
            // The answer is out (a board updated, a message posted): an apology now would
            // only confuse; the log has it.
            return result;
        }
        let responded = progress.responded;
        let language = Language::from_locale(&interaction.locale);
        let text = match error {
            Error::Refused(text) => text.clone(),
            _ => apology(language),
        };
        let message = DiscordMessage::new(
            &Outgoing::text(Reply::private(text)).in_language(language),
            place(0, 0),
        );
        let answered = if responded {
            interaction
                .create_followup(&ctx.http, message.into_followup())
                .await
                .map(drop)
        } else {
            interaction
                .create_response(
                    &ctx.http,
                    serenity::CreateInteractionResponse::Message(message.into_response()),
                )
                .await
        };
        if let Err(answer_error) = answered {
            warn!(answer_error = %Error::from(answer_error), "could not tell the user about an error");
        }
        if let Error::Refused(_) = error {
            return Ok(());
        }
    }
    result
}

/// How far the answer to a click got, for the error handler.
#[derive(Debug, Default)]
struct Progress {
    /// Discord has a first response (possibly only a deferral).
    responded: bool,
    /// The real answer is out: nothing may replace it with an apology.
    delivered: bool,
}

async fn click(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    progress: &mut Progress,
) -> Result<(), Error> {
    let received = Instant::now();
    let budget = budget_of(interaction.id.get());
    let http = &ctx.http;
    let Some(actor) = call::actor(
        &interaction.user,
        interaction.member.as_ref(),
        call::ChannelContext::of_click(interaction),
        &interaction.locale,
        interaction.guild_locale.as_deref(),
    ) else {
        return Err(Error::Refused(guild_only_text(Language::from_locale(
            &interaction.locale,
        ))));
    };
    check_permissions(
        interaction.app_permissions,
        interaction.channel.as_ref(),
        actor.language,
    )?;
    let place = place(actor.guild, interaction.attachment_size_limit);
    let custom_id = interaction.data.custom_id.clone();
    let clicked_private = interaction
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let clicked = MessageRef {
        channel: interaction.channel_id.get(),
        message: interaction.message.id.get(),
    };
    let user = actor.user;
    let click = Click::from_data(&interaction.data);
    let mut job = start(data, actor, move |service, actor| {
        service.component(actor, &click.custom_id, &click.values)
    });

    let fast = tokio::time::timeout(budget, &mut job).await;
    let deferred = fast.is_err();
    let outgoing = if let Ok(done) = fast {
        done??
    } else {
        // A deferred update shows a loading state on the component and no new message.
        interaction
            .create_response(http, serenity::CreateInteractionResponse::Acknowledge)
            .await?;
        progress.responded = true;
        answered(
            ctx.shard_id,
            InteractionKind::Click,
            interaction.id.get(),
            true,
        );
        info!(
            custom_id,
            user, "deferred a click: the reply was not ready within {budget:?} of the interaction"
        );
        job.await??
    };
    let reply = &outgoing.reply;
    let answer = click_answer(&custom_id, reply, clicked_private);
    let mut message = DiscordMessage::new(&outgoing, place);
    if answer == ClickAnswer::Update {
        // An edit keeps the message's privacy: a private puzzle board stays private.
        message.ephemeral = false;
    }
    let late = received.elapsed() > TOKEN_SAFE_LIFE;

    let posted = match (answer, deferred) {
        (ClickAnswer::Update, false) => {
            let response =
                serenity::CreateInteractionResponse::UpdateMessage(message.into_response());
            interaction.create_response(http, response).await?;
            progress.delivered = true;
            answered(
                ctx.shard_id,
                InteractionKind::Click,
                interaction.id.get(),
                false,
            );
            remember_at(http, data, reply, clicked).await;
            Some(clicked)
        }
        (ClickAnswer::Update, true) if late && clicked_private => {
            // Only the interaction's token reaches a private message, and it has expired.
            warn!(
                custom_id,
                "a private board's update came after its token expired; dropped"
            );
            None
        }
        (ClickAnswer::Update, true) if late => {
            let edit = message.into_edit_message();
            interaction
                .channel_id
                .edit_message(http, interaction.message.id, edit)
                .await?;
            progress.delivered = true;
            remember_at(http, data, reply, clicked).await;
            Some(clicked)
        }
        (ClickAnswer::Update, true) => {
            interaction
                .edit_response(http, message.into_edit_response())
                .await?;
            progress.delivered = true;
            remember_at(http, data, reply, clicked).await;
            Some(clicked)
        }
        (ClickAnswer::NewMessage, false) => {
            let response = serenity::CreateInteractionResponse::Message(message.into_response());
            interaction.create_response(http, response).await?;
            progress.delivered = true;
            answered(
                ctx.shard_id,
                InteractionKind::Click,
                interaction.id.get(),
                false,
            );
            if shows_something(reply) || reply.thread.is_some() {
                let posted = interaction.get_response(http).await?;
                remember(http, data, reply, &posted).await;
                Some(message_ref(&posted))
            } else {
                None
            }
        }
        (ClickAnswer::NewMessage, true) if late => {
            let posted = post_late(http, data, reply, message, interaction.channel_id).await?;
            progress.delivered = true;
            posted
        }
        (ClickAnswer::NewMessage | ClickAnswer::Private, true) => {
            let posted = interaction
                .create_followup(http, message.into_followup())
                .await?;
            progress.delivered = true;
            remember(http, data, reply, &posted).await;
            Some(message_ref(&posted))
        }
        (ClickAnswer::Private, false) => {
            let response = serenity::CreateInteractionResponse::Message(message.into_response());
            interaction.create_response(http, response).await?;
            progress.delivered = true;
            answered(
                ctx.shard_id,
                InteractionKind::Click,
                interaction.id.get(),
                false,
            );
            None
        }
    };
    if answer == ClickAnswer::Update {
        if let Some(ping) = ping_after_update(reply, user, place, Some(clicked), outgoing.language)
        {
            let sent = if late {
                interaction
                    .channel_id
                    .send_message(http, ping.into_create_message())
                    .await
                    .map(drop)
            } else {
                interaction
                    .create_followup(http, ping.into_followup())
                    .await
                    .map(drop)
            };
            if let Err(error) = sent {
                warn!(error = %Error::from(error), "could not notify the players after an update");
            }
        }
    }
    Box::pin(after_reply(
        http,
        data,
        &outgoing,
        posted,
        interaction.channel_id,
        place.guild,
    ))
    .await;
    Ok(())
}

/// Which moves an autocomplete offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuggestionsOf {
    /// `/move`: the caller's legal moves in the game of the channel.
    Game,
    /// `/puzzle move`: the legal moves of the caller's open puzzle.
    Puzzle,
}

/// The `/move` autocomplete for what has been typed so far: the caller's legal moves that
/// start like it, or one choice that says why there are none (not your turn, no game here,
/// the moves could not be had in time).
pub async fn suggestions(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    typed: &str,
) -> serenity::CreateAutocompleteResponse {
    suggestions_of(ctx, typed, SuggestionsOf::Game).await
}

/// An autocomplete of moves ([`SuggestionsOf`]) for what has been typed so far, or one choice
/// that says why there are none.
pub async fn suggestions_of(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    typed: &str,
    of: SuggestionsOf,
) -> serenity::CreateAutocompleteResponse {
    let _answering = ctx.data().work.track();
    let interaction = ctx.interaction;
    let Some(actor) = call::actor(
        &interaction.user,
        interaction.member.as_deref(),
        call::ChannelContext::of_command(interaction),
        &interaction.locale,
        interaction.guild_locale.as_deref(),
    ) else {
        let language = Language::from_locale(&interaction.locale);
        return autocomplete_hint(&guild_only_text(language), language);
    };
    let language = actor.language;
    let service = ctx.data().service.clone();
    let typed = typed.to_owned();
    let job = ctx.data().work.spawn(move || match of {
        SuggestionsOf::Game => service.suggestions(&actor, &typed),
        SuggestionsOf::Puzzle => service.puzzle_suggestions(&actor, &typed),
    });
    let unavailable = t!(language, DiscordMovesUnavailable);
    match tokio::time::timeout(AUTOCOMPLETE_BUDGET, job).await {
        Ok(Ok(Ok(Suggestions::Moves(moves)))) => autocomplete(&moves),
        Ok(Ok(Ok(Suggestions::Hint(hint)))) => autocomplete_hint(&hint, language),
        Ok(Ok(Err(error))) => {
            warn!(%error, "move suggestions failed");
            autocomplete_hint(&unavailable, language)
        }
        Ok(Err(error)) => {
            warn!(%error, "the move suggestion job failed");
            autocomplete_hint(&unavailable, language)
        }
        Err(_) => {
            warn!("move suggestions took longer than {AUTOCOMPLETE_BUDGET:?}");
            autocomplete_hint(&unavailable, language)
        }
    }
}

/// Posts a notice of the sweep (an expired challenge, a forfeited game) or of a reply (a
/// tournament's round): an edit of the message it is about where there is one, else a new
/// message in its channel. A new message that starts a game (`reply.thread`) gets the game's
/// thread opened from it, with the first board there, as a reply that starts a game does.
pub async fn post_notice(
    http: &serenity::Http,
    data: &Data,
    notice: crate::game::Notice,
    outgoing: Outgoing,
) -> Result<(), Error> {
    let message = DiscordMessage::new(&outgoing, place(notice.guild, 0));
    if let Some(target) = notice.edit {
        let channel = serenity::ChannelId::new(target.channel);
        let edit = message.clone().into_edit_message();
        match channel
            .edit_message(http, serenity::MessageId::new(target.message), edit)
            .await
        {
            Ok(edited) => {
                remember(http, data, &outgoing.reply, &edited).await;
                // An edit notifies nobody: the people the notice is for get a short ping.
                if let Some(ping) = ping_after_update(
                    &outgoing.reply,
                    0,
                    place(notice.guild, 0),
                    Some(target),
                    outgoing.language,
                ) {
                    if let Err(error) = channel.send_message(http, ping.into_create_message()).await
                    {
                        warn!(error = %Error::from(error), channel = target.channel, "could not ping the players about a notice");
                    }
                }
                return Ok(());
            }
            Err(error) => {
                warn!(error = %Error::from(error), message = target.message, "could not edit a message for a notice; posting anew");
            }
        }
    }
    let channel = serenity::ChannelId::new(notice.channel);
    let posted = channel
        .send_message(http, message.into_create_message())
        .await?;
    remember(http, data, &outgoing.reply, &posted).await;
    // A game that starts with this line (a tournament round's): its thread opens from it.
    if let Some(start) = &outgoing.reply.thread {
        let from = Some(message_ref(&posted));
        let opened = Box::pin(start_game_thread(
            http,
            data,
            start,
            from,
            channel,
            notice.guild,
        ));
        if let Err(error) = opened.await {
            warn!(%error, game = %start.game, "could not post the first board of a game");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_budget_counts_from_the_interaction() {
        // 2026-12-01T00:00:00Z as a snowflake.
        let created = 1_796_083_200_000_u64;
        let id = (created - DISCORD_EPOCH_MS) << 22 | 0x3f_ffff;
        assert_eq!(created_at_ms(id), created);
        assert_eq!(ack_budget(created, created), ACK_BUDGET);
        assert_eq!(
            ack_budget(created, created + 1_000),
            Duration::from_millis(500)
        );
        assert_eq!(
            ack_budget(created, created + 60_000),
            Duration::ZERO,
            "replayed after a resume: defer at once"
        );
        assert_eq!(
            ack_budget(created + 500, created),
            ACK_BUDGET,
            "a clock behind Discord's"
        );
    }

    /// A job that sends `lines` every `every`, then waits `tail` and returns `done`.
    fn job(
        lines: &[&str],
        every: Duration,
        tail: Duration,
    ) -> (
        tokio::task::JoinHandle<&'static str>,
        watch::Receiver<Option<String>>,
    ) {
        let (sender, receiver) = watch::channel(None);
        let lines: Vec<String> = lines.iter().map(|&l| l.to_owned()).collect();
        let handle = tokio::spawn(async move {
            for line in lines {
                sender.send_replace(Some(line));
                tokio::time::sleep(every).await;
            }
            tokio::time::sleep(tail).await;
            "done"
        });
        (handle, receiver)
    }

    #[tokio::test]
    async fn progress_edits_are_spaced_and_show_the_latest_line() {
        let lines: Vec<String> = (0..=20).map(|i| format!("Analysing… {}%", i * 5)).collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let (handle, mut receiver) = job(&lines, Duration::from_millis(30), Duration::ZERO);
        let interval = Duration::from_millis(200);
        let mut shown: Vec<(tokio::time::Instant, String)> = Vec::new();
        let done = follow_progress(handle, &mut receiver, interval, |line| {
            shown.push((tokio::time::Instant::now(), line));
            async {}
        })
        .await
        .unwrap();
        assert_eq!(done, "done");
        assert_eq!(shown[0].1, "Analysing… 0%", "the first line at once");
        assert!(
            (2..=5).contains(&shown.len()),
            "21 lines in 630 ms, edits 200 ms apart: {shown:?}"
        );
        for pair in shown.windows(2) {
            assert!(pair[1].0 - pair[0].0 >= interval, "{shown:?}");
            assert_ne!(pair[0].1, pair[1].1);
        }
        let percent = |line: &str| -> u32 {
            line.trim_start_matches("Analysing… ")
                .trim_end_matches('%')
                .parse()
                .unwrap()
        };
        for pair in shown.windows(2) {
            assert!(
                percent(&pair[1].1) > percent(&pair[0].1) + 5,
                "the latest line, skipping those in between: {shown:?}"
            );
        }
    }

    #[tokio::test]
    async fn the_answer_waits_for_an_edit_in_flight_and_no_edit_follows_it() {
        let events = std::sync::Mutex::new(Vec::new());
        let (handle, mut receiver) = job(
            &["Analysing… 10%"],
            Duration::from_millis(20),
            Duration::from_millis(10),
        );
        let done = follow_progress(handle, &mut receiver, Duration::from_millis(10), |line| {
            let events = &events;
            async move {
                events.lock().unwrap().push(format!("edit {line}"));
                // An edit slower than the rest of the job.
                tokio::time::sleep(Duration::from_millis(150)).await;
                events.lock().unwrap().push("edited".to_owned());
            }
        })
        .await
        .unwrap();
        events.lock().unwrap().push(format!("answer {done}"));
        assert_eq!(
            *events.lock().unwrap(),
            ["edit Analysing… 10%", "edited", "answer done"]
        );
    }

    #[tokio::test]
    async fn the_same_line_is_shown_once_and_work_without_progress_shows_none() {
        let (handle, mut receiver) = job(
            &["Analysing… 50%", "Analysing… 50%", "Analysing… 50%"],
            Duration::from_millis(5),
            Duration::from_millis(20),
        );
        let mut shown = Vec::new();
        follow_progress(handle, &mut receiver, Duration::ZERO, |line| {
            shown.push(line);
            async {}
        })
        .await
        .unwrap();
        assert_eq!(shown, ["Analysing… 50%"]);
        let (handle, mut receiver) = job(&[], Duration::ZERO, Duration::from_millis(20));
        let mut calls = 0;
        follow_progress(handle, &mut receiver, Duration::ZERO, |_| {
            calls += 1;
            async {}
        })
        .await
        .unwrap();
        assert_eq!(calls, 0);
    }

    #[test]
    fn only_public_game_and_challenge_messages_are_remembered() {
        let mut reply = Reply::public("x");
        assert!(!shows_something(&reply));
        reply.game = Some(crate::store::GameId(1));
        assert!(shows_something(&reply));
        reply.ephemeral = true;
        assert!(!shows_something(&reply));
    }
}
