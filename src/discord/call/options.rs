//! The choices of the commands' options, as poise registers and reads them, and what each
//! means to the service.

use crate::game::ColourChoice;
use crate::i18n::Language;
use crate::store::NotifyMode;

/// The colour option of `/challenge` and `/play` (its choices are named from the files, in this
/// order: `discord-choice-white`, `-black`, `-random`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ColourOption {
    White,
    Black,
    Random,
}

impl From<ColourOption> for ColourChoice {
    fn from(option: ColourOption) -> ColourChoice {
        match option {
            ColourOption::White => ColourChoice::White,
            ColourOption::Black => ColourChoice::Black,
            ColourOption::Random => ColourChoice::Random,
        }
    }
}

/// The language option of `/settings` (its choices are named from the files,
/// `discord-choice-language`, in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageOption {
    Italian,
    English,
    Spanish,
    /// The server's language as Discord gives it.
    Automatic,
}

impl LanguageOption {
    /// Every choice, in the order of registration.
    pub const ALL: [LanguageOption; 4] = [
        LanguageOption::Italian,
        LanguageOption::English,
        LanguageOption::Spanish,
        LanguageOption::Automatic,
    ];

    /// The language chosen; `None` for Discord's.
    #[must_use]
    pub fn language(self) -> Option<Language> {
        match self {
            LanguageOption::Italian => Some(Language::It),
            LanguageOption::English => Some(Language::En),
            LanguageOption::Spanish => Some(Language::Es),
            LanguageOption::Automatic => None,
        }
    }
}

/// How `/settings notify` tells someone about their games (its choices are named from the
/// files, `discord-choice-notify`, in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum NotifyOption {
    Dm,
    Ping,
    Off,
}

impl NotifyOption {
    /// Every choice, in the order of registration.
    pub const ALL: [NotifyOption; 3] = [NotifyOption::Dm, NotifyOption::Ping, NotifyOption::Off];

    #[must_use]
    pub fn mode(self) -> NotifyMode {
        match self {
            NotifyOption::Dm => NotifyMode::Dm,
            NotifyOption::Ping => NotifyMode::Ping,
            NotifyOption::Off => NotifyMode::Off,
        }
    }
}

/// `/settings threads` (its choices are named from the files, `discord-choice-threads`, in
/// this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SwitchOption {
    On,
    Off,
}

impl SwitchOption {
    pub const ALL: [SwitchOption; 2] = [SwitchOption::On, SwitchOption::Off];

    #[must_use]
    pub fn is_on(self) -> bool {
        self == SwitchOption::On
    }
}

/// The format of `/tournament create` (its choices are named by the command's own attributes,
/// `cmd-tournament-create.format-swiss` and `.format-round-robin`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FormatOption {
    #[name = "swiss"]
    Swiss,
    #[name = "round-robin"]
    RoundRobin,
}

#[cfg(test)]
mod tests {
    use poise::ChoiceParameter as _;

    use super::*;

    #[test]
    fn choice_indices_on_the_wire_map_to_service_arguments() {
        // Discord sends the index of the picked choice.
        assert_eq!(
            ColourChoice::from(ColourOption::from_index(0).unwrap()),
            ColourChoice::White
        );
        assert_eq!(
            ColourChoice::from(ColourOption::from_index(1).unwrap()),
            ColourChoice::Black
        );
        assert_eq!(
            ColourChoice::from(ColourOption::from_index(2).unwrap()),
            ColourChoice::Random
        );
        assert_eq!(ColourOption::from_index(3), None);
        let languages: Vec<Option<Language>> = (0..4)
            .map(|i| LanguageOption::from_index(i).unwrap().language())
            .collect();
        assert_eq!(
            languages,
            [
                Some(Language::It),
                Some(Language::En),
                Some(Language::Es),
                None
            ]
        );
        assert_eq!(LanguageOption::from_index(4), None);
    }
}
