//! What the tests of the outgoing parts share: a place, a board reply, an analysis.

use dama_rules::Position;
use serde_json::Value;

use super::{DEFAULT_ATTACHMENT_LIMIT, Drawn, Place};
use dama_core::i18n::Language;
use dama_core::store::GameId;
use dama_render::{BoardView, Renderer};
use dama_service::{Attachment, ButtonStyle, Component, Reply, SelectOption};
pub(super) const PLACE: Place = Place {
    guild: 10,
    attachment_limit: DEFAULT_ATTACHMENT_LIMIT,
};

pub(super) fn to_json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).expect("builders serialise")
}

pub(super) fn button(id: &str, label: &str) -> Component {
    Component::Button {
        id: id.into(),
        label: label.into(),
        style: ButtonStyle::Secondary,
    }
}

pub(super) fn board_reply() -> Drawn {
    let options = (0..7)
        .map(|i| SelectOption {
            label: format!("2{i}-1{i}"),
            value: format!("2{i}-1{i}"),
        })
        .collect();
    let reply = Reply {
        text: "alice played **22-18**.\n**Game #7** · move 2 · <@43> (Black) to move".into(),
        board: Some(BoardView::new(Position::initial())),
        components: vec![
            vec![Component::Select {
                id: "g:7:1:move".into(),
                placeholder: "Choose your move".into(),
                options,
            }],
            vec![
                button("g:7:1:draw", "Offer draw"),
                button("g:7:1:resign", "Resign"),
                button("g:7:1:flipw", "Flip board"),
            ],
        ],
        mentions: vec![43],
        game: Some(GameId(7)),
        ..Reply::default()
    };
    let mut drawn = Drawn::text(reply, Language::En);
    drawn.board_png = Some(vec![0x89, b'P', b'N', b'G']);
    drawn
}
/// An analysis: the board of its worst moment, the annotated PDN and the chart.
pub(super) fn analysis_reply() -> Drawn {
    let renderer = Renderer::new(&dama_core::config::RenderConfig::default()).unwrap();
    let reply = Reply {
        text: "**Analysis of game #12**\n22-18?? (better 21-17)".into(),
        board: Some(BoardView::new(Position::initial())),
        attachment: Some(Attachment {
            filename: "dama-game-12-analysis.pdn".into(),
            bytes: b"[Event \"x\"]\n1. 22-18?? {better 21-17} *".to_vec(),
        }),
        chart: Some(dama_service::ChartView {
            filename: "dama-game-12-chart.png".into(),
            evaluations: vec![0.1, 0.0, -0.2, -3.0, -3.1],
            marks: vec![dama_render::ChartMark {
                ply: 4,
                kind: dama_render::MarkKind::Blunder,
            }],
            labels: dama_render::ChartLabels {
                title: "alice – bob".into(),
                moves: "Move".into(),
                white_ahead: "White better".into(),
                black_ahead: "Black better".into(),
            },
        }),
        ..Reply::public("")
    };
    Drawn::draw(&renderer, reply, Language::En, &|_| Language::En, true)
}
