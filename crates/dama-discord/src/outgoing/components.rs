//! The service's buttons and menus as Discord components, and the answers to autocomplete,
//! within Discord's limits.

use poise::serenity_prelude as serenity;

use super::{
    MAX_BUTTON_LABEL, MAX_BUTTONS_PER_ROW, MAX_CHOICES, MAX_CUSTOM_ID, MAX_OPTION_TEXT, MAX_ROWS,
    MAX_SELECT_OPTIONS, truncate,
};
use dama_core::i18n::{Language, t};
use dama_service::{ButtonStyle, Component};
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::outgoing::fixtures::{button, to_json};
    use dama_service::SelectOption;
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
}
