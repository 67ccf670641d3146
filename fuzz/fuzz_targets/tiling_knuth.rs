//! Tilings in Knuth's polyomino-dlx/polycube-dlx form from arbitrary bytes:
//! `Tiling::parse_knuth` never panics and places its errors on the text;
//! a small tiling's problem is built as its docs say, and its solutions
//! verify and are drawn cell by cell. See `dlx_fuzz::tiling::check`.

#![no_main]

use dlx::puzzles::Tiling;
use dlx_fuzz::tiling::{self, Form};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > tiling::MAX_INPUT {
        return;
    }
    let text = String::from_utf8_lossy(data);
    tiling::check(&text, Form::Knuth, Tiling::parse_knuth(&text));
});
