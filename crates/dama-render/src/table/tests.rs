//! The standings image: a golden image of a small table, sizes that follow the rows, the
//! colours where each part lands, long names cut.
//!
//! `cargo test --release -p dama-render table::tests` also writes a table of 40 players to
//! `target/table-sample.png` to look at.

use std::path::PathBuf;
use std::sync::OnceLock;

use image::RgbImage;

use super::super::tests::{check_golden, decode};
use super::*;
use dama_core::config::RenderConfig;

fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| Renderer::new(&RenderConfig::default()).unwrap())
}

/// Standings as the tournaments show them: rank, name, points, Buchholz, Sonneborn-Berger,
/// games.
fn standings(players: usize) -> TableView {
    let names = [
        "Niccol\u{f2} Mancini",
        "Bruno",
        "Se\u{f1}ora Pe\u{f1}a",
        "Anna",
        "Chiara dell'Acqua",
        "Luca",
    ];
    let rows = (0..players)
        .map(|i| {
            let points = (players - i) as f32 / 2.0;
            vec![
                (i + 1).to_string(),
                format!("{} {}", names[i % names.len()], i / names.len() + 1),
                half(points),
                half(points * 2.0 + 0.5),
                format!("{:.2}", points * 1.5),
                "5".to_owned(),
            ]
        })
        .collect();
    TableView {
        filename: "dama-tournament-1-standings.png".into(),
        title: "Coppa di primavera \u{b7} dopo il turno 3 di 5".into(),
        header: ["#", "Giocatore", "Punti", "Buchholz", "S-B", "Partite"]
            .map(String::from)
            .to_vec(),
        rows,
        numeric: vec![true, false, true, true, true, true],
    }
}

/// `2½` for 2.5, `½` for 0.5, `3` for 3.
fn half(points: f32) -> String {
    let whole = points.trunc() as u32;
    if points.fract() > 0.0 && whole == 0 {
        "\u{bd}".to_owned()
    } else if points.fract() > 0.0 {
        format!("{whole}\u{bd}")
    } else {
        whole.to_string()
    }
}

fn image(view: &TableView) -> RgbImage {
    let png = renderer().table_png(view);
    assert!(png.starts_with(b"\x89PNG"));
    decode(&png)
}

#[test]
fn golden_small_standings() {
    check_golden("table-standings-4", &renderer().table_png(&standings(4)));
}

#[test]
fn the_height_follows_the_rows_and_the_width_stays_in_bounds() {
    let mut heights = Vec::new();
    for players in [0, 1, 3, 4, 12, 40] {
        let image = image(&standings(players));
        assert!(
            (MIN_WIDTH..=MAX_WIDTH).contains(&image.width()),
            "{players}: width {}",
            image.width()
        );
        heights.push(image.height());
    }
    assert!(heights.windows(2).all(|w| w[0] < w[1]), "{heights:?}");
    // Each row adds the same height.
    let (one, four) = (heights[1], heights[3]);
    let forty = heights[5];
    assert_eq!((forty - four) / 36, (four - one) / 3, "{heights:?}");
    // Forty players still make an image a phone can show, and far below Discord's limits.
    assert!(forty < 1800, "{forty}");
    let png = renderer().table_png(&standings(40));
    assert!(png.len() < 1024 * 1024, "{} bytes", png.len());
    let sample = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("target/table-sample.png");
    std::fs::create_dir_all(sample.parent().unwrap()).unwrap();
    std::fs::write(sample, png).unwrap();
}

#[test]
fn the_image_is_opaque_with_a_dark_header_and_zebra_rows() {
    let image = image(&standings(4));
    // The corner is the ground: no transparency to show Discord's theme through.
    assert_eq!(image.get_pixel(0, 0).0, GROUND.0);
    let header_y = MARGIN + TITLE_HEIGHT + 2;
    let first_row = MARGIN + TITLE_HEIGHT + HEADER_HEIGHT + 2 + 2;
    let x = image.width() - MARGIN - 2;
    assert_eq!(image.get_pixel(x, header_y).0, HEADER.0);
    assert_eq!(image.get_pixel(x, first_row).0, ROW_LIGHT.0);
    assert_eq!(image.get_pixel(x, first_row + ROW_HEIGHT).0, ROW_DARK.0);
    assert_eq!(
        image.get_pixel(x, first_row + 2 * ROW_HEIGHT).0,
        ROW_LIGHT.0
    );
}

/// The columns of inked pixels in the band of row `row` (0 is the first row under the header).
fn inked_columns(image: &RgbImage, row: u32) -> Vec<u32> {
    let top = MARGIN + TITLE_HEIGHT + HEADER_HEIGHT + 2 + row * ROW_HEIGHT;
    (0..image.width())
        .filter(|&x| {
            (top..top + ROW_HEIGHT).any(|y| {
                let p = image.get_pixel(x, y).0;
                p.iter().map(|&v| u32::from(v)).sum::<u32>() < 200
            })
        })
        .collect()
}

#[test]
fn numbers_are_right_aligned_and_names_left_aligned() {
    // Two rows whose numbers have different widths end at the same place; their names start
    // at the same place.
    let mut view = standings(2);
    view.header = vec!["Nome".into(), "Punti".into()];
    view.numeric = vec![false, true];
    view.rows = vec![
        vec!["Anna".into(), "1".into()],
        vec!["Bruno Bianchi".into(), "12345".into()],
    ];
    let image = image(&view);
    let (first, second) = (inked_columns(&image, 0), inked_columns(&image, 1));
    let (start_first, start_second) = (first[0], second[0]);
    assert!(
        start_first.abs_diff(start_second) <= 2,
        "names start together: {start_first} {start_second}"
    );
    let (end_first, end_second) = (*first.last().unwrap(), *second.last().unwrap());
    assert!(
        end_first.abs_diff(end_second) <= 2,
        "{end_first} {end_second}"
    );
    assert!(
        end_first > image.width() - MARGIN - PADDING - 6,
        "{end_first}"
    );
}

#[test]
fn a_long_name_is_cut_to_its_column() {
    let mut view = standings(3);
    view.rows[1][1] = "Bartolomeo ".repeat(30) + "the last word";
    view.rows[2][1] = "\u{4e2d}\u{6587}\n\tcontrol".into();
    let image = image(&view);
    assert_eq!(image.width(), MAX_WIDTH);
    // Where the name column lies, as the table is laid out.
    let font = &renderer().font;
    let (heading, body) = (Style::new(font, 17.0), Style::new(font, 19.0));
    let header = view.header.clone();
    let rows: Vec<Vec<String>> = view
        .rows
        .iter()
        .map(|r| r.iter().map(|c| clean(c)).collect())
        .collect();
    let layout = Layout::new(&header, &rows, view.numeric.clone(), &heading, &body);
    assert_eq!(layout.columns.iter().sum::<u32>(), MAX_WIDTH - 2 * MARGIN);
    let start = MARGIN + layout.columns[0];
    let end = start + layout.columns[1];
    let inked = inked_columns(&image, 1);
    let name: Vec<u32> = inked
        .iter()
        .copied()
        .filter(|&x| (start..end).contains(&x))
        .collect();
    // The name runs (with its ellipsis) nearly to the column's end, and no further.
    let last = *name.last().unwrap();
    assert!(
        last + PADDING + 30 > end && last < end - PADDING + 1,
        "{last} in {start}..{end}"
    );
    assert!(
        !inked
            .iter()
            .any(|&x| (end - PADDING + 1..end + PADDING).contains(&x))
    );
    // Controls are spaces and characters the font lacks are left out: the row still draws.
    assert!(
        inked_columns(&image, 2)
            .iter()
            .any(|&x| (start..end).contains(&x))
    );
}

#[test]
fn ragged_and_empty_tables_draw() {
    for view in [
        TableView::default(),
        TableView {
            header: vec!["a".into()],
            rows: vec![vec![], vec!["x".into(), "extra".into(), "more".into()]],
            numeric: vec![],
            ..TableView::default()
        },
        TableView {
            header: (0..20).map(|i| format!("{i}")).collect(),
            rows: vec![(0..20).map(|i| "9".repeat(i)).collect()],
            numeric: vec![true; 20],
            ..TableView::default()
        },
        TableView {
            rows: vec![vec!["no header".into()]; 500],
            ..TableView::default()
        },
    ] {
        let image = image(&view);
        assert!(image.width() >= MIN_WIDTH);
        assert!(image.height() <= MARGIN * 2 + TITLE_HEIGHT + HEADER_HEIGHT + 3 + ROW_HEIGHT * 200);
    }
}
