//! `damabot render`: a board as PNG, or a game from a PDN file as an animated GIF.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use dama_rules::{Color, Position};

use dama_core::config::RenderConfig;
use dama_render::{BoardView, Renderer};

/// `damabot render (--fen FEN [--last MOVE] [--capturers] | --pdn FILE [--game N]) [--caption TEXT]
/// [--black] [--size PX] -o FILE`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The position to draw as PNG (PDN 3.0 FEN); the start position if neither --fen nor
    /// --pdn is given.
    #[arg(long, conflicts_with = "pdn")]
    pub fen: Option<String>,
    /// A move legal in the --fen position (or the start position), in any notation the bot
    /// accepts (22-18, 22x13, 22x13x6, d3-c4); the image shows the position after it, with
    /// the move drawn.
    #[arg(long, value_name = "MOVE")]
    pub last: Option<String>,
    /// Draw a game of this PDN file as an animated GIF, one frame per ply.
    #[arg(long, value_name = "FILE", conflicts_with = "last")]
    pub pdn: Option<PathBuf>,
    /// Which game of the PDN file, counting from 1.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "pdn")]
    pub game: usize,
    /// Black at the bottom (the board turned around); White is at the bottom by default.
    #[arg(long)]
    pub black: bool,
    /// A caption strip above the board (players, whose turn); with --pdn, the same text above
    /// every frame, with the mark of the side to move.
    #[arg(long, value_name = "TEXT")]
    pub caption: Option<String>,
    /// Ring the pieces that must capture.
    #[arg(long, conflicts_with = "pdn")]
    pub capturers: bool,
    /// Image width in pixels (default: render.size from the configuration).
    #[arg(long, value_name = "PX")]
    pub size: Option<u32>,
    /// Where to write the image.
    #[arg(long, short, value_name = "FILE")]
    pub output: PathBuf,
}

/// Runs `damabot render` with the theme of `config`.
pub fn render_command(args: &RenderArgs, config: &RenderConfig) -> ExitCode {
    match render(args, config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(super::EXIT_CONFIG)
        }
        Err(Failure::Write(message)) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

enum Failure {
    /// Bad arguments, configuration or input file (exit status 2).
    Input(String),
    /// The image could not be written (exit status 1).
    Write(String),
}

fn render(args: &RenderArgs, config: &RenderConfig) -> Result<(), Failure> {
    let mut config = config.clone();
    if let Some(size) = args.size {
        config.size = size;
    }
    let renderer = Renderer::new(&config).map_err(|e| Failure::Input(e.to_string()))?;
    let bottom = if args.black {
        Color::Black
    } else {
        Color::White
    };
    let bytes = match &args.pdn {
        Some(path) => game_gif(&renderer, path, args.game, bottom, args.caption.as_deref())?,
        None => board_png(&renderer, args, bottom)?,
    };
    std::fs::write(&args.output, bytes)
        .map_err(|e| Failure::Write(format!("cannot write {}: {e}", args.output.display())))
}

fn board_png(renderer: &Renderer, args: &RenderArgs, bottom: Color) -> Result<Vec<u8>, Failure> {
    let position = match &args.fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| Failure::Input(format!("--fen: {e}")))?,
        None => Position::initial(),
    };
    let mut view = BoardView::new(position);
    view.bottom = bottom;
    view.caption.clone_from(&args.caption);
    view.highlight_capturers = args.capturers;
    if let Some(text) = &args.last {
        let m = position
            .parse_move(text)
            .map_err(|e| Failure::Input(format!("--last: {e}")))?;
        view.position = position
            .play(&m)
            .map_err(|e| Failure::Input(format!("--last: {e}")))?;
        view.last_move = Some(m);
    }
    Ok(renderer.png(&view))
}

fn game_gif(
    renderer: &Renderer,
    path: &Path,
    number: usize,
    bottom: Color,
    caption: Option<&str>,
) -> Result<Vec<u8>, Failure> {
    let (_, replay) = super::read_pdn_game(path, number).map_err(Failure::Input)?;
    let captions = caption.map_or_else(Vec::new, |text| {
        vec![text.to_owned(); replay.moves.len() + 1]
    });
    Ok(renderer.replay_gif(&replay.start, &replay.moves, bottom, &captions))
}
