//! The Discord stand-in (tests/support/discord_standin) against a real serenity 0.12.5 client:
//! what the bot's tests will rely on is checked here, with a minimal bot that registers one
//! guild command, answers it with a PNG, buttons and a select menu, and updates its message on
//! clicks.

mod support;

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

use support::discord_standin::{Options, Slash, Standin, message_id};

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rest_answers_parse_as_serenity_models() {
    let discord = Standin::start().await;
    let http = discord.http();
    let guild = GuildId::new(discord.guild_id());
    let channel = ChannelId::new(discord.channel_id());

    assert_eq!(
        http.get_gateway().await.expect("GET /gateway").url,
        discord.gateway_url()
    );
    assert_eq!(
        http.get_bot_gateway()
            .await
            .expect("GET /gateway/bot")
            .shards,
        1
    );
    let application = http
        .get_current_application_info()
        .await
        .expect("GET application");
    assert_eq!(
        application.owner.expect("an owner").id.get(),
        discord.owner().id
    );
    assert!(http.get_current_user().await.expect("GET /users/@me").bot);

    let fetched = http.get_channel(channel).await.expect("GET channel");
    assert_eq!(fetched.guild().expect("a guild channel").name, "dama");
    let alice = discord.user("alice");
    let member = http
        .get_member(guild, UserId::new(alice.id))
        .await
        .expect("GET member");
    assert_eq!(member.user.name, "alice");
    let roles = http.get_guild_roles(guild).await.expect("GET roles");
    assert!(roles.iter().any(|r| r.name == "@everyone"));

    let command = CreateCommand::new("ping").description("Answers pong");
    let global = http
        .create_global_commands(&vec![command.clone()])
        .await
        .expect("PUT global");
    let local = http
        .create_guild_commands(guild, &vec![command])
        .await
        .expect("PUT guild");
    assert_eq!((global.len(), local.len()), (1, 1));
    assert_eq!(local[0].guild_id, Some(guild));
    assert_eq!(discord.global_commands()[0]["name"], "ping");
    // Like Discord, the answer carries the id of each command (bots mention commands by it),
    // and a command registered again keeps its id.
    assert_eq!(discord.guild_commands()[0]["id"], local[0].id.to_string());
    let again = http
        .create_guild_commands(
            guild,
            &vec![
                CreateCommand::new("ping")
                    .description("Answers pong")
                    .name_localized("it", "pong"),
            ],
        )
        .await
        .expect("PUT guild again");
    assert_eq!(again[0].id, local[0].id);
    assert_eq!(
        again[0]
            .name_localizations
            .as_ref()
            .and_then(|l| l.get("it")),
        Some(&"pong".to_owned())
    );

    let message = CreateMessage::new()
        .content("a board")
        .add_file(CreateAttachment::bytes(png(), "board.png"))
        .embed(CreateEmbed::new().image("attachment://board.png"));
    let sent = channel
        .send_message(&http, message)
        .await
        .expect("POST message");
    assert_eq!(sent.attachments[0].filename, "board.png");
    assert_eq!(
        (sent.attachments[0].width, sent.attachments[0].height),
        (Some(8), Some(6))
    );
    let image = sent.embeds[0]
        .image
        .as_ref()
        .expect("the embed keeps its image");
    assert_eq!(image.url, sent.attachments[0].url);
    let request = discord.next_request("POST", "/channels/*/messages").await;
    assert!(request.content_type.starts_with("multipart/form-data"));
    assert_eq!(request.body()["content"], "a board");
    assert_eq!(png_dimensions(&request.file("board.png").bytes), (8, 6));
    assert_eq!(
        discord.attachment(&discord.message(sent.id.get()), "board.png"),
        png()
    );

    let edited = channel
        .edit_message(
            &http,
            sent.id,
            EditMessage::new().content("an edited board"),
        )
        .await
        .expect("PATCH message");
    assert_eq!(edited.content, "an edited board");
    assert_eq!(
        edited.attachments.len(),
        1,
        "an edit without attachments keeps them"
    );
    assert!(edited.edited_timestamp.is_some());
    assert_eq!(
        channel
            .message(&http, sent.id)
            .await
            .expect("GET message")
            .content,
        edited.content
    );
    channel
        .delete_message(&http, sent.id)
        .await
        .expect("DELETE message");
    assert!(discord.errors().is_empty(), "{:?}", discord.errors());

    // What Discord refuses, the stand-in refuses, and the test can see it.
    assert!(channel.message(&http, sent.id).await.is_err());
    let errors = discord.errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("Unknown Message"), "{errors:?}");
    let unknown = http.get_guild(GuildId::new(1)).await;
    assert!(unknown.is_err());
    assert_eq!(discord.errors().len(), 2);
    let stranger = HttpBuilder::new("not.the.token")
        .proxy(discord.rest_url())
        .ratelimiter_disabled(true)
        .build();
    assert!(
        stranger.get_current_user().await.is_err(),
        "a wrong token is refused"
    );
    assert!(discord.requests().last().is_some_and(|r| r.status == 401));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_connects_identifies_and_registers_commands() {
    let discord = Standin::start().await;
    let mut bot = RunningBot::start(&discord).await;
    let identify = discord.wait_ready().await;
    assert_eq!(
        identify["token"]
            .as_str()
            .map(|t| t.trim_start_matches("Bot ")),
        Some(discord.token())
    );
    assert_eq!(identify["intents"], GatewayIntents::GUILDS.bits());
    assert_eq!(identify["shard"], json!([0, 1]));
    assert_eq!(bot.ok("register").await, "2");

    let put = discord
        .next_request("PUT", "/applications/*/guilds/*/commands")
        .await;
    assert_eq!(
        put.path,
        format!(
            "/applications/{}/guilds/{}/commands",
            discord.application_id(),
            discord.guild_id()
        )
    );
    let names: Vec<&Value> = put
        .body()
        .as_array()
        .expect("a list")
        .iter()
        .map(|c| &c["name"])
        .collect();
    assert_eq!(names, [&json!("show"), &json!("later")]);
    let registered = discord.guild_commands();
    assert_eq!(registered.len(), 2);
    assert!(
        registered
            .iter()
            .all(|c| c["id"].is_string() && c["version"].is_string())
    );
    assert_eq!(registered[0]["options"][1]["autocomplete"], true);
    assert!(
        discord.requests()[0].is("GET", "/gateway"),
        "the client asks for the gateway first"
    );

    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_command_gets_a_png_and_components_that_work() {
    let (discord, mut bot) = connected(Options::default()).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));

    let show = discord
        .slash(&alice, Slash::new("show").user("opponent", &bob))
        .await;
    let reply = discord.callback(&show).await;
    assert!(reply.content_type.starts_with("multipart/form-data"));
    assert_eq!(reply.body()["type"], 4);
    assert_eq!(reply.body()["data"]["content"], "alice vs bob");
    assert_eq!(png_dimensions(&reply.file("board.png").bytes), (8, 6));
    assert_eq!(reply.file("board.png").field, "files[0]");
    assert!(show.answered_in(&reply) < Duration::from_secs(3));
    bot.ok("show").await;

    let message = discord.original(&show).await;
    assert_eq!(message["content"], "alice vs bob");
    assert_eq!(
        message["interaction_metadata"]["user"]["id"],
        alice.id.to_string()
    );
    let attachment = &message["attachments"][0];
    assert_eq!(
        (attachment["width"].clone(), attachment["height"].clone()),
        (json!(8), json!(6))
    );
    assert_eq!(message["embeds"][0]["image"]["url"], attachment["url"]);
    let url = attachment["url"].as_str().expect("a url").to_owned();
    assert_eq!(bot.ok("show original").await, format!("board.png {url}"));
    discord
        .next_request("GET", "/webhooks/*/*/messages/@original")
        .await;

    let id = message_id(&message);
    let flip = discord.click(&bob, id, "flip").await;
    let update = discord.callback(&flip).await;
    assert_eq!(update.body()["type"], 7);
    assert_eq!(bot.ok("component").await, "flip by bob");
    let updated = discord.message(id);
    assert_eq!(updated["content"], "flip by bob");
    assert!(updated["edited_timestamp"].is_string());
    // serenity 0.12 sends `"attachments": []` with every UpdateMessage (serenity issue 3068),
    // and Discord then removes the files: a click that keeps the board must attach it again.
    assert_eq!(update.body()["data"]["attachments"], json!([]));
    assert_eq!(
        updated["attachments"],
        json!([]),
        "an update without files removes them"
    );
    assert_eq!(
        updated["embeds"], message["embeds"],
        "an update without embeds keeps them"
    );

    let pick = discord.select(&alice, id, "pick", &["21-17"]).await;
    discord.callback(&pick).await;
    assert_eq!(bot.ok("component").await, "alice picked 21-17");
    assert_eq!(
        discord.original(&pick).await["content"],
        "alice picked 21-17"
    );

    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_is_answered_with_choices() {
    let (discord, mut bot) = connected(Options::default()).await;
    let carol = discord.user("carol");
    let typing = discord
        .autocomplete(&carol, Slash::new("show").focused("colour", "b"))
        .await;
    let choices = discord.choices(&typing).await;
    assert_eq!(choices, [json!({ "name": "black", "value": "black" })]);
    assert_eq!(bot.ok("autocomplete").await, "b");
    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deferred_reply_is_edited_and_followed_up() {
    let (discord, mut bot) = connected(Options::default()).await;
    let dave = discord.user("dave");
    let later = discord.slash(&dave, Slash::new("later")).await;
    assert_eq!(discord.callback(&later).await.body()["type"], 5);
    bot.ok("defer").await;
    let thinking = discord.original(&later).await;
    let first = discord.message_history(message_id(&thinking)).remove(0);
    assert_eq!(
        first["flags"], 128,
        "a deferred reply shows the bot thinking"
    );

    let edit = discord
        .next_request("PATCH", "/webhooks/*/*/messages/@original")
        .await;
    assert_eq!(edit.body()["content"], "thought it over");
    assert_eq!(png_dimensions(&edit.file("board.png").bytes), (8, 6));
    assert_eq!(bot.ok("edit").await, "thought it over 1");
    let followup = discord.next_request("POST", "/webhooks/*/*").await;
    assert_eq!(followup.body()["flags"], 64);
    assert_eq!(bot.ok("followup").await, "only you");
    assert_eq!(bot.ok("fetch").await, "thought it over");

    let original = discord.message(message_id(&thinking));
    assert_eq!(original["flags"], 0, "the edit ended the thinking state");
    let ephemeral = discord
        .messages()
        .into_iter()
        .find(|m| m["content"] == "only you");
    assert_eq!(ephemeral.expect("the follow-up is stored")["flags"], 64);
    bot.stop().await;
    discord.assert_no_errors();
}

async fn resumes_after(end_connection: impl FnOnce(&Standin)) {
    let (discord, mut bot) = connected(Options::default()).await;
    let session = discord
        .frames()
        .iter()
        .find(|f| f.op == 2)
        .map(|f| f.connection);
    assert_eq!(session, Some(1));
    let erin = discord.user("erin");

    end_connection(&discord);
    // Sent while the bot is away: Discord keeps it and replays it on RESUME.
    let missed = discord.slash(&erin, Slash::new("show")).await;
    let resume = discord.wait_resumed().await;
    assert!(resume["session_id"].is_string());
    assert_eq!(resume["seq"], 2, "the bot had seen READY and GUILD_CREATE");
    assert_eq!(discord.callback(&missed).await.body()["type"], 4);
    bot.ok("show").await;

    let after = discord.slash(&erin, Slash::new("later")).await;
    assert_eq!(discord.callback(&after).await.body()["type"], 5);
    bot.ok("fetch").await;
    assert_eq!(discord.connections(), 2);
    assert_eq!(
        discord.frames().iter().filter(|f| f.op == 2).count(),
        1,
        "no new IDENTIFY"
    );
    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_connection_is_resumed_and_missed_interactions_replayed() {
    resumes_after(Standin::drop_gateway).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cut_connection_is_resumed_and_missed_interactions_replayed() {
    resumes_after(Standin::cut_gateway).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_identifies_again_and_old_buttons_still_reach_it() {
    let (discord, mut bot) = connected(Options::default()).await;
    let ivan = discord.user("ivan");
    let show = discord.slash(&ivan, Slash::new("show")).await;
    discord.callback(&show).await;
    bot.ok("show").await;
    let board = message_id(&discord.original(&show).await);
    bot.stop().await;

    let mut bot = RunningBot::start(&discord).await;
    discord.wait_ready().await;
    assert_eq!(bot.ok("register").await, "2");
    let flip = discord.click(&ivan, board, "flip").await;
    assert_eq!(discord.callback(&flip).await.body()["type"], 7);
    assert_eq!(bot.ok("component").await, "flip by ivan");
    assert_eq!(discord.frames().iter().filter(|f| f.op == 2).count(), 2);
    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poise_bot_registers_checks_permissions_and_answers() {
    let discord = Standin::start().await;
    let mut bot = RunningBot::launch(&discord, poise_bot).await;
    discord.wait_ready().await;
    // FrameworkOptions::initialize_owners asks for the application at start-up.
    discord
        .next_request("GET", "/oauth2/applications/@me")
        .await;
    let put = discord
        .next_request("PUT", "/applications/*/guilds/*/commands")
        .await;
    let greet = &put.body()[0];
    assert_eq!(greet["name"], "greet");
    assert_eq!(greet["description"], "Greets an opponent with a board");
    assert_eq!(greet["options"][0]["type"], 6);
    assert_eq!(greet["options"][0]["required"], true);
    assert_eq!(greet["options"][1]["autocomplete"], true);

    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let typing = Slash::new("greet")
        .user("opponent", &bob)
        .focused("colour", "bl");
    let choices = discord
        .choices(&discord.autocomplete(&alice, typing).await)
        .await;
    assert_eq!(choices, [json!({ "name": "black", "value": "black" })]);

    let command = Slash::new("greet")
        .user("opponent", &bob)
        .string("colour", "black");
    let sent = discord.slash(&alice, command).await;
    let reply = discord.callback(&sent).await;
    assert_eq!(reply.body()["type"], 4);
    assert_eq!(png_dimensions(&reply.file("board.png").bytes), (8, 6));
    assert_eq!(bot.ok("greet").await, "alice greets bob as black");

    let board = message_id(&discord.original(&sent).await);
    let accept = discord.click(&bob, board, "accept").await;
    assert_eq!(discord.callback(&accept).await.body()["type"], 7);
    assert_eq!(bot.ok("click").await, "accept by bob");
    assert_eq!(discord.message(board)["content"], "accept by bob");
    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heartbeats_are_acknowledged() {
    let options = Options {
        heartbeat_interval: Duration::from_millis(100),
        ..Options::default()
    };
    let (discord, bot) = connected(options).await;
    for _ in 0..2 {
        discord.next_frame(1).await;
    }
    assert_eq!(
        discord.connections(),
        1,
        "acknowledged heartbeats keep the connection"
    );
    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_and_repeated_answers_are_refused() {
    let options = Options {
        interaction_deadline: Duration::ZERO,
        ..Options::default()
    };
    let (discord, mut bot) = connected(options).await;
    let frank = discord.user("frank");
    discord.slash(&frank, Slash::new("show")).await;
    let refused = discord
        .next_request_where("the late callback", |r| r.path.ends_with("/callback"))
        .await;
    assert_eq!(refused.status, 404);
    assert_eq!(refused.response()["code"], 10062);
    assert!(
        bot.outcome("show").await.is_err(),
        "the bot sees the refusal"
    );
    assert!(discord.errors().iter().any(|e| e.contains("too late")));
    bot.stop().await;

    let (discord, bot) = connected(Options::default()).await;
    let show = discord
        .slash(&discord.user("frank"), Slash::new("show"))
        .await;
    discord.callback(&show).await;
    let again = discord
        .http()
        .create_interaction_response(
            InteractionId::new(show.id),
            &show.token,
            &CreateInteractionResponse::Acknowledge,
            Vec::new(),
        )
        .await;
    assert!(again.is_err());
    let refused = discord
        .next_request("POST", "/interactions/*/*/callback")
        .await;
    assert_eq!(refused.response()["code"], 40060);
    assert_eq!(discord.errors().len(), 1);
    bot.stop().await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_followup_after_a_defer_fills_the_thinking_message() {
    let discord = Standin::start().await;
    let _session = raw_session(&discord).await;
    let http = discord.http();
    let command = CreateCommand::new("think").description("Thinks");
    let guild = GuildId::new(discord.guild_id());
    http.create_guild_commands(guild, &vec![command])
        .await
        .expect("PUT guild commands");
    let think = discord
        .slash(&discord.user("hana"), Slash::new("think"))
        .await;

    let defer =
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true));
    http.create_interaction_response(
        InteractionId::new(think.id),
        &think.token,
        &defer,
        Vec::new(),
    )
    .await
    .expect("the defer is accepted");
    let thinking = discord.original(&think).await;
    assert_eq!(thinking["flags"], 64 | 128);

    let followup = CreateInteractionResponseFollowup::new().content("done");
    let first = http
        .create_followup_message(&think.token, &followup, Vec::new())
        .await;
    let first = first.expect("the first follow-up is accepted");
    assert_eq!(
        first.id.get(),
        message_id(&thinking),
        "it replaces the thinking message"
    );
    assert_eq!(
        first.flags.map(|f| f.bits()),
        Some(64),
        "keeping the defer's ephemeral flag"
    );
    let second = http
        .create_followup_message(&think.token, &followup, Vec::new())
        .await;
    assert_ne!(second.expect("a second follow-up is accepted").id, first.id);
    assert_eq!(discord.message_history(first.id.get()).len(), 2);

    http.delete_original_interaction_response(&think.token)
        .await
        .expect("DELETE @original");
    assert_eq!(
        discord.messages().len(),
        1,
        "only the second follow-up is left"
    );
    discord.assert_no_errors();
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

/// A raw WebSocket client, to check the protocol details serenity does not show.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gateway_speaks_the_protocol() {
    let discord = Standin::start().await;
    // As serenity's `Url` normalises it: Discord's URL has no path, the request needs "/".
    let url = format!("{}/?v=10&encoding=json", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("the gateway accepts");
    let hello = next_json(&mut ws).await;
    assert_eq!(hello["op"], 10);
    assert_eq!(hello["d"]["heartbeat_interval"], 41_250);

    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": [0, 1],
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    let heartbeat = json!({ "op": 1, "d": null });
    ws.send(WsMessage::Text(heartbeat.to_string()))
        .await
        .expect("send heartbeat");
    let mut frames = Vec::new();
    for _ in 0..3 {
        frames.push(next_json(&mut ws).await);
    }
    let dispatches: Vec<(Value, Value)> = frames
        .iter()
        .filter(|f| f["op"] == 0)
        .map(|f| (f["t"].clone(), f["s"].clone()))
        .collect();
    assert_eq!(
        dispatches,
        [
            (json!("READY"), json!(1)),
            (json!("GUILD_CREATE"), json!(2))
        ]
    );
    assert!(
        frames.iter().any(|f| f["op"] == 11),
        "the heartbeat is acknowledged"
    );
    let ready = frames.iter().find(|f| f["t"] == "READY").expect("READY");
    assert_eq!(ready["d"]["resume_gateway_url"], discord.gateway_url());
    assert_eq!(
        ready["d"]["application"]["id"],
        discord.application_id().to_string()
    );
    ws.close(None).await.expect("close");

    // A RESUME of a session that does not exist is refused with INVALID SESSION (not resumable).
    let connected = tokio_tungstenite::connect_async(format!("{}/", discord.gateway_url())).await;
    let (mut ws, _) = connected.unwrap_or_else(|e| panic!("{e}\n{}", discord.log()));
    let resume = json!({ "op": 6, "d": {
        "token": discord.token(), "session_id": "nope", "seq": 2,
    }});
    ws.send(WsMessage::Text(resume.to_string()))
        .await
        .expect("send resume");
    assert_eq!(next_json(&mut ws).await["op"], 10);
    assert_eq!(next_json(&mut ws).await, json!({ "op": 9, "d": false }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "the bot has not registered /nope")]
async fn a_command_the_bot_did_not_register_cannot_be_run() {
    let (discord, _bot) = connected(Options::default()).await;
    discord
        .slash(&discord.user("gina"), Slash::new("nope"))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "has no component \"accept\"")]
async fn a_button_that_is_not_there_cannot_be_clicked() {
    let (discord, mut bot) = connected(Options::default()).await;
    let gina = discord.user("gina");
    let show = discord.slash(&gina, Slash::new("show")).await;
    discord.callback(&show).await;
    bot.ok("show").await;
    let message = discord.original(&show).await;
    discord.click(&gina, message_id(&message), "accept").await;
}

/// Registers `/post where:<text channel>` over the bot's commands; returns a text channel and a
/// thread of it.
async fn register_channel_command(discord: &Standin) -> (u64, u64) {
    let path = format!(
        "/applications/{}/guilds/{}/commands",
        discord.application_id(),
        discord.guild_id()
    );
    let body = json!([{
        "name": "post", "description": "Posts somewhere",
        "options": [{ "type": 7, "name": "where", "description": "A text channel",
                      "channel_types": [0], "required": true }],
    }]);
    let (status, answer) = raw_request(discord, "PUT", &path, &body).await;
    assert_eq!(status, 200, "{answer}");
    let news = discord.text_channel("news", 0);
    (news, discord.thread(news, "chatter"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_option_carries_the_channel_resolved() {
    let (discord, _bot) = connected(Options::default()).await;
    let (news, _) = register_channel_command(&discord).await;
    let sent = discord
        .slash(
            &discord.user("gina"),
            Slash::new("post").channel("where", news),
        )
        .await;
    let data = &sent.payload["data"];
    assert_eq!(data["options"][0]["type"], 7);
    assert_eq!(data["options"][0]["value"], news.to_string());
    let resolved = &data["resolved"]["channels"][news.to_string()];
    assert_eq!(resolved["name"], "news", "{data:#}");
    assert_eq!(resolved["type"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "takes channels of types")]
async fn a_channel_option_takes_only_the_types_it_was_registered_with() {
    let (discord, _bot) = connected(Options::default()).await;
    let (_, thread) = register_channel_command(&discord).await;
    discord
        .slash(
            &discord.user("gina"),
            Slash::new("post").channel("where", thread),
        )
        .await;
}

// ---- Discord's schema and documented rules ---------------------------------------------------

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_are_checked_against_discords_schema() {
    let discord = Standin::start().await;
    let messages = channel_messages(discord.channel_id());

    let (status, answer) = raw_request(
        &discord,
        "POST",
        &messages,
        &json!({ "content": "x".repeat(4001) }),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(answer["code"], 50035, "{answer}");
    assert_eq!(answer["message"], "Invalid Form Body");
    assert_eq!(
        answer["errors"]["content"]["_errors"][0]["code"], "BASE_TYPE_MAX_LENGTH",
        "{answer}"
    );
    let errors = discord.errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("POST /channels/{channel_id}/messages at /content"),
        "the error names the route template and the JSON path: {errors:?}"
    );
    assert_eq!(discord.requests()[0].violations[0].path, "/content");
    assert!(
        discord.messages().is_empty(),
        "a refused body creates nothing"
    );
    // The description allows 4,000 characters (for boosted users); a bot has 2,000.
    let over = json!({ "content": "x".repeat(2001) });
    assert_eq!(raw_request(&discord, "POST", &messages, &over).await.0, 400);
    discord.take_expected_error("2001 characters, more than 2000");
    discord.take_expected_error("at /content");

    let long_title = json!({ "embeds": [{ "title": "t".repeat(257) }] });
    let (status, answer) = raw_request(&discord, "POST", &messages, &long_title).await;
    assert_eq!(status, 400);
    assert!(
        answer["errors"]["embeds"]["0"]["title"]["_errors"].is_array(),
        "{answer}"
    );
    let wrong_type = json!({ "content": 5 });
    assert_eq!(
        raw_request(&discord, "POST", &messages, &wrong_type)
            .await
            .0,
        400
    );
    assert!(
        discord
            .take_expected_error("at /embeds/0/title")
            .contains("POST /channels/")
    );
    assert!(discord.take_expected_error("at /content:").contains('5'));

    // Numbers may be spelled as strings where Discord reads them so, and attachment ids as
    // integers; a string that is not a number is still refused.
    let fine = json!({
        "content": "fine", "flags": "4096",
        "allowed_mentions": { "parse": [], "users": ["1"] },
    });
    let (status, answer) = raw_request(&discord, "POST", &messages, &fine).await;
    assert_eq!(status, 200, "{answer}");
    let permissions = |value: Value| json!([{ "name": "ping", "description": "Pong", "default_member_permissions": value }]);
    let guild_commands = format!(
        "/applications/{}/guilds/{}/commands",
        discord.application_id(),
        discord.guild_id()
    );
    for value in [json!("8"), json!(8)] {
        let (status, answer) =
            raw_request(&discord, "PUT", &guild_commands, &permissions(value)).await;
        assert_eq!(status, 200, "{answer}");
    }
    let (status, _) = raw_request(
        &discord,
        "PUT",
        &guild_commands,
        &permissions(json!("eight")),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        discord
            .take_expected_error("PUT /applications/{application_id}/guilds/{guild_id}/commands at /0/default_member_permissions")
            .contains("400")
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn routes_are_the_descriptions_templates_the_most_literal_first() {
    use support::discord_standin::route_of;
    assert_eq!(
        route_of("PATCH", "/webhooks/1/abc/messages/@original").as_deref(),
        Some("PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original")
    );
    assert_eq!(
        route_of("PATCH", "/api/v10/webhooks/1/abc/messages/2").as_deref(),
        Some("PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    );
    assert_eq!(
        route_of("POST", "/interactions/1/abc/callback").as_deref(),
        Some("POST /interactions/{interaction_id}/{interaction_token}/callback")
    );
    assert_eq!(
        route_of("GET", "/gateway/bot").as_deref(),
        Some("GET /gateway/bot")
    );
    assert_eq!(route_of("GET", "/no/such/route"), None);
    assert_eq!(route_of("DELETE", "/gateway"), None, "the method counts");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_callback_is_checked_against_the_schema_of_its_type() {
    let discord = Standin::start().await;
    let _session = raw_session(&discord).await;
    let http = discord.http();
    let guild = GuildId::new(discord.guild_id());
    http.create_guild_commands(
        guild,
        &vec![CreateCommand::new("think").description("Thinks")],
    )
    .await
    .expect("PUT guild commands");
    let who = discord.user("ugo");
    let think = discord.slash(&who, Slash::new("think")).await;
    let path = format!("/interactions/{}/{}/callback", think.id, think.token);
    let too_long = json!({ "type": 4, "data": { "content": "x".repeat(2001) } });
    let (status, answer) = raw_request(&discord, "POST", &path, &too_long).await;
    assert_eq!(status, 400);
    assert!(
        answer["errors"]["data"]["content"]["_errors"].is_array(),
        "{answer}"
    );
    let text = discord.take_expected_error("at /data/content");
    assert!(
        text.contains("POST /interactions/{interaction_id}/{interaction_token}/callback"),
        "{text}"
    );
    let unknown_type = json!({ "type": 42 });
    assert_eq!(
        raw_request(&discord, "POST", &path, &unknown_type).await.0,
        400
    );
    discord.take_expected_error("/callback at");
    let fine = json!({ "type": 4, "data": { "content": "thought" } });
    assert_eq!(raw_request(&discord, "POST", &path, &fine).await.0, 204);
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_names_and_localisations_follow_discords_rules() {
    let discord = Standin::start().await;
    let path = format!(
        "/applications/{}/guilds/{}/commands",
        discord.application_id(),
        discord.guild_id()
    );
    let command = |name: &str, localized: Value, option: &str| {
        json!([{
            "name": name, "description": "Plays", "name_localizations": localized,
            "options": [{ "type": 3, "name": option, "description": "A move" }],
        }])
    };
    let cases = [
        (command("Play", json!(null), "move"), "at /0/name"),
        (command("play game", json!(null), "move"), "at /0/name"),
        (
            command("play", json!({ "xx": "gioca" }), "move"),
            "at /0/name_localizations/xx",
        ),
        (
            command("play", json!({ "it": "Gioca" }), "move"),
            "at /0/name_localizations/it",
        ),
        (command("play", json!(null), "Move"), "at /0/options/0/name"),
    ];
    for (body, place) in &cases {
        let (status, answer) = raw_request(&discord, "PUT", &path, body).await;
        assert_eq!(status, 400, "{body} must be refused");
        assert_eq!(answer["code"], 50035);
        discord.take_expected_error(place);
    }
    // Devanagari and Thai names carry vowel signs that are not letters; Discord allows them.
    let fine = json!([
        { "name": "gioca", "description": "Plays", "name_localizations": { "it": "gioca", "hi": "खेलें", "th": "เล่น", "es-419": "jugar" },
          "description_localizations": { "pt-BR": "Joga" },
          "options": [{ "type": 3, "name": "mossa", "description": "A move", "choices": [
              { "name": "first", "value": "1", "name_localizations": { "it": "Prima" } }] }] },
        { "name": "Show Board", "type": 3 },
    ]);
    let (status, answer) = raw_request(&discord, "PUT", &path, &fine).await;
    assert_eq!(status, 200, "{answer}");
    let bad_choice = json!([{ "name": "gioca", "description": "Plays", "options": [{
        "type": 3, "name": "mossa", "description": "A move",
        "choices": [{ "name": "first", "value": "1", "name_localizations": { "italian": "Prima" } }],
    }] }]);
    assert_eq!(
        raw_request(&discord, "PUT", &path, &bad_choice).await.0,
        400
    );
    discord.take_expected_error("at /0/options/0/choices/0/name_localizations/italian");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn allowed_mentions_are_sets_of_at_most_100() {
    let discord = Standin::start().await;
    let messages = channel_messages(discord.channel_id());
    let mentions = |allowed: Value| json!({ "content": "hi", "allowed_mentions": allowed });
    let many: Vec<String> = (1..=101).map(|n| n.to_string()).collect();
    let cases = [
        json!({ "users": ["1", "1"] }),
        json!({ "roles": ["2", "3", "2"] }),
        json!({ "parse": ["users"], "users": ["1"] }),
        json!({ "parse": ["roles"], "roles": ["1"] }),
        json!({ "users": many }),
    ];
    for allowed in cases {
        let (status, answer) =
            raw_request(&discord, "POST", &messages, &mentions(allowed.clone())).await;
        assert_eq!(
            (status, answer["code"].clone()),
            (400, json!(50035)),
            "{allowed}"
        );
        discord.take_expected_error("at /allowed_mentions/");
    }
    let fine = json!({ "parse": ["users"], "roles": ["1", "2"], "replied_user": false });
    assert_eq!(
        raw_request(&discord, "POST", &messages, &mentions(fine))
            .await
            .0,
        200
    );
    discord.assert_no_errors();
}

// ---- the request dump ---------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_is_dumped_and_the_dump_validates() {
    use support::discord_standin::validate_dump;
    let directory = tempfile::tempdir().expect("a temp dir");
    let dump = directory.path().join("requests.jsonl");
    let options = Options {
        dump: Some(dump.clone()),
        ..Options::default()
    };
    let (discord, mut bot) = connected(options).await;
    let show = discord
        .slash(&discord.user("vera"), Slash::new("show"))
        .await;
    discord.callback(&show).await;
    bot.ok("show original").await;
    let later = discord
        .slash(&discord.user("vera"), Slash::new("later"))
        .await;
    discord.callback(&later).await;
    bot.ok("fetch").await;
    bot.stop().await;
    discord.assert_no_errors();

    let lines = std::fs::read_to_string(&dump).expect("the dump exists");
    assert_eq!(lines.lines().count(), discord.requests().len());
    let first: Value = serde_json::from_str(lines.lines().next().expect("a line")).expect("json");
    assert_eq!(
        first,
        json!({ "method": "GET", "path": "/api/v10/gateway", "json": null })
    );
    let report = validate_dump(&dump);
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.requests, discord.requests().len());
    assert_eq!(
        report
            .routes
            .get("PUT /applications/{application_id}/guilds/{guild_id}/commands"),
        Some(&1)
    );
    assert_eq!(report.callback_types.get(&4), Some(&1));
    assert_eq!(report.callback_types.get(&5), Some(&1));

    // A line a bot with a bug would have sent, and a route Discord does not have.
    let bad = json!({ "method": "POST", "path": "/api/v10/channels/1/messages",
        "json": { "content": "hi", "allowed_mentions": { "users": ["7", "7"] } } });
    let unknown = json!({ "method": "GET", "path": "/api/v10/nowhere", "json": null });
    std::fs::write(&dump, format!("{lines}{bad}\n{unknown}\n")).expect("rewrite the dump");
    let report = validate_dump(&dump);
    assert_eq!(report.violations.len(), 1, "{report}");
    assert!(
        report.violations[0]
            .contains("POST /channels/{channel_id}/messages at /allowed_mentions/users")
    );
    assert_eq!(report.unmatched, ["GET /api/v10/nowhere"]);
    assert!(!report.is_clean());
}

/// `DAMA_STANDIN_CHECK=PATH cargo test --release --test discord_standin -- --ignored
/// dump_validates` judges a dump written with `DAMA_STANDIN_DUMP=PATH` (by any test run).
#[test]
#[ignore = "judges the dump named by DAMA_STANDIN_CHECK"]
fn dump_validates() {
    let path = std::env::var_os("DAMA_STANDIN_CHECK")
        .expect("DAMA_STANDIN_CHECK names the dump to validate");
    let report = support::discord_standin::validate_dump(&path);
    println!("{report}");
    assert!(report.requests > 0, "the dump is empty");
    assert!(
        report.is_clean(),
        "the dump breaks Discord's rules:\n{report}"
    );
}

// ---- time, deferrals, notifications ---------------------------------------------------------

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

async fn defer(discord: &Standin, sent: &support::discord_standin::SentInteraction) {
    let defer = CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());
    discord
        .http()
        .create_interaction_response(InteractionId::new(sent.id), &sent.token, &defer, Vec::new())
        .await
        .expect("the defer is accepted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interaction_tokens_expire_after_15_minutes() {
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let who = discord.user("wanda");
    let think = discord.slash(&who, Slash::new("think")).await;
    defer(&discord, &think).await;
    discord.advance(Duration::from_secs(14 * 60));
    let edit = EditInteractionResponse::new().content("still in time");
    http.edit_original_interaction_response(&think.token, &edit, Vec::new())
        .await
        .expect("14 minutes on, the token works");

    discord.advance(Duration::from_secs(2 * 60));
    let late = http
        .create_followup_message(
            &think.token,
            &CreateInteractionResponseFollowup::new().content("late"),
            Vec::new(),
        )
        .await;
    assert!(late.is_err(), "16 minutes on, the token is dead");
    let refused = discord.requests().pop().expect("the follow-up");
    assert_eq!(refused.status, 401);
    assert_eq!(refused.response()["code"], 50027);
    assert_eq!(refused.response()["message"], "Invalid Webhook Token");
    discord.take_expected_error("50027");

    // The first answer's 3 s deadline counts the advance too.
    let again = discord.slash(&who, Slash::new("think")).await;
    discord.advance(Duration::from_secs(4));
    let answer =
        CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content("hi"));
    let refused = http
        .create_interaction_response(
            InteractionId::new(again.id),
            &again.token,
            &answer,
            Vec::new(),
        )
        .await;
    assert!(refused.is_err());
    assert_eq!(discord.requests().pop().map(|r| r.status), Some(404));
    discord.take_expected_error("10062");
    discord.take_expected_error("too late");
    discord.take_expected_error("never answered");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferral_must_be_completed() {
    let options = Options {
        wait_timeout: Duration::from_secs(3),
        ..Options::default()
    };
    let (discord, _session) = with_think(options).await;
    let who = discord.user("xena");
    let think = discord.slash(&who, Slash::new("think")).await;
    defer(&discord, &think).await;
    let errors = discord.errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains(&format!(
        "interaction {} was deferred (callback type 5)",
        think.id
    )));

    // assert_no_errors waits for a bot that is still working.
    let http = discord.http();
    let token = think.token.clone();
    let working = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        http.create_followup_message(
            &token,
            &CreateInteractionResponseFollowup::new().content("done"),
            Vec::new(),
        )
        .await
        .map(|_| ())
    });
    discord.assert_no_errors();
    working
        .await
        .expect("the task ends")
        .expect("the follow-up is accepted");

    // An edit of @original and a deletion complete it too; nothing does not.
    for finish in ["edit", "delete"] {
        let sent = discord.slash(&who, Slash::new("think")).await;
        defer(&discord, &sent).await;
        let http = discord.http();
        if finish == "edit" {
            let edit = EditInteractionResponse::new().content("done");
            http.edit_original_interaction_response(&sent.token, &edit, Vec::new())
                .await
                .expect("edit @original");
        } else {
            http.delete_original_interaction_response(&sent.token)
                .await
                .expect("delete @original");
        }
        assert!(
            discord.errors().is_empty(),
            "{finish}: {:?}",
            discord.errors()
        );
    }
    let forgotten = discord.slash(&who, Slash::new("think")).await;
    defer(&discord, &forgotten).await;
    let started = std::time::Instant::now();
    let outcome =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| discord.assert_no_errors()));
    assert!(
        outcome.is_err(),
        "a deferral never completed fails the test"
    );
    assert!(
        started.elapsed() >= Duration::from_secs(3),
        "after waiting for it"
    );
    discord.take_expected_error("never completed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mentions_in_new_messages_notify_as_allowed_mentions_allow() {
    let (discord, _session) = with_think(Options::default()).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let messages = channel_messages(discord.channel_id());
    let content = format!("{} plays <@!{}>", alice.mention(), bob.id);
    let post = |extra: Value| {
        let mut body = json!({ "content": content });
        if let Value::Object(extra) = extra {
            body.as_object_mut().expect("an object").extend(extra);
        }
        body
    };
    let mut sent = Vec::new();
    for extra in [
        json!({}),
        json!({ "allowed_mentions": { "parse": [] } }),
        json!({ "allowed_mentions": { "users": [bob.id.to_string()] } }),
        json!({ "allowed_mentions": { "parse": ["users"] } }),
    ] {
        let (status, answer) = raw_request(&discord, "POST", &messages, &post(extra)).await;
        assert_eq!(status, 200, "{answer}");
        sent.push(message_id(&answer));
    }
    assert_eq!(
        discord.notified(sent[0]),
        [alice.id, bob.id],
        "absent: everything parsed"
    );
    assert!(
        discord.notified(sent[1]).is_empty(),
        "parse [] notifies nobody"
    );
    assert_eq!(discord.notified(sent[2]), [bob.id], "only the listed users");
    assert_eq!(discord.notified(sent[3]), [alice.id, bob.id]);

    // Embeds, edits and ephemeral messages notify nobody.
    let embed = json!({ "embeds": [{ "description": alice.mention() }] });
    let (_, answer) = raw_request(&discord, "POST", &messages, &embed).await;
    assert!(discord.notified(message_id(&answer)).is_empty());
    let edit = format!("{messages}/{}", sent[1]);
    raw_request(
        &discord,
        "PATCH",
        &edit,
        &json!({ "content": format!("{} again", bob.mention()) }),
    )
    .await;
    assert!(discord.notified(sent[1]).is_empty());
    let think = discord.slash(&alice, Slash::new("think")).await;
    let answer = CreateInteractionResponseMessage::new()
        .content(bob.mention())
        .ephemeral(true);
    discord
        .http()
        .create_interaction_response(
            InteractionId::new(think.id),
            &think.token,
            &CreateInteractionResponse::Message(answer),
            Vec::new(),
        )
        .await
        .expect("an ephemeral reply");
    assert!(
        discord
            .notified(message_id(&discord.original(&think).await))
            .is_empty()
    );
    // A reply in the open and a follow-up do.
    let followup =
        CreateInteractionResponseFollowup::new().content(format!("{} your move", bob.mention()));
    let message = discord
        .http()
        .create_followup_message(&think.token, &followup, Vec::new())
        .await
        .expect("a follow-up");
    assert_eq!(discord.notified(message.id.get()), [bob.id]);

    let for_bob = discord.notifications_for(&bob);
    assert_eq!(for_bob.len(), 4);
    assert_eq!(for_bob[3].content, format!("{} your move", bob.mention()));
    assert_eq!(for_bob[3].channel, discord.channel_id());
    assert_eq!(discord.notifications().len(), 6);
    discord.assert_no_errors();
}

// ---- channels, permissions, threads, DMs ----------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn channel_permissions_decide_what_the_bot_may_post() {
    use support::discord_standin::perm;
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let muted = discord.text_channel("muted", perm::SEND_MESSAGES);
    let no_embeds = discord.text_channel("plain", perm::EMBED_LINKS);
    let no_files = discord.text_channel("no-files", perm::ATTACH_FILES);
    let hidden = discord.text_channel("hidden", perm::VIEW_CHANNEL);

    let text = CreateMessage::new().content("hello");
    let embed = CreateMessage::new().embed(CreateEmbed::new().description("a board"));
    let file = CreateMessage::new().add_file(CreateAttachment::bytes(png(), "board.png"));
    let attempts = [
        (muted, text.clone(), false),
        (hidden, text.clone(), false),
        (no_embeds, text.clone(), true),
        (no_embeds, embed.clone(), false),
        (no_files, embed.clone(), true),
        (no_files, file.clone(), false),
        (discord.channel_id(), file, true),
    ];
    for (channel, message, allowed) in attempts {
        let result = ChannelId::new(channel).send_message(&http, message).await;
        assert_eq!(result.is_ok(), allowed, "{channel}: {result:?}");
        if !allowed {
            let refused = discord.requests().pop().expect("the request");
            assert_eq!(
                (refused.status, refused.response()["code"].clone()),
                (403, json!(50013))
            );
            assert_eq!(refused.response()["message"], "Missing Permissions");
            discord.take_expected_error("Missing Permissions");
        }
    }
    // An edit of its own message needs View Channel, and Attach Files for new files.
    let sent = ChannelId::new(no_files)
        .send_message(&http, CreateMessage::new().content("a board"))
        .await
        .expect("text is allowed");
    let add_file = EditMessage::new().new_attachment(CreateAttachment::bytes(png(), "board.png"));
    assert!(
        ChannelId::new(no_files)
            .edit_message(&http, sent.id, add_file)
            .await
            .is_err()
    );
    discord.take_expected_error("Missing Permissions");
    let reword = EditMessage::new().content("reworded");
    ChannelId::new(no_files)
        .edit_message(&http, sent.id, reword)
        .await
        .expect("an edit of text");

    // Interaction answers are not subject to channel permissions; the interaction tells the
    // bot what it may do there.
    let who = discord.user("yuri");
    let think = discord.slash_in(muted, &who, Slash::new("think")).await;
    assert_eq!(think.payload["channel_id"], muted.to_string());
    assert_eq!(think.payload["channel"]["type"], 0);
    let app = think.payload["app_permissions"]
        .as_str()
        .expect("a string")
        .parse::<u64>()
        .expect("bits");
    assert_eq!(app & perm::SEND_MESSAGES, 0);
    assert_ne!(app & perm::VIEW_CHANNEL, 0);
    let answer = CreateInteractionResponseMessage::new()
        .content("answered anyway")
        .button(CreateButton::new("again").label("Again"));
    http.create_interaction_response(
        InteractionId::new(think.id),
        &think.token,
        &CreateInteractionResponse::Message(answer),
        Vec::new(),
    )
    .await
    .expect("a callback in a muted channel");
    let reply = discord.original(&think).await;
    assert_eq!(reply["channel_id"], muted.to_string());
    let click = discord.click(&who, message_id(&reply), "again").await;
    assert_eq!(
        click.payload["channel_id"],
        muted.to_string(),
        "a click comes from the message's channel"
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_inherit_their_parents_permissions() {
    use support::discord_standin::perm;
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let thread = discord.thread(discord.channel_id(), "game 1");
    let closed = discord.text_channel("closed", perm::SEND_MESSAGES_IN_THREADS);
    let closed_thread = discord.thread(closed, "game 2");
    let muted = discord.text_channel("muted", perm::SEND_MESSAGES);
    let muted_thread = discord.thread(muted, "game 3");

    let text = || CreateMessage::new().content("your move");
    ChannelId::new(thread)
        .send_message(&http, text())
        .await
        .expect("a thread of the main channel");
    ChannelId::new(muted_thread)
        .send_message(&http, text())
        .await
        .expect("threads need Send Messages in Threads, not Send Messages");
    assert!(
        ChannelId::new(closed_thread)
            .send_message(&http, text())
            .await
            .is_err()
    );
    discord.take_expected_error("Missing Permissions");

    let who = discord.user("zeno");
    let think = discord
        .slash_in(closed_thread, &who, Slash::new("think"))
        .await;
    let channel = &think.payload["channel"];
    assert_eq!(channel["type"], 11);
    assert_eq!(channel["parent_id"], closed.to_string());
    let app: u64 = think.payload["app_permissions"]
        .as_str()
        .expect("a string")
        .parse()
        .expect("bits");
    assert_eq!(app & perm::SEND_MESSAGES_IN_THREADS, 0);
    let typing = discord
        .autocomplete_in(thread, &who, Slash::new("think").focused("about", "op"))
        .await;
    assert_eq!(
        typing.payload["channel"]["parent_id"],
        discord.channel_id().to_string()
    );
    let choices = CreateAutocompleteResponse::new().add_string_choice("openings", "openings");
    http.create_interaction_response(
        InteractionId::new(typing.id),
        &typing.token,
        &CreateInteractionResponse::Autocomplete(choices),
        Vec::new(),
    )
    .await
    .expect("autocomplete in a thread");
    let answer =
        CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content("ok"));
    http.create_interaction_response(
        InteractionId::new(think.id),
        &think.token,
        &answer,
        Vec::new(),
    )
    .await
    .expect("answered");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_starts_archives_and_locks_threads_as_permitted() {
    use serenity::all::{AutoArchiveDuration, CreateThread, EditThread};
    use support::discord_standin::perm;
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let main = ChannelId::new(discord.channel_id());
    let board = main
        .send_message(&http, CreateMessage::new().content("a board"))
        .await
        .expect("posted");
    let create =
        CreateThread::new("alice vs bob").auto_archive_duration(AutoArchiveDuration::OneDay);
    let thread = main
        .create_thread_from_message(&http, board.id, create)
        .await
        .expect("a thread");
    assert_eq!(
        thread.id.get(),
        board.id.get(),
        "a thread from a message takes its id"
    );
    assert_eq!(thread.parent_id, Some(main));
    assert_eq!(discord.channel(thread.id.get())["type"], 11);
    thread
        .id
        .send_message(&http, CreateMessage::new().content("move 1"))
        .await
        .expect("a message in it");

    let path = format!(
        "/channels/{}/messages/{}/threads",
        discord.channel_id(),
        board.id
    );
    let second = main
        .send_message(&http, CreateMessage::new().content("b"))
        .await
        .expect("posted");
    let path2 = format!(
        "/channels/{}/messages/{}/threads",
        discord.channel_id(),
        second.id
    );
    for bad in [
        json!({ "name": "", "auto_archive_duration": 60 }),
        json!({ "name": "x", "auto_archive_duration": 30 }),
    ] {
        assert_eq!(
            raw_request(&discord, "POST", &path2, &bad).await.0,
            400,
            "{bad}"
        );
        discord.take_expected_error("/threads");
    }
    assert_eq!(
        raw_request(&discord, "POST", &path, &json!({ "name": "again" }))
            .await
            .0,
        400
    );
    discord.take_expected_error("already been created");
    let no_threads =
        ChannelId::new(discord.text_channel("no-threads", perm::CREATE_PUBLIC_THREADS));
    let there = no_threads
        .send_message(&http, CreateMessage::new().content("c"))
        .await
        .expect("posted");
    let refused = no_threads
        .create_thread_from_message(&http, there.id, CreateThread::new("nope"))
        .await;
    assert!(refused.is_err());
    discord.take_expected_error("Missing Permissions");

    let archived = thread
        .id
        .edit_thread(&http, EditThread::new().name("alice won").archived(true))
        .await
        .expect("archive");
    assert_eq!(archived.name, "alice won");
    assert_eq!(
        discord.channel(thread.id.get())["thread_metadata"]["archived"],
        true
    );
    thread
        .id
        .send_message(&http, CreateMessage::new().content("a rematch?"))
        .await
        .expect("a message in an archived thread");
    assert_eq!(
        discord.channel(thread.id.get())["thread_metadata"]["archived"],
        false,
        "a message unarchives the thread"
    );
    let lock = thread
        .id
        .edit_thread(&http, EditThread::new().locked(true))
        .await;
    assert!(lock.is_err(), "locking needs Manage Threads");
    discord.take_expected_error("Missing Permissions");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_messages_reach_those_who_accept_them() {
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let dm = UserId::new(alice.id)
        .create_dm_channel(&http)
        .await
        .expect("a DM channel");
    assert_eq!(discord.channel(dm.id.get())["type"], 1);
    assert_eq!(discord.dm_channel(&alice), Some(dm.id.get()));
    let again = UserId::new(alice.id)
        .create_dm_channel(&http)
        .await
        .expect("the same channel");
    assert_eq!(again.id, dm.id);
    let sent = dm
        .id
        .send_message(&http, CreateMessage::new().content("your move"))
        .await
        .expect("a DM");
    assert_eq!(
        discord.notified(sent.id.get()),
        [alice.id],
        "a DM notifies its recipient"
    );
    assert_eq!(discord.notifications_for(&alice)[0].channel, dm.id.get());

    discord.close_dms(&bob);
    let closed = UserId::new(bob.id)
        .create_dm_channel(&http)
        .await
        .expect("the channel opens");
    assert!(
        closed
            .id
            .send_message(&http, CreateMessage::new().content("hi"))
            .await
            .is_err()
    );
    let refused = discord.requests().pop().expect("the message");
    assert_eq!(
        (refused.status, refused.response()["code"].clone()),
        (403, json!(50007))
    );
    assert_eq!(
        refused.response()["message"],
        "Cannot send messages to this user"
    );
    discord.take_expected_error("50007");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_channels_and_threads_reach_the_gateway() {
    let discord = Standin::start().await;
    let url = format!("{}/?v=10", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the gateway accepts");
    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": [0, 1],
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    discord.wait_ready().await;
    let lobby = discord.text_channel("lobby", 0);
    let thread = discord.thread(lobby, "game");
    let mut events = Vec::new();
    while events.len() < 4 {
        let frame = next_json(&mut ws).await;
        if frame["op"] == 0 {
            events.push(frame);
        }
    }
    assert_eq!(events[2]["t"], "CHANNEL_CREATE");
    assert_eq!(events[2]["d"]["id"], lobby.to_string());
    assert_eq!(events[3]["t"], "THREAD_CREATE");
    assert_eq!(events[3]["d"]["parent_id"], lobby.to_string());
    ws.close(None).await.expect("close");

    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the gateway accepts");
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    discord.wait_ready().await;
    let guild = loop {
        let frame = next_json(&mut ws).await;
        if frame["t"] == "GUILD_CREATE" {
            break frame;
        }
    };
    let channels: Vec<&Value> = guild["d"]["channels"]
        .as_array()
        .expect("channels")
        .iter()
        .map(|c| &c["name"])
        .collect();
    assert_eq!(channels, [&json!("dama"), &json!("lobby")]);
    assert_eq!(guild["d"]["threads"][0]["id"], thread.to_string());
    discord.assert_no_errors();
}

// ---- locales, sharding ---------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interactions_carry_the_users_and_the_guilds_locale() {
    let (discord, _session) = with_think(Options::default()).await;
    let plain = discord
        .slash(&discord.user("amy"), Slash::new("think"))
        .await;
    assert_eq!(
        (
            plain.payload["locale"].clone(),
            plain.payload["guild_locale"].clone()
        ),
        (json!("en-US"), json!("en-US"))
    );
    discord.set_guild_locale("it");
    let luca = discord.user_with_locale("luca", "it");
    let sofia = discord.user_with_locale("sofia", "es-419");
    let italian = discord.slash(&luca, Slash::new("think")).await;
    assert_eq!(
        (
            italian.payload["locale"].clone(),
            italian.payload["guild_locale"].clone()
        ),
        (json!("it"), json!("it"))
    );
    let spanish = discord
        .autocomplete(&sofia, Slash::new("think").focused("about", "a"))
        .await;
    assert_eq!(spanish.payload["locale"], "es-419");
    assert_eq!(discord.user("luca").locale, "it");
    for sent in [&plain, &italian, &spanish] {
        let answer = if sent.kind == 4 {
            CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new())
        } else {
            CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new().content("ok"),
            )
        };
        discord
            .http()
            .create_interaction_response(
                InteractionId::new(sent.id),
                &sent.token,
                &answer,
                Vec::new(),
            )
            .await
            .expect("answered");
    }
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "is not a Discord locale")]
async fn a_locale_discord_does_not_have_cannot_be_used() {
    let discord = Standin::start().await;
    let _ = discord.user_with_locale("pierre", "fr-FR");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identify_must_use_the_recommended_shard_count() {
    let discord = Standin::start().await;
    let answer = discord
        .http()
        .get_bot_gateway()
        .await
        .expect("GET /gateway/bot");
    assert_eq!(answer.shards, 1);
    assert_eq!(answer.session_start_limit.max_concurrency, 1);
    let url = format!("{}/?v=10", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the gateway accepts");
    assert_eq!(next_json(&mut ws).await["op"], 10);
    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": [0, 2],
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    let closed = tokio::time::timeout(WAIT, ws.next())
        .await
        .expect("an answer in time");
    match closed {
        Some(Ok(WsMessage::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 4010),
        other => panic!("expected close 4010, got {other:?}"),
    }
    discord.take_expected_error("2 shards where /gateway/bot recommends 1");
    discord.assert_no_errors();
}

/// Connects to the gateway and identifies as `shard`; returns the socket after READY, and
/// READY's `d`.
async fn identify_as(
    discord: &Standin,
    shard: Value,
) -> (
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    Value,
) {
    let url = format!("{}/?v=10", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the gateway accepts");
    assert_eq!(next_json(&mut ws).await["op"], 10);
    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": shard,
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    let ready = next_json(&mut ws).await;
    assert_eq!(ready["t"], "READY", "{ready}");
    (ws, ready["d"].clone())
}

/// The ids of the guilds a READY lists.
fn ready_guilds(ready: &Value) -> Vec<u64> {
    let mut ids: Vec<u64> = ready["guilds"]
        .as_array()
        .expect("READY lists guilds")
        .iter()
        .map(|g| {
            g["id"]
                .as_str()
                .expect("an id")
                .parse()
                .expect("a snowflake")
        })
        .collect();
    ids.sort_unstable();
    ids
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_guild_reaches_only_the_shard_that_owns_it() {
    let discord = Standin::start_with(Options {
        shards: 2,
        ..Options::default()
    })
    .await;
    let answer = discord
        .http()
        .get_bot_gateway()
        .await
        .expect("GET /gateway/bot");
    assert_eq!(answer.shards, 2);
    let (on_0, channel_0) = discord.add_guild(0);
    let (on_1, channel_1) = discord.add_guild(1);
    assert_eq!(((on_0 >> 22) % 2, (on_1 >> 22) % 2), (0, 1));
    let first = discord.guild_id();
    let mut of_shard = [vec![on_0], vec![on_1]];
    of_shard[discord.shard_of(first) as usize].push(first);
    for list in &mut of_shard {
        list.sort_unstable();
    }

    let (mut zero, ready_0) = identify_as(&discord, json!([0, 2])).await;
    let (mut one, ready_1) = identify_as(&discord, json!([1, 2])).await;
    assert_eq!(ready_0["shard"], json!([0, 2]));
    assert_eq!(ready_1["shard"], json!([1, 2]));
    assert_eq!(ready_guilds(&ready_0), of_shard[0]);
    assert_eq!(ready_guilds(&ready_1), of_shard[1]);
    // Each shard gets a GUILD_CREATE for each of its guilds, in no particular order.
    for (ws, guilds) in [(&mut zero, &of_shard[0]), (&mut one, &of_shard[1])] {
        let mut created = Vec::new();
        for _ in guilds {
            let create = next_json(ws).await;
            assert_eq!(create["t"], "GUILD_CREATE");
            let id = create["d"]["id"].as_str().expect("a guild id");
            created.push(id.parse::<u64>().expect("a snowflake"));
        }
        created.sort_unstable();
        assert_eq!(&created, guilds);
    }
    assert_eq!(discord.live_shards(), [0, 1]);

    // A thread in the guild of shard 1 is news for shard 1 only: shard 0's next frame is the
    // answer to its heartbeat.
    let thread = discord.thread(channel_1, "partita");
    let created = next_json(&mut one).await;
    assert_eq!(created["t"], "THREAD_CREATE");
    assert_eq!(created["d"]["id"], thread.to_string());
    assert_eq!(created["d"]["guild_id"], on_1.to_string());
    zero.send(WsMessage::Text(json!({ "op": 1, "d": null }).to_string()))
        .await
        .expect("heartbeat");
    assert_eq!(next_json(&mut zero).await["op"], 11);
    let thread = discord.thread(channel_0, "altra");
    let created = next_json(&mut zero).await;
    assert_eq!(created["d"]["id"], thread.to_string());
    one.send(WsMessage::Text(json!({ "op": 1, "d": null }).to_string()))
        .await
        .expect("heartbeat");
    assert_eq!(next_json(&mut one).await["op"], 11);

    // Fewer shards than Discord recommends: "Sharding required".
    let url = format!("{}/?v=10", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the gateway accepts");
    assert_eq!(next_json(&mut ws).await["op"], 10);
    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": [0, 1],
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    match tokio::time::timeout(WAIT, ws.next())
        .await
        .expect("an answer in time")
    {
        Some(Ok(WsMessage::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 4011),
        other => panic!("expected close 4011, got {other:?}"),
    }
    discord.take_expected_error("1 shards where /gateway/bot recommends 2");
    discord.assert_no_errors();
}
