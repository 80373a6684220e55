//! The camera dice source: frames from a webcam (nokhwa) or from image files, the newest
//! frame read by [`crate::vision`] on a thread of its own, stable rolls reported.
//!
//! Like every dice source it only emits readings; the window decides what they answer.
//!
//! Two threads per camera: the capture thread grabs frames as fast as the source gives them
//! and keeps only the newest in a one-frame slot; the reader thread takes whatever is newest,
//! reads the dice and votes over frames ([`crate::vision::Stabiliser`]). A slow reader
//! never lets frames queue up.
//!
//! What it costs: the reader reads at most one frame per `read_every` (a webcam's 30 frames a
//! second would keep a core busy for readings nobody needs), the frames in between are let go
//! by undecoded ([`FrameSource::skip`]), a frame the same as the last one read (a still
//! picture given again) is not read again, and a view is only sent when the picture changed.
//! The window repaints when woken ([`Capture::wake`]), not on a timer.

use super::relearner::Whole;
use super::{ToWindow, Wake};
use crate::vision::adapt::{Judge, Lessons, to_fix};
use crate::vision::learned::Model;
use crate::vision::relearn::Relearning;
use crate::vision::{self, Area, SeenDie, Stabiliser, StableRoll};
use image::RgbImage;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Why a frame could not be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CameraError {
    #[error("no camera found")]
    NoCamera,
    #[error("the camera could not be opened: {0}")]
    Open(String),
    #[error("the camera stopped sending pictures: {0}")]
    Lost(String),
    #[error("a picture could not be decoded: {0}")]
    Decode(String),
    #[error("{path}: {reason}")]
    File { path: String, reason: String },
    #[error("no pictures in {0}")]
    EmptyFolder(String),
    #[error("the dice model cannot be read: {0}")]
    Model(String),
}

/// Where frames come from. A source is made on the capture thread (a webcam handle cannot
/// move between threads), so it need not be `Send`.
pub trait FrameSource {
    /// (Re)opens the source; called again after an error, to survive an unplug.
    fn open(&mut self) -> Result<(), CameraError>;
    /// The next frame; blocks until it comes.
    fn frame(&mut self) -> Result<RgbImage, CameraError>;
    /// Lets the next frame go by unread, when the reader wants none (a webcam's frame is
    /// taken from the driver but not decoded); blocks as [`FrameSource::frame`] does.
    fn skip(&mut self) -> Result<(), CameraError> {
        self.frame().map(drop)
    }
    /// What to show the user: the camera's name or the file.
    fn name(&self) -> String;
}

/// One picture, given again at each frame (a demo, or a test of the reader path).
pub struct ImageFile {
    path: PathBuf,
    image: Option<RgbImage>,
    period: Duration,
}

impl ImageFile {
    pub fn new(path: impl Into<PathBuf>, period: Duration) -> ImageFile {
        ImageFile {
            path: path.into(),
            image: None,
            period,
        }
    }
}

fn load(path: &Path) -> Result<RgbImage, CameraError> {
    let err = |reason: String| CameraError::File {
        path: path.display().to_string(),
        reason,
    };
    let bytes = std::fs::read(path).map_err(|e| err(e.to_string()))?;
    Ok(image::load_from_memory(&bytes)
        .map_err(|e| err(e.to_string()))?
        .to_rgb8())
}

impl FrameSource for ImageFile {
    fn open(&mut self) -> Result<(), CameraError> {
        self.image = Some(load(&self.path)?);
        Ok(())
    }
    fn frame(&mut self) -> Result<RgbImage, CameraError> {
        std::thread::sleep(self.period);
        self.image
            .clone()
            .ok_or_else(|| CameraError::Lost("not opened".into()))
    }
    fn name(&self) -> String {
        self.path.display().to_string()
    }
}

/// A folder of pictures played in name order as a sequence, each held for `repeat` frames
/// (or, [`Folder::on_use`], until the player moves on), then from the start again.
pub struct Folder {
    dir: PathBuf,
    files: Vec<PathBuf>,
    next: usize,
    held: usize,
    repeat: usize,
    current: Option<RgbImage>,
    period: Duration,
    /// Moved on by the player: the count of moves, and the count last seen.
    moves: Option<(Arc<std::sync::atomic::AtomicU64>, u64)>,
}

impl Folder {
    pub fn new(dir: impl Into<PathBuf>, repeat: usize, period: Duration) -> Folder {
        Folder {
            dir: dir.into(),
            files: Vec::new(),
            next: 0,
            held: 0,
            repeat: repeat.max(1),
            current: None,
            period,
            moves: None,
        }
    }

    /// A folder whose picture stays until `moves` is counted up (its roll used, or *Next
    /// picture*): a camera trial saw 6 of 12 photos go by while one roll was offered.
    pub fn on_use(
        dir: impl Into<PathBuf>,
        period: Duration,
        moves: Arc<std::sync::atomic::AtomicU64>,
    ) -> Folder {
        Folder {
            moves: Some((moves, 0)),
            ..Folder::new(dir, 1, period)
        }
    }
}

impl FrameSource for Folder {
    fn open(&mut self) -> Result<(), CameraError> {
        let entries = std::fs::read_dir(&self.dir).map_err(|e| CameraError::File {
            path: self.dir.display().to_string(),
            reason: e.to_string(),
        })?;
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
                    matches!(e.to_ascii_lowercase().as_str(), "jpg" | "jpeg" | "png")
                })
            })
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(CameraError::EmptyFolder(self.dir.display().to_string()));
        }
        self.files = files;
        self.next = 0;
        self.held = 0;
        Ok(())
    }
    fn frame(&mut self) -> Result<RgbImage, CameraError> {
        std::thread::sleep(self.period);
        let next = match &mut self.moves {
            Some((moves, seen)) => {
                let now = moves.load(Ordering::Relaxed);
                let moved = now != *seen;
                *seen = now;
                moved
            }
            None => self.held >= self.repeat,
        };
        if self.current.is_none() || next {
            let path = self
                .files
                .get(self.next % self.files.len().max(1))
                .ok_or_else(|| CameraError::EmptyFolder(self.dir.display().to_string()))?;
            self.current = Some(load(path)?);
            self.next += 1;
            self.held = 0;
        }
        self.held += 1;
        self.current
            .clone()
            .ok_or_else(|| CameraError::Lost("no picture".into()))
    }
    fn name(&self) -> String {
        self.dir.display().to_string()
    }
}

/// A camera the system lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CameraChoice {
    pub index: u32,
    pub name: String,
}

/// The cameras plugged in now (empty when there are none or the system cannot list them).
pub fn list_cameras() -> Vec<CameraChoice> {
    match nokhwa::query(nokhwa::utils::ApiBackend::Auto) {
        Ok(list) => list
            .iter()
            .enumerate()
            .map(|(i, c)| CameraChoice {
                index: c.index().as_index().unwrap_or(i as u32),
                name: c.human_name(),
            })
            .collect(),
        Err(e) => {
            tracing::info!("no cameras listed: {e}");
            Vec::new()
        }
    }
}

/// A webcam through nokhwa, asking for MJPEG 1280×720 or the closest it offers.
pub struct Webcam {
    index: u32,
    camera: Option<nokhwa::Camera>,
}

impl Webcam {
    pub fn new(index: u32) -> Webcam {
        Webcam {
            index,
            camera: None,
        }
    }
}

impl FrameSource for Webcam {
    fn open(&mut self) -> Result<(), CameraError> {
        use nokhwa::pixel_format::RgbFormat;
        use nokhwa::utils::{
            CameraFormat, CameraIndex, FrameFormat, RequestedFormat, RequestedFormatType,
            Resolution,
        };
        self.camera = None;
        if !list_cameras().iter().any(|c| c.index == self.index) {
            return Err(CameraError::NoCamera);
        }
        let wanted = CameraFormat::new(Resolution::new(1280, 720), FrameFormat::MJPEG, 30);
        let format = RequestedFormat::new::<RgbFormat>(RequestedFormatType::Closest(wanted));
        let mut camera = nokhwa::Camera::new(CameraIndex::Index(self.index), format)
            .map_err(|e| CameraError::Open(e.to_string()))?;
        camera
            .open_stream()
            .map_err(|e| CameraError::Open(e.to_string()))?;
        tracing::info!("camera {} opened: {}", self.index, camera.camera_format());
        self.camera = Some(camera);
        Ok(())
    }
    fn frame(&mut self) -> Result<RgbImage, CameraError> {
        let camera = self
            .camera
            .as_mut()
            .ok_or_else(|| CameraError::Lost("not opened".into()))?;
        let buffer = camera
            .frame()
            .map_err(|e| CameraError::Lost(e.to_string()))?;
        let res = buffer.resolution();
        decode_frame(
            buffer.source_frame_format(),
            res.width(),
            res.height(),
            buffer.buffer(),
        )
    }
    fn skip(&mut self) -> Result<(), CameraError> {
        let camera = self
            .camera
            .as_mut()
            .ok_or_else(|| CameraError::Lost("not opened".into()))?;
        camera
            .frame()
            .map(drop)
            .map_err(|e| CameraError::Lost(e.to_string()))
    }
    fn name(&self) -> String {
        list_cameras()
            .into_iter()
            .find(|c| c.index == self.index)
            .map_or_else(|| format!("camera {}", self.index), |c| c.name)
    }
}

/// A camera frame as RGB: MJPEG is decoded by `image`, YUYV, NV12, grey and raw RGB are
/// converted here.
pub fn decode_frame(
    format: nokhwa::utils::FrameFormat,
    width: u32,
    height: u32,
    data: &[u8],
) -> Result<RgbImage, CameraError> {
    use nokhwa::utils::FrameFormat as F;
    let (w, h) = (width as usize, height as usize);
    let short = || CameraError::Decode(format!("{format} frame too short ({} bytes)", data.len()));
    let from_fn = |f: &dyn Fn(usize, usize) -> [u8; 3]| {
        RgbImage::from_fn(width, height, |x, y| image::Rgb(f(x as usize, y as usize)))
    };
    let yuv = |y: u8, u: u8, v: u8| {
        let (y, u, v) = (f32::from(y), f32::from(u) - 128.0, f32::from(v) - 128.0);
        [
            (y + 1.402 * v).clamp(0.0, 255.0) as u8,
            (y - 0.344 * u - 0.714 * v).clamp(0.0, 255.0) as u8,
            (y + 1.772 * u).clamp(0.0, 255.0) as u8,
        ]
    };
    match format {
        F::MJPEG => image::load_from_memory_with_format(data, image::ImageFormat::Jpeg)
            .map(|i| i.to_rgb8())
            .map_err(|e| CameraError::Decode(e.to_string())),
        F::YUYV => {
            if data.len() < w * h * 2 {
                return Err(short());
            }
            Ok(from_fn(&|x, y| {
                let i = (y * w + (x & !1)) * 2;
                let luma = data[i + if x & 1 == 0 { 0 } else { 2 }];
                yuv(luma, data[i + 1], data[i + 3])
            }))
        }
        F::NV12 => {
            if data.len() < w * h * 3 / 2 {
                return Err(short());
            }
            Ok(from_fn(&|x, y| {
                let c = w * h + (y / 2) * w + (x & !1);
                yuv(data[y * w + x], data[c], data[c + 1])
            }))
        }
        F::GRAY => {
            if data.len() < w * h {
                return Err(short());
            }
            Ok(from_fn(&|x, y| [data[y * w + x]; 3]))
        }
        F::RAWRGB => RgbImage::from_raw(
            width,
            height,
            data.get(..w * h * 3).ok_or_else(short)?.to_vec(),
        )
        .ok_or_else(short),
        other => Err(CameraError::Decode(format!(
            "{other} frames are not supported"
        ))),
    }
}

/// What the reader saw in the newest frame.
#[derive(Debug, Clone)]
pub struct CameraView {
    pub frame: Arc<RgbImage>,
    /// Counts frames read, so the window knows when to refresh its picture.
    pub number: u64,
    pub dice: Vec<SeenDie>,
    /// The dice read before the roll's count was taken: more than `dice` when the picture
    /// shows more than the roll has (the window says so).
    pub seen: usize,
}

/// What the camera threads tell the window.
#[derive(Debug, Clone)]
pub enum CameraEvent {
    /// The source is open and sending frames (its name).
    Running(String),
    /// It failed or went away; it is tried again every second.
    Problem(CameraError),
    /// A new frame read.
    View(CameraView),
    /// A roll settled: the dice stayed in place and the readings agreed.
    Stable(StableRoll),
    /// The reader learned from a confirmed roll: how many it has learned from, whether it
    /// reads with what it learned ([`crate::vision::learned::Model::taught`]), and the model it
    /// reads with from now on.
    Taught {
        rolls: usize,
        used: bool,
        /// The rolls its whole classifier was last trained again on (none yet: 0;
        /// [`crate::vision::relearn`]).
        whole: usize,
        model: Arc<Model>,
    },
    /// The whole classifier is being trained again on `rolls` confirmed rolls: `epoch` of
    /// `epochs` done.
    Relearning {
        rolls: usize,
        epoch: usize,
        epochs: usize,
    },
}

/// A roll the player confirmed, to learn from (see [`crate::vision::adapt`]).
#[derive(Debug, Clone)]
pub struct Confirmed {
    /// The frame the roll was read on.
    pub frame: Arc<RgbImage>,
    /// The area read in it (the marked tray), or all of it.
    pub area: Option<Area>,
    /// The dice as confirmed, corrections made.
    pub dice: Vec<SeenDie>,
    /// Readings the player took away: no dice.
    pub taken_away: Vec<SeenDie>,
}

/// The newest frame only: the capture thread overwrites it, the reader thread takes it.
struct Slot {
    frame: Mutex<Option<RgbImage>>,
    ready: Condvar,
    /// The reader waits for a frame: the capture thread decodes the next one (until then it
    /// lets them go by, [`FrameSource::skip`]).
    wanted: AtomicBool,
}

/// What the reader looks for: where (the marked tray, or everywhere) and, when the game waits
/// for a roll, how many dice it has and of which colour (issue 90, point 1: at most that many
/// are read, the surest, each of that colour).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Looking {
    pub area: Option<Area>,
    pub expect: Option<(usize, Option<vision::DieColour>)>,
}

/// A running camera: its two threads, stopped when this is dropped.
pub struct Capture {
    stop: Arc<AtomicBool>,
    area: Arc<Mutex<Looking>>,
    pub events: Receiver<CameraEvent>,
    threads: Vec<JoinHandle<()>>,
    slot: Arc<Slot>,
    lessons: Sender<Lesson>,
    wake: Wake,
}

/// What the window tells the reader about what it learns.
enum Lesson {
    /// A roll the player confirmed.
    Roll(Confirmed),
    /// Forget every roll learned: read as shipped.
    Forget,
}

impl Capture {
    /// Starts capturing from the source `make` builds (on the capture thread); a roll is stable
    /// after `still_frames` frames read in place, frames read at most one per `read_every`
    /// (zero: every frame).
    pub fn start(
        make: impl FnOnce() -> Box<dyn FrameSource> + Send + 'static,
        still_frames: usize,
        read_every: Duration,
    ) -> Capture {
        Capture::start_paced(make, still_frames, read_every, Arc::new(SystemClock::new()))
    }

    /// [`Capture::start`] keeping `read_every` by `clock` (a test's clock moves with the
    /// frames, so that the pace holds whatever the machine's speed).
    pub fn start_paced(
        make: impl FnOnce() -> Box<dyn FrameSource> + Send + 'static,
        still_frames: usize,
        read_every: Duration,
        clock: Arc<dyn Clock>,
    ) -> Capture {
        Capture::start_with(
            make,
            Pace {
                still_frames,
                read_every,
                relearning: Relearning::at_the_table(),
                kept: None,
                clock,
            },
        )
    }

    /// [`Capture::start`], its classifier trained again on the confirmed rolls as `relearning`
    /// says ([`super::relearner`] says when), and kept in the file `kept` between sessions.
    pub fn start_learning(
        make: impl FnOnce() -> Box<dyn FrameSource> + Send + 'static,
        still_frames: usize,
        read_every: Duration,
        relearning: Relearning,
        kept: Option<PathBuf>,
    ) -> Capture {
        Capture::start_with(
            make,
            Pace {
                still_frames,
                read_every,
                relearning,
                kept,
                clock: Arc::new(SystemClock::new()),
            },
        )
    }

    fn start_with(
        make: impl FnOnce() -> Box<dyn FrameSource> + Send + 'static,
        pace: Pace,
    ) -> Capture {
        let stop = Arc::new(AtomicBool::new(false));
        let area = Arc::new(Mutex::new(Looking::default()));
        let slot = Arc::new(Slot {
            frame: Mutex::new(None),
            ready: Condvar::new(),
            wanted: AtomicBool::new(true),
        });
        let (tx, events) = channel();
        let wake = Wake::default();
        let tell = ToWindow::new(tx, wake.clone());
        let capture = {
            let (stop, slot, tell) = (stop.clone(), slot.clone(), tell.clone());
            std::thread::Builder::new()
                .name("camera capture".into())
                .spawn(move || {
                    let mut source = make();
                    capture_loop(source.as_mut(), &stop, &slot, &tell);
                })
        };
        let (lessons, taught) = channel();
        let reader = {
            let (stop, slot, area) = (stop.clone(), slot.clone(), area.clone());
            let tell = tell.clone();
            std::thread::Builder::new()
                .name("camera reader".into())
                .spawn(move || read_loop(&stop, &slot, &area, &taught, pace, &tell))
        };
        let mut threads = Vec::new();
        for t in [capture, reader] {
            match t {
                Ok(t) => threads.push(t),
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    tell.send(CameraEvent::Problem(CameraError::Lost(format!(
                        "no thread to read the camera on: {e}"
                    ))));
                }
            }
        }
        Capture {
            stop,
            area,
            events,
            threads,
            slot,
            lessons,
            wake,
        }
    }

    /// What wakes the window after each event (set by the window: a repaint), so that
    /// nothing needs to look for events on a timer.
    pub fn wake(&self) -> &Wake {
        &self.wake
    }

    /// Teaches the reader a roll the player confirmed: frames from then on are read by the
    /// model fitted to every roll confirmed so far ([`CameraEvent::Taught`] tells when).
    pub fn teach(&self, roll: Confirmed) {
        let _ = self.lessons.send(Lesson::Roll(roll));
    }

    /// Forgets every roll the reader learned from: it reads as shipped again.
    pub fn forget(&self) {
        let _ = self.lessons.send(Lesson::Forget);
    }

    /// Reads only inside `area` from the next frame on (the marked tray), or everywhere.
    pub fn set_area(&self, area: Option<Area>) {
        if let Ok(mut a) = self.area.lock() {
            a.area = area;
        }
    }

    /// Reads a roll of `count` dice of `colour` from the next frame on (the game waits for
    /// it), or every die seen (`None`).
    pub fn set_expected(&self, expect: Option<(usize, Option<vision::DieColour>)>) {
        if let Ok(mut a) = self.area.lock() {
            a.expect = expect;
        }
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.slot.ready.notify_all();
        for t in self.threads.drain(..) {
            // A source blocked in the driver is left to end on its own.
            if t.is_finished() {
                let _ = t.join();
            }
        }
    }
}

fn capture_loop(
    source: &mut dyn FrameSource,
    stop: &AtomicBool,
    slot: &Slot,
    tell: &ToWindow<CameraEvent>,
) {
    let mut open = false;
    while !stop.load(Ordering::Relaxed) {
        if !open {
            match source.open() {
                Ok(()) => {
                    open = true;
                    tell.send(CameraEvent::Running(source.name()));
                }
                Err(e) => {
                    tell.send(CameraEvent::Problem(e));
                    std::thread::sleep(Duration::from_secs(1));
                    continue;
                }
            }
        }
        if !slot.wanted.load(Ordering::Acquire) {
            if let Err(e) = source.skip() {
                tracing::warn!("camera: {e}");
                open = false;
                tell.send(CameraEvent::Problem(e));
            }
            continue;
        }
        match source.frame() {
            Ok(frame) => {
                if let Ok(mut s) = slot.frame.lock() {
                    *s = Some(frame);
                }
                slot.wanted.store(false, Ordering::Release);
                slot.ready.notify_one();
            }
            Err(e) => {
                tracing::warn!("camera: {e}");
                open = false;
                tell.send(CameraEvent::Problem(e));
            }
        }
    }
}

/// How the reader keeps pace: the frames in place before a roll settles, and the least time
/// between two readings (by its clock).
#[derive(Clone)]
struct Pace {
    still_frames: usize,
    read_every: Duration,
    relearning: Relearning,
    kept: Option<PathBuf>,
    clock: Arc<dyn Clock>,
}

/// The reader's time, for its pace.
pub trait Clock: Send + Sync {
    /// The time since the clock began.
    fn now(&self) -> Duration;
}

/// The system's clock.
#[derive(Debug)]
pub struct SystemClock(Instant);

impl SystemClock {
    pub fn new() -> SystemClock {
        SystemClock(Instant::now())
    }
}

impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// Waits until `clock` says `until` or a stop, whichever comes first.
fn wait_until(until: Duration, clock: &dyn Clock, stop: &AtomicBool) {
    loop {
        let now = clock.now();
        if now >= until || stop.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep((until - now).min(Duration::from_millis(20)));
    }
}

/// The model the reader reads with, and whether it learned anything: the classifier trained
/// again mostly reads better than the last layer fitted alone (`models/dice/README.md`); until
/// there is one, the last layer is fitted (from
/// [`adapt::LEAST_ROLLS`](vision::adapt::LEAST_ROLLS) rolls on).
///
/// When the rolls confirmed since it was trained say the last layer fitted alone reads them
/// better ([`Judge`]), that is read with instead.
fn reading_model(
    base: &Model,
    whole: &Whole,
    layer: &Option<Arc<Model>>,
    judge: &Judge,
) -> (Arc<Model>, bool) {
    let trained = whole.model().filter(|_| judge.whole_reads());
    match trained.or_else(|| layer.clone()) {
        Some(m) => (m, true),
        None => (Arc::new(base.clone()), false),
    }
}

/// What the reader tells the window it learned: the rolls, whether it reads with what it
/// learned, and on how many rolls the classifier it reads with was trained again (0: none, or
/// the judge prefers the last layer).
fn taught_event(
    lessons: &Lessons,
    used: bool,
    whole: &Whole,
    judge: &Judge,
    model: &Arc<Model>,
) -> CameraEvent {
    CameraEvent::Taught {
        rolls: lessons.rolls,
        used,
        whole: if judge.whole_reads() {
            whole.rolls()
        } else {
            0
        },
        model: model.clone(),
    }
}

fn read_loop(
    stop: &AtomicBool,
    slot: &Slot,
    area: &Mutex<Looking>,
    taught: &Receiver<Lesson>,
    pace: Pace,
    tell: &ToWindow<CameraEvent>,
) {
    let base = match Model::shipped() {
        Ok(model) => model,
        Err(e) => {
            tracing::error!("the dice model built into Foreman cannot be read: {e}");
            tell.send(CameraEvent::Problem(CameraError::Model(e.to_string())));
            return;
        }
    };
    // The classifier trained again on the rolls, and the rolls' lessons, kept from sessions
    // before.
    let mut whole = Whole::new(base, pace.kept.clone(), pace.relearning);
    let mut lessons = whole.kept_lessons(base);
    // The last layer fitted to the lessons (from `LEAST_ROLLS` rolls on), fitted once a roll.
    let mut layer = base.taught(&lessons).map(Arc::new);
    // The classifier trained again against the last layer, on the rolls confirmed since.
    let mut judge = Judge::default();
    let (mut model, used) = reading_model(base, &whole, &layer, &judge);
    if lessons.rolls > 0 || used {
        tell.send(taught_event(&lessons, used, &whole, &judge, &model));
    }
    let mut stabiliser = Stabiliser::new(pace.still_frames);
    let mut number = 0;
    let mut last_area = Looking::default();
    // The last frame read and its dice: the same frame again is not read again.
    let mut last: Option<(Arc<RgbImage>, Vec<SeenDie>, usize)> = None;
    let mut next_read = pace.clock.now();
    while !stop.load(Ordering::Relaxed) {
        wait_until(next_read, pace.clock.as_ref(), stop);
        slot.wanted.store(true, Ordering::Release);
        let frame = {
            let Ok(mut s) = slot.frame.lock() else { return };
            while s.is_none() && !stop.load(Ordering::Relaxed) {
                s = match slot.ready.wait_timeout(s, Duration::from_millis(200)) {
                    Ok((s, _)) => s,
                    Err(_) => return,
                };
            }
            s.take()
        };
        let mut learned = false;
        while let Ok(lesson) = taught.try_recv() {
            match lesson {
                Lesson::Roll(roll) => {
                    let area = vision::area_in(&roll.frame, roll.area);
                    if let Some(trained) = whole.model() {
                        let layer = layer.as_deref().unwrap_or(base);
                        judge.weigh(
                            to_fix(&trained.read(&roll.frame, area), &roll.dice),
                            to_fix(&layer.read(&roll.frame, area), &roll.dice),
                        );
                        tracing::info!("the dice reader's ways of reading weighed: {judge:?}");
                    }
                    lessons.learn(base, &roll.frame, area, &roll.dice, &roll.taken_away, true);
                    layer = base.taught(&lessons).map(Arc::new);
                    whole.keep_lessons(&lessons);
                }
                Lesson::Forget => {
                    lessons = Lessons::default();
                    layer = None;
                    whole.forget();
                    judge = Judge::default();
                }
            }
            learned = true;
        }
        if whole.poll() {
            judge = Judge::default();
            learned = true;
        }
        if whole.due(&lessons) {
            let tell = tell.clone();
            whole.start(base, &lessons, move |rolls, epoch, epochs| {
                tell.send(CameraEvent::Relearning {
                    rolls,
                    epoch,
                    epochs,
                });
            });
        }
        if learned {
            let used;
            (model, used) = reading_model(base, &whole, &layer, &judge);
            last = None;
            tracing::info!(
                "the dice reader learned from {} rolls (used: {used}, trained again on {})",
                lessons.rolls,
                whole.rolls()
            );
            tell.send(taught_event(&lessons, used, &whole, &judge, &model));
        }
        let Some(frame) = frame else { continue };
        next_read = pace.clock.now() + pace.read_every;
        let looking = area.lock().map(|a| *a).unwrap_or_default();
        if looking != last_area {
            stabiliser = Stabiliser::new(pace.still_frames);
            last_area = looking;
            last = None;
        }
        let area = looking.area;
        let seen_before = last.as_ref().filter(|(f, _, _)| **f == frame);
        let (frame, dice, seen, new) = match seen_before {
            Some((f, dice, seen)) => (f.clone(), dice.clone(), *seen, false),
            None => {
                let (dice, seen) =
                    vision::read_dice_seen_with(&model, &frame, area, looking.expect);
                (Arc::new(frame), dice, seen, true)
            }
        };
        let stable = stabiliser.push(dice.clone());
        if new {
            number += 1;
            last = Some((frame.clone(), dice.clone(), seen));
            let view = CameraView {
                frame,
                number,
                dice,
                seen,
            };
            if !tell.send(CameraEvent::View(view)) {
                return;
            }
        }
        if let Some(roll) = stable
            && !tell.send(CameraEvent::Stable(roll))
        {
            return;
        }
    }
}
