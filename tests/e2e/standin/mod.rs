//! The Discord stand-in (tests/support/discord_standin) against a real serenity 0.12.5 client:
//! what the bot's tests will rely on is checked here, with a minimal bot that registers one
//! guild command, answers it with a PNG, buttons and a select menu, and updates its message on
//! clicks.

mod activity;
mod bot;
mod channels;
mod limits;
mod protocol;
mod ratelimits;
mod schema;
mod shards;
mod timing;

use std::collections::VecDeque;
use std::io::Cursor;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use serenity::all::{
    AutocompleteChoice, ButtonStyle, ChannelId, Client, ClientBuilder, CommandDataOptionValue,
    CommandInteraction, CommandOptionType, ComponentInteractionDataKind, Context, CreateActionRow,
    CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateCommand, CreateCommandOption,
    CreateEmbed, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, EditInteractionResponse, EditMessage, EventHandler, FullEvent,
    GatewayIntents, GuildId, HttpBuilder, Interaction, InteractionId, Ready, ShardManager, User,
    UserId,
};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message as WsMessage;

use crate::support::discord_standin::{Options, Slash, Standin, message_id};

const WAIT: Duration = Duration::from_secs(10);

/// An 8×6 PNG, the stand-in for a rendered board.
fn png() -> Vec<u8> {
    let image = image::RgbaImage::from_pixel(8, 6, image::Rgba([200, 30, 30, 255]));
    let mut bytes = Cursor::new(Vec::new());
    image
        .write_to(&mut bytes, image::ImageFormat::Png)
        .expect("encoding a small png in memory");
    bytes.into_inner()
}

fn png_dimensions(bytes: &[u8]) -> (u32, u32) {
    let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .expect("the uploaded file must decode as png");
    (image.width(), image.height())
}

fn init_logs() {
    // RUST_LOG=serenity=debug shows the client's side when a test fails.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
}

/// What the test bot's calls returned, for the test to assert on: (step, result).
type Outcome = (&'static str, Result<String, String>);

struct TestBot {
    outcomes: mpsc::UnboundedSender<Outcome>,
}

impl TestBot {
    fn report<T, E: std::fmt::Display>(
        &self,
        step: &'static str,
        result: Result<T, E>,
        describe: impl FnOnce(T) -> String,
    ) {
        let _ = self
            .outcomes
            .send((step, result.map(describe).map_err(|e| e.to_string())));
    }

    async fn show(&self, ctx: &Context, command: &CommandInteraction) {
        let opponent = command.data.options.iter().find_map(|o| match o.value {
            CommandDataOptionValue::User(id) => command.data.resolved.users.get(&id),
            _ => None,
        });
        let opponent = opponent.map_or("nobody", |u| u.name.as_str());
        let reply = CreateInteractionResponseMessage::new()
            .content(format!("{} vs {opponent}", command.user.name))
            .add_file(CreateAttachment::bytes(png(), "board.png"))
            .embed(
                CreateEmbed::new()
                    .title("Board")
                    .image("attachment://board.png"),
            )
            .components(vec![
                CreateActionRow::Buttons(vec![
                    CreateButton::new("flip").label("Flip"),
                    CreateButton::new("resign")
                        .label("Resign")
                        .style(ButtonStyle::Danger),
                ]),
                CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(
                        "pick",
                        CreateSelectMenuKind::String {
                            options: vec![
                                CreateSelectMenuOption::new("22-18", "22-18"),
                                CreateSelectMenuOption::new("21-17", "21-17"),
                            ],
                        },
                    )
                    .placeholder("Your move"),
                ),
            ]);
        let result = command
            .create_response(&ctx.http, CreateInteractionResponse::Message(reply))
            .await;
        self.report("show", result, |()| String::new());
        let original = command.get_response(&ctx.http).await;
        self.report("show original", original, |m| {
            let image = m
                .embeds
                .first()
                .and_then(|e| e.image.as_ref())
                .map(|i| i.url.clone());
            format!(
                "{} {}",
                m.attachments[0].filename,
                image.unwrap_or_default()
            )
        });
    }

    async fn later(&self, ctx: &Context, command: &CommandInteraction) {
        let deferred = command.defer(&ctx.http).await;
        self.report("defer", deferred, |()| String::new());
        let edit = EditInteractionResponse::new()
            .content("thought it over")
            .new_attachment(CreateAttachment::bytes(png(), "board.png"));
        let edited = command.edit_response(&ctx.http, edit).await;
        self.report("edit", edited, |m| {
            format!("{} {}", m.content, m.attachments.len())
        });
        let followup = CreateInteractionResponseFollowup::new()
            .content("only you")
            .ephemeral(true);
        let followed = command.create_followup(&ctx.http, followup).await;
        self.report("followup", followed, |m| m.content);
        let fetched = command.get_response(&ctx.http).await;
        self.report("fetch", fetched, |m| m.content);
    }
}

#[serenity::async_trait]
impl EventHandler for TestBot {
    async fn ready(&self, ctx: Context, ready: Ready) {
        for guild in &ready.guilds {
            let commands = vec![
                CreateCommand::new("show")
                    .description("Shows a board")
                    .add_option(CreateCommandOption::new(
                        CommandOptionType::User,
                        "opponent",
                        "Who to play",
                    ))
                    .add_option(
                        CreateCommandOption::new(
                            CommandOptionType::String,
                            "colour",
                            "Your colour",
                        )
                        .set_autocomplete(true),
                    ),
                CreateCommand::new("later").description("Answers after thinking"),
            ];
            let result = guild.id.set_commands(&ctx.http, commands).await;
            self.report("register", result, |c| c.len().to_string());
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(command) if command.data.name == "show" => {
                self.show(&ctx, &command).await;
            }
            Interaction::Command(command) => self.later(&ctx, &command).await,
            Interaction::Autocomplete(autocomplete) => {
                let typed = autocomplete
                    .data
                    .autocomplete()
                    .map_or("", |o| o.value)
                    .to_owned();
                let mut response = CreateAutocompleteResponse::new();
                for colour in ["white", "black", "random"] {
                    if colour.starts_with(&typed) {
                        response = response.add_string_choice(colour, colour);
                    }
                }
                let result = autocomplete
                    .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(response))
                    .await;
                self.report("autocomplete", result, |()| typed);
            }
            Interaction::Component(component) => {
                let text = match &component.data.kind {
                    ComponentInteractionDataKind::StringSelect { values } => {
                        format!("{} picked {}", component.user.name, values.join(","))
                    }
                    _ => format!("{} by {}", component.data.custom_id, component.user.name),
                };
                let update = CreateInteractionResponseMessage::new().content(text.clone());
                let result = component
                    .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await;
                self.report("component", result, |()| text);
            }
            _ => {}
        }
    }
}

/// A serenity client running against the stand-in.
struct RunningBot {
    shard_manager: Arc<ShardManager>,
    task: JoinHandle<serenity::Result<()>>,
    outcomes: mpsc::UnboundedReceiver<Outcome>,
    early: VecDeque<Outcome>,
}

impl RunningBot {
    /// The serenity test bot.
    async fn start(discord: &Standin) -> Self {
        Self::launch(discord, |builder, outcomes| {
            builder.event_handler(TestBot { outcomes })
        })
        .await
    }

    /// A client pointed at the stand-in as the bot points its own; `configure` adds the event
    /// handler or framework, which report their outcomes on the given channel.
    async fn launch(
        discord: &Standin,
        configure: impl FnOnce(ClientBuilder, mpsc::UnboundedSender<Outcome>) -> ClientBuilder,
    ) -> Self {
        init_logs();
        let http = HttpBuilder::new(discord.token())
            .proxy(discord.rest_url())
            .ratelimiter_disabled(true)
            .build();
        let (tx, outcomes) = mpsc::unbounded_channel();
        let builder = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS);
        let mut client: Client = configure(builder, tx).await.expect("the client builds");
        let shard_manager = Arc::clone(&client.shard_manager);
        let task = tokio::spawn(async move { client.start().await });
        Self {
            shard_manager,
            task,
            outcomes,
            early: VecDeque::new(),
        }
    }

    /// The next result the bot reported for `step` (others are kept for later calls).
    async fn outcome(&mut self, step: &str) -> Result<String, String> {
        if let Some(at) = self.early.iter().position(|(s, _)| *s == step) {
            return self
                .early
                .remove(at)
                .expect("the position was just found")
                .1;
        }
        let wait = async {
            while let Some((s, result)) = self.outcomes.recv().await {
                if s == step {
                    return result;
                }
                self.early.push_back((s, result));
            }
            Err("the bot stopped".to_owned())
        };
        tokio::time::timeout(WAIT, wait)
            .await
            .unwrap_or_else(|_| panic!("the bot never did {step}"))
    }

    /// The result for `step`, which must be a success.
    async fn ok(&mut self, step: &str) -> String {
        self.outcome(step)
            .await
            .unwrap_or_else(|e| panic!("{step} failed in the bot: {e}"))
    }

    async fn stop(self) {
        self.shard_manager.shutdown_all().await;
        let finished = tokio::time::timeout(WAIT, self.task).await;
        let result = finished.expect("the client stops after shutdown_all");
        result
            .expect("the client task does not panic")
            .expect("the client ends cleanly");
    }
}

type PoiseError = Box<dyn std::error::Error + Send + Sync>;
type PoiseContext<'a> = poise::Context<'a, mpsc::UnboundedSender<Outcome>, PoiseError>;

#[allow(clippy::unused_async)] // poise awaits autocomplete callbacks
async fn colours(_ctx: PoiseContext<'_>, partial: &str) -> CreateAutocompleteResponse {
    let choices = ["white", "black"]
        .into_iter()
        .filter(|c| c.starts_with(partial));
    CreateAutocompleteResponse::new().set_choices(choices.map(AutocompleteChoice::from).collect())
}

/// Greets an opponent with a board
#[poise::command(
    slash_command,
    guild_only,
    required_permissions = "SEND_MESSAGES",
    required_bot_permissions = "ATTACH_FILES"
)]
async fn greet(
    ctx: PoiseContext<'_>,
    #[description = "Who to greet"] opponent: User,
    #[description = "Your colour"]
    #[autocomplete = "colours"]
    colour: Option<String>,
) -> Result<(), PoiseError> {
    let colour = colour.unwrap_or_else(|| "white".to_owned());
    let text = format!("{} greets {} as {colour}", ctx.author().name, opponent.name);
    let accept = CreateButton::new("accept").label("Accept");
    let reply = poise::CreateReply::default()
        .content(text.clone())
        .attachment(CreateAttachment::bytes(png(), "board.png"))
        .components(vec![CreateActionRow::Buttons(vec![accept])]);
    ctx.send(reply).await?;
    let _ = ctx.data().send(("greet", Ok(text)));
    Ok(())
}

/// Clicks go through poise's event handler, routed by custom_id, as the bot will route them.
async fn poise_events(
    framework: poise::FrameworkContext<'_, mpsc::UnboundedSender<Outcome>, PoiseError>,
    event: &FullEvent,
) -> Result<(), PoiseError> {
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(click),
    } = event
    {
        let text = format!("{} by {}", click.data.custom_id, click.user.name);
        let update = CreateInteractionResponseMessage::new().content(text.clone());
        let response = CreateInteractionResponse::UpdateMessage(update);
        click
            .create_response(framework.serenity_context, response)
            .await?;
        let _ = framework.user_data.send(("click", Ok(text)));
    }
    Ok(())
}

fn poise_bot(builder: ClientBuilder, outcomes: mpsc::UnboundedSender<Outcome>) -> ClientBuilder {
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![greet()],
            event_handler: |framework, event| Box::pin(poise_events(framework, event)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                for guild in &ready.guilds {
                    let commands = &framework.options().commands;
                    poise::builtins::register_in_guild(ctx, commands, guild.id).await?;
                }
                Ok(outcomes)
            })
        })
        .build();
    builder.framework(framework)
}

/// Starts a stand-in and the test bot, and waits for READY and the command registration.
async fn connected(options: Options) -> (Standin, RunningBot) {
    let discord = Standin::start_with(options).await;
    let mut bot = RunningBot::start(&discord).await;
    discord.wait_ready().await;
    assert_eq!(bot.ok("register").await, "2");
    discord
        .next_request("PUT", "/applications/*/guilds/*/commands")
        .await;
    (discord, bot)
}

/// Opens a gateway session by hand (no bot), for tests that answer interactions themselves.
async fn raw_session(discord: &Standin) -> impl Sized + use<> {
    let url = format!("{}/?v=10", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("the gateway accepts");
    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": [0, 1],
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    discord.wait_ready().await;
    ws
}

/// The next JSON text frame from a raw WebSocket client.
async fn next_json<S>(ws: &mut S) -> Value
where
    S: futures_util::Stream<Item = Result<WsMessage, tokio_tungstenite::tungstenite::Error>>
        + Unpin,
{
    loop {
        match tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("a frame in time")
        {
            Some(Ok(WsMessage::Text(text))) => return serde_json::from_str(&text).expect("json"),
            Some(Ok(_)) => {}
            other => panic!("expected a text frame, got {other:?}"),
        }
    }
}

/// Sends one request by hand (HTTP/1.1, `Connection: close`) with the bot's token, for bodies
/// serenity's builders would not produce; returns the status and the JSON answer.
async fn raw_request(discord: &Standin, method: &str, path: &str, body: &Value) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = discord.rest_url().trim_start_matches("http://").to_owned();
    let mut tcp = tokio::net::TcpStream::connect(&address)
        .await
        .expect("the stand-in's REST port accepts");
    let text = body.to_string();
    let request = format!(
        "{method} /api/v10{path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bot {}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
        discord.token(),
        text.len()
    );
    tcp.write_all(request.as_bytes()).await.expect("send");
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).await.expect("read");
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let json = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.trim())
        .filter(|b| !b.is_empty())
        .map_or(Value::Null, |b| {
            serde_json::from_str(b).unwrap_or_else(|e| panic!("{e}: {b}"))
        });
    (status, json)
}

fn channel_messages(channel: u64) -> String {
    format!("/channels/{channel}/messages")
}

/// A stand-in with a raw gateway session and one registered guild command, `/think`.
async fn with_think(options: Options) -> (Standin, impl Sized) {
    let discord = Standin::start_with(options).await;
    let session = raw_session(&discord).await;
    let guild = GuildId::new(discord.guild_id());
    let command = CreateCommand::new("think")
        .description("Thinks")
        .add_option(
            CreateCommandOption::new(CommandOptionType::String, "about", "What to think about")
                .set_autocomplete(true),
        );
    discord
        .http()
        .create_guild_commands(guild, &vec![command])
        .await
        .expect("PUT guild commands");
    (discord, session)
}
