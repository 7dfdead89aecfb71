//! English words that no Italian or Spanish message of the bot contains: finding one in what
//! the bot wrote for an Italian or Spanish reader means a message went out in English.

/// Words of the English messages that the Italian and Spanish ones never use.
pub const ENGLISH_WORDS: &[&str] = &[
    "move", "moves", "plays", "white", "black", "draw", "resign", "offer", "flip", "board", "game",
    "turn", "your", "accepted", "wins", "rematch", "claim", "the",
];

/// The English words of [`ENGLISH_WORDS`] in `text`, outside what Discord shows in the reader's
/// own way: mentions of people, channels and commands (`<@1>`, `<#2>`, `</draw offer:3>`),
/// timestamps (`<t:…>`) and links.
#[must_use]
pub fn english_words(text: &str) -> Vec<&'static str> {
    let mut plain = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        plain.push_str(&rest[..start]);
        let Some(end) = rest[start..].find('>') else {
            rest = &rest[start..];
            break;
        };
        rest = &rest[start + end + 1..];
        plain.push(' ');
    }
    plain.push_str(rest);
    let mut found = Vec::new();
    for word in plain
        .split_whitespace()
        .filter(|word| !word.contains("://"))
        .flat_map(|word| word.split(|c: char| !c.is_alphanumeric()))
    {
        let word = word.to_lowercase();
        if let Some(english) = ENGLISH_WORDS.iter().find(|w| **w == word) {
            if !found.contains(english) {
                found.push(*english);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_words_are_found_outside_mentions_and_links() {
        assert_eq!(
            english_words("@alice plays White. Offer draw"),
            ["plays", "white", "offer", "draw"]
        );
        assert!(english_words("<@1> gioca </draw offer:3> <t:5:R> https://x.y/board").is_empty());
        assert!(english_words("Partita #1 · mossa 1 · tocca al Bianco").is_empty());
    }
}
