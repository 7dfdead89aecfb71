//! The layers point one way (docs/README.md, "The code"): each crate's code names only the
//! crates its layer may use, the platforms' libraries stay in their adapters, and no Discord
//! markup is written outside the Discord adapter. Read from the sources' `use` lines and paths,
//! test code left out (a test may reach across, as a test store does).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use regex::Regex;

/// Each crate and the workspace crates its code may name (beside itself).
const ALLOWED: &[(&str, &[&str])] = &[
    ("dama-rules", &[]),
    ("dama-engine", &["rules"]),
    ("dama-tools", &["rules", "engine"]),
    ("dama-coach", &["rules", "engine"]),
    ("dama-core", &["rules", "engine", "tools", "coach"]),
    ("dama-render", &["rules", "core"]),
    ("dama-store", &["rules", "core"]),
    (
        "dama-service",
        &["rules", "engine", "tools", "coach", "core", "render"],
    ),
    (
        "dama-discord",
        &["rules", "engine", "core", "render", "service"],
    ),
    (
        "dama-console",
        &["rules", "engine", "core", "render", "service"],
    ),
    (
        "dama-web",
        &["rules", "engine", "core", "render", "service"],
    ),
];

/// A platform's libraries and the one crate that may use them.
const PLATFORMS: &[(&str, &[&str])] = &[
    ("dama-discord", &["serenity", "poise"]),
    (
        "dama-web",
        &["axum", "hyper", "hyper_util", "tower", "tokio_tungstenite"],
    ),
    (
        "dama-store",
        &["rusqlite", "postgres", "r2d2", "r2d2_postgres"],
    ),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The modules a crate's sources declare test-only (`#[cfg(test)]` then `mod name;`), as the
/// files and folders they live in.
fn test_modules(files: &[PathBuf]) -> BTreeSet<PathBuf> {
    let declared = Regex::new(
        r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([a-z]+\))? )?mod ([a-z_0-9]+);",
    )
    .expect("the pattern");
    let mut modules = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(file).expect("a source");
        let stem = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let folder = if matches!(stem, "lib" | "main" | "mod") {
            file.parent().expect("a folder").to_path_buf()
        } else {
            file.with_extension("")
        };
        for found in declared.captures_iter(&text) {
            modules.insert(folder.join(format!("{}.rs", &found[1])));
            modules.insert(folder.join(&found[1]));
        }
    }
    modules
}

/// The code of a file that ships: comments removed, and everything from a `#[cfg(test)]` on
/// (the tests at the end of a file).
fn shipped(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            break;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// What the shipped code of `krate`, its sources in `dir`, is not allowed to name: each as
/// "file: what".
fn violations(dir: &Path, krate: &str, allowed: &[&str]) -> Vec<String> {
    let files = sources(dir);
    let tests = test_modules(&files);
    let own = krate.replace('-', "_");
    let workspace = Regex::new(r"\bdama_([a-z]+)::").expect("the pattern");
    let used =
        Regex::new(r"(?m)^\s*(?:pub(?:\([a-z]+\))? )?use ([a-z_0-9]+)").expect("the pattern");
    let markup = Regex::new(r#""[^"\n]*(<@!?[0-9{]|<t:|</[a-z {]|<#[0-9{])"#).expect("the pattern");
    let mut found = Vec::new();
    for file in files {
        if tests.iter().any(|test| file.starts_with(test)) {
            continue;
        }
        let code = shipped(&std::fs::read_to_string(&file).expect("a source"));
        let name = file
            .strip_prefix(root())
            .unwrap_or(&file)
            .display()
            .to_string();
        let mut named: BTreeSet<String> = workspace
            .captures_iter(&code)
            .map(|c| format!("dama_{}", &c[1]))
            .collect();
        named.extend(used.captures_iter(&code).map(|c| c[1].to_owned()));
        for crate_name in named {
            if crate_name == own || !crate_name.starts_with("dama_") {
                if let Some((owner, _)) = PLATFORMS
                    .iter()
                    .find(|(_, libraries)| libraries.contains(&crate_name.as_str()))
                {
                    if *owner != krate {
                        found.push(format!("{name}: {crate_name} (only {owner} talks to it)"));
                    }
                }
                continue;
            }
            let short = crate_name.trim_start_matches("dama_");
            if !allowed.contains(&short) {
                found.push(format!("{name}: {crate_name}"));
            }
        }
        if krate != "dama-discord" {
            for hit in markup.captures_iter(&code) {
                found.push(format!("{name}: Discord markup {:?}", &hit[1]));
            }
        }
    }
    found
}

#[test]
fn every_crate_names_only_the_layers_below_it() {
    let mut found = Vec::new();
    for (krate, allowed) in ALLOWED {
        let dir = root().join("crates").join(krate).join("src");
        found.extend(violations(&dir, krate, allowed));
    }
    assert!(
        found.is_empty(),
        "imports against the layers (docs/README.md, \"The code\"):\n{}",
        found.join("\n")
    );
}

#[test]
fn every_crate_of_the_workspace_has_its_layer() {
    let listed: BTreeSet<&str> = ALLOWED.iter().map(|(krate, _)| *krate).collect();
    let on_disk: BTreeSet<String> = std::fs::read_dir(root().join("crates"))
        .expect("crates/")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let missing: Vec<&String> = on_disk
        .iter()
        .filter(|krate| !listed.contains(krate.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "crates without a layer here: {missing:?}"
    );
}

#[test]
fn the_check_finds_an_import_against_the_layers() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(
        dir.path().join("lib.rs"),
        "use dama_web::Web;\nuse serenity::all::Http;\n// dama_store:: in a comment\nmod a;\n#[cfg(test)]\nmod tests;\n",
    )
    .expect("written");
    std::fs::write(
        dir.path().join("a.rs"),
        "pub fn f() -> String { dama_console::run(); format!(\"<@{}>\", 1) }\n#[cfg(test)]\nuse dama_store::X;\n",
    )
    .expect("written");
    std::fs::write(dir.path().join("tests.rs"), "use dama_store::Y;\n").expect("written");
    let found = violations(dir.path(), "dama-service", &["core"]);
    let found: Vec<&str> = found
        .iter()
        .map(|line| line.rsplit(": ").next().unwrap_or_default())
        .collect();
    assert_eq!(
        found,
        [
            "dama_console",
            "Discord markup \"<@{\"",
            "dama_web",
            "serenity (only dama-discord talks to it)"
        ],
        "comments and test code are left out"
    );
}
