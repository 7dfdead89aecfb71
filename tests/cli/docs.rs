//! The documentation holds together: every relative link and anchor of `README.md` and
//! `docs/*.md` resolves, every command the bot registers is documented for the people who use
//! it, and the README's figure of registered commands is the bot's.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};

use regex::Regex;

/// The checked pages: the README, then every page of `docs/`, in name order.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    let mut pages = vec![root.join("README.md")];
    pages.extend(docs);
    pages
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text as Markdown renders its prose: the lines of fenced code blocks and the contents of
/// code spans replaced by spaces, every other character (and every line break) where it was, so
/// that positions still give line numbers.
fn prose(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_fence = false;
    for line in text.split_inclusive('\n') {
        let fence = line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~");
        if fence || in_fence {
            out.extend(line.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
            in_fence ^= fence;
        } else {
            out.push_str(line);
        }
    }
    blank_code_spans(&out)
}

/// Code spans (a run of backticks up to the next run of the same length, across line breaks as
/// Markdown allows) blanked out; a run without its closing run stays as it is.
fn blank_code_spans(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = chars.clone();
    let run_at = |i: usize| chars[i..].iter().take_while(|&&c| c == '`').count();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            i += 1;
            continue;
        }
        let open = run_at(i);
        let mut j = i + open;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let run = run_at(j);
                if run == open {
                    close = Some(j);
                    break;
                }
                j += run;
            } else {
                j += 1;
            }
        }
        match close {
            Some(j) => {
                for c in &mut out[i..j + open] {
                    if *c != '\n' {
                        *c = ' ';
                    }
                }
                i = j + open;
            }
            None => i += open,
        }
    }
    out.into_iter().collect()
}

/// GitHub's anchor for a heading: its text as rendered (links by their text, code spans by their
/// contents), lowercase, spaces turned into `-`, every punctuation mark dropped but `-` and `_`.
fn slug(heading: &str) -> String {
    let link = Regex::new(r"\[([^\]]*)\]\([^)]*\)").expect("regex");
    let text = link.replace_all(heading, "$1");
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings; a repeated one gets `-1`, `-2` ... as on GitHub.
fn anchors(text: &str) -> Vec<String> {
    let heading = Regex::new(r"^#{1,6} +(.+?) *#* *$").expect("regex");
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut anchors = Vec::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        if let Some(caps) = heading.captures(line) {
            let base = slug(&caps[1]);
            let count = seen.entry(base.clone()).or_insert(0);
            anchors.push(if *count == 0 {
                base
            } else {
                format!("{base}-{count}")
            });
            *count += 1;
        }
    }
    anchors
}

/// `a/b/../c` as `a/c`, without asking the file system (the target may not exist).
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Every relative link of `text` (the page at `page`) that does not resolve: the file or
/// directory it names is missing, or its `#anchor` is no heading of the page it names. Each
/// problem is a line `page:line: target: why`.
fn broken_links(page: &Path, text: &str) -> Vec<String> {
    let inline = Regex::new(r#"\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)"#).expect("regex");
    let reference = Regex::new(r"(?m)^ {0,3}\[[^\]]+\]:\s*(\S+)").expect("regex");
    let prose = prose(text);
    let dir = page.parent().expect("a page has a directory");
    let targets = inline
        .captures_iter(&prose)
        .chain(reference.captures_iter(&prose))
        .map(|caps| {
            let m = caps.get(1).expect("group 1");
            (m.as_str().to_string(), m.start())
        });
    let mut broken = Vec::new();
    for (target, at) in targets {
        if target.is_empty() {
            broken.push((at, target, "an empty link".to_string()));
            continue;
        }
        if target.contains("://") || target.starts_with("mailto:") || target.starts_with("//") {
            continue;
        }
        let (file, anchor) = match target.split_once('#') {
            Some((file, anchor)) => (file, Some(anchor)),
            None => (target.as_str(), None),
        };
        let file = if file.is_empty() {
            page.to_path_buf()
        } else {
            normalise(&dir.join(file))
        };
        if file != page && !file.exists() {
            broken.push((at, target.clone(), "no such file".to_string()));
            continue;
        }
        let Some(anchor) = anchor else { continue };
        if file.extension().is_none_or(|ext| ext != "md") {
            broken.push((
                at,
                target.clone(),
                "an anchor into a file that is not Markdown".into(),
            ));
            continue;
        }
        let headings = if file == page {
            anchors(text)
        } else {
            anchors(&read(&file))
        };
        if !headings.iter().any(|h| h == anchor) {
            broken.push((at, target.clone(), "no heading has this anchor".to_string()));
        }
    }
    broken
        .into_iter()
        .map(|(at, target, why)| {
            let line = prose[..at].matches('\n').count() + 1;
            format!("{}:{line}: {target}: {why}", page.display())
        })
        .collect()
}

#[test]
fn every_relative_link_and_anchor_resolves() {
    let pages = pages();
    assert!(pages.len() > 1, "docs/ holds pages");
    let broken: Vec<String> = pages
        .iter()
        .flat_map(|page| broken_links(page, &read(page)))
        .collect();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn a_broken_link_or_anchor_is_reported() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = root.join("docs").join("example.md");
    let text = "# Title\n\n## Two words: `code`, more\n\n\
        [fine](#two-words-code-more), [fine](../README.md#the-two-commands), [fine](players.md),\n\
        [missing file](nothing-here.md), [missing anchor](#two-words),\n\
        [missing anchor elsewhere](../README.md#no-such-heading),\n\
        `[inside code](nowhere.md)`, [outside](<https://example.com/x>)\n\n\
        ```\n[in a fence](nowhere.md)\n```\n";
    let broken = broken_links(&page, text);
    assert_eq!(broken.len(), 3, "{broken:#?}");
    assert!(broken[0].ends_with("example.md:6: nothing-here.md: no such file"));
    assert!(broken[1].ends_with("example.md:6: #two-words: no heading has this anchor"));
    assert!(broken[2].contains("../README.md#no-such-heading: no heading has this anchor"));
}

#[test]
fn anchors_follow_github() {
    assert_eq!(
        slug("Rules tools: `perft`, `moves`, `pdn check`"),
        "rules-tools-perft-moves-pdn-check"
    );
    assert_eq!(
        slug("Playing without Discord: `local`"),
        "playing-without-discord-local"
    );
    assert_eq!(slug("The engine's benchmark"), "the-engines-benchmark");
    assert_eq!(
        slug("A [linked](x.md) title_with_underscore"),
        "a-linked-title_with_underscore"
    );
    assert_eq!(
        anchors("## Commands\n```\n# not a heading\n```\n### Commands\n# Commands"),
        ["commands", "commands-1", "commands-2"]
    );
}

/// Whether `name` (`/move`, `/draw offer`) appears in `text` as a command: not inside a word or
/// a path, and not as the start of a longer name (`/puzzle` in `/puzzles`).
fn mentions(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        let part_of_name = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '/' | '.');
        !before.is_some_and(part_of_name)
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_')
    })
}

#[test]
fn every_registered_command_is_documented() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = ["players.md", "server-managers.md"]
        .map(|page| read(&root.join("docs").join(page)))
        .join("\n");
    let mut missing = String::new();
    let commands = dama_discord::commands::commands();
    assert!(!commands.is_empty());
    for command in &commands {
        let name = format!("/{}", command.name);
        if !mentions(&docs, &name) {
            writeln!(missing, "{name}").unwrap();
        }
        for sub in &command.subcommands {
            let name = format!("/{} {}", command.name, sub.name);
            if !mentions(&docs, &name) {
                writeln!(missing, "{name}").unwrap();
            }
        }
    }
    assert!(
        missing.is_empty(),
        "registered but documented in neither docs/players.md nor docs/server-managers.md:\n{missing}"
    );
    assert!(mentions("`/puzzle daily:True`", "/puzzle"));
    assert!(!mentions("`/puzzles` and assets/puzzle.txt", "/puzzle"));
}

#[test]
fn the_readme_counts_the_registered_commands() {
    let readme = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"));
    let count = Regex::new(r"registered (\d+) commands").expect("regex");
    let counts: Vec<usize> = count
        .captures_iter(&readme)
        .map(|caps| caps[1].parse().expect("a number"))
        .collect();
    assert!(
        !counts.is_empty(),
        "the README shows the registration's log line"
    );
    let registered = dama_discord::commands::commands().len();
    for figure in counts {
        assert_eq!(figure, registered, "README: registered {figure} commands");
    }
}
