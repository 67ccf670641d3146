//! The text form of variant puzzles from arbitrary bytes (at most 4 KiB):
//! blocks of statements (`size`, `boxes`, `regions`, `variant`, `givens`,
//! constraint lines such as `cage 15: r1c1 r1c2`) read by `Puzzles`, with
//! the reader's checks (each puzzle reads back from its text form, a few
//! are solved with 500 nodes at most and the solutions checked).
//!
//! Each line is also read alone as a `Constraint` (and, after `variant`,
//! as a `Variant`): never a panic, and what is read is written as text
//! that reads back as the same. A constraint read is put on the empty
//! 4x4 and 9x9 grids: the layout refuses it or takes it, and then a few
//! of these puzzles are checked as the reader's are.

#![no_main]

use dlx_fuzz::records;
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{Constraint, Grid, Layout, Puzzles, Variant};

/// The longest input: a 9x9 killer with its cages takes under 1 KiB.
const MAX_LEN: usize = 4096;

/// Puzzles made of one constraint on an empty grid that are checked per
/// input (their search is capped as the reader's are).
const MAX_MADE: usize = 2;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_LEN {
        return;
    }
    records::check(data, Puzzles::new(data), true);
    let text = String::from_utf8_lossy(data);
    let mut made = 0;
    for line in text.lines() {
        let statement = line.split('#').next().unwrap_or("").trim();
        if let Some(name) = statement
            .strip_prefix("variant")
            .filter(|rest| rest.starts_with([' ', '\t']))
        {
            if let Ok(variant) = name.trim().parse::<Variant>() {
                let written = variant.to_string();
                assert_eq!(written.parse::<Variant>(), Ok(variant), "{written}");
            }
            continue;
        }
        let Ok(constraint) = statement.parse::<Constraint>() else {
            continue;
        };
        let written = constraint.to_string();
        assert_eq!(
            written.parse::<Constraint>().as_ref(),
            Ok(&constraint),
            "{statement:?} written {written:?}"
        );
        for b in [2, 3] {
            let layout = Layout::square(b).expect("a box size");
            if let Ok(layout) = layout.with_constraint(constraint.clone()) {
                assert_eq!(layout.constraints(), [constraint.clone()]);
                if made < MAX_MADE {
                    made += 1;
                    let puzzle = Grid::empty_in(&layout);
                    records::check_grid(&puzzle, true);
                    records::check_variant(&puzzle);
                }
            }
        }
    }
});
