//! Knuth's format, written and read back.

use dlx::Problem;

/// What `dlx::write` then `dlx::read` must keep: the primary and the
/// secondary items in order, and the options in order, each entry as its
/// item's name and its color's name. (Option ids and color numbers may
/// change: ids count from 0 again, colors are numbered as they are met.)
pub type Shape = (Vec<String>, Vec<String>, Vec<Vec<(String, Option<String>)>>);

/// The shape of a problem; see [`Shape`].
pub fn shape(problem: &Problem) -> Shape {
    let name = |item| problem.item_name(item).expect("an item").to_string();
    let primary = (0..problem.primary_count()).map(name).collect();
    let secondary = (problem.primary_count()..problem.item_count())
        .map(name)
        .collect();
    let options = problem
        .options()
        .map(|(_, entries)| {
            entries
                .iter()
                .map(|e| {
                    let color = e.color.map(|c| {
                        let color = problem.color_name(c).expect("a color of this problem");
                        color.to_string()
                    });
                    (name(e.item), color)
                })
                .collect()
        })
        .collect();
    (primary, secondary, options)
}

/// Writes the problem, reads it back, and checks that the shape is kept.
///
/// # Panics
///
/// When the text written cannot be read or reads as another problem.
pub fn check(problem: &Problem) {
    let mut written = Vec::new();
    dlx::write(problem, &mut written).expect("writing to a Vec");
    match dlx::read(&written[..]) {
        Ok(again) => assert_eq!(shape(problem), shape(&again), "read back"),
        Err(e) => panic!(
            "cannot read what write wrote: {e}\n{}",
            String::from_utf8_lossy(&written)
        ),
    }
}
