//! The short confirmation a page shows after a redirect ("Ronda publicada"): the
//! redirect names what was done in `?hecho=…`, one of a fixed list, and the page shows
//! that list's message in its language. Nothing typed in the URL is ever shown.

use super::Ctx;

/// What a redirect may say was done, and the message shown for it.
const DONE: &[(&str, &str)] = &[
    ("ronda-publicada", "done-round-published"),
    ("mano-anotada", "done-hand-saved"),
    ("mano-corregida", "done-hand-corrected"),
    ("mano-borrada", "done-hand-deleted"),
    ("mano-repuesta", "done-hand-restored"),
    ("resultado-guardado", "done-result-saved"),
    ("firmado", "done-signed"),
    ("importado", "done-imported"),
    ("inscritos-importados", "done-entrants-imported"),
    ("partida-importada", "done-game-imported"),
    ("liguillas-sorteadas", "done-groups-drawn"),
];

/// `path` with `?hecho=what&n=count`: a confirmation that says how many.
pub fn with_done_count(path: &str, what: &str, n: usize) -> String {
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
pub fn with_done(path: &str, what: &str) -> String {
    debug_assert!(DONE.iter().any(|(k, _)| *k == what));
    let (base, fragment) = match path.split_once('#') {
        Some((b, f)) => (b, format!("#{f}")),
        None => (path, String::new()),
    };
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}hecho={what}{fragment}")
}

/// The message key for the `hecho` value of a query string, if it is a known one.
fn done_key(query: &str) -> Option<&'static str> {
    query
        .split('&')
        .filter_map(|pair| pair.strip_prefix("hecho="))
        .find_map(|v| DONE.iter().find(|(k, _)| *k == v).map(|(_, m)| *m))
}

impl Ctx {
    /// The confirmation of what the previous request did, in the page's language.
    pub fn done(&self) -> Option<String> {
        let (_, query) = self.path.split_once('?')?;
        let key = done_key(query)?;
        Some(match done_count(query) {
            Some(n) => crate::web::i18n::tr_count(self.lang, key, n, &[]),
            None => self.t(key),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_redirect_keeps_its_fragment_after_the_confirmation() {
        assert_eq!(
            with_done("/campeonatos/3/direccion#ronda-2", "ronda-publicada"),
            "/campeonatos/3/direccion?hecho=ronda-publicada#ronda-2"
        );
        assert_eq!(with_done("/x?a=1", "firmado"), "/x?a=1&hecho=firmado");
    }

    #[test]
    fn a_confirmation_with_a_count_keeps_the_path_query_and_fragment() {
        assert_eq!(
            with_done_count(
                "/campeonatos/3/direccion#inscritos",
                "inscritos-importados",
                8
            ),
            "/campeonatos/3/direccion?n=8&hecho=inscritos-importados#inscritos"
        );
        assert_eq!(
            with_done_count("/x?a=1", "partida-importada", 2),
            "/x?a=1&n=2&hecho=partida-importada"
        );
        assert_eq!(done_count("n=8&hecho=inscritos-importados"), Some(8));
        assert_eq!(done_count("n=%3Cb%3E"), None);
    }

    #[test]
    fn only_known_confirmations_are_shown() {
        assert_eq!(done_key("hecho=firmado"), Some("done-signed"));
        assert_eq!(
            done_key("pagina=2&hecho=mano-anotada"),
            Some("done-hand-saved")
        );
        assert_eq!(done_key("hecho=%3Cscript%3E"), None);
        assert_eq!(done_key("hecho=Hola"), None);
        assert_eq!(done_key("x=1"), None);
    }
}
