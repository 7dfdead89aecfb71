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
async fn raw_session(discord: &Standin) -> impl Sized {
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
