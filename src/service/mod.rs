//! The workflows that change several things at once, between the pages and the CLI
//! above and the store below: each runs in one transaction over the store's queries,
//! applies the domain's rules, and returns a typed outcome that its caller turns into
//! a page or a message. It imports `db` and `domain`; `web` and `cli` import it.

pub mod account;
pub mod bracket;
pub mod bracket_results;
pub mod championship;
pub mod circuit;
pub mod club;
pub mod demo;
pub mod demo_bracket;
pub mod demo_games;
pub mod demo_lloret;
pub mod demo_repesca;
pub mod demo_tables;
pub mod game;
pub mod licences;
pub mod people;
pub mod person_merge;
pub mod register;
pub mod throttle;

/// The time now, to the second (UTC): when a change is stamped.
pub fn now() -> chrono::NaiveDateTime {
    use chrono::SubsecRound;
    chrono::Utc::now().naive_utc().trunc_subsecs(0)
}

/// Random bytes as lower-case hex.
pub fn random_hex(bytes: usize) -> Result<String, crate::error::AppError> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf)
        .map_err(|e| crate::error::AppError::Internal(anyhow::anyhow!("random: {e}")))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}
