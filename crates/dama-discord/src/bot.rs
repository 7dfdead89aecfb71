//! The running bot: the HTTP client (Discord, or a stand-in on loopback for tests), the
//! framework, command registration, the sweep timer, and a clean stop when the composition
//! root says so.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::watch;
use tracing::{error, info, warn};

use super::ratelimits::{RateLimitNotes, RateLimits};
use super::{Data, Error, commands, errors, respond};
use dama_core::config::{Config, Secret};
use dama_core::metrics::{self, Health, Probe};
use dama_core::shards::ShardSet;
use dama_core::store::{GameId, IdentifyTurn};
use dama_render::Renderer;
use dama_service::GameService;
use dama_service::delivery::Courier;
use dama_service::work::Work;

/// How long a stop waits for blocking work (an engine search, a database write) to finish.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(30);

/// Why the bot stopped other than by a signal.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error("cannot start the Discord client: {0}")]
    Client(#[source] Box<serenity::Error>),
    #[error("the connection to Discord failed: {0}")]
    Connection(#[source] Box<serenity::Error>),
    #[error("start-up failed: {0}")]
    Setup(String),
}

/// The HTTP client: Discord itself, or the REST base of the configuration (a stand-in in
/// tests). Serenity only honours a proxy with its rate limiter off.
#[must_use]
pub fn http_client(token: &str, api_base: Option<&str>) -> serenity::Http {
    let builder = serenity::HttpBuilder::new(token);
    match api_base {
        Some(base) => builder
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true)
            .build(),
        None => builder.build(),
    }
}

/// The framework's options: the commands, the error handler, the channel check and the
/// handler of component clicks.
#[must_use]
pub fn framework_options() -> poise::FrameworkOptions<Data, Error> {
    poise::FrameworkOptions {
        commands: commands::commands(),
        on_error: errors::on_error,
        command_check: Some(commands::channel_check),
        event_handler: |framework, event| Box::pin(on_event(framework, event)),
        // Owners are not used; skipping them saves a request at start-up.
        initialize_owners: false,
        ..Default::default()
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let shard = framework.serenity_context.shard_id.0;
    match event {
        serenity::FullEvent::Ready { .. } if !framework.user_data.first_ready(shard) => {
            metrics::gateway_reconnect(shard);
        }
        serenity::FullEvent::Resume { .. } => metrics::gateway_reconnect(shard),
        serenity::FullEvent::GuildUpdate { new_data, .. } => {
            crate::call::note_guild_update(&framework.serenity_context.cache, new_data);
        }
        _ => {}
    }
    if let serenity::FullEvent::ThreadUpdate { new, .. } = event {
        respond::keep_live_game_thread_open(framework.serenity_context, framework.user_data, new)
            .await;
    }
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(click),
    } = event
    {
        let data = framework.user_data;
        if let Err(error) = respond::answer_click(framework.serenity_context, data, click).await {
            errors::count(&error);
            error!(
                %error,
                custom_id = click.data.custom_id,
                user = click.user.id.get(),
                channel = click.channel_id.get(),
                "click failed"
            );
        }
    }
    Ok(())
}

/// Registers the commands of the table (in the development guild, or globally) and returns
/// them as Discord answered, with the ids it gave them. Globally, with `entry_point` (the
/// Activity is offered), the app's Entry Point command too; without, an Entry Point command
/// Discord already has is kept as it is, since Discord refuses a bulk overwrite that leaves
/// it out (code 50240).
pub async fn register(
    http: &serenity::Http,
    guild: Option<serenity::GuildId>,
    entry_point: bool,
) -> Result<Vec<serenity::Command>, Error> {
    let mut builders = commands::application_commands();
    if let Some(guild) = guild {
        return Ok(guild.set_commands(http, builders).await?);
    }
    if entry_point {
        builders.push(commands::entry_point(dama_core::i18n::texts()));
    } else {
        let existing = serenity::Command::get_global_commands(http).await?;
        builders.extend(
            existing
                .iter()
                .filter(|c| c.kind == serenity::CommandType::PrimaryEntryPoint)
                .map(commands::kept_entry_point),
        );
    }
    Ok(serenity::Command::set_global_commands(http, builders).await?)
}

/// The ids of registered commands by their English name, for command mentions.
#[must_use]
pub fn command_ids(registered: &[serenity::Command]) -> Vec<(String, u64)> {
    registered
        .iter()
        .map(|command| (command.name.clone(), command.id.get()))
        .collect()
}

/// What the composition root adds to the running bot, told when it can be: the application's
/// id once READY names it (the Activity's page is served from then on, with Discord vouching
/// for its people), and how to find out the process's health once the client exists (for
/// `/health`).
#[derive(Default)]
pub struct Hooks {
    /// Told the application's id and the delivery through Discord (for what the Activity's
    /// pages do to reach the channels' chat).
    pub on_ready: Option<Box<dyn FnOnce(u64, Courier) + Send + Sync>>,
    pub on_health: Option<Box<dyn FnOnce(Probe) + Send + Sync>>,
}

/// Runs the bot until `stopped` turns true (`Ok`: no new commands, running work finishes), or
/// until the connection fails: the shards of `discord.shards` (all of them when unset).
/// `service` must look after the same shards ([`GameService::with_shards`]); its calls run on
/// `work`.
pub async fn run(
    config: &Config,
    token: &Secret,
    service: Arc<GameService>,
    renderer: Arc<Renderer>,
    work: Work,
    mut stopped: watch::Receiver<bool>,
    hooks: Hooks,
) -> Result<(), BotError> {
    let shards = config
        .shard_set()
        .map_err(|error| BotError::Setup(format!("discord.shards: {error}")))?;
    if let Some(shards) = &shards {
        info!("running {shards}");
    }
    let limits = RateLimits::with_deadline(config.discord.post_deadline);
    let mut data = Data::new(service.clone(), renderer, work.clone(), limits);
    data.launch_activity = config.activity_configured();
    if config.activity.enabled && !data.launch_activity {
        warn!(
            client_secret = config.client_secret().is_some(),
            web = config.web.enabled,
            "[activity] is on but needs its client secret and [web]: the Activity is not offered"
        );
    }
    let entry_point = data.launch_activity;
    let setup_failed = Arc::new(AtomicBool::new(false));

    let dev_guild = config.discord.dev_guild_id.map(serenity::GuildId::new);
    let sweep_interval = config.game.sweep_interval;
    let setup_data = data.clone();
    let setup_failure = setup_failed.clone();
    let sweeps_stopped = stopped.clone();
    let on_ready = hooks.on_ready;
    // `Framework::new` rather than the builder, which would switch `initialize_owners` back on.
    let framework = poise::Framework::new(framework_options(), move |ctx, ready, framework| {
        Box::pin(async move {
            info!(user = %ready.user.name, id = ready.user.id.get(), guilds = ready.guilds.len(), "connected as {}", ready.user.name);
            let registered = match register(&ctx.http, dev_guild, entry_point).await {
                Ok(registered) => registered,
                Err(error) => {
                    setup_failure.store(true, Ordering::SeqCst);
                    framework.shard_manager().shutdown_all().await;
                    return Err(error);
                }
            };
            let count = registered.len();
            setup_data.markup.set_command_ids(command_ids(&registered));
            setup_data.access.link(ctx.cache.clone(), ctx.http.clone());
            if let Some(guild) = dev_guild {
                info!("registered {count} commands in guild {guild}");
            } else {
                info!("registered {count} commands globally");
            }
            if let Some(on_ready) = on_ready {
                on_ready(ready.application.id.get(), setup_data.courier.clone());
            }
            let rounds = Arc::new(tokio::sync::Mutex::new(()));
            tokio::spawn(sweep(
                setup_data.clone(),
                sweep_interval,
                sweeps_stopped.clone(),
                GameService::sweep_deliveries,
                rounds.clone(),
            ));
            // Live games' flags cannot wait for the sweep: a short interval of their own.
            tokio::spawn(sweep(
                setup_data.clone(),
                dama_service::FLAG_SWEEP_INTERVAL,
                sweeps_stopped,
                GameService::flag_sweep_deliveries,
                rounds,
            ));
            Ok(setup_data)
        })
    });

    let http = http_client(token.expose(), config.discord.api_base.as_deref());
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .event_handler(RateLimitNotes(data.limits.clone()))
        .framework(framework)
        .await
        .map_err(|e| BotError::Client(Box::new(e)))?;

    if let Some(on_health) = hooks.on_health {
        on_health(health_probe(
            client.shard_manager.clone(),
            data.clone(),
            shards.clone(),
        ));
    }

    let shard_manager = client.shard_manager.clone();
    let mut stopping = stopped.clone();
    let stop = tokio::spawn(async move {
        if stopping.wait_for(|stop| *stop).await.is_ok() {
            shard_manager.shutdown_all().await;
        }
    });

    tokio::select! {
        () = wait_for_identify_turn(&client.http, &service, shards.as_ref()) => {}
        _ = stopped.wait_for(|stop| *stop) => {
            stop.abort();
            return Ok(());
        }
    }
    let result = match &shards {
        // Serenity starts the shards from `start` to `end` with both ends included.
        Some(shards) => {
            let range = shards.range();
            client
                .start_shard_range(*range.start()..*range.end(), shards.total())
                .await
        }
        // Discord refuses an unsharded bot from 2,500 guilds: ask it how many shards to run.
        None => client.start_autosharded().await,
    };
    stop.abort();
    if !work.wait_idle(SHUTDOWN_GRACE).await {
        warn!(
            running = work.running(),
            "blocking work still running after {SHUTDOWN_GRACE:?}; stopping anyway"
        );
    }
    drop(client);
    drop(data);
    if setup_failed.load(Ordering::SeqCst) {
        return Err(BotError::Setup(
            "could not register the slash commands (see the log above)".to_owned(),
        ));
    }
    result.map_err(|e| BotError::Connection(Box::new(e)))
}

/// Discord's spacing of two identifies counted against the same `max_concurrency`.
const IDENTIFY_SPACING: Duration = Duration::from_secs(5);

/// Room for connecting before this process's first IDENTIFY, and for the jitter after its last.
const IDENTIFY_MARGIN: Duration = Duration::from_secs(2);

/// The longest single wait for a turn to identify (then the turns are asked again).
const IDENTIFY_WAIT_STEP: Duration = Duration::from_secs(30);

/// Waits for this process's turn to identify its shards with Discord's gateway: Discord starts
/// at most `max_concurrency` sessions of an application every 5 seconds, across all its
/// processes, and the gateway client spaces only its own shards (5 seconds apart). The turn
/// is taken in the database every process shares, held for as long as this process's shards
/// take to identify, and waited for while other processes hold every turn. A database that
/// cannot be asked does not keep the bot from starting (Discord then refuses a session that
/// comes too early, and the client tries again).
async fn wait_for_identify_turn(
    http: &serenity::Http,
    service: &Arc<GameService>,
    shards: Option<&ShardSet>,
) {
    let gateway = http.get_bot_gateway().await;
    let (concurrency, count) = match (&gateway, shards) {
        (Ok(gateway), Some(shards)) => (
            gateway.session_start_limit.max_concurrency,
            shards.ids().len(),
        ),
        (Ok(gateway), None) => (
            gateway.session_start_limit.max_concurrency,
            usize::try_from(gateway.shards).unwrap_or(1),
        ),
        (Err(error), _) => {
            warn!(%error, "could not read the gateway's session limits; identifying as one of one");
            (1, shards.map_or(1, |s| s.ids().len()))
        }
    };
    let slots = u32::try_from(concurrency.max(1)).unwrap_or(u32::MAX);
    let hold = IDENTIFY_SPACING * u32::try_from(count.max(1)).unwrap_or(u32::MAX) + IDENTIFY_MARGIN;
    loop {
        let now = wall_clock_millis();
        let until = now.saturating_add(i64::try_from(hold.as_millis()).unwrap_or(i64::MAX));
        let store = service.clone();
        let turn = tokio::task::spawn_blocking(move || {
            store
                .store()
                .take_identify_turn(slots, now, until)
                .map_err(|error| error.to_string())
        })
        .await
        .unwrap_or_else(|error| Err(error.to_string()));
        match turn {
            Ok(IdentifyTurn::Taken { slot }) => {
                info!(slot, shards = count, "identifying with the gateway");
                return;
            }
            Ok(IdentifyTurn::BusyUntil(free_at)) => {
                let wait = Duration::from_millis(
                    u64::try_from(free_at.saturating_sub(now))
                        .unwrap_or(0)
                        .max(100),
                )
                .min(IDENTIFY_WAIT_STEP);
                info!(
                    wait_ms = wait.as_millis(),
                    "another process of this bot is identifying with the gateway; waiting for its turn"
                );
                tokio::time::sleep(wait).await;
            }
            Err(error) => {
                warn!(%error, "could not take a turn to identify with the gateway; identifying now");
                return;
            }
        }
    }
}

/// Milliseconds since the Unix epoch by the machine's clock (Discord's limits run on real
/// time, whatever the game clock's speed).
fn wall_clock_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
        })
}

/// The health of this process for `/health` (each of its shards connected, as the gateway
/// client knows it; the database reachable by a cheap read), refreshing the gauges read at
/// scrape time on the way. A shard that is being started again (a session Discord ended) has
/// no runner meanwhile: it counts as down.
fn health_probe(
    shard_manager: Arc<serenity::ShardManager>,
    data: Data,
    shards: Option<ShardSet>,
) -> Probe {
    Arc::new(move || {
        let shard_manager = shard_manager.clone();
        let service = data.service.clone();
        let ready = data.ready_shards();
        let shards = shards.clone();
        Box::pin(async move {
            let runners = shard_manager.runners.lock().await;
            let ids = if let Some(shards) = &shards {
                shards.ids()
            } else {
                let mut ids: Vec<u32> = runners.keys().map(|id| id.0).chain(ready).collect();
                ids.sort_unstable();
                ids.dedup();
                ids
            };
            let states: Vec<(u32, bool)> = ids
                .into_iter()
                .map(|id| {
                    let up = runners
                        .get(&serenity::ShardId(id))
                        .is_some_and(|runner| runner.stage == serenity::ConnectionStage::Connected);
                    (id, up)
                })
                .collect();
            drop(runners);
            for (id, up) in &states {
                metrics::gateway_connected(*id, *up);
            }
            metrics::engine_queue(service.engine_queue());
            let database = tokio::task::spawn_blocking(move || {
                service
                    .store()
                    .game(GameId(0))
                    .inspect_err(|error| warn!(%error, "health: the database is unreachable"))
                    .is_ok()
            })
            .await
            .unwrap_or(false);
            if !database {
                metrics::database_error();
            }
            Health {
                shards: states,
                database,
            }
        })
    })
}

/// Every `interval`, what `run` finds due (the sweep: expired challenges, forfeited games,
/// reminders and the rest of the sweep's notices; or the flags of live games), posted as
/// channel messages or direct messages, channel by channel (see
/// [`Courier::sweep`](dama_service::delivery::Courier::sweep)), each notice of the outbox
/// reported once out (or left there to try again).
async fn sweep(
    data: Data,
    interval: Duration,
    mut stopped: watch::Receiver<bool>,
    run: fn(&GameService) -> Result<Vec<dama_service::Delivery>, dama_service::ServiceError>,
    rounds: Arc<tokio::sync::Mutex<()>>,
) {
    let mut ticker = tokio::time::interval(interval.max(Duration::from_secs(1)));
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            _ = stopped.changed() => return,
        }
        // One round at a time across the sweeps: two posting in one channel at once would both
        // run into a limit before either heard of it.
        let _round = rounds.lock().await;
        if let Err(error) = data.courier.sweep(run).await {
            if let dama_service::ServiceError::Store(_) = error {
                metrics::database_error();
            }
            error!(%error, "sweep failed");
        }
    }
}
