//! Names as Spanish readers sort and search them: a collation key (accents and case
//! do not separate "Óscar" from "Oscar"; ñ is its own letter after n) and a folded
//! form for accent- and case-insensitive search. Pure functions, no locale tables;
//! beside the rules core, it uses nothing of the domain.

use std::cmp::Ordering;

/// The primary letter of a character: lower case, accents removed, ñ kept apart
/// (`None` for ñ, which sorts after every n and before o).
fn base(c: char) -> Option<char> {
    let c = c.to_lowercase().next().unwrap_or(c);
    Some(match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ý' | 'ÿ' => 'y',
        'ñ' => return None,
        '·' => '.',
        other => other,
    })
}

/// The key a name sorts by, the Spanish way: first by letters ignoring accents and
/// case (ñ after n), then accents (plain before accented), then case (lower before
/// upper), then the text itself. Equal keys mean identical names.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct CollationKey {
    primary: String,
    accents: String,
    /// Per character: upper case (lower case sorts first).
    case: Vec<bool>,
    raw: String,
}

/// The collation key of a name (surrounding blanks ignored).
pub fn collation_key(name: &str) -> CollationKey {
    let name = name.trim();
    let mut primary = String::with_capacity(name.len() + 2);
    for c in name.chars() {
        match base(c) {
            Some(b) => primary.push(b),
            // "n" then the highest character: after every "n…", before "o".
            None => {
                primary.push('n');
                primary.push(char::MAX);
            }
        }
    }
    CollationKey {
        primary,
        accents: name.to_lowercase(),
        case: name.chars().map(char::is_uppercase).collect(),
        raw: name.to_owned(),
    }
}

/// Compares two names the Spanish way.
pub fn compare(a: &str, b: &str) -> Ordering {
    collation_key(a).cmp(&collation_key(b))
}

/// Sorts items by a name, the Spanish way; equal names keep their order.
pub fn sort_by_name<T>(items: &mut [T], name: impl Fn(&T) -> &str) {
    // `sort_by_cached_key` is stable: ties keep the order they came in.
    items.sort_by_cached_key(|x| collation_key(name(x)));
}

/// A name folded for search: lower case, without accents (ñ becomes n), blanks
/// collapsed. "Óscar  Núñez" and "oscar nunez" fold to the same text.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().map(|c| base(c).unwrap_or('n')));
    }
    out
}

/// The key two spellings of one name share: accents, case, commas and word order
/// ignored ("Nieto, Andrés" and "andres nieto" are one key).
pub fn name_key(name: &str) -> String {
    let folded = fold(&name.replace(',', " "));
    let mut words: Vec<&str> = folded.split_whitespace().collect();
    words.sort_unstable();
    words.join(" ")
}

/// How close a name is to the one typed, closest first: the same words (0), the same
/// letters but for accents and case (1), the same name in another word order (2), or
/// only holding the words typed (3). "María José Soler" typed finds her own spelling
/// before "Maria Jose Soler".
pub fn closeness(name: &str, typed: &str) -> u8 {
    if name.split_whitespace().eq(typed.split_whitespace()) {
        0
    } else if fold(name) == fold(typed) {
        1
    } else if name_key(name) == name_key(typed) {
        2
    } else {
        3
    }
}

/// Whether a name matches a search: every word of the query appears in the name,
/// ignoring accents and case. An empty query matches nothing.
pub fn matches(name: &str, query: &str) -> bool {
    let name = fold(name);
    let words: Vec<String> = query.split_whitespace().map(fold).collect();
    !words.is_empty() && words.iter().all(|w| name.contains(w.as_str()))
}

/// Whether a thing known by several names (a pair: its own name and each player's)
/// matches a search: every word of the query appears in one of the names, each word
/// in any of them, ignoring accents and case. An empty query matches nothing.
pub fn matches_any<'a>(names: impl IntoIterator<Item = &'a str>, query: &str) -> bool {
    let names: Vec<String> = names.into_iter().map(fold).collect();
    let words: Vec<String> = query.split_whitespace().map(fold).collect();
    !words.is_empty()
        && words
            .iter()
            .all(|w| names.iter().any(|n| n.contains(w.as_str())))
}

/// Given names that are all but never surnames: after a first given name they make
/// a compound one ("María José", "José Luis", "Josep Maria", "Maria Dolors").
const SECOND_GIVEN: [&str; 31] = [
    "alberto",
    "angel",
    "angeles",
    "antonio",
    "carles",
    "carlos",
    "carmen",
    "concepcion",
    "consuelo",
    "cristina",
    "dolores",
    "dolors",
    "elena",
    "enrique",
    "eugenia",
    "francisco",
    "ignacio",
    "isabel",
    "javier",
    "jesus",
    "jose",
    "josep",
    "luis",
    "luisa",
    "manuel",
    "maria",
    "mercedes",
    "montserrat",
    "pilar",
    "rosario",
    "teresa",
];

/// Given names that follow a particle only ("María del Mar").
const AFTER_PARTICLE: [&str; 2] = ["mar", "rocio"];

/// The small words inside a compound given name ("María de los Ángeles").
const GIVEN_PARTICLES: [&str; 5] = ["de", "del", "la", "las", "los"];

/// A name split into its given name and its surnames: "Martínez Ruiz, Ana" at the
/// comma; otherwise the first word, and with it the given names that make a compound
/// one ("María José Soler" → "María José", "Soler"; "María del Carmen Ruiz" → "María
/// del Carmen", "Ruiz"), always leaving at least one word for the surnames. A name of
/// one word is all given name.
pub fn given_and_surnames(name: &str) -> (String, String) {
    if let Some((surnames, given)) = name.split_once(',') {
        return (given.trim().to_owned(), surnames.trim().to_owned());
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let mut given = words.len().min(1);
    loop {
        let mut next = given;
        while next < words.len() && GIVEN_PARTICLES.contains(&fold(words[next]).as_str()) {
            next += 1;
        }
        let Some(word) = words.get(next) else { break };
        let word = fold(word);
        let after_particle = next > given;
        let is_given = SECOND_GIVEN.contains(&word.as_str())
            || (after_particle && AFTER_PARTICLE.contains(&word.as_str()));
        if !is_given || next + 1 >= words.len() || next - given > 2 {
            break;
        }
        given = next + 1;
    }
    (words[..given].join(" "), words[given..].join(" "))
}

/// "Ana Martínez Ruiz" → "Ana M."; "Martínez, Ana" → "Ana M."; "María José Soler" →
/// "María José S."; one word stays whole.
pub fn initials(name: &str) -> String {
    let (given, surnames) = given_and_surnames(name);
    match surnames.chars().next() {
        Some(c) if !given.is_empty() => format!("{given} {c}."),
        _ => name.trim().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sorted(names: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        sort_by_name(&mut v, |s| s.as_str());
        v
    }

    #[test]
    fn an_accented_name_sorts_beside_its_plain_spelling_not_last() {
        assert_eq!(
            sorted(&["Pedro", "Óscar", "Zoe", "Oscar", "Ana"]),
            ["Ana", "Oscar", "Óscar", "Pedro", "Zoe"]
        );
    }

    #[test]
    fn enye_is_a_letter_after_n_and_before_o() {
        assert_eq!(compare("Nuño", "Ñaki"), Ordering::Less);
        assert_eq!(compare("nana", "ñame"), Ordering::Less);
        assert_eq!(compare("nzzz", "ña"), Ordering::Less);
        assert_eq!(compare("Ñu", "Oca"), Ordering::Less);
        // Third letter ñ against r: ñ comes first, as in the dictionary.
        assert_eq!(compare("Núñez", "Nuria"), Ordering::Less);
        assert_eq!(
            sorted(&["Ñaki", "Nuria", "Olga", "Núñez", "Nuño"]),
            ["Núñez", "Nuño", "Nuria", "Ñaki", "Olga"]
        );
    }

    #[test]
    fn case_does_not_separate_names() {
        assert_eq!(
            sorted(&["beatriz", "Carlos", "alba"]),
            ["alba", "beatriz", "Carlos"]
        );
        assert_eq!(compare("ana", "Ana"), Ordering::Less);
    }

    #[test]
    fn equal_names_keep_their_order() {
        let mut v = vec![("Ana", 1), ("Berta", 2), ("Ana", 3)];
        sort_by_name(&mut v, |x| x.0);
        assert_eq!(v, [("Ana", 1), ("Ana", 3), ("Berta", 2)]);
    }

    #[test]
    fn a_search_finds_accented_names_typed_without_accents() {
        assert!(matches("Óscar Pérez", "oscar"));
        assert!(matches("Óscar Pérez", "PEREZ osc"));
        assert!(matches("Antonio Núñez", "nunez"));
        assert!(!matches("Óscar Pérez", "oscar lopez"));
        assert!(!matches("Óscar Pérez", "   "));
        assert_eq!(fold("  Òscar   Ñúñez "), "oscar nunez");
    }

    #[test]
    fn each_word_of_a_search_may_be_found_in_any_of_several_names() {
        let pair = ["Peña – Muñoz", "Gloria Peña", "Héctor Muñoz"];
        assert!(matches_any(pair, "MUNOZ gloria"));
        assert!(matches_any(pair, "glo hect"));
        assert!(!matches_any(pair, "gloria lopez"));
        assert!(!matches_any(pair, " "));
    }

    #[test]
    fn initials_keep_the_given_name_and_the_first_letter_of_the_surnames() {
        assert_eq!(initials("Ana Martínez Ruiz"), "Ana M.");
        assert_eq!(initials("Martínez, Ana"), "Ana M.");
        assert_eq!(initials("Ana"), "Ana");
        assert_eq!(initials("Óscar Álvarez"), "Óscar Á.");
        assert_eq!(initials("María José Soler"), "María José S.");
    }

    #[test]
    fn the_name_spelt_as_typed_is_closer_than_the_same_name_without_its_accents() {
        let typed = "María José  Soler";
        assert_eq!(closeness("María José Soler", typed), 0);
        assert_eq!(closeness("Maria Jose Soler", typed), 1);
        assert_eq!(closeness("Soler, María José", typed), 2);
        assert_eq!(closeness("María José Soler Vidal", typed), 3);
    }

    #[test]
    fn a_compound_given_name_stays_whole_and_leaves_the_surnames() {
        let split = given_and_surnames;
        let pair = |g: &str, s: &str| (g.to_owned(), s.to_owned());
        assert_eq!(split("María José Soler"), pair("María José", "Soler"));
        assert_eq!(
            split("Maria Jose Soler Lanuza"),
            pair("Maria Jose", "Soler Lanuza")
        );
        assert_eq!(split("José Luis Rodríguez"), pair("José Luis", "Rodríguez"));
        assert_eq!(
            split("Josep Maria Puig i Vila"),
            pair("Josep Maria", "Puig i Vila")
        );
        assert_eq!(
            split("María del Carmen Ruiz"),
            pair("María del Carmen", "Ruiz")
        );
        assert_eq!(
            split("María de los Ángeles Gil"),
            pair("María de los Ángeles", "Gil")
        );
        assert_eq!(split("María del Mar Vidal"), pair("María del Mar", "Vidal"));
        // A surname that is also a given name, or one with particles, is a surname.
        assert_eq!(split("Ana Martín Pérez"), pair("Ana", "Martín Pérez"));
        assert_eq!(split("Juan de la Fuente"), pair("Juan", "de la Fuente"));
        assert_eq!(split("Andrés Nieto Ruiz"), pair("Andrés", "Nieto Ruiz"));
        // Always a word left for the surnames; the comma says it outright.
        assert_eq!(split("Luis Enrique"), pair("Luis", "Enrique"));
        assert_eq!(split("Soler, María José"), pair("María José", "Soler"));
        assert_eq!(split("Ana"), pair("Ana", ""));
        assert_eq!(split(""), pair("", ""));
    }

    proptest! {
        #[test]
        fn the_order_is_total_and_consistent(a in "\\PC{0,8}", b in "\\PC{0,8}", c in "\\PC{0,8}") {
            let (ka, kb, kc) = (collation_key(&a), collation_key(&b), collation_key(&c));
            prop_assert_eq!(ka.cmp(&kb), kb.cmp(&ka).reverse());
            if ka <= kb && kb <= kc {
                prop_assert!(ka <= kc);
            }
            prop_assert_eq!(ka == kb, a.trim() == b.trim());
        }

        #[test]
        fn accents_and_case_never_reorder_against_other_names(
            a in "[a-zñ]{1,6}", b in "[a-zñ]{1,6}"
        ) {
            let accent = |s: &str| s.replace('a', "á").replace('o', "Ó").replace('u', "ü");
            let plain = compare(&a, &b);
            if fold(&a) != fold(&b) && !a.contains('ñ') && !b.contains('ñ') {
                prop_assert_eq!(compare(&accent(&a), &b.to_uppercase()), plain);
            }
        }

        #[test]
        fn a_name_always_matches_its_own_folded_words(name in "[A-Za-zÁÉÍÓÚÑáéíóúñ ]{1,20}") {
            if !name.trim().is_empty() {
                prop_assert!(matches(&name, &fold(&name)));
                prop_assert!(matches(&name, &name.to_uppercase()));
            }
        }
    }
}
