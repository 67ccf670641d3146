//! Pictures of tilings: the board with each cell showing its piece.

use std::collections::HashMap;

use super::Tiling;
use crate::problem::{OptionId, Problem};

impl Tiling {
    /// Draws a tiling: the board, each cell as the name of the piece on it
    /// (names padded to the longest, and separated by a space when longer
    /// than one character; a piece that may be used more than once is
    /// numbered, `L1`, `L2`, ..., so that its copies can be told apart), `.` for a cell no piece covers, spaces where
    /// the board has no cell. In the plane, a line per row (the first
    /// coordinate); in space, a line per row of every layer (the first
    /// coordinate), the layers side by side, two spaces apart.
    ///
    /// Each option's piece and cells are read from the names of its
    /// items, so the options may come in any order; an option id the
    /// problem does not have, or an item that is no cell, is left out.
    ///
    /// # Complexity
    ///
    /// Linear in the size of the picture and of the solution's options.
    pub fn picture(&self, problem: &Problem, solution: &[OptionId]) -> String {
        let board = self.board();
        let cells: HashMap<String, usize> =
            (0..board.len()).map(|i| (self.cell_name(i), i)).collect();
        let pieces: HashMap<&str, usize> = self
            .pieces()
            .iter()
            .enumerate()
            .map(|(k, p)| (p.name.as_str(), k))
            .collect();
        // The piece on each cell of the board, and which copy of it.
        let mut on: Vec<Option<(usize, u32)>> = vec![None; board.len()];
        let mut copies = vec![0u32; self.pieces().len()];
        for &id in solution {
            let Some(entries) = problem.option(id) else {
                continue;
            };
            let names = || entries.iter().filter_map(|e| problem.item_name(e.item));
            let Some(piece) = names().find_map(|name| pieces.get(name).copied()) else {
                continue;
            };
            copies[piece] += 1;
            for name in names() {
                if let Some(&cell) = cells.get(name) {
                    on[cell] = Some((piece, copies[piece]));
                }
            }
        }
        let label = |piece: usize, copy: u32| {
            let p = &self.pieces()[piece];
            if p.bounds.1 > 1 {
                format!("{}{copy}", p.name)
            } else {
                p.name.clone()
            }
        };
        let width = self
            .pieces()
            .iter()
            .enumerate()
            .map(|(k, p)| label(k, p.bounds.1).chars().count())
            .max()
            .unwrap_or(1)
            .max(1);
        // Layer, row, column of each cell, from the board's corner.
        let place = |at: [i32; 3]| -> [usize; 3] {
            let at = if self.dimensions() == 2 {
                [0, at[0], at[1]]
            } else {
                at
            };
            at.map(|x| usize::try_from(x).unwrap_or_default())
        };
        let mut low = [usize::MAX; 3];
        let mut size = [0; 3];
        for cell in board {
            let at = place(cell.at);
            for axis in 0..3 {
                low[axis] = low[axis].min(at[axis]);
                size[axis] = size[axis].max(at[axis] + 1);
            }
        }
        let [layers, rows, cols] = [0, 1, 2].map(|axis| size[axis] - low[axis]);
        // What each position shows: none (no cell), an empty cell, or a
        // piece; a piece on a cell of any suffix wins.
        let mut grid: Vec<Option<Option<(usize, u32)>>> = vec![None; layers * rows * cols];
        for (cell, piece) in board.iter().zip(&on) {
            let at = place(cell.at);
            let [l, r, c] = [0, 1, 2].map(|axis| at[axis] - low[axis]);
            let spot = &mut grid[(l * rows + r) * cols + c];
            if spot.flatten().is_none() {
                *spot = Some(*piece);
            }
        }
        let mut text = String::new();
        for r in 0..rows {
            for l in 0..layers {
                if l > 0 {
                    text.push_str("  ");
                }
                for c in 0..cols {
                    if c > 0 && width > 1 {
                        text.push(' ');
                    }
                    let shown = match grid[(l * rows + r) * cols + c] {
                        None => String::new(),
                        Some(None) => ".".to_string(),
                        Some(Some((piece, copy))) => label(piece, copy),
                    };
                    text.push_str(&shown);
                    let pad = width - shown.chars().count();
                    text.extend(std::iter::repeat_n(' ', pad));
                }
            }
            text.push('\n');
        }
        text
    }
}
