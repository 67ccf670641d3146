//! The read-ahead thread: the records of an input, parsed on a thread of
//! their own while the workers solve the ones before.

use std::io::{self, BufRead};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use sudoku_dlx::{Puzzles, Record};

use crate::interrupt;

/// Records read, solved and written at a time: enough to keep every worker
/// busy and amortize the hand-over, small enough that memory stays flat.
pub const CHUNK: usize = 4096;

/// The records of an input, read by a thread of their own.
pub struct ReadAhead(mpsc::Receiver<io::Result<Record>>);

/// What [`ReadAhead`] has for the solver.
pub enum Ready {
    /// The next record (or the read error that ends the input).
    Record(io::Result<Record>),
    /// None yet: the input is slow.
    NotYet,
    /// The input is over, or a signal came while waiting for it.
    End,
}

/// Starts reading `puzzles` on a thread of its own, at most a chunk ahead.
/// The thread is not joined: should a signal end the run while it is
/// blocked on a terminal, it ends with the process.
pub fn read_ahead<R: BufRead + Send + 'static>(puzzles: Puzzles<R>) -> ReadAhead {
    let (send, receive) = mpsc::sync_channel(CHUNK);
    let spawned = thread::Builder::new()
        .name("dlx-read".to_string())
        .spawn(move || {
            for record in puzzles {
                let last = record.is_err();
                if send.send(record).is_err() || last {
                    break;
                }
            }
        });
    if let Err(e) = spawned {
        // No thread: a read error for this input, not a panic.
        let (send, receive) = mpsc::sync_channel(1);
        let _ = send.send(Err(e));
        return ReadAhead(receive);
    }
    ReadAhead(receive)
}

impl ReadAhead {
    /// The next record, waiting for it, but not past a signal.
    pub fn wait(&self) -> Ready {
        loop {
            match self.0.recv_timeout(Duration::from_millis(50)) {
                Ok(record) => return Ready::Record(record),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ready::End,
                Err(mpsc::RecvTimeoutError::Timeout) if interrupt::interrupted() => {
                    return Ready::End
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// The next record if it is read already.
    pub fn ready(&self) -> Ready {
        match self.0.try_recv() {
            Ok(record) => Ready::Record(record),
            Err(mpsc::TryRecvError::Empty) => Ready::NotYet,
            Err(mpsc::TryRecvError::Disconnected) => Ready::End,
        }
    }
}
