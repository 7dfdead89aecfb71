//! "Open the board" in the console: the page's address when it is served, else how to serve it.

use super::*;

#[test]
fn open_the_board_shows_the_page_or_how_to_serve_it() {
    let (mut c, _service) = console_with(|service| service.with_board_launch(true));
    say(&mut c, "@threads off");
    say(&mut c, "alice: /challenge bob colour:white");
    let board = say(&mut c, "bob: /accept");
    let id = board
        .split("[Open the board: ")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .unwrap_or_else(|| panic!("no Open the board: {board}"))
        .to_owned();
    assert!(id.ends_with(":open"), "{id}");
    let asked = say(&mut c, &format!("alice: /click {id}"));
    assert!(asked.contains("`damabot local --web`"), "{asked}");
    let mut c = c.with_page(Some("http://127.0.0.1:8123/".to_owned()));
    let shown = say(&mut c, &format!("bob: /click {id}"));
    assert_eq!(
        shown.trim_end(),
        "Open the board in your browser: http://127.0.0.1:8123/"
    );
}
