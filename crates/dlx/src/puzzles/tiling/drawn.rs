//! The drawn form of a tiling: the board as a picture, then the pieces as
//! pictures of their letters, sections separated by blank lines.

use super::error::{TilingError, TilingErrorKind as Kind};
use super::geometry::{normalize, Cell};
use super::knuth::name_and_count;
use super::{Naming, Piece, Tiling};

/// A line of the text that is not a comment: its 1-based number and text.
type Line<'a> = (usize, &'a str);

/// Whether the line separates two layers: `-` only (at least one).
fn is_layer_break(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty() && text.chars().all(|c| c == '-')
}

/// Whether the line gives counts: every word holds `*` or `|`.
fn is_count_line(text: &str) -> bool {
    let mut words = text.split_whitespace().peekable();
    words.peek().is_some() && words.all(|w| w.contains(['*', '|']))
}

pub(crate) fn parse(text: &str) -> Result<Tiling, TilingError> {
    // Sections: runs of lines that are not blank; comments are left out.
    let mut sections: Vec<Vec<Line<'_>>> = Vec::new();
    let mut open = false;
    for (k, line) in text.lines().enumerate() {
        let line = line.trim_start_matches('\u{feff}');
        if line.starts_with('|') {
            continue;
        }
        if line.trim().is_empty() {
            open = false;
            continue;
        }
        if !open {
            sections.push(Vec::new());
            open = true;
        }
        if let Some(section) = sections.last_mut() {
            section.push((k + 1, line));
        }
    }
    let mut sections = sections.into_iter();
    let board_lines = sections
        .next()
        .ok_or_else(|| TilingError::new(Kind::NoBoard))?;
    let board_line = board_lines.first().map_or(1, |l| l.0);
    // The board: (layer, row, column) of each cell, and whether it may
    // stay empty.
    let mut cells: Vec<([i32; 3], bool)> = Vec::new();
    let (mut layer, mut row) = (0, 0);
    for &(number, text) in &board_lines {
        if is_layer_break(text) {
            layer += 1;
            row = 0;
            continue;
        }
        for (column, symbol) in text.chars().enumerate() {
            let at = [layer, row, column as i32];
            match symbol {
                '.' => cells.push((at, false)),
                '+' => cells.push((at, true)),
                '#' | ' ' => {}
                _ => {
                    let kind = Kind::Symbol {
                        symbol,
                        in_board: true,
                    };
                    return Err(TilingError::at(kind, number, column + 1));
                }
            }
        }
        row += 1;
    }
    let dimensions = if layer > 0 { 3 } else { 2 };
    if cells.is_empty() {
        return Err(TilingError::at(Kind::EmptyBoard, board_line, 1));
    }
    // Margins of holes are dropped, so that the board's corner is 0-0.
    let least = |axis: usize| cells.iter().map(|c| c.0[axis]).min().unwrap_or(0);
    let corner = [least(0), least(1), least(2)];
    let board = cells
        .into_iter()
        .map(|(at, optional)| {
            let at = [0, 1, 2].map(|axis| at[axis] - corner[axis]);
            // The plane's coordinates are (row, column).
            let at = if dimensions == 2 {
                [at[1], at[2], 0]
            } else {
                at
            };
            (Cell { at, suffix: 0 }, optional)
        })
        .collect();

    let mut pieces: Vec<Piece> = Vec::new();
    let mut drawn: Vec<Vec<[i32; 3]>> = Vec::new();
    let mut sections_of: Vec<usize> = Vec::new();
    let mut counts: Vec<(String, (u32, u32), usize, usize)> = Vec::new();
    for (section_number, section) in sections.enumerate() {
        let (mut layer, mut row) = (0, 0);
        for &(number, text) in &section {
            if is_layer_break(text) {
                layer += 1;
                row = 0;
                continue;
            }
            if is_count_line(text) {
                let chars: Vec<char> = text.chars().collect();
                for (column, &c) in chars.iter().enumerate() {
                    if c.is_whitespace() || (column > 0 && !chars[column - 1].is_whitespace()) {
                        continue;
                    }
                    let word: String = chars[column..]
                        .iter()
                        .take_while(|c| !c.is_whitespace())
                        .collect();
                    let (name, bounds) = name_and_count(&word)
                        .map_err(|kind| TilingError::at(kind, number, column + 1))?;
                    counts.push((name, bounds, number, column + 1));
                }
                continue;
            }
            for (column, symbol) in text.chars().enumerate() {
                if matches!(symbol, ' ' | '.') {
                    continue;
                }
                if matches!(symbol, '|' | ':' | '*' | '-') || symbol.is_whitespace() {
                    let kind = Kind::Symbol {
                        symbol,
                        in_board: false,
                    };
                    return Err(TilingError::at(kind, number, column + 1));
                }
                let name = symbol.to_string();
                let at = [layer, row, column as i32];
                match pieces.iter().position(|p| p.name == name) {
                    Some(k) => {
                        // A piece lies in one section.
                        if sections_of[k] != section_number {
                            let kind = Kind::PieceDrawnTwice(name);
                            return Err(TilingError::at(kind, number, column + 1));
                        }
                        drawn[k].push(at);
                    }
                    None => {
                        pieces.push(Piece {
                            name,
                            bounds: (1, 1),
                            at: Some((number, column + 1)),
                        });
                        drawn.push(vec![at]);
                        sections_of.push(section_number);
                    }
                }
            }
            row += 1;
        }
    }
    for (name, bounds, line, column) in counts {
        let Some(piece) = pieces.iter_mut().find(|p| p.name == name) else {
            return Err(TilingError::at(Kind::CountWithoutPiece(name), line, column));
        };
        if piece.bounds != (1, 1) && piece.bounds != bounds {
            return Err(TilingError::at(Kind::InconsistentCount(name), line, column));
        }
        piece.bounds = bounds;
    }
    if pieces.is_empty() {
        return Err(TilingError::on_line(Kind::NoPieces, Some(board_line)));
    }
    let mut shapes = Vec::new();
    for (k, cells) in drawn.into_iter().enumerate() {
        let layers = cells.iter().any(|at| at[0] > 0);
        if layers && dimensions == 2 {
            let kind = Kind::WrongDimensions {
                piece: pieces[k].name.clone(),
                board: 2,
            };
            let (line, column) = pieces[k].at.unwrap_or((0, 0));
            return Err(TilingError::at(kind, line, column));
        }
        let cells = cells
            .into_iter()
            .map(|at| Cell {
                at: if dimensions == 2 {
                    [at[1], at[2], 0]
                } else {
                    at
                },
                suffix: 0,
            })
            .collect();
        shapes.push((k, normalize(cells)));
    }
    Ok(Tiling::new(
        dimensions,
        board,
        vec![String::new()],
        pieces,
        shapes,
        Naming::Dashed,
    ))
}
