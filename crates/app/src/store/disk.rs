//! Where the store's files live: the computer's disk, or in a browser (issue 95) its local
//! storage, each file a key named by its path, a folder the keys under it. Only this module
//! knows which.

use std::io;
use std::path::{Path, PathBuf};

/// A file: its path, and when it was last written (seconds since 1970; 0 when unknown).
pub struct Listed {
    pub path: PathBuf,
    pub modified: u64,
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::Listed;
    use std::fs;
    use std::io::{self, Write};
    use std::path::Path;

    pub fn read_to_string(path: &Path) -> io::Result<String> {
        fs::read_to_string(path)
    }

    /// A temporary file of its own in the same folder (two writers never share one),
    /// readable by this user only, synced, renamed over `path`, and the folder synced.
    pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        fs::create_dir_all(dir)?;
        // tempfile makes it with mode 0600 and a name no other writer has.
        let mut f = tempfile::Builder::new()
            .prefix(".foreman-")
            .suffix(".tmp")
            .tempfile_in(dir)?;
        f.write_all(bytes)?;
        f.as_file().sync_all()?;
        f.persist(path).map_err(|e| e.error)?;
        // The rename itself is durable once the folder is synced.
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    }

    pub fn create_dir_all(dir: &Path) -> io::Result<()> {
        fs::create_dir_all(dir)
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        fs::rename(from, to)
    }

    pub fn exists(path: &Path) -> bool {
        path.exists()
    }

    pub fn list(dir: &Path) -> io::Result<Vec<Listed>> {
        Ok(fs::read_dir(dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .map(|path| {
                let modified = fs::metadata(&path)
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_secs());
                Listed { path, modified }
            })
            .collect())
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::Listed;
    use std::io;
    use std::path::Path;

    /// The page's local storage, or why there is none (a private window may refuse it).
    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("this browser keeps nothing for this page"))
    }

    fn key(path: &Path) -> String {
        format!("foreman:{}", path.to_string_lossy())
    }

    pub fn read_to_string(path: &Path) -> io::Result<String> {
        storage()?
            .get_item(&key(path))
            .ok()
            .flatten()
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
    }

    /// One key set at once: the browser never keeps half of it.
    pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let text =
            std::str::from_utf8(bytes).map_err(|_| io::Error::from(io::ErrorKind::InvalidData))?;
        storage()?
            .set_item(&key(path), text)
            .map_err(|_| io::Error::from(io::ErrorKind::StorageFull))
    }

    pub fn create_dir_all(_dir: &Path) -> io::Result<()> {
        Ok(())
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let text = read_to_string(from)?;
        write_atomic(to, text.as_bytes())?;
        storage()?
            .remove_item(&key(from))
            .map_err(|_| io::Error::other("the browser refused"))
    }

    pub fn exists(path: &Path) -> bool {
        read_to_string(path).is_ok()
    }

    pub fn list(dir: &Path) -> io::Result<Vec<Listed>> {
        let s = storage()?;
        let prefix = format!("{}/", key(dir));
        let n = s.length().unwrap_or(0);
        let mut out = Vec::new();
        for i in 0..n {
            let Some(k) = s.key(i).ok().flatten() else {
                continue;
            };
            if let Some(name) = k.strip_prefix(&prefix)
                && !name.contains('/')
            {
                out.push(Listed {
                    path: dir.join(name),
                    modified: 0,
                });
            }
        }
        Ok(out)
    }
}

pub use imp::{create_dir_all, exists, list, read_to_string, rename};

/// Writes `bytes` to `path` so that a crash never leaves a partial file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    imp::write_atomic(path, bytes)
}
