//! A championship's store: its rows and document (`store`: create, load, change, draw
//! a round's pairings), its tables and their games (`tables`: open a table's game,
//! write a table's result, confirm it, export and import the championship), and its
//! settings.

pub mod liguilla;
pub mod settings;
pub mod store;
pub mod tables;
