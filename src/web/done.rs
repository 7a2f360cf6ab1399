//! The short confirmation a page shows after a redirect ("Ronda publicada"): the
//! redirect names what was done in `?hecho=…`, one of a fixed list, and the page shows
//! that list's message in its language. Nothing typed in the URL is ever shown.

use super::Ctx;

/// What a redirect may say was done: its word in `?hecho=` and the message shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Done {
    /// A round published.
    RoundPublished,
    /// A hand written down.
    HandSaved,
    /// A hand corrected.
    HandCorrected,
    /// A hand deleted.
    HandDeleted,
    /// A deleted hand put back.
    HandRestored,
    /// A table's result saved.
    ResultSaved,
    /// A result signed.
    Signed,
    /// A championship imported.
    Imported,
    /// A list of entrants imported.
    EntrantsImported,
    /// A game imported.
    GameImported,
    /// A phase's groups drawn.
    GroupsDrawn,
    /// A circuit's changes saved.
    CircuitSaved,
    /// A circuit deleted.
    CircuitDeleted,
    /// The PIN this browser had typed was changed by the organiser: type the new one.
    PinChanged,
    /// A table's PINs changed by the organiser.
    PinsRenewed,
    /// A club game's PIN changed by the organiser.
    GamePinRenewed,
    /// A person of the register made for each player without a likely match.
    PeopleMade,
}

impl Done {
    /// Every confirmation a redirect may name.
    const ALL: [Done; 17] = [
        Done::RoundPublished,
        Done::HandSaved,
        Done::HandCorrected,
        Done::HandDeleted,
        Done::HandRestored,
        Done::ResultSaved,
        Done::Signed,
        Done::Imported,
        Done::EntrantsImported,
        Done::GameImported,
        Done::GroupsDrawn,
        Done::CircuitSaved,
        Done::CircuitDeleted,
        Done::PinChanged,
        Done::PinsRenewed,
        Done::GamePinRenewed,
        Done::PeopleMade,
    ];

    /// The word of `?hecho=`.
    pub fn slug(self) -> &'static str {
        match self {
            Done::RoundPublished => "ronda-publicada",
            Done::HandSaved => "mano-anotada",
            Done::HandCorrected => "mano-corregida",
            Done::HandDeleted => "mano-borrada",
            Done::HandRestored => "mano-repuesta",
            Done::ResultSaved => "resultado-guardado",
            Done::Signed => "firmado",
            Done::Imported => "importado",
            Done::EntrantsImported => "inscritos-importados",
            Done::GameImported => "partida-importada",
            Done::GroupsDrawn => "liguillas-sorteadas",
            Done::CircuitSaved => "circuito-guardado",
            Done::CircuitDeleted => "circuito-borrado",
            Done::PinChanged => "pin-cambiado",
            Done::PinsRenewed => "pines-nuevos",
            Done::GamePinRenewed => "pin-nuevo",
            Done::PeopleMade => "personas-creadas",
        }
    }

    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            Done::RoundPublished => "done-round-published",
            Done::HandSaved => "done-hand-saved",
            Done::HandCorrected => "done-hand-corrected",
            Done::HandDeleted => "done-hand-deleted",
            Done::HandRestored => "done-hand-restored",
            Done::ResultSaved => "done-result-saved",
            Done::Signed => "done-signed",
            Done::Imported => "done-imported",
            Done::EntrantsImported => "done-entrants-imported",
            Done::GameImported => "done-game-imported",
            Done::GroupsDrawn => "done-groups-drawn",
            Done::CircuitSaved => "done-circuit-saved",
            Done::CircuitDeleted => "done-circuit-deleted",
            Done::PinChanged => "done-pin-changed",
            Done::PinsRenewed => "done-pins-renewed",
            Done::GamePinRenewed => "done-game-pin-renewed",
            Done::PeopleMade => "done-people-made",
        }
    }
}

/// `path` with `?hecho=what&n=count`: a confirmation that says how many.
pub fn with_done_count(path: &str, what: Done, n: usize) -> String {
    let (base, fragment) = match path.split_once('#') {
        Some((b, f)) => (b, format!("#{f}")),
        None => (path, String::new()),
    };
    let sep = if base.contains('?') { '&' } else { '?' };
    with_done(&format!("{base}{sep}n={n}{fragment}"), what)
}

/// The count of a confirmation (`n=`, digits only, at most a million).
fn done_count(query: &str) -> Option<usize> {
    query
        .split('&')
        .filter_map(|pair| pair.strip_prefix("n="))
        .find_map(|v| v.parse::<usize>().ok().filter(|n| *n <= 1_000_000))
}

/// `path` with `?hecho=what` (or `&hecho=what`) added before any `#fragment`.
pub fn with_done(path: &str, what: Done) -> String {
    let (base, fragment) = match path.split_once('#') {
        Some((b, f)) => (b, format!("#{f}")),
        None => (path, String::new()),
    };
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}hecho={}{fragment}", what.slug())
}

/// The confirmation the `hecho` value of a query string names, if it is a known one.
fn done_of(query: &str) -> Option<Done> {
    query
        .split('&')
        .filter_map(|pair| pair.strip_prefix("hecho="))
        .find_map(|v| Done::ALL.into_iter().find(|d| d.slug() == v))
}

/// Whether the query string `query` says `what` was done.
pub fn says(query: &str, what: Done) -> bool {
    done_of(query) == Some(what)
}

impl Ctx {
    /// The confirmation of what the previous request did, in the page's language.
    pub fn done(&self) -> Option<String> {
        self.done_as(|key| self.t(key))
    }

    /// The confirmation of what the previous request did, with `words` giving the
    /// words of a message without a count (a page that words its sides its own way).
    pub fn done_as(&self, words: impl Fn(&str) -> String) -> Option<String> {
        let (_, query) = self.path.split_once('?')?;
        let key = done_of(query)?.key();
        Some(match done_count(query) {
            Some(n) => crate::web::i18n::tr_count(self.lang, key, n, &[]),
            None => words(key),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_redirect_keeps_its_fragment_after_the_confirmation() {
        assert_eq!(
            with_done("/campeonatos/3/direccion#ronda-2", Done::RoundPublished),
            "/campeonatos/3/direccion?hecho=ronda-publicada#ronda-2"
        );
        assert_eq!(with_done("/x?a=1", Done::Signed), "/x?a=1&hecho=firmado");
    }

    #[test]
    fn a_confirmation_with_a_count_keeps_the_path_query_and_fragment() {
        assert_eq!(
            with_done_count(
                "/campeonatos/3/direccion#inscritos",
                Done::EntrantsImported,
                8
            ),
            "/campeonatos/3/direccion?n=8&hecho=inscritos-importados#inscritos"
        );
        assert_eq!(
            with_done_count("/x?a=1", Done::GameImported, 2),
            "/x?a=1&n=2&hecho=partida-importada"
        );
        assert_eq!(done_count("n=8&hecho=inscritos-importados"), Some(8));
        assert_eq!(done_count("n=%3Cb%3E"), None);
    }

    #[test]
    fn only_known_confirmations_are_shown() {
        assert_eq!(done_of("hecho=firmado"), Some(Done::Signed));
        assert_eq!(
            done_of("pagina=2&hecho=mano-anotada").map(Done::key),
            Some("done-hand-saved")
        );
        assert_eq!(done_of("hecho=%3Cscript%3E"), None);
        assert_eq!(done_of("hecho=Hola"), None);
        assert_eq!(done_of("x=1"), None);
    }
}
