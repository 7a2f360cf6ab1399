//! One module per game. Each provides its options table (`OPTIONS`), its deal spec, a
//! state machine implementing [`crate::domain::engine::GameState`] and a `rule`
//! function turning a [`crate::domain::record::HandRecord`] into a
//! [`crate::domain::ruling::Ruling`]. Tute, guiñote, botifarra and cinquillo plug in here
//! (and in `GameKind::is_supported`, `options::specs` and `domain::try_rule`).

pub mod botifarra;
pub mod cinquillo;
pub mod cuatrola;
pub mod guinote;
pub mod trick_hand;
pub mod tute;
pub mod tute_family;
