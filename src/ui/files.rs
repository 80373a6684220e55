//! The system's file dialogs (rfd: the desktop portal, no binary downloaded). Where none can
//! open (no portal, no desktop), they return nothing and the typed path is used instead.

use std::path::{Path, PathBuf};

/// Asks where to save, starting from `typed` (its folder and name).
pub fn save_dialog(typed: &str) -> Option<PathBuf> {
    let typed = Path::new(typed.trim());
    let mut d = rfd::FileDialog::new().add_filter("Foreman", &["json"]);
    if let Some(dir) = typed.parent().filter(|d| d.is_dir()) {
        d = d.set_directory(dir);
    }
    if let Some(name) = typed.file_name().and_then(|n| n.to_str()) {
        d = d.set_file_name(name);
    }
    d.save_file()
}

/// Asks which saved game to open.
pub fn open_dialog() -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter("Foreman", &["json"])
        .pick_file()
}
