//! Ctrl-C and SIGTERM.
//!
//! The first signal sets one flag, shared by every search through its
//! [`dlx::Limits`]: the searches stop at their next node, the records in
//! hand are written (the interrupted one marked so), the output is flushed,
//! and the command exits with status 130. A command blocked reading its
//! input (a terminal, a pipe from a slow producer) has everything before
//! written already, and no search to stop: if it is still reading a quarter
//! of a second after the signal, it exits at once. A second signal does too,
//! unless it comes within [`SAME_SIGNAL`] of the first: GNU `timeout` and
//! many supervisors deliver one signal twice (to the process and to its
//! group), and those two are one stop, whose records are written.
//!
//! A time limit ([`stop_after`]) sets the same flag from a timer thread, so
//! the searches stop the same way; [`timed_out`] tells the two apart.

use std::process;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// The exit status of an interrupted run (128 + SIGINT, as shells report it).
pub const EXIT_STATUS: u8 = 130;

/// The flag the searches watch.
static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Signals received so far, those within [`SAME_SIGNAL`] of the first
/// counted once.
static SIGNALS: AtomicU8 = AtomicU8::new(0);

/// When the first signal came.
static FIRST: OnceLock<Instant> = OnceLock::new();

/// Signals this close after the first are the same stop: longer than a
/// double delivery takes (the handler may spend [`GRACE`] on the first), and
/// short enough that a user pressing Ctrl-C again to quit is obeyed.
pub const SAME_SIGNAL: Duration = Duration::from_secs(1);

/// Whether the time limit set the flag (and no signal came first).
static TIMED_OUT: AtomicBool = AtomicBool::new(false);

/// Whether the command is reading its input.
static READING: AtomicBool = AtomicBool::new(false);

/// How long a read may go on after a signal before the command quits: more
/// than reading a chunk of a file takes, less than a user waits.
const GRACE: Duration = Duration::from_millis(250);

/// The flag set by the first signal, with the handler installed on first use.
/// Without a handler (another one already installed, in a test harness say)
/// the flag still works; it is just never set by a signal.
pub fn flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let set = Arc::clone(&flag);
        let _ = ctrlc::set_handler(move || {
            let signalled = Instant::now();
            let first = *FIRST.get_or_init(|| signalled);
            if signalled.duration_since(first) < SAME_SIGNAL && SIGNALS.load(Ordering::SeqCst) > 0 {
                return;
            }
            let before = SIGNALS.fetch_add(1, Ordering::SeqCst);
            set.store(true, Ordering::SeqCst);
            if before > 0 {
                process::exit(i32::from(EXIT_STATUS));
            }
            // The handler has a thread of its own: it may wait.
            while READING.load(Ordering::SeqCst) {
                if signalled.elapsed() > GRACE {
                    process::exit(i32::from(EXIT_STATUS));
                }
                thread::sleep(Duration::from_millis(10));
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

/// Runs `read`, a read of the input: a signal that comes while it blocks
/// ends the command (everything before it is written).
pub fn reading<T>(read: impl FnOnce() -> T) -> T {
    READING.store(true, Ordering::SeqCst);
    let value = read();
    READING.store(false, Ordering::SeqCst);
    value
}

/// Sets the flag when `limit` has passed, from a thread of its own: the
/// searches under way then stop as for a signal, and [`timed_out`] says
/// that the time limit stopped them.
pub fn stop_after(limit: Duration) {
    let flag = flag();
    thread::spawn(move || {
        thread::sleep(limit);
        TIMED_OUT.store(true, Ordering::SeqCst);
        flag.store(true, Ordering::SeqCst);
    });
}

/// Whether the time limit, not a signal, set the flag: a signal that came
/// first (or after) makes the run an interrupted one.
pub fn timed_out() -> bool {
    TIMED_OUT.load(Ordering::SeqCst) && SIGNALS.load(Ordering::SeqCst) == 0
}
