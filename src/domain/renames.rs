//! A player or an entrant renamed in the stored lists that name her: the seats of a
//! game, the entrants of a bracket (a JSON list of names), the entrants of a
//! championship's file (a JSON document whose `entrants` carry a `name`).

/// Why a rename is refused: the list names the new name already (one person would
/// sit twice at a game, or enter one championship or bracket twice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedTwice;

/// A stored JSON list of names with `from` renamed `to`: `None` when `from` is not in
/// it (or it is not such a list).
pub fn renamed_in(list: &str, from: &str, to: &str) -> Option<Result<String, NamedTwice>> {
    let mut names = serde_json::from_str::<Vec<String>>(list).ok()?;
    if !names.iter().any(|n| n == from) {
        return None;
    }
    if names.iter().any(|n| n == to) {
        return Some(Err(NamedTwice));
    }
    for n in names.iter_mut().filter(|n| *n == from) {
        *n = to.to_owned();
    }
    Some(Ok(
        serde_json::to_string(&names).unwrap_or_else(|_| list.to_owned())
    ))
}

/// A championship's stored file with the entrants named `from` named `to`: `None`
/// when none is named `from` (or it is no such file).
pub fn entrants_renamed(
    document: &str,
    from: &str,
    to: &str,
) -> Option<Result<String, NamedTwice>> {
    let mut doc = serde_json::from_str::<serde_json::Value>(document).ok()?;
    let entrants = doc.get_mut("entrants").and_then(|e| e.as_array_mut())?;
    let named = |e: &serde_json::Value, n: &str| e.get("name").and_then(|x| x.as_str()) == Some(n);
    if !entrants.iter().any(|e| named(e, from)) {
        return None;
    }
    if entrants.iter().any(|e| named(e, to)) {
        return Some(Err(NamedTwice));
    }
    for e in entrants.iter_mut().filter(|e| named(e, from)) {
        e["name"] = serde_json::Value::from(to);
    }
    Some(Ok(doc.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_renames_every_place_of_the_name_and_refuses_a_name_it_has() {
        assert_eq!(
            renamed_in(r#"["Ana","Luis","Ana"]"#, "Ana", "Eva"),
            Some(Ok(r#"["Eva","Luis","Eva"]"#.to_owned()))
        );
        assert_eq!(
            renamed_in(r#"["Ana","Luis"]"#, "Ana", "Luis"),
            Some(Err(NamedTwice))
        );
        assert_eq!(renamed_in(r#"["Luis"]"#, "Ana", "Eva"), None);
        assert_eq!(renamed_in("not a list", "Ana", "Eva"), None);
    }

    #[test]
    fn a_championship_file_renames_its_entrants_and_refuses_one_entered_twice() {
        let doc = r#"{"entrants":[{"id":"a","name":"Ana"},{"id":"b","name":"Luis"}]}"#;
        let renamed = entrants_renamed(doc, "Ana", "Eva").and_then(Result::ok);
        assert!(renamed.is_some_and(|d| d.contains("\"Eva\"") && !d.contains("\"Ana\"")));
        assert_eq!(entrants_renamed(doc, "Ana", "Luis"), Some(Err(NamedTwice)));
        assert_eq!(entrants_renamed(doc, "Marta", "Eva"), None);
        assert_eq!(entrants_renamed(r#"{"rounds":[]}"#, "Ana", "Eva"), None);
    }
}
