//! From the service to Discord: a [`Reply`] (with its board and replay drawn) as serenity
//! builders.
//!
//! Besides [`Outgoing::render`], which draws, everything here is pure: [`DiscordMessage::new`] decides the content, embed, files,
//! components and allowed mentions once, and the `into_*` methods turn that into the builder
//! each way of sending needs (an interaction response, an edit of it, a follow-up, a channel
//! message or an edit of one). Discord's limits are applied here, so a reply can never be
//! refused for its size.

use std::fmt::Write as _;

use poise::serenity_prelude as serenity;

use crate::game::{
    Attachment, ButtonStyle, ChallengeButton, Component, ComponentAction, GameButton, Notice,
    PuzzleButton, Reply,
};
use crate::i18n::{Language, t};
use crate::render::{Renderer, advantage_chart};
use crate::store::MessageRef;

/// The file name of a board image, and how the embed refers to it.
pub const BOARD_FILE: &str = "board.png";
const BOARD_URL: &str = "attachment://board.png";

/// Discord's limits (see the developer documentation on messages and components).
pub const MAX_CONTENT: usize = 2000;
pub const MAX_EMBED_DESCRIPTION: usize = 4096;
pub const MAX_ROWS: usize = 5;
pub const MAX_BUTTONS_PER_ROW: usize = 5;
pub const MAX_SELECT_OPTIONS: usize = 25;
pub const MAX_CHOICES: usize = 25;
pub const MAX_BUTTON_LABEL: usize = 80;
pub const MAX_OPTION_TEXT: usize = 100;
pub const MAX_CUSTOM_ID: usize = 100;
/// Files on one message.
pub const MAX_FILES: usize = 10;
/// The attachment size every server allows.
pub const DEFAULT_ATTACHMENT_LIMIT: u64 = 10 * 1024 * 1024;

/// The colour of the embeds: the dark squares of the board.
const EMBED_COLOUR: u32 = 0x006d_8a4e;

/// A reply ready to send: the service's answer with its board and replay drawn.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub reply: Reply,
    /// The board of `reply.board` as PNG.
    pub board_png: Option<Vec<u8>>,
    /// The game of `reply.replay` as an animated GIF.
    pub replay_gif: Option<Attachment>,
    /// The advantage chart of `reply.chart` as PNG, under the view's file name.
    pub chart_png: Option<Attachment>,
    /// The table of `reply.table` (a tournament's standings) as PNG, under the view's file
    /// name.
    pub table_png: Option<Attachment>,
    /// The language of the reply's readers, for what the adapter adds to it (a link to the
    /// current board, a note about a file too big): the actor's for a private reply, the
    /// server's public language otherwise. English until [`Outgoing::in_language`].
    pub language: Language,
    /// The reply's notices (and the notices they bring, in order), drawn for their readers:
    /// posted after the reply.
    pub notices: Vec<(Notice, Outgoing)>,
}

impl Outgoing {
    /// Draws the reply's board, replay, chart and table. Blocking (a board, a chart or a table
    /// takes milliseconds of CPU, a replay a few hundred): call it off the async runtime, next
    /// to the service call.
    #[must_use]
    pub fn render(renderer: &Renderer, reply: Reply) -> Outgoing {
        let board_png = reply.board.as_ref().map(|view| renderer.png(view));
        let replay_gif = reply.replay.as_ref().map(|view| Attachment {
            filename: view.filename.clone(),
            bytes: renderer.replay_gif(&view.start, &view.moves, view.bottom, &view.captions),
        });
        let chart_png = reply.chart.as_ref().map(|view| Attachment {
            filename: view.filename.clone(),
            bytes: advantage_chart(&view.evaluations, &view.marks, &view.labels),
        });
        let table_png = reply.table.as_ref().map(|view| Attachment {
            filename: view.filename.clone(),
            bytes: renderer.table_png(view),
        });
        Outgoing {
            reply,
            board_png,
            replay_gif,
            chart_png,
            table_png,
            language: Language::En,
            notices: Vec::new(),
        }
    }

    /// Draws a reply and its notices: the reply for readers of `language`, each notice in its
    /// server's language (`server_language`). The notices leave `reply.notices` for
    /// [`Outgoing::notices`]; a notice's own notices follow it there.
    #[must_use]
    pub fn render_with_notices(
        renderer: &Renderer,
        mut reply: Reply,
        language: Language,
        server_language: &dyn Fn(u64) -> Language,
    ) -> Outgoing {
        let notices = std::mem::take(&mut reply.notices);
        let mut outgoing = Outgoing::render(renderer, reply).in_language(language);
        outgoing.notices = render_notices(renderer, notices, server_language);
        outgoing
    }

    /// The same reply for readers of `language`.
    #[must_use]
    pub fn in_language(mut self, language: Language) -> Outgoing {
        self.language = language;
        self
    }

    /// A reply without a board (error messages, tests).
    #[must_use]
    pub fn text(reply: Reply) -> Outgoing {
        Outgoing {
            reply,
            board_png: None,
            replay_gif: None,
            chart_png: None,
            table_png: None,
            language: Language::En,
            notices: Vec::new(),
        }
    }
}

/// Notices drawn for posting, each in its server's language, a notice's own notices right
/// after it.
#[must_use]
pub fn render_notices(
    renderer: &Renderer,
    notices: Vec<Notice>,
    server_language: &dyn Fn(u64) -> Language,
) -> Vec<(Notice, Outgoing)> {
    fn push(
        renderer: &Renderer,
        mut notice: Notice,
        server_language: &dyn Fn(u64) -> Language,
        out: &mut Vec<(Notice, Outgoing)>,
    ) {
        let nested = std::mem::take(&mut notice.reply.notices);
        let outgoing = Outgoing::render(renderer, notice.reply.clone())
            .in_language(server_language(notice.guild));
        out.push((notice, outgoing));
        for inner in nested {
            push(renderer, inner, server_language, out);
        }
    }
    let mut out = Vec::new();
    for notice in notices {
        push(renderer, notice, server_language, &mut out);
    }
    out
}

/// Discord's limit on a thread's name.
pub const MAX_THREAD_NAME: usize = 100;

/// A thread's name as Discord takes it: 1 to 100 characters (the service keeps its names
/// short; this only guards the limit).
#[must_use]
pub fn thread_name(name: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        "Dama".to_owned()
    } else {
        truncate(name, MAX_THREAD_NAME)
    }
}

/// A direct message that could not be delivered, as a message in the channel it falls back
/// to: the person's mention in front (unless a board's mention line carries it), and them the
/// only one it may notify. No components: its buttons, if any, stay on the board.
#[must_use]
pub fn direct_fallback(reply: &Reply, user: u64) -> Reply {
    let mention = format!("<@{user}>");
    let text = if reply.board.is_some() || reply.text.starts_with(&mention) {
        reply.text.clone()
    } else {
        format!("{mention} {}", reply.text)
    };
    Reply {
        text,
        mentions: vec![user],
        components: Vec::new(),
        ephemeral: false,
        game: None,
        challenge: None,
        thread: None,
        notices: Vec::new(),
        archive: None,
        ..reply.clone()
    }
}

/// Where a reply goes: the guild (for links to messages) and the largest file it may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub guild: u64,
    pub attachment_limit: u64,
}

/// A link to a message in a guild.
#[must_use]
pub fn message_link(guild: u64, message: MessageRef) -> String {
    format!(
        "https://discord.com/channels/{guild}/{}/{}",
        message.channel, message.message
    )
}

/// One message's worth of Discord parts, decided once for every way of sending it.
#[derive(Debug, Clone)]
pub struct DiscordMessage {
    pub content: String,
    /// The board's embed (or the text's, when too long for the content), then the chart's.
    pub embeds: Vec<serenity::CreateEmbed>,
    pub files: Vec<serenity::CreateAttachment>,
    pub components: Vec<serenity::CreateActionRow>,
    pub mentions: Vec<u64>,
    pub ephemeral: bool,
}

impl DiscordMessage {
    /// The message for a reply: a board goes in an embed with the image and the mentions in
    /// the content (so they notify); text alone goes in the content (or an embed when it is
    /// too long); a chart and a table each go in an embed of their own, after the board's;
    /// files are attached when they fit (at most [`MAX_FILES`]), the others named in a note.
    #[must_use]
    pub fn new(outgoing: &Outgoing, place: Place) -> DiscordMessage {
        let reply = &outgoing.reply;
        let language = outgoing.language;
        let mut text = reply.text.clone();
        if let Some(board) = reply.current_board {
            let link = t!(
                language,
                DiscordCurrentBoard,
                link = message_link(place.guild, board)
            );
            let _ = write!(text, "\n{link}");
        }
        // The board always goes (a few kilobytes); the other files when they fit.
        let mut files: Vec<serenity::CreateAttachment> = outgoing
            .board_png
            .iter()
            .map(|png| serenity::CreateAttachment::bytes(png.clone(), BOARD_FILE))
            .collect();
        // The images shown in embeds of their own: the chart, the table.
        let mut shown = Vec::new();
        let others = reply
            .attachment
            .iter()
            .chain(&outgoing.replay_gif)
            .map(|file| (file, false))
            .chain(outgoing.chart_png.iter().map(|file| (file, true)))
            .chain(outgoing.table_png.iter().map(|file| (file, true)));
        for (attachment, is_image) in others {
            let fits = attachment.bytes.len() as u64 <= place.attachment_limit;
            if fits && files.len() < MAX_FILES {
                files.push(serenity::CreateAttachment::bytes(
                    attachment.bytes.clone(),
                    attachment.filename.clone(),
                ));
                if is_image {
                    shown.push(attachment.filename.as_str());
                }
            } else {
                let megabytes = (attachment.bytes.len() as f64 / 1_048_576.0 * 10.0).round() / 10.0;
                let note = t!(
                    language,
                    DiscordFileTooBig,
                    file = attachment.filename.clone(),
                    megabytes = megabytes
                );
                let _ = write!(text, "\n{note}");
            }
        }
        // Discord refuses a message whose allowed mentions name someone twice.
        let mut mentions: Vec<u64> = Vec::with_capacity(reply.mentions.len());
        for &id in &reply.mentions {
            if !mentions.contains(&id) {
                mentions.push(id);
            }
        }
        let mention_line = mentions
            .iter()
            .map(|id| format!("<@{id}>"))
            .collect::<Vec<_>>()
            .join(" ");
        let mut embeds = Vec::new();
        let content = if outgoing.board_png.is_some() {
            embeds.push(
                serenity::CreateEmbed::new()
                    .description(truncate(&text, MAX_EMBED_DESCRIPTION))
                    .image(BOARD_URL)
                    .colour(EMBED_COLOUR),
            );
            mention_line
        } else if text.chars().count() <= MAX_CONTENT {
            text
        } else {
            embeds.push(
                serenity::CreateEmbed::new()
                    .description(truncate(&text, MAX_EMBED_DESCRIPTION))
                    .colour(EMBED_COLOUR),
            );
            mention_line
        };
        for name in shown.into_iter().filter(|name| embeddable(name)) {
            embeds.push(
                serenity::CreateEmbed::new()
                    .image(format!("attachment://{name}"))
                    .colour(EMBED_COLOUR),
            );
        }
        DiscordMessage {
            content,
            embeds,
            files,
            components: action_rows(&reply.components),
            mentions,
            ephemeral: reply.ephemeral,
        }
    }

    /// Only the listed users are notified: never roles, never everyone.
    fn allowed_mentions(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new()
            .users(self.mentions.iter().map(|&id| serenity::UserId::new(id)))
            .replied_user(false)
    }

    fn embeds(&self) -> Vec<serenity::CreateEmbed> {
        self.embeds.clone()
    }

    /// The data of an interaction response: a new message (type 4) or, for a click, the
    /// message the component is on (type 7). Everything is set, so an update replaces the
    /// old content, embed, image and components.
    pub fn into_response(self) -> serenity::CreateInteractionResponseMessage {
        serenity::CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .embeds(self.embeds())
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions())
            .ephemeral(self.ephemeral)
            .files(self.files)
    }

    /// The edit of a deferred response (or, after a deferred click, of the clicked message).
    pub fn into_edit_response(self) -> serenity::EditInteractionResponse {
        let mut edit = serenity::EditInteractionResponse::new()
            .content(self.content.clone())
            .embeds(self.embeds())
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions())
            .clear_attachments();
        for file in self.files {
            edit = edit.new_attachment(file);
        }
        edit
    }

    /// A follow-up message of an interaction.
    pub fn into_followup(self) -> serenity::CreateInteractionResponseFollowup {
        let mut followup = serenity::CreateInteractionResponseFollowup::new()
            .embeds(self.embeds())
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions())
            .ephemeral(self.ephemeral)
            .files(self.files);
        if !self.content.is_empty() {
            followup = followup.content(self.content);
        }
        followup
    }

    /// A message posted in a channel (news that no interaction can carry any more).
    pub fn into_create_message(self) -> serenity::CreateMessage {
        let mut message = serenity::CreateMessage::new()
            .embeds(self.embeds())
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions())
            .files(self.files);
        if !self.content.is_empty() {
            message = message.content(self.content);
        }
        message
    }

    /// An edit of a channel message the bot posted (a challenge that expired).
    pub fn into_edit_message(self) -> serenity::EditMessage {
        let edit = serenity::EditMessage::new()
            .content(self.content.clone())
            .embeds(self.embeds())
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions());
        let mut attachments = serenity::EditAttachments::new();
        for file in self.files {
            attachments = attachments.add(file);
        }
        edit.attachments(attachments)
    }
}

/// Whether an embed can show the attachment `name` (`attachment://name`): Discord takes
/// letters, digits, `-`, `_` and `.` there.
fn embeddable(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// At most `max` characters, with an ellipsis when cut.
#[must_use]
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// The service's component rows as Discord action rows, within Discord's limits: at most 5
/// rows, a select menu alone in its row with at most 25 options, at most 5 buttons a row.
#[must_use]
pub fn action_rows(rows: &[Vec<Component>]) -> Vec<serenity::CreateActionRow> {
    let mut out = Vec::new();
    for row in rows {
        if out.len() == MAX_ROWS {
            break;
        }
        let select = row.iter().find_map(|component| match component {
            Component::Select {
                id,
                placeholder,
                options,
            } if valid_id(id) => Some((id, placeholder, options)),
            _ => None,
        });
        if let Some((id, placeholder, options)) = select {
            let options: Vec<serenity::CreateSelectMenuOption> = options
                .iter()
                .filter(|o| !o.value.is_empty() && o.value.chars().count() <= MAX_OPTION_TEXT)
                .take(MAX_SELECT_OPTIONS)
                .map(|o| {
                    serenity::CreateSelectMenuOption::new(
                        truncate(&o.label, MAX_OPTION_TEXT),
                        o.value.clone(),
                    )
                })
                .collect();
            if !options.is_empty() {
                let menu = serenity::CreateSelectMenu::new(
                    id.clone(),
                    serenity::CreateSelectMenuKind::String { options },
                )
                .placeholder(truncate(placeholder, MAX_OPTION_TEXT));
                out.push(serenity::CreateActionRow::SelectMenu(menu));
            }
            continue;
        }
        let buttons: Vec<serenity::CreateButton> = row
            .iter()
            .filter_map(|component| match component {
                Component::Button { id, label, style } if valid_id(id) => Some(
                    serenity::CreateButton::new(id.clone())
                        .label(truncate(label, MAX_BUTTON_LABEL))
                        .style(button_style(*style)),
                ),
                _ => None,
            })
            .take(MAX_BUTTONS_PER_ROW)
            .collect();
        if !buttons.is_empty() {
            out.push(serenity::CreateActionRow::Buttons(buttons));
        }
    }
    out
}

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.chars().count() <= MAX_CUSTOM_ID
}

fn button_style(style: ButtonStyle) -> serenity::ButtonStyle {
    match style {
        ButtonStyle::Primary => serenity::ButtonStyle::Primary,
        ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
        ButtonStyle::Success => serenity::ButtonStyle::Success,
        ButtonStyle::Danger => serenity::ButtonStyle::Danger,
    }
}

/// The autocomplete answer for `/move`: at most 25 moves, each its own name and value.
pub fn autocomplete(suggestions: &[String]) -> serenity::CreateAutocompleteResponse {
    let choices = suggestions
        .iter()
        .filter(|s| !s.is_empty() && s.chars().count() <= MAX_OPTION_TEXT)
        .take(MAX_CHOICES)
        .map(|s| serenity::AutocompleteChoice::new(s.clone(), s.clone()))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The autocomplete answer that explains why there is nothing to offer ("Not your turn: Bob is
/// to move"): one choice, the explanation as its name (cut to Discord's 100 characters) and its
/// value, so picking it only gets the same explanation as a reply. An empty explanation becomes
/// "Type your move, e.g. 22-18" in the reader's `language`.
pub fn autocomplete_hint(text: &str, language: Language) -> serenity::CreateAutocompleteResponse {
    let hint = truncate(text.lines().next().unwrap_or_default(), MAX_OPTION_TEXT);
    let hint = if hint.trim().is_empty() {
        truncate(&t!(language, DiscordMovePlaceholder), MAX_OPTION_TEXT)
    } else {
        hint
    };
    serenity::CreateAutocompleteResponse::new()
        .set_choices(vec![serenity::AutocompleteChoice::new(hint.clone(), hint)])
}

/// How the answer to a click is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClickAnswer {
    /// The clicked message becomes the reply (a board after a move, a challenge answered).
    Update,
    /// A new message in the channel (a rematch, a board after a confirmation).
    NewMessage,
    /// A message only the clicker sees (a mistake, a confirmation, a flipped board).
    Private,
}

/// Decides how to show the reply to a click on `custom_id`. A public board that follows from
/// a click on the board itself (or on the challenge that starts it) replaces that message;
/// clicks on private messages (a resignation's confirmation) answer with a new message,
/// since the private one only its viewer sees. A tournament's sign-up button updates the
/// sign-up message. Bump, a rematch and an answered takeback post a new message, at the bottom
/// of the channel or thread. A private puzzle board answered from its menu becomes the next
/// board (or the solution), privately still; a refusal (a stale board) and the Next button
/// answer with a new private message.
#[must_use]
pub fn click_answer(
    custom_id: &str,
    reply: &Reply,
    clicked_message_is_private: bool,
) -> ClickAnswer {
    if let Some(ComponentAction::Puzzle(_, _, PuzzleButton::Move)) =
        ComponentAction::parse(custom_id)
    {
        if reply.ephemeral && clicked_message_is_private && reply.board.is_some() {
            return ClickAnswer::Update;
        }
    }
    if reply.ephemeral {
        return ClickAnswer::Private;
    }
    if clicked_message_is_private {
        return ClickAnswer::NewMessage;
    }
    match ComponentAction::parse(custom_id) {
        Some(ComponentAction::Game(
            _,
            _,
            GameButton::Move
            | GameButton::OfferDraw
            | GameButton::AcceptDraw
            | GameButton::DeclineDraw
            | GameButton::Claim,
        )) if reply.board.is_some() => ClickAnswer::Update,
        // The challenge becomes the game's first board, or the line that starts it in a
        // thread of its own (opened from that message).
        Some(ComponentAction::Challenge(_, ChallengeButton::Accept))
            if reply.board.is_some() || reply.thread.is_some() =>
        {
            ClickAnswer::Update
        }
        Some(ComponentAction::Challenge(_, ChallengeButton::Decline | ChallengeButton::Cancel))
            if reply.board.is_none() =>
        {
            ClickAnswer::Update
        }
        Some(ComponentAction::Leaderboard(_)) => ClickAnswer::Update,
        // Join and Leave change the sign-up message's list of entrants.
        Some(ComponentAction::Tournament(id, _)) if reply.tournament == Some(id) => {
            ClickAnswer::Update
        }
        _ => ClickAnswer::NewMessage,
    }
}

/// Edits never notify anyone, so a board updated in place is followed by a short message that
/// mentions the people the reply was meant to reach (other than the clicker): the reply's
/// first line, with their mentions in front, and a link to the board in `language`.
#[must_use]
pub fn ping_after_update(
    reply: &Reply,
    actor: u64,
    place: Place,
    board: Option<MessageRef>,
    language: Language,
) -> Option<DiscordMessage> {
    let mut others: Vec<u64> = Vec::new();
    for &id in &reply.mentions {
        if id != actor && !others.contains(&id) {
            others.push(id);
        }
    }
    if others.is_empty() {
        return None;
    }
    let headline = reply.text.lines().next().unwrap_or_default();
    let mut content = String::new();
    for id in &others {
        if !headline.contains(&format!("<@{id}>")) {
            let _ = write!(content, "<@{id}> ");
        }
    }
    content.push_str(headline);
    if let Some(board) = board {
        let link = t!(
            language,
            DiscordBoardLink,
            link = message_link(place.guild, board)
        );
        let _ = write!(content, " {link}");
    }
    Some(DiscordMessage {
        content: truncate(&content, MAX_CONTENT),
        embeds: Vec::new(),
        files: Vec::new(),
        components: Vec::new(),
        mentions: others,
        ephemeral: false,
    })
}

#[cfg(test)]
mod tests {
    use dama_rules::Position;
    use serde_json::{Value, json};

    use super::*;
    use crate::game::{Attachment, SelectOption};
    use crate::render::BoardView;
    use crate::store::{ChallengeId, GameId};

    const PLACE: Place = Place {
        guild: 10,
        attachment_limit: DEFAULT_ATTACHMENT_LIMIT,
    };

    fn to_json(value: &impl serde::Serialize) -> Value {
        serde_json::to_value(value).expect("builders serialise")
    }

    fn button(id: &str, label: &str) -> Component {
        Component::Button {
            id: id.into(),
            label: label.into(),
            style: ButtonStyle::Secondary,
        }
    }

    fn board_reply() -> Outgoing {
        let options = (0..7)
            .map(|i| SelectOption {
                label: format!("2{i}-1{i}"),
                value: format!("2{i}-1{i}"),
            })
            .collect();
        let reply = Reply {
            text: "alice played **22-18**.\n**Game #7** · move 2 · <@43> (Black) to move".into(),
            board: Some(BoardView::new(Position::initial())),
            components: vec![
                vec![Component::Select {
                    id: "g:7:1:move".into(),
                    placeholder: "Choose your move".into(),
                    options,
                }],
                vec![
                    button("g:7:1:draw", "Offer draw"),
                    button("g:7:1:resign", "Resign"),
                    button("g:7:1:flipw", "Flip board"),
                ],
            ],
            mentions: vec![43],
            game: Some(GameId(7)),
            ..Reply::default()
        };
        Outgoing {
            reply,
            board_png: Some(vec![0x89, b'P', b'N', b'G']),
            replay_gif: None,
            chart_png: None,
            table_png: None,
            language: Language::En,
            notices: Vec::new(),
        }
    }

    fn notice(guild: u64, channel: u64, text: &str, direct: Option<u64>) -> Notice {
        Notice {
            guild,
            channel,
            reply: Reply::public(text),
            edit: None,
            direct,
        }
    }

    #[test]
    fn thread_names_fit_discord() {
        assert_eq!(
            thread_name("Dama #12 · Alice – Bob"),
            "Dama #12 · Alice – Bob"
        );
        let long = format!("Dama #12 · {} – Bob", "é".repeat(200));
        let cut = thread_name(&long);
        assert_eq!(cut.chars().count(), MAX_THREAD_NAME);
        assert!(
            cut.starts_with("Dama #12 · éé") && cut.ends_with('…'),
            "{cut}"
        );
        assert_eq!(thread_name("  "), "Dama", "never empty");
    }

    #[test]
    fn a_direct_message_that_failed_mentions_its_person_in_the_channel() {
        let mut reply = Reply::public("Your move in game #4 against alice.");
        reply.components = vec![vec![button("g:4:2:bump", "Bump")]];
        reply.game = Some(GameId(4));
        let fallback = direct_fallback(&reply, 43);
        assert_eq!(fallback.text, "<@43> Your move in game #4 against alice.");
        assert_eq!(fallback.mentions, [43]);
        assert!(!fallback.ephemeral);
        assert!(fallback.components.is_empty());
        assert_eq!(
            fallback.game, None,
            "the fallback does not replace the board"
        );
        let message = DiscordMessage::new(&Outgoing::text(fallback.clone()), PLACE);
        let json = to_json(&message.into_create_message());
        assert_eq!(json["content"], "<@43> Your move in game #4 against alice.");
        assert_eq!(
            json["allowed_mentions"]["users"],
            json!(["43"]),
            "only that person"
        );
        assert_eq!(
            direct_fallback(&fallback, 43).text,
            fallback.text,
            "one mention in front"
        );
        let mut board = board_reply().reply;
        board.mentions = vec![];
        let on_board = direct_fallback(&board, 44);
        assert_eq!(
            on_board.text, board.text,
            "a board's mention line carries it"
        );
        let outgoing = Outgoing {
            reply: on_board,
            ..board_reply()
        };
        assert_eq!(DiscordMessage::new(&outgoing, PLACE).content, "<@44>");
    }

    #[test]
    fn notices_are_drawn_in_their_server_s_language_each_followed_by_its_own() {
        crate::i18n::set_strict(true);
        let renderer = Renderer::new(&crate::config::RenderConfig::default()).unwrap();
        let mut first = notice(1, 10, "first", Some(7));
        first.reply.notices = vec![notice(2, 20, "first's own", None)];
        first.reply.board = Some(BoardView::new(Position::initial()));
        let mut reply = Reply::public("the reply");
        reply.notices = vec![first, notice(1, 11, "second", None)];
        let outgoing = Outgoing::render_with_notices(&renderer, reply, Language::Es, &|guild| {
            if guild == 2 {
                Language::It
            } else {
                Language::En
            }
        });
        assert_eq!(outgoing.language, Language::Es);
        assert!(
            outgoing.reply.notices.is_empty(),
            "moved to the drawn notices"
        );
        let drawn: Vec<(&str, Language, Option<u64>, bool)> = outgoing
            .notices
            .iter()
            .map(|(notice, drawn)| {
                (
                    drawn.reply.text.as_str(),
                    drawn.language,
                    notice.direct,
                    drawn.board_png.is_some(),
                )
            })
            .collect();
        assert_eq!(
            drawn,
            [
                ("first", Language::En, Some(7), true),
                ("first's own", Language::It, None, false),
                ("second", Language::En, None, false),
            ]
        );
        assert!(
            outgoing
                .notices
                .iter()
                .all(|(_, o)| o.reply.notices.is_empty())
        );
    }

    #[test]
    fn board_reply_is_an_embed_with_the_image_and_pings_in_the_content() {
        let message = DiscordMessage::new(&board_reply(), PLACE);
        let json = to_json(&serenity::CreateInteractionResponse::Message(
            message.into_response(),
        ));
        assert_eq!(json["type"], 4);
        let data = &json["data"];
        assert_eq!(data["content"], "<@43>");
        assert_eq!(data["embeds"][0]["image"]["url"], "attachment://board.png");
        assert!(
            data["embeds"][0]["description"]
                .as_str()
                .unwrap()
                .starts_with("alice played **22-18**.")
        );
        assert_eq!(data["attachments"][0]["filename"], "board.png");
        assert_eq!(
            data["allowed_mentions"],
            json!({"parse": [], "users": ["43"], "roles": [], "replied_user": false})
        );
        assert_eq!(
            data.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64,
            0,
            "public"
        );
        let rows = data["components"].as_array().unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0]["components"][0]["type"], 3, "a string select");
        assert_eq!(rows[0]["components"][0]["custom_id"], "g:7:1:move");
        assert_eq!(
            rows[0]["components"][0]["options"]
                .as_array()
                .unwrap()
                .len(),
            7
        );
        let ids: Vec<&str> = rows[1]["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["custom_id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, ["g:7:1:draw", "g:7:1:resign", "g:7:1:flipw"]);
        assert_eq!(rows[1]["components"][1]["style"], 2, "secondary");
    }

    #[test]
    fn each_person_is_allowed_one_mention() {
        let mut outgoing = board_reply();
        outgoing.reply.mentions = vec![43, 42, 43, 42];
        let message = DiscordMessage::new(&outgoing, PLACE);
        assert_eq!(message.content, "<@43> <@42>");
        let json = to_json(&message.clone().into_create_message());
        assert_eq!(json["allowed_mentions"]["users"], json!(["43", "42"]));
        let ping = ping_after_update(&outgoing.reply, 42, PLACE, None, Language::En).unwrap();
        assert_eq!(ping.mentions, [43]);
    }

    #[test]
    fn private_reply_sets_the_ephemeral_flag_and_links_the_current_board() {
        let mut reply = Reply::private("This board is out of date: the game has moved on.");
        reply.current_board = Some(MessageRef {
            channel: 20,
            message: 30,
        });
        let json = to_json(&DiscordMessage::new(&Outgoing::text(reply), PLACE).into_response());
        assert_eq!(json["flags"].as_u64().unwrap() & 64, 64);
        let content = json["content"].as_str().unwrap();
        assert!(
            content.ends_with("[Go to the current board](https://discord.com/channels/10/20/30)"),
            "{content}"
        );
        assert!(
            json.get("embeds")
                .is_none_or(|e| e.as_array().unwrap().is_empty())
        );
        assert_eq!(json["allowed_mentions"]["users"], json!([]));
    }

    #[test]
    fn update_replaces_everything_of_the_clicked_message() {
        let reply = Reply {
            challenge: Some(ChallengeId(3)),
            ..Reply::public("bob declined the challenge from <@42>.")
        };
        let json = to_json(&serenity::CreateInteractionResponse::UpdateMessage(
            DiscordMessage::new(&Outgoing::text(reply), PLACE).into_response(),
        ));
        assert_eq!(json["type"], 7);
        assert_eq!(json["data"]["components"], json!([]), "the buttons go");
        assert_eq!(json["data"]["embeds"], json!([]));
        assert_eq!(json["data"]["attachments"], json!([]));
        assert_eq!(
            json["data"]["allowed_mentions"]["users"],
            json!([]),
            "no mention listed, nobody pinged"
        );
    }

    #[test]
    fn edits_carry_the_new_image_and_clear_the_old_one() {
        let edit = to_json(&DiscordMessage::new(&board_reply(), PLACE).into_edit_response());
        assert_eq!(
            edit["attachments"],
            json!([{"id": 0, "filename": "board.png", "description": null}])
        );
        assert_eq!(edit["embeds"][0]["image"]["url"], "attachment://board.png");
        assert_eq!(edit["content"], "<@43>");
        let text_only = to_json(
            &DiscordMessage::new(&Outgoing::text(Reply::public("over")), PLACE)
                .into_edit_response(),
        );
        assert_eq!(text_only["attachments"], json!([]));
        assert_eq!(text_only["embeds"], json!([]));
        assert_eq!(text_only["components"], json!([]));
        let message_edit = to_json(
            &DiscordMessage::new(
                &Outgoing::text(Reply::public("The challenge has expired.")),
                PLACE,
            )
            .into_edit_message(),
        );
        assert_eq!(message_edit["content"], "The challenge has expired.");
        assert_eq!(message_edit["components"], json!([]));
        assert_eq!(message_edit["attachments"], json!([]));
    }

    #[test]
    fn channel_messages_and_followups_keep_files_and_mentions() {
        let channel = to_json(&DiscordMessage::new(&board_reply(), PLACE).into_create_message());
        assert_eq!(channel["content"], "<@43>");
        assert_eq!(channel["attachments"][0]["filename"], "board.png");
        assert_eq!(channel["allowed_mentions"]["users"], json!(["43"]));
        let mut private = board_reply();
        private.reply.ephemeral = true;
        private.reply.components.clear();
        let followup = to_json(&DiscordMessage::new(&private, PLACE).into_followup());
        assert_eq!(followup["flags"].as_u64().unwrap() & 64, 64);
        assert_eq!(
            followup["embeds"][0]["image"]["url"],
            "attachment://board.png"
        );
    }

    #[test]
    fn files_are_attached_when_they_fit() {
        let reply = Reply {
            attachment: Some(Attachment {
                filename: "dama-game-4.pdn".into(),
                bytes: b"[Event \"x\"]\n1. 22-18 *".to_vec(),
            }),
            ..Reply::public("Game #4 as PDN:")
        };
        let json =
            to_json(&DiscordMessage::new(&Outgoing::text(reply.clone()), PLACE).into_response());
        assert_eq!(json["attachments"][0]["filename"], "dama-game-4.pdn");
        assert_eq!(json["content"], "Game #4 as PDN:");
        let tiny = Place {
            guild: 10,
            attachment_limit: 4,
        };
        let json = to_json(&DiscordMessage::new(&Outgoing::text(reply), tiny).into_response());
        assert_eq!(json["attachments"], json!([]));
        assert!(
            json["content"]
                .as_str()
                .unwrap()
                .contains("more than this server accepts")
        );
    }

    /// An analysis: the board of its worst moment, the annotated PDN and the chart.
    fn analysis_reply() -> Outgoing {
        let renderer = Renderer::new(&crate::config::RenderConfig::default()).unwrap();
        let reply = Reply {
            text: "**Analysis of game #12**\n22-18?? (better 21-17)".into(),
            board: Some(BoardView::new(Position::initial())),
            attachment: Some(Attachment {
                filename: "dama-game-12-analysis.pdn".into(),
                bytes: b"[Event \"x\"]\n1. 22-18?? {better 21-17} *".to_vec(),
            }),
            chart: Some(crate::game::ChartView {
                filename: "dama-game-12-chart.png".into(),
                evaluations: vec![0.1, 0.0, -0.2, -3.0, -3.1],
                marks: vec![crate::render::ChartMark {
                    ply: 4,
                    kind: crate::render::MarkKind::Blunder,
                }],
                labels: crate::render::ChartLabels {
                    title: "alice – bob".into(),
                    moves: "Move".into(),
                    white_ahead: "White better".into(),
                    black_ahead: "Black better".into(),
                },
            }),
            ..Reply::public("")
        };
        Outgoing::render(&renderer, reply)
    }

    #[test]
    fn a_chart_is_drawn_and_shown_in_its_own_embed_after_the_board() {
        let outgoing = analysis_reply();
        let chart = outgoing.chart_png.as_ref().expect("the chart is drawn");
        assert_eq!(chart.filename, "dama-game-12-chart.png");
        let image = image::load_from_memory_with_format(&chart.bytes, image::ImageFormat::Png)
            .expect("the chart is a PNG");
        assert_eq!(
            (image.width(), image.height()),
            (crate::render::chart::WIDTH, crate::render::chart::HEIGHT)
        );
        let message = DiscordMessage::new(&outgoing, PLACE);
        let names = |json: &Value| -> Vec<String> {
            json["attachments"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a["filename"].as_str().unwrap().to_owned())
                .collect()
        };
        let expected = [
            "board.png",
            "dama-game-12-analysis.pdn",
            "dama-game-12-chart.png",
        ];
        for json in [
            to_json(&message.clone().into_response()),
            to_json(&message.clone().into_edit_response()),
            to_json(&message.clone().into_followup()),
            to_json(&message.into_create_message()),
        ] {
            // (Serenity numbers the new files when it sends them.)
            assert_eq!(names(&json), expected, "{json:#}");
            let embeds = json["embeds"].as_array().unwrap();
            assert_eq!(embeds.len(), 2, "{json:#}");
            assert_eq!(embeds[0]["image"]["url"], "attachment://board.png");
            assert!(
                embeds[0]["description"]
                    .as_str()
                    .unwrap()
                    .starts_with("**Analysis of game #12**")
            );
            assert_eq!(
                embeds[1]["image"]["url"],
                "attachment://dama-game-12-chart.png"
            );
        }
    }

    #[test]
    fn a_table_is_drawn_and_shown_under_the_text() {
        let renderer = Renderer::new(&crate::config::RenderConfig::default()).unwrap();
        let reply = Reply {
            table: Some(crate::render::TableView {
                filename: "dama-tournament-3-standings.png".into(),
                title: "Coppa \u{b7} round 2 of 3".into(),
                header: vec!["#".into(), "Player".into(), "Points".into()],
                rows: vec![
                    vec!["1".into(), "alice".into(), "2".into()],
                    vec!["2".into(), "bob".into(), "1".into()],
                ],
                numeric: vec![true, false, true],
            }),
            ..Reply::public("**Standings of Coppa** after round 2 of 3")
        };
        let outgoing = Outgoing::render(&renderer, reply);
        let table = outgoing.table_png.as_ref().expect("the table is drawn");
        assert_eq!(table.filename, "dama-tournament-3-standings.png");
        let image = image::load_from_memory_with_format(&table.bytes, image::ImageFormat::Png)
            .expect("the table is a PNG");
        assert!(image.width() >= crate::render::table::MIN_WIDTH);
        let message = DiscordMessage::new(&outgoing, PLACE);
        for json in [
            to_json(&message.clone().into_response()),
            to_json(&message.clone().into_edit_response()),
            to_json(&message.clone().into_followup()),
            to_json(&message.clone().into_create_message()),
            to_json(&message.clone().into_edit_message()),
        ] {
            assert_eq!(
                json["content"], "**Standings of Coppa** after round 2 of 3",
                "{json:#}"
            );
            let embeds = json["embeds"].as_array().unwrap();
            assert_eq!(embeds.len(), 1, "{json:#}");
            assert_eq!(
                embeds[0]["image"]["url"],
                "attachment://dama-tournament-3-standings.png"
            );
        }
        // Too big for the server: named in a note, no embed pointing at nothing.
        let small = Place {
            attachment_limit: table.bytes.len() as u64 - 1,
            ..PLACE
        };
        let json = to_json(&DiscordMessage::new(&outgoing, small).into_create_message());
        assert!(
            json["embeds"].as_array().is_none_or(Vec::is_empty),
            "{json:#}"
        );
        assert!(
            json["content"]
                .as_str()
                .unwrap()
                .contains("dama-tournament-3-standings.png"),
            "{json:#}"
        );
    }

    #[test]
    fn a_chart_too_big_for_the_server_is_named_instead() {
        let outgoing = analysis_reply();
        let chart_size = outgoing.chart_png.as_ref().unwrap().bytes.len() as u64;
        let small = Place {
            guild: 10,
            attachment_limit: chart_size - 1,
        };
        let message = DiscordMessage::new(&outgoing, small);
        let json = to_json(&message.into_response());
        let names: Vec<&str> = json["attachments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["filename"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["board.png", "dama-game-12-analysis.pdn"]);
        assert_eq!(
            json["embeds"].as_array().unwrap().len(),
            1,
            "no chart embed"
        );
        assert!(
            json["embeds"][0]["description"]
                .as_str()
                .unwrap()
                .contains("(dama-game-12-chart.png is "),
            "{json:#}"
        );
    }

    #[test]
    fn a_chart_whose_name_an_embed_cannot_take_is_only_attached() {
        let mut outgoing = analysis_reply();
        outgoing.chart_png.as_mut().unwrap().filename = "partita 12.png".into();
        let json = to_json(&DiscordMessage::new(&outgoing, PLACE).into_response());
        assert_eq!(json["attachments"][2]["filename"], "partita 12.png");
        assert_eq!(json["embeds"].as_array().unwrap().len(), 1);
        assert!(embeddable("dama-game-12-chart.png"));
        assert!(!embeddable(""));
    }

    #[test]
    fn long_text_moves_to_an_embed_and_is_cut_to_fit() {
        let long = "é".repeat(5000);
        let json = to_json(
            &DiscordMessage::new(&Outgoing::text(Reply::public(long)), PLACE).into_response(),
        );
        let description = json["embeds"][0]["description"].as_str().unwrap();
        assert_eq!(description.chars().count(), MAX_EMBED_DESCRIPTION);
        assert!(description.ends_with('…'));
        assert_eq!(json["content"], "");
    }

    #[test]
    fn components_are_kept_within_discord_limits() {
        let options = (0..40)
            .map(|i| SelectOption {
                label: "x".repeat(120),
                value: format!("m{i}"),
            })
            .collect();
        let mut rows = vec![vec![
            Component::Select {
                id: "g:1:0:move".into(),
                placeholder: "Pick".into(),
                options,
            },
            button("stray", "A button beside a select"),
        ]];
        rows.push(
            (0..8)
                .map(|i| button(&format!("b{i}"), &"L".repeat(90)))
                .collect(),
        );
        rows.push(vec![button(&"i".repeat(101), "too long an id")]);
        for i in 0..6 {
            rows.push(vec![button(&format!("r{i}"), "row")]);
        }
        let json = to_json(&action_rows(&rows));
        let rows = json.as_array().unwrap();
        assert_eq!(rows.len(), MAX_ROWS);
        let select = &rows[0]["components"];
        assert_eq!(
            select.as_array().unwrap().len(),
            1,
            "a select is alone in its row"
        );
        let options = select[0]["options"].as_array().unwrap();
        assert_eq!(options.len(), MAX_SELECT_OPTIONS);
        assert_eq!(
            options[0]["label"].as_str().unwrap().chars().count(),
            MAX_OPTION_TEXT
        );
        let buttons = rows[1]["components"].as_array().unwrap();
        assert_eq!(buttons.len(), MAX_BUTTONS_PER_ROW);
        assert_eq!(
            buttons[0]["label"].as_str().unwrap().chars().count(),
            MAX_BUTTON_LABEL
        );
        assert_eq!(
            rows[2]["components"][0]["custom_id"], "r0",
            "a button with an invalid id is left out"
        );
    }

    #[test]
    fn autocomplete_offers_at_most_25_choices() {
        let moves: Vec<String> = (0..30).map(|i| format!("{i}-{}", i + 4)).collect();
        let json = to_json(&serenity::CreateInteractionResponse::Autocomplete(
            autocomplete(&moves),
        ));
        assert_eq!(json["type"], 8);
        let choices = json["data"]["choices"].as_array().unwrap();
        assert_eq!(choices.len(), MAX_CHOICES);
        assert_eq!(choices[0], json!({"name": "0-4", "value": "0-4"}));
        let none = to_json(&autocomplete(&[]));
        assert_eq!(none["choices"], json!([]));
        let hint = to_json(&serenity::CreateInteractionResponse::Autocomplete(
            autocomplete_hint("Not your turn: bob is to move.", Language::En),
        ));
        assert_eq!(hint["type"], 8);
        assert_eq!(
            hint["data"]["choices"],
            json!([{"name": "Not your turn: bob is to move.", "value": "Not your turn: bob is to move."}])
        );
        let long = to_json(&autocomplete_hint(&"x".repeat(300), Language::En));
        assert_eq!(
            long["choices"][0]["name"].as_str().unwrap().chars().count(),
            MAX_OPTION_TEXT
        );
    }

    #[test]
    fn clicks_update_the_board_in_place_only_for_public_boards() {
        let board = board_reply().reply;
        assert_eq!(
            click_answer("g:7:1:move", &board, false),
            ClickAnswer::Update
        );
        assert_eq!(
            click_answer("g:7:1:draw+", &board, false),
            ClickAnswer::Update
        );
        assert_eq!(
            click_answer("c:3:accept", &board, false),
            ClickAnswer::Update
        );
        assert_eq!(
            click_answer("g:7:1:resign!", &board, true),
            ClickAnswer::NewMessage,
            "from the private confirmation"
        );
        assert_eq!(
            click_answer("g:7:9:rematch", &board, false),
            ClickAnswer::NewMessage
        );
        assert_eq!(
            click_answer("g:7:9:bump", &board, false),
            ClickAnswer::NewMessage,
            "a bumped board goes at the bottom"
        );
        let starts_in_a_thread = Reply {
            thread: Some(crate::game::ThreadStart {
                game: GameId(7),
                name: "Dama #7 · alice – bob".into(),
            }),
            ..Reply::public("bob accepted: game #7 is on in its thread.")
        };
        assert_eq!(
            click_answer("c:3:accept", &starts_in_a_thread, false),
            ClickAnswer::Update,
            "the challenge becomes the line the thread opens from"
        );
        let mistake = Reply::private("It is not your turn.");
        assert_eq!(
            click_answer("g:7:1:move", &mistake, false),
            ClickAnswer::Private
        );
        let puzzle_board = Reply {
            ephemeral: true,
            ..board.clone()
        };
        assert_eq!(
            click_answer("p:3:1:move", &puzzle_board, true),
            ClickAnswer::Update,
            "a private puzzle board becomes the next one"
        );
        assert_eq!(
            click_answer("p:3:1:move", &mistake, true),
            ClickAnswer::Private,
            "a stale puzzle board is refused in a message of its own"
        );
        assert_eq!(
            click_answer("p:3:2:next", &puzzle_board, true),
            ClickAnswer::Private,
            "the solved puzzle stays; the next comes below"
        );
        assert_eq!(
            click_answer("pd", &puzzle_board, false),
            ClickAnswer::Private,
            "the daily post stays public; the attempt is private"
        );
        let declined = Reply::public("bob declined.");
        assert_eq!(
            click_answer("c:3:decline", &declined, false),
            ClickAnswer::Update
        );
        assert_eq!(click_answer("l:2", &declined, false), ClickAnswer::Update);
        assert_eq!(
            click_answer("junk", &declined, false),
            ClickAnswer::NewMessage
        );
        let signup = Reply {
            tournament: Some(crate::store::TournamentId(4)),
            ..Reply::public("**Coppa**: sign-up open. Entrants (1): alice")
        };
        assert_eq!(
            click_answer("t:4:join", &signup, false),
            ClickAnswer::Update
        );
        assert_eq!(
            click_answer("t:4:leave", &signup, false),
            ClickAnswer::Update
        );
        assert_eq!(
            click_answer("t:5:join", &signup, false),
            ClickAnswer::NewMessage,
            "another tournament's message is not the one clicked"
        );
        assert_eq!(
            click_answer(
                "t:4:join",
                &Reply::private("You have joined already."),
                false
            ),
            ClickAnswer::Private
        );
    }

    #[test]
    fn an_update_pings_the_others_with_the_headline() {
        let board = board_reply().reply;
        let board_message = Some(MessageRef {
            channel: 20,
            message: 30,
        });
        let ping = ping_after_update(&board, 42, PLACE, board_message, Language::En).unwrap();
        assert_eq!(
            ping.content,
            "<@43> alice played **22-18**. ([board](https://discord.com/channels/10/20/30))"
        );
        assert_eq!(
            to_json(&ping.into_followup())["allowed_mentions"]["users"],
            json!(["43"])
        );
        assert!(
            ping_after_update(&board, 43, PLACE, board_message, Language::En).is_none(),
            "the clicker is not pinged"
        );
        let offer = Reply {
            text: "alice offers a draw to <@43>.\n…".into(),
            mentions: vec![42, 43],
            ..Reply::default()
        };
        assert_eq!(
            ping_after_update(&offer, 42, PLACE, None, Language::En)
                .unwrap()
                .content,
            "alice offers a draw to <@43>."
        );
    }

    #[test]
    fn what_the_adapter_adds_reads_in_the_reader_s_language() {
        crate::i18n::set_strict(true);
        let mut reply = Reply::private("x");
        reply.current_board = Some(MessageRef {
            channel: 20,
            message: 30,
        });
        let link = |language| {
            DiscordMessage::new(&Outgoing::text(reply.clone()).in_language(language), PLACE).content
        };
        assert!(
            link(Language::It)
                .ends_with("[Vai alla damiera attuale](https://discord.com/channels/10/20/30)")
        );
        assert!(
            link(Language::Es)
                .ends_with("[Ir al tablero actual](https://discord.com/channels/10/20/30)")
        );
        let pdn = Reply {
            attachment: Some(Attachment {
                filename: "dama-game-4.pdn".into(),
                bytes: vec![b'x'; 1_300_000],
            }),
            ..Reply::public("PDN")
        };
        let tiny = Place {
            guild: 10,
            attachment_limit: 4,
        };
        let note = |language| {
            DiscordMessage::new(&Outgoing::text(pdn.clone()).in_language(language), tiny).content
        };
        assert!(
            note(Language::En)
                .ends_with("(dama-game-4.pdn is 1.2 MB, more than this server accepts.)"),
            "{}",
            note(Language::En)
        );
        assert!(
            note(Language::It).contains("pesa 1.2 MB, più di quanto accetta"),
            "{}",
            note(Language::It)
        );
        assert!(
            note(Language::Es).contains("más de lo que acepta este servidor"),
            "{}",
            note(Language::Es)
        );
        let empty = to_json(&autocomplete_hint("", Language::It));
        assert_eq!(
            empty["choices"][0]["name"],
            "Scrivi la tua mossa, per esempio 22-18"
        );
        let empty = to_json(&autocomplete_hint(" ", Language::En));
        assert_eq!(empty["choices"][0]["name"], "Type your move, e.g. 22-18");
        let board = board_reply().reply;
        let at = Some(MessageRef {
            channel: 20,
            message: 30,
        });
        let ping = ping_after_update(&board, 42, PLACE, at, Language::Es).unwrap();
        assert!(
            ping.content
                .ends_with(" ([tablero](https://discord.com/channels/10/20/30))"),
            "{}",
            ping.content
        );
        for language in Language::ALL {
            for text in [
                link(language),
                note(language),
                ping_after_update(&board, 42, PLACE, at, language)
                    .unwrap()
                    .content,
            ] {
                assert!(!text.contains("{$") && !text.contains("discord-"), "{text}");
            }
        }
    }
}
