//! The configuration's tests: parsing, defaults, the environment, and the checks.

use super::*;

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::from_toml(text, Path::new("bad.toml"))
}

#[test]
fn empty_file_gives_defaults() {
    let config = parse("").unwrap();
    assert_eq!(config.render.size, 640);
    assert_eq!(config.game.repetition_count, 3);
    assert_eq!(config.game.challenge_expiry, None);
    assert_eq!(config.game.engine_idle, Duration::from_secs(30 * 60));
    assert!(config.token().is_none());
}

#[test]
fn challenge_expiry_is_auto_or_a_duration() {
    let config = parse("[game]\nchallenge_expiry = \"auto\"\n").unwrap();
    assert_eq!(config.game.challenge_expiry, None);
    let config = parse("[game]\nchallenge_expiry = \"10m\"\nengine_idle = \"1h\"\n").unwrap();
    assert_eq!(config.game.challenge_expiry, Some(Duration::from_secs(600)));
    assert_eq!(config.game.engine_idle, Duration::from_secs(3600));
    let error = parse("[game]\nchallenge_expiry = \"automatic\"\n")
        .unwrap_err()
        .to_string();
    assert!(error.contains("\"auto\" or a duration"), "{error}");
}

#[test]
fn example_file_parses_and_matches_defaults() {
    let text = include_str!("../../../../config.example.toml");
    let config = parse(text).unwrap();
    let defaults = Config::default();
    assert_eq!(format!("{config:?}"), format!("{defaults:?}"));
}

#[test]
fn unknown_key_names_file_key_and_line() {
    let error = parse("[render]\nsize = 512\ncolour = \"red\"\n")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("bad.toml:3: key `render.colour`: "),
        "{error}"
    );
    assert!(error.contains("unknown field"), "{error}");
}

#[test]
fn wrong_type_names_file_key_and_line() {
    let error = parse("\n[engine]\nhash_mb = \"lots\"\n")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("bad.toml:3: key `engine.hash_mb`: "),
        "{error}"
    );
    assert!(error.contains("invalid type"), "{error}");
}

#[test]
fn bad_duration_is_reported() {
    let error = parse("[game]\nchallenge_expiry = \"soon\"\n")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("bad.toml:2: key `game.challenge_expiry`"),
        "{error}"
    );
}

#[test]
fn clock_speed_must_be_finite_and_positive() {
    let config = parse("[game]\nclock_speed = 60\n").unwrap();
    assert!((config.game.clock_speed - 60.0).abs() < f64::EPSILON);
    let config = parse("[game]\nclock_speed = 0.5\n").unwrap();
    assert!((config.game.clock_speed - 0.5).abs() < f64::EPSILON);
    for bad in ["0", "-2.0", "inf", "nan", "\"fast\""] {
        let error = parse(&format!(
            "[game]\nsweep_interval = \"1m\"\nclock_speed = {bad}\n"
        ))
        .unwrap_err()
        .to_string();
        assert!(
            error.starts_with("bad.toml:3: key `game.clock_speed`: "),
            "{bad}: {error}"
        );
    }
}

#[test]
fn shard_settings_are_checked_at_start() {
    assert_eq!(parse("").unwrap().shard_set().unwrap(), None);
    let config = parse("[discord]\nshards = \"0-3\"\nshard_total = 8\n").unwrap();
    let shards = config.shard_set().unwrap().unwrap();
    assert_eq!((shards.ids(), shards.total()), (vec![0, 1, 2, 3], 8));
    let all = parse("[discord]\nshard_total = 2\n").unwrap();
    assert_eq!(all.shard_set().unwrap().unwrap().ids(), [0, 1]);
    let error = parse("[discord]\nshard_total = 8\nshards = \"6-9\"\n")
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "bad.toml:3: key `discord.shards`: shard 9 does not exist with 8 shards \
         (they are numbered 0 to 7)"
    );
    let error = parse("[discord]\nshards = \"1\"\n")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("bad.toml:2: key `discord.shards`: set `discord.shard_total`"),
        "{error}"
    );
    let error = parse("[discord]\nshard_total = 0\n")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("bad.toml:2: key `discord.shard_total`: "),
        "{error}"
    );
}

#[test]
fn metrics_are_off_and_on_loopback_by_default() {
    let config = parse("").unwrap();
    assert!(!config.metrics.enabled);
    assert!(config.metrics.listen.ip().is_loopback());
    let on = parse("[metrics]\nenabled = true\nlisten = \"127.0.0.1:9999\"\n").unwrap();
    assert!(on.metrics.enabled);
    assert_eq!(on.metrics.listen.port(), 9999);
    assert_eq!(config.metrics.max_connections, 64);
    assert_eq!(config.metrics.read_timeout, Duration::from_secs(5));
    assert_eq!(config.metrics.write_timeout, Duration::from_secs(10));
    let limited =
        parse("[metrics]\nmax_connections = 4\nread_timeout = \"2s\"\nwrite_timeout = \"500ms\"\n")
            .unwrap();
    assert_eq!(limited.metrics.max_connections, 4);
    assert_eq!(limited.metrics.write_timeout, Duration::from_millis(500));
    let error = parse("[metrics]\nenabled = true\nmax_connections = 0\n")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("bad.toml:3: key `metrics.max_connections`: must be at least 1"),
        "{error}"
    );
    let error = parse("[metrics]\nwrite_timeout = \"0s\"\n")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("bad.toml:2: key `metrics.write_timeout`: "),
        "{error}"
    );
}

#[test]
fn environment_overrides_file() {
    let mut config = parse("[discord]\ntoken = \"from-file\"\n").unwrap();
    config.apply_env(|name| match name {
        "DISCORD_TOKEN" => Some("from-env".into()),
        "DAMA_DATABASE" => Some("/tmp/x.db".into()),
        _ => None,
    });
    assert_eq!(config.token().unwrap().expose(), "from-env");
    assert_eq!(config.database.path, PathBuf::from("/tmp/x.db"));
    assert_eq!(
        config.database.location(),
        crate::store::DatabaseLocation::Sqlite(PathBuf::from("/tmp/x.db"))
    );
}

#[test]
fn the_database_is_a_url_or_a_path() {
    let mut config = parse("[database]\nurl = \"postgres://dama@db/dama\"\n").unwrap();
    assert_eq!(
        config.database.location(),
        crate::store::DatabaseLocation::Postgres("postgres://dama@db/dama".into())
    );
    // A path in the environment wins over the file's URL, and a URL over its path.
    config.apply_env(|name| (name == "DAMA_DATABASE").then(|| "other.db".into()));
    assert_eq!(
        config.database.location(),
        crate::store::DatabaseLocation::Sqlite(PathBuf::from("other.db"))
    );
    config.apply_env(|name| (name == "DAMA_DATABASE").then(|| "postgresql://u:p@h:5433/d".into()));
    assert_eq!(
        config.database.location(),
        crate::store::DatabaseLocation::Postgres("postgresql://u:p@h:5433/d".into())
    );
    let config = parse("[database]\npath = \"games.db\"\n").unwrap();
    assert_eq!(
        config.database.location(),
        crate::store::DatabaseLocation::Sqlite(PathBuf::from("games.db"))
    );
}

#[test]
fn database_password_never_in_debug() {
    for (url, password) in [
        ("postgres://dama:S3cr/et+pw@db/dama", "S3cr/et+pw"),
        ("postgresql://dama:p?ss#w@db/dama", "p?ss#w"),
        ("postgres://dama:p@ss@db/dama", "p@ss"),
        ("postgres://dama:S3cr%2Fet%40x@db/dama", "S3cr%2Fet%40x"),
        ("postgres://db/dama?password=s3cr%25et", "s3cr%25et"),
        ("host=db password='x y/?#@%' dbname=dama", "x y/?#@%"),
    ] {
        let mut config = Config::default();
        config.database.url = Some(url.to_owned());
        let debug = format!("{config:?}");
        assert!(!debug.contains(password), "{debug}");
        assert!(debug.contains("***"), "{debug}");
    }
}

#[test]
fn token_never_in_debug() {
    let mut config = Config::default();
    config.discord.token = Some(Secret::new("very-secret-token"));
    let debug = format!("{config:?}");
    assert!(!debug.contains("very-secret-token"), "{debug}");
}

#[test]
fn the_token_goes_only_to_https_or_loopback() {
    for safe in [
        "https://discord.com",
        "http://127.0.0.1:8080",
        "http://127.3.2.1",
        "http://localhost:99/",
        "http://[::1]:4000",
    ] {
        assert!(api_base_is_safe(safe), "{safe}");
    }
    for unsafe_base in [
        "http://discord.com",
        "http://10.0.0.2:80",
        "http://127.0.0.1.example.com",
        "http://evil@127.0.0.1",
        "ftp://127.0.0.1",
        "127.0.0.1:80",
        "https://",
    ] {
        assert!(!api_base_is_safe(unsafe_base), "{unsafe_base}");
    }
    let error = parse("[discord]\ndev_guild_id = 1\napi_base = \"http://example.com\"\n")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("bad.toml:3: key `discord.api_base`: "),
        "{error}"
    );
    assert!(error.contains("https://"), "{error}");
    assert!(parse("[discord]\napi_base = \"http://127.0.0.1:5\"\n").is_ok());
}

#[test]
fn the_activity_needs_its_switch_its_secret_and_the_page() {
    assert!(!parse("").unwrap().activity_configured());
    let mut config = parse("[web]\nenabled = true\n[activity]\nenabled = true\n").unwrap();
    assert!(!config.activity_configured(), "no client secret");
    config.apply_env(|name| (name == "DISCORD_CLIENT_SECRET").then(|| " from-env ".into()));
    assert!(config.activity_configured());
    assert_eq!(config.client_secret().unwrap().expose(), "from-env");
    assert!(!format!("{config:?}").contains("from-env"));
    let secret = "[activity]\nenabled = true\nclient_secret = \"s3cret\"\n";
    assert!(!parse(secret).unwrap().activity_configured(), "no page");
    let page = "[web]\nenabled = true\n";
    assert!(
        parse(&format!("{secret}{page}"))
            .unwrap()
            .activity_configured()
    );
    let blank = secret.replace("s3cret", " ");
    assert!(
        !parse(&format!("{blank}{page}"))
            .unwrap()
            .activity_configured()
    );
}

#[test]
fn blank_token_counts_as_none() {
    let config = parse("[discord]\ntoken = \"  \"\n").unwrap();
    assert!(config.token().is_none());
}
