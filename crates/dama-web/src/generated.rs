//! What the page's TypeScript takes from the Rust side, as the files of `web/src/generated/`:
//!
//! - `protocol.ts`: the types of every frame ([`Incoming`], [`Outgoing`]) and of the answer of
//!   `POST /api/token` ([`TokenAnswer`]), with every type they contain (the service's
//!   [`GameView`](dama_service::GameView) and its parts), from their derived [`TS`];
//! - `words.ts`: the ids of the words `hello` carries ([`WORDS`]);
//! - `crown.ts`: the king's crown the PNG pieces draw ([`dama_render::crown`]).
//!
//! The files are committed (the page builds without Rust). A test renders them and compares:
//! after a change here, `DAMA_BLESS=1 cargo test -p dama-web generated` writes them again, then
//! `npm run build` in `web/` makes the bundle and `npm run check` says which page code no
//! longer fits.

use std::any::TypeId;
use std::collections::HashSet;
use std::fmt::Write as _;

use ts_rs::{Config, TS, TypeVisitor};

use crate::protocol::{Incoming, Outgoing, TokenAnswer};
use crate::words::WORDS;

/// The files of `web/src/generated/`: each name and text.
#[must_use]
pub fn files() -> Vec<(&'static str, String)> {
    vec![
        ("protocol.ts", protocol()),
        ("words.ts", words()),
        ("crown.ts", crown()),
    ]
}

/// The first lines of every file.
fn header(from: &str) -> String {
    format!(
        "// Generated from {from} by `DAMA_BLESS=1 cargo test -p dama-web generated`: do not edit.\n"
    )
}

/// The declarations of some types and of every type they contain, each once.
struct Declarations<'a> {
    config: &'a Config,
    seen: HashSet<TypeId>,
    /// Each type's name and declaration.
    found: Vec<(String, String)>,
}

impl Declarations<'_> {
    fn declare<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_none() || !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        let mut text = T::docs().unwrap_or_default();
        let _ = writeln!(text, "export {}", T::decl(self.config));
        self.found.push((T::ident(self.config), text));
        T::visit_dependencies(self);
    }
}

impl TypeVisitor for Declarations<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        self.declare::<T>();
    }
}

/// `protocol.ts`: the messages' types, then the types they contain by name (ts-rs lists a
/// type's parts in no fixed order). JSON numbers are JavaScript numbers (the ids and times
/// sent fit in them; a Discord id is sent as a string).
#[must_use]
pub fn protocol() -> String {
    let config = Config::new().with_large_int("number");
    let mut declarations = Declarations {
        config: &config,
        seen: HashSet::new(),
        found: Vec::new(),
    };
    declarations.declare::<Outgoing>();
    declarations.declare::<Incoming>();
    declarations.declare::<TokenAnswer>();
    let roots = [
        Outgoing::ident(&config),
        Incoming::ident(&config),
        TokenAnswer::ident(&config),
    ];
    let mut found = declarations.found;
    // The roots first, in their order; the rest by name.
    found.sort_by_key(|(name, _)| {
        let root = roots.iter().position(|root| root == name);
        (root.unwrap_or(roots.len()), name.clone())
    });
    let mut text = header("crates/dama-web/src/protocol.rs and dama-service's view");
    for (_, declaration) in found {
        text.push('\n');
        text.push_str(&declaration);
    }
    text
}

/// `words.ts`: the ids of the words `hello` carries.
#[must_use]
pub fn words() -> String {
    let mut text = header("crates/dama-web/src/words.rs");
    text.push_str("\n/** The ids of the words `hello` carries, in the page's language. */\n");
    text.push_str("export const WORD_KEYS = [\n");
    for word in WORDS {
        let _ = writeln!(text, "  '{}',", word.id());
    }
    text.push_str("] as const;\n\nexport type WordKey = (typeof WORD_KEYS)[number];\n");
    text
}

/// `crown.ts`: the crown on a king.
#[must_use]
pub fn crown() -> String {
    use dama_render::crown::{BALL_RADIUS, BALLS, BAND, OUTLINE};
    let points = |list: &[(f32, f32)]| {
        let points: Vec<String> = list.iter().map(|(x, y)| format!("[{x}, {y}]")).collect();
        format!("[{}]", points.join(", "))
    };
    let mut text = header("crates/dama-render/src/crown.rs");
    text.push_str(
        "\n// The crown on a king, in units of the top face's radius from the face's centre, y\n\
         // downwards, as the PNG pieces draw it.\n\n",
    );
    text.push_str("export type Point = readonly [number, number];\n\n");
    let _ = writeln!(
        text,
        "/** The outline: a foot, three points, and the dips between them. */\n\
         export const CROWN_OUTLINE: readonly Point[] = {};\n",
        points(&OUTLINE)
    );
    let _ = writeln!(
        text,
        "/** The centres of the balls on the points. */\n\
         export const CROWN_BALLS: readonly Point[] = {};\n",
        points(&BALLS)
    );
    let _ = writeln!(text, "export const CROWN_BALL_RADIUS = {BALL_RADIUS};\n");
    let _ = writeln!(
        text,
        "/** The band at the foot. */\n\
         export const CROWN_BAND: readonly Point[] = {};",
        points(&BAND)
    );
    text
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::PathBuf;

    use super::*;

    fn folder() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/src/generated")
    }

    /// The committed files are what the Rust side makes now; `DAMA_BLESS=1` writes them.
    #[test]
    fn the_generated_files_are_up_to_date() {
        let folder = folder();
        let files = files();
        if std::env::var_os("DAMA_BLESS").is_some_and(|v| v == "1") {
            std::fs::create_dir_all(&folder).unwrap();
            for (name, text) in &files {
                std::fs::write(folder.join(name), text).unwrap();
            }
        }
        let hint = "write them again with `DAMA_BLESS=1 cargo test -p dama-web generated`, \
                    then `npm run build && npm run check` in web/, and commit both";
        for (name, text) in &files {
            let path = folder.join(name);
            let committed = std::fs::read_to_string(&path)
                .unwrap_or_else(|error| panic!("{}: {error}; {hint}", path.display()));
            if let Some((line, (was, now))) = committed
                .lines()
                .chain(std::iter::repeat(""))
                .zip(text.lines().chain(std::iter::repeat("")))
                .take(committed.lines().count().max(text.lines().count()))
                .enumerate()
                .find(|(_, (was, now))| was != now)
            {
                panic!(
                    "{}:{}: `{was}` where the Rust side makes `{now}`; {hint}",
                    path.display(),
                    line + 1
                );
            }
            assert_eq!(committed, *text, "{}: {hint}", path.display());
        }
        let present: BTreeSet<String> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let made: BTreeSet<String> = files.iter().map(|(name, _)| (*name).to_owned()).collect();
        assert_eq!(present, made, "{}: files nothing makes", folder.display());
    }

    #[test]
    fn every_message_and_every_part_of_a_game_is_declared() {
        let text = protocol();
        for name in [
            "Outgoing",
            "Incoming",
            "TokenAnswer",
            "You",
            "Summary",
            "Challenge",
            "BoardColours",
            "GameView",
            "PlayerView",
            "ClockView",
            "LegalMove",
            "LastMove",
            "ResultView",
            "Side",
            "SideChoice",
            "GameState",
            "Cell",
        ] {
            let declaration = format!("export type {name} = ");
            assert_eq!(text.matches(&declaration).count(), 1, "{name}: {text}");
        }
        // The wire's names, not Rust's.
        assert!(text.contains(r#""type": "move""#), "{text}");
        assert!(text.contains(", move: string,"), "{text}");
        assert!(!text.contains("bigint"), "{text}");
    }
}
