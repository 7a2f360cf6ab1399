//! A championship's workflows: its creation and import ([`create`]), the changes to
//! its document ([`document`]: change, publish a round, record or propose a table's
//! result) and the workflows over its tables ([`tables`]: draw a round, sync a table
//! after a change to its game, confirm, correct, open a knockout phase), and a
//! repesca played as a liguilla ([`repesca`]), a championship deleted ([`delete`]),
//! and what its stage still allows ([`guards`]).

pub mod create;
pub mod delete;
pub mod document;
pub mod guards;
pub mod repesca;
pub mod tables;

pub use create::{create, import};
pub use delete::delete;
pub use document::{Audit, change, propose_result, publish_round, record_result};
pub use guards::before_knockout;
pub use tables::*;
