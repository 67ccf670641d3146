//! Ctrl-C and SIGTERM.
//!
//! The first signal sets one flag, shared by every search through its
//! [`dlx::Limits`]: the searches stop at their next node, the records in
//! hand are written (the interrupted one marked so), the output is flushed,
//! and the command exits with status 130. While the command waits for a line
//! typed at a terminal there is nothing to finish, so a signal then exits at
//! once; a second signal always does.

use std::process;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, OnceLock};

/// The exit status of an interrupted run (128 + SIGINT, as shells report it).
pub const EXIT_STATUS: u8 = 130;

/// The flag the searches watch.
static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Signals received so far (saturating at 2).
static SIGNALS: AtomicU8 = AtomicU8::new(0);

/// Whether the command is blocked reading a terminal, with nothing to finish.
static WAITING: AtomicBool = AtomicBool::new(false);

/// The flag set by the first signal, with the handler installed on first use.
/// Without a handler (another one already installed, in a test harness say)
/// the flag still works; it is just never set by a signal.
pub fn flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let set = Arc::clone(&flag);
        let _ = ctrlc::set_handler(move || {
            let before = SIGNALS.fetch_add(1, Ordering::SeqCst);
            set.store(true, Ordering::SeqCst);
            if before > 0 || WAITING.load(Ordering::SeqCst) {
                process::exit(i32::from(EXIT_STATUS));
            }
        });
        flag
    })
    .clone()
}

/// Whether a signal came.
pub fn interrupted() -> bool {
    FLAG.get().is_some_and(|flag| flag.load(Ordering::SeqCst))
}

/// Runs `read`, a read from a terminal, so that a signal during it exits at
/// once: the user is typing, and every answer so far has been written.
pub fn while_waiting<T>(read: impl FnOnce() -> T) -> T {
    WAITING.store(true, Ordering::SeqCst);
    if interrupted() {
        process::exit(i32::from(EXIT_STATUS));
    }
    let value = read();
    WAITING.store(false, Ordering::SeqCst);
    value
}
