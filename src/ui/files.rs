//! The system's file dialogs (rfd: the desktop portal, no binary downloaded). Where none can
//! open (no portal, no desktop), they say so ([`NoDialog`]) and the typed path is used instead.

#[cfg(not(target_arch = "wasm32"))]
use std::path::Path;
use std::path::PathBuf;

/// Asks where to save, starting from `typed` (its folder and name).
#[cfg(not(target_arch = "wasm32"))]
pub fn save_dialog(typed: &str) -> Result<Option<PathBuf>, NoDialog> {
    let typed = Path::new(typed.trim());
    let mut d = rfd::FileDialog::new().add_filter("Foreman", &["json"]);
    if let Some(dir) = typed.parent().filter(|d| d.is_dir()) {
        d = d.set_directory(dir);
    }
    if let Some(name) = typed.file_name().and_then(|n| n.to_str()) {
        d = d.set_file_name(name);
    }
    answered(|| d.save_file())
}

/// Asks which saved game to open.
#[cfg(not(target_arch = "wasm32"))]
pub fn open_dialog() -> Result<Option<PathBuf>, NoDialog> {
    answered(|| {
        rfd::FileDialog::new()
            .add_filter("Foreman", &["json"])
            .pick_file()
    })
}

/// Asks which picture (or folder of pictures) the camera reads.
#[cfg(not(target_arch = "wasm32"))]
pub fn picture_dialog() -> Result<Option<PathBuf>, NoDialog> {
    answered(|| {
        rfd::FileDialog::new()
            .add_filter("Pictures", &["jpg", "jpeg", "png"])
            .pick_file()
    })
}

/// The system's file dialog did not open (no desktop portal, no display): the typed path is
/// the way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoDialog;

/// A browser has no file dialog of the system's: the typed path (a key in its storage) is
/// the way.
#[cfg(target_arch = "wasm32")]
pub fn save_dialog(_typed: &str) -> Result<Option<PathBuf>, NoDialog> {
    Err(NoDialog)
}

#[cfg(target_arch = "wasm32")]
pub fn open_dialog() -> Result<Option<PathBuf>, NoDialog> {
    Err(NoDialog)
}

/// A dialog's answer: nothing chosen at once, faster than any person cancels, is a dialog
/// that never opened (the file dialog says why only to the terminal).
#[cfg(not(target_arch = "wasm32"))]
fn answered(ask: impl FnOnce() -> Option<PathBuf>) -> Result<Option<PathBuf>, NoDialog> {
    let began = std::time::Instant::now();
    match ask() {
        None if began.elapsed() < std::time::Duration::from_millis(300) => Err(NoDialog),
        answer => Ok(answer),
    }
}
