//! Searches that release the GIL and stop on Ctrl-C.
//!
//! Python runs its signal handlers on the main thread, between bytecodes:
//! while a search runs in Rust, a Ctrl-C only sets a flag that
//! `Python::check_signals` reads. So a search that may be long either runs
//! in slices of nodes, the GIL released during each and the signals read
//! between them (the exact-cover searches, which the engine resumes where
//! a node limit stopped them), or runs on a worker thread while the
//! calling thread waits with the GIL released, reading the signals a few
//! times a second and setting the engine's cancel flag when one raises
//! (searches that cannot be resumed: memoized counts, sudoku, canonical
//! forms, generation). Either way `KeyboardInterrupt` comes within a
//! fraction of a second, and other Python threads run meanwhile.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// How often a waiting caller reads the signals and the clock.
const POLL: Duration = Duration::from_millis(50);

/// The moment a time limit of `seconds` from now ends, if any.
pub fn deadline(seconds: Option<f64>) -> PyResult<Option<Instant>> {
    match seconds {
        None => Ok(None),
        Some(s) if s.is_finite() && s >= 0.0 => {
            Ok(Some(Instant::now() + Duration::from_secs_f64(s.min(1e9))))
        }
        Some(s) => Err(PyValueError::new_err(format!(
            "time_limit must be a number of seconds >= 0, not {s}"
        ))),
    }
}

/// Whether `deadline` has passed.
pub fn expired(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// Runs `work` on a worker thread while this one waits with the GIL
/// released, reading the signals and the clock every [`POLL`]: a signal's
/// exception (`KeyboardInterrupt`) or the `deadline` sets `cancel`, which
/// `work` must watch (the engine's cancel flag). Returns what `work`
/// returned and whether the deadline set the flag; the exception of a
/// signal is raised once `work` has stopped.
pub fn cancellable<T: Send>(
    py: Python<'_>,
    cancel: &Arc<AtomicBool>,
    deadline: Option<Instant>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<(T, bool)> {
    // Set by the worker when `work` returns (or panics).
    let finished = (Mutex::new(false), Condvar::new());
    let signal = &finished;
    thread::scope(|scope| {
        let worker = scope.spawn(move || {
            struct Done<'a>(&'a (Mutex<bool>, Condvar));
            impl Drop for Done<'_> {
                fn drop(&mut self) {
                    let (lock, ready) = self.0;
                    *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
                    ready.notify_all();
                }
            }
            let _done = Done(signal);
            work()
        });
        let mut interrupt = None;
        let mut timed_out = false;
        loop {
            let over = py.detach(|| {
                let (lock, ready) = &finished;
                let done = lock.lock().unwrap_or_else(|e| e.into_inner());
                let (done, _) = ready
                    .wait_timeout_while(done, POLL, |done| !*done)
                    .unwrap_or_else(|e| e.into_inner());
                *done
            });
            if over {
                break;
            }
            if interrupt.is_none() {
                if let Err(e) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    interrupt = Some(e);
                }
            }
            if !timed_out && expired(deadline) {
                cancel.store(true, Ordering::Relaxed);
                timed_out = interrupt.is_none();
            }
        }
        let value = match worker.join() {
            Ok(value) => value,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        match interrupt {
            Some(e) => Err(e),
            None => Ok((value, timed_out)),
        }
    })
}
