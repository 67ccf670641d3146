//! Progress on stderr for long runs, drawn only when stderr is a terminal
//! and stdout is not.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar over `total` steps (or a spinner when the total is
/// unknown), hidden unless stderr is a terminal and stdout is not.
pub fn bar(total: Option<u64>, what: &str) -> ProgressBar {
    if !crate::progress_is_drawn() {
        return ProgressBar::hidden();
    }
    let bar = match total {
        Some(total) => ProgressBar::new(total).with_style(
            ProgressStyle::with_template(&format!(
                "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} {what} {{msg}}"
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template(&format!(
                "{{spinner}} [{{elapsed_precise}}] {{pos}} {what} {{msg}}"
            ))
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        ),
    };
    bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(4));
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}
