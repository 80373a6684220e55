//! The window's widgets, one file each: card tiles, dice with pips, the headquarters board,
//! painted icons. Our own graphics; every widget has an accessible label.

use super::*;

pub(super) mod card;
pub(super) mod die;
pub(super) mod hq;
pub(super) mod icons;
