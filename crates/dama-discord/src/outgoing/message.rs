//! One reply as one Discord message: its content, embeds, files, components and allowed
//! mentions decided once ([`DiscordMessage::new`]), then the builder each way of sending needs.

use std::fmt::Write as _;

use poise::serenity_prelude as serenity;

use super::{
    BOARD_FILE, BOARD_URL, Drawn, EMBED_COLOUR, MAX_CONTENT, MAX_EMBED_DESCRIPTION, MAX_FILES,
    Markup, Place, action_rows, message_link, ping_content, truncate,
};
use dama_core::i18n::t;
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
    pub fn new(outgoing: &Drawn, place: Place, markup: &Markup) -> DiscordMessage {
        let reply = &outgoing.reply;
        let language = outgoing.language;
        let written = markup.render(&reply.text);
        let mut text = written.clone();
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
        // The content of a message whose text is in an embed: who it pings and what happened
        // (a push notification shows the content only).
        let mention_line = ping_content(language, &mentions, &written, reply.game);
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

#[cfg(test)]
mod tests {
    use crate::markup::Markup;
    use serde_json::{Value, json};

    use super::*;
    use crate::outgoing::fixtures::{PLACE, analysis_reply, board_reply, to_json};
    use crate::outgoing::{autocomplete_hint, ping_after_update};
    use dama_core::i18n::Language;
    use dama_core::store::{ChallengeId, MessageRef};
    use dama_render::Renderer;
    use dama_service::{Attachment, Reply};

    #[test]
    fn board_reply_is_an_embed_with_the_image_and_pings_in_the_content() {
        let message = DiscordMessage::new(&board_reply(), PLACE, &Markup::default());
        let json = to_json(&serenity::CreateInteractionResponse::Message(
            message.into_response(),
        ));
        assert_eq!(json["type"], 4);
        let data = &json["data"];
        assert_eq!(
            data["content"], "<@43> — alice played **22-18**. · game #7",
            "who is pinged, and what happened, for a push notification"
        );
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
        let message = DiscordMessage::new(&outgoing, PLACE, &Markup::default());
        assert_eq!(
            message.content,
            "<@43> <@42> — alice played **22-18**. · game #7"
        );
        let json = to_json(&message.clone().into_create_message());
        assert_eq!(json["allowed_mentions"]["users"], json!(["43", "42"]));
        let ping = ping_after_update(&outgoing, &Markup::default(), 42, PLACE, None).unwrap();
        assert_eq!(ping.mentions, [43]);
    }

    #[test]
    fn private_reply_sets_the_ephemeral_flag_and_links_the_current_board() {
        let mut reply = Reply::private("This board is out of date: the game has moved on.");
        reply.current_board = Some(MessageRef {
            channel: 20,
            message: 30,
        });
        let json = to_json(
            &DiscordMessage::new(&Drawn::text(reply, Language::En), PLACE, &Markup::default())
                .into_response(),
        );
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
            DiscordMessage::new(&Drawn::text(reply, Language::En), PLACE, &Markup::default())
                .into_response(),
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
        let edit = to_json(
            &DiscordMessage::new(&board_reply(), PLACE, &Markup::default()).into_edit_response(),
        );
        assert_eq!(
            edit["attachments"],
            json!([{"id": 0, "filename": "board.png", "description": null}])
        );
        assert_eq!(edit["embeds"][0]["image"]["url"], "attachment://board.png");
        assert_eq!(edit["content"], "<@43> — alice played **22-18**. · game #7");
        let text_only = to_json(
            &DiscordMessage::new(
                &Drawn::text(Reply::public("over"), Language::En),
                PLACE,
                &Markup::default(),
            )
            .into_edit_response(),
        );
        assert_eq!(text_only["attachments"], json!([]));
        assert_eq!(text_only["embeds"], json!([]));
        assert_eq!(text_only["components"], json!([]));
        let message_edit = to_json(
            &DiscordMessage::new(
                &Drawn::text(Reply::public("The challenge has expired."), Language::En),
                PLACE,
                &Markup::default(),
            )
            .into_edit_message(),
        );
        assert_eq!(message_edit["content"], "The challenge has expired.");
        assert_eq!(message_edit["components"], json!([]));
        assert_eq!(message_edit["attachments"], json!([]));
    }

    #[test]
    fn channel_messages_and_followups_keep_files_and_mentions() {
        let channel = to_json(
            &DiscordMessage::new(&board_reply(), PLACE, &Markup::default()).into_create_message(),
        );
        assert_eq!(
            channel["content"],
            "<@43> — alice played **22-18**. · game #7"
        );
        assert_eq!(channel["attachments"][0]["filename"], "board.png");
        assert_eq!(channel["allowed_mentions"]["users"], json!(["43"]));
        let mut private = board_reply();
        private.reply.ephemeral = true;
        private.reply.components.clear();
        let followup =
            to_json(&DiscordMessage::new(&private, PLACE, &Markup::default()).into_followup());
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
        let json = to_json(
            &DiscordMessage::new(
                &Drawn::text(reply.clone(), Language::En),
                PLACE,
                &Markup::default(),
            )
            .into_response(),
        );
        assert_eq!(json["attachments"][0]["filename"], "dama-game-4.pdn");
        assert_eq!(json["content"], "Game #4 as PDN:");
        let tiny = Place {
            guild: 10,
            attachment_limit: 4,
        };
        let json = to_json(
            &DiscordMessage::new(&Drawn::text(reply, Language::En), tiny, &Markup::default())
                .into_response(),
        );
        assert_eq!(json["attachments"], json!([]));
        assert!(
            json["content"]
                .as_str()
                .unwrap()
                .contains("more than this server accepts")
        );
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
            (dama_render::chart::WIDTH, dama_render::chart::HEIGHT)
        );
        let message = DiscordMessage::new(&outgoing, PLACE, &Markup::default());
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
        let renderer = Renderer::new(&dama_core::config::RenderConfig::default()).unwrap();
        let reply = Reply {
            table: Some(dama_render::TableView {
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
        let outgoing = Drawn::draw(&renderer, reply, Language::En, &|_| Language::En, true);
        let table = outgoing.table_png.as_ref().expect("the table is drawn");
        assert_eq!(table.filename, "dama-tournament-3-standings.png");
        let image = image::load_from_memory_with_format(&table.bytes, image::ImageFormat::Png)
            .expect("the table is a PNG");
        assert!(image.width() >= dama_render::table::MIN_WIDTH);
        let message = DiscordMessage::new(&outgoing, PLACE, &Markup::default());
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
        let json = to_json(
            &DiscordMessage::new(&outgoing, small, &Markup::default()).into_create_message(),
        );
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
        let message = DiscordMessage::new(&outgoing, small, &Markup::default());
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
        let json =
            to_json(&DiscordMessage::new(&outgoing, PLACE, &Markup::default()).into_response());
        assert_eq!(json["attachments"][2]["filename"], "partita 12.png");
        assert_eq!(json["embeds"].as_array().unwrap().len(), 1);
        assert!(embeddable("dama-game-12-chart.png"));
        assert!(!embeddable(""));
    }

    #[test]
    fn long_text_moves_to_an_embed_and_is_cut_to_fit() {
        let long = "é".repeat(5000);
        let json = to_json(
            &DiscordMessage::new(
                &Drawn::text(Reply::public(long), Language::En),
                PLACE,
                &Markup::default(),
            )
            .into_response(),
        );
        let description = json["embeds"][0]["description"].as_str().unwrap();
        assert_eq!(description.chars().count(), MAX_EMBED_DESCRIPTION);
        assert!(description.ends_with('…'));
        assert_eq!(json["content"], "");
    }

    #[test]
    fn what_the_adapter_adds_reads_in_the_reader_s_language() {
        dama_core::i18n::set_strict(true);
        let mut reply = Reply::private("x");
        reply.current_board = Some(MessageRef {
            channel: 20,
            message: 30,
        });
        let link = |language| {
            DiscordMessage::new(
                &Drawn::text(reply.clone(), language),
                PLACE,
                &Markup::default(),
            )
            .content
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
            DiscordMessage::new(
                &Drawn::text(pdn.clone(), language),
                tiny,
                &Markup::default(),
            )
            .content
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
        let ping = ping_after_update(
            &Drawn::text(board.clone(), Language::Es),
            &Markup::default(),
            42,
            PLACE,
            at,
        )
        .unwrap();
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
                ping_after_update(
                    &Drawn::text(board.clone(), language),
                    &Markup::default(),
                    42,
                    PLACE,
                    at,
                )
                .unwrap()
                .content,
            ] {
                assert!(!text.contains("{$") && !text.contains("discord-"), "{text}");
            }
        }
    }
}
