//! *Suggest* for the whole server: one pool of planner threads, below the network's
//! priority, fed by a bounded queue. Each request thinks for at most the time budget, and
//! stops as soon as its device goes or its position changes (its ticket is dropped); a
//! request that finds the queue full is told to ask again.

use super::suggest::suggest;
use super::table::tr;
use super::wire::ServerMsg;
use crate::engine::Known;
use crate::i18n::Lang;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What each planner thread thinks about now: its stop flag and since when.
type Running = Mutex<Vec<Option<(Arc<AtomicBool>, Instant)>>>;

struct Job {
    known: Known,
    version: u64,
    lang: Lang,
    stop: Arc<AtomicBool>,
    reply: tokio::sync::oneshot::Sender<ServerMsg>,
}

/// The planner threads and their queue.
pub struct Pool {
    queue: SyncSender<Job>,
    /// What each thread is thinking about now: its stop flag and since when.
    running: Arc<Running>,
}

/// A request in the pool: its answer comes on `answer`; dropped, the thinking stops.
pub struct Ticket {
    pub answer: tokio::sync::oneshot::Receiver<ServerMsg>,
    stop: Arc<AtomicBool>,
}

impl Ticket {
    /// Stops the thinking (the answer, if any, is the best plan found by then).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Pool {
    /// `threads` planner threads, at most `queue` requests waiting, each thinking at most
    /// `budget`.
    pub fn new(threads: usize, queue: usize, budget: Duration) -> Pool {
        let (tx, rx) = sync_channel::<Job>(queue.max(1));
        let rx = Arc::new(Mutex::new(rx));
        let running = Arc::new(Mutex::new(vec![None; threads.max(1)]));
        for i in 0..threads.max(1) {
            let (rx, running) = (Arc::clone(&rx), Arc::clone(&running));
            let spawned = std::thread::Builder::new()
                .name(format!("planner {i}"))
                .spawn(move || work(i, &rx, &running));
            if let Err(e) = spawned {
                tracing::error!("no planner thread: {e}");
            }
        }
        // The budget's watch: a request thinking past it is told to stop.
        let watched = Arc::downgrade(&running);
        let spawned = std::thread::Builder::new()
            .name("planner budget".into())
            .spawn(move || {
                while let Some(running) = watched.upgrade() {
                    if let Ok(r) = running.lock() {
                        for (stop, since) in r.iter().flatten() {
                            if since.elapsed() >= budget {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                    drop(running);
                    std::thread::sleep(Duration::from_millis(20));
                }
            });
        if let Err(e) = spawned {
            tracing::error!("no planner budget thread: {e}");
        }
        Pool { queue: tx, running }
    }

    /// Asks for `known`'s suggestion at `version`, in `lang`; `None` when the queue is full.
    pub fn ask(&self, known: Known, version: u64, lang: Lang) -> Option<Ticket> {
        let stop = Arc::new(AtomicBool::new(false));
        let (reply, answer) = tokio::sync::oneshot::channel();
        let job = Job {
            known,
            version,
            lang,
            stop: Arc::clone(&stop),
            reply,
        };
        match self.queue.try_send(job) {
            Ok(()) => Some(Ticket { answer, stop }),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => None,
        }
    }

    /// How many threads are thinking now (for tests and measures).
    pub fn busy(&self) -> usize {
        self.running
            .lock()
            .map(|r| r.iter().flatten().count())
            .unwrap_or(0)
    }
}

fn work(i: usize, rx: &Mutex<Receiver<Job>>, running: &Running) {
    lower_priority();
    loop {
        let job = {
            let Ok(rx) = rx.lock() else { return };
            match rx.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        };
        // A request whose device went (or whose position changed) while it waited.
        if job.stop.load(Ordering::Relaxed) {
            continue;
        }
        if let Ok(mut r) = running.lock() {
            r[i] = Some((Arc::clone(&job.stop), Instant::now()));
        }
        let msg = match suggest(
            tr(job.lang),
            &job.known,
            job.version,
            Some(Arc::clone(&job.stop)),
        ) {
            Ok(s) => ServerMsg::Suggestion {
                suggestion: Box::new(s),
            },
            Err(reason) => ServerMsg::Refused {
                id: None,
                reason,
                need: None,
            },
        };
        if let Ok(mut r) = running.lock() {
            r[i] = None;
        }
        // The device may have gone meanwhile: nobody to tell.
        let _ = job.reply.send(msg);
    }
}

/// Planner threads give way to the threads that answer devices.
fn lower_priority() {
    // SAFETY: setpriority on this thread (Linux: a thread id is a process id for it); a
    // failure leaves the priority as it was.
    #[cfg(target_os = "linux")]
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        let _ = libc::setpriority(libc::PRIO_PROCESS, tid, 10);
    }
}
