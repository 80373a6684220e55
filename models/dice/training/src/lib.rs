//! How Foreman's dice reader is made and measured; the program does not carry it.
//!
//! - [`training`]: the detector's and the classifier's samples and losses, drawn afresh each
//!   epoch from labelled photos, crops and made data (`models/dice/training/examples/dice_train/` runs it);
//! - [`sources`]: the nine labelled sources as folders are laid out, the splits (held back,
//!   validation, a source left out), and the harness's scoring ([`sources::Tally`]);
//! - [`synthetic`], [`render`]: made pictures, from drawn dice and backgrounds to rendered dice
//!   seen aslant;
//! - [`model_dir`]: a model's folder as the trainer writes it (its weights as safetensors);
//!
//! What reads a picture, and what learns the player's table at the table, lives in
//! `foreman_vision`.

pub mod model_dir;
pub mod render;
pub mod sources;
pub mod synthetic;
pub mod training;

/// The repository's root folder (the trials in `examples/` read its `tests/data` and
/// `models/dice` from there, wherever they are run from).
pub fn repository() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}
