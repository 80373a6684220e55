//! A model's folder, as `models/dice/training/examples/dice_train/` writes it and `models/dice/` holds it: the
//! detector's and the classifier's weights as safetensors (`cnn::Net::to_bytes`). A folder
//! written before the weights were safetensors holds them as `detector.bin` and
//! `classifier.bin` (FNET bytes, which `cnn::Net::from_bytes` still reads).

use foreman_vision::cnn::NetError;
use foreman_vision::learned::Model;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The detector's weights in a model's folder.
pub const DETECTOR: &str = "detector.safetensors";
/// The classifier's weights in a model's folder.
pub const CLASSIFIER: &str = "classifier.safetensors";

/// Why a model's folder does not read.
#[derive(Debug, Error)]
pub enum ModelDirError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the model in {}: {source}", dir.display())]
    Model { dir: PathBuf, source: NetError },
}

/// The file of the net `net` (`"detector"` or `"classifier"`) in the model's folder `dir`:
/// `NET.safetensors`, or `NET.bin` in a folder that has only that.
pub fn weights_file(dir: impl AsRef<Path>, net: &str) -> PathBuf {
    let dir = dir.as_ref();
    let now = dir.join(format!("{net}.safetensors"));
    let before = dir.join(format!("{net}.bin"));
    if !now.exists() && before.exists() {
        before
    } else {
        now
    }
}

/// The model in the folder `dir` (its [`weights_file`]s).
pub fn read_model(dir: impl AsRef<Path>) -> Result<Model, ModelDirError> {
    let dir = dir.as_ref();
    let read = |net| {
        let path = weights_file(dir, net);
        std::fs::read(&path).map_err(|source| ModelDirError::Read { path, source })
    };
    Model::from_bytes(&read("detector")?, &read("classifier")?).map_err(|source| {
        ModelDirError::Model {
            dir: dir.to_path_buf(),
            source,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder written now is read from its safetensors; one written before from its FNET
    /// files (the model trained without the casino crops, kept as it was written); a folder
    /// with neither is an error that names the safetensors file.
    #[test]
    fn a_models_folder_of_either_format_reads() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
        let shipped = root.join("models/dice");
        assert_eq!(weights_file(&shipped, "detector"), shipped.join(DETECTOR));
        assert_eq!(
            weights_file(&shipped, "classifier"),
            shipped.join(CLASSIFIER)
        );
        let model = read_model(&shipped).expect("the shipped folder");
        let built_in = Model::shipped().expect("the shipped model");
        assert_eq!(model.detector, built_in.detector);
        assert_eq!(model.classifier, built_in.classifier);
        let before = root.join("tests/data/dice-models/casino-left-out");
        assert_eq!(
            weights_file(&before, "detector"),
            before.join("detector.bin")
        );
        let old = read_model(&before).expect("a folder of FNET files");
        assert_eq!(old.classifier.shape(), built_in.classifier.shape());
        assert_ne!(old.classifier, built_in.classifier);
        let e = read_model("no such folder").expect_err("no model");
        assert!(e.to_string().contains(DETECTOR), "{e}");
    }
}
