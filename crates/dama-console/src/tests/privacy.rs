//! The console's single user sees every channel, unless `@hide` hides one from someone.

use super::*;

#[test]
fn a_hidden_channel_keeps_its_games_from_whoever_cannot_see_it() {
    let (mut c, _service) = console();
    say(&mut c, "@threads off");
    say(&mut c, "@channel staff");
    say(&mut c, "alice: /challenge bob colour:white");
    say(&mut c, "bob: /accept");
    say(&mut c, "alice: /resign");
    say(&mut c, "@channel general");
    // Everyone sees every channel at first.
    let first = say(&mut c, "carol: /pdn 1");
    assert!(first.starts_with("Game #1 as PDN:"), "{first}");
    assert_eq!(
        say(&mut c, "@hide carol #staff"),
        "(#staff is now hidden from carol)\n"
    );
    assert_eq!(
        say(&mut c, "carol: /pdn 1"),
        "(only you see this) Game #1 was played in a channel you cannot see.\n"
    );
    assert!(!say(&mut c, "carol: /history alice").contains("`#1`"));
    // Its players, and the others, still see it.
    assert!(say(&mut c, "alice: /pdn 1").starts_with("Game #1 as PDN:"));
    assert!(say(&mut c, "dave: /history alice").contains("`#1`"));
    assert_eq!(
        say(&mut c, "@hide carol"),
        "@hide needs a name and a channel, like `@hide bob #staff`.\n"
    );
}
