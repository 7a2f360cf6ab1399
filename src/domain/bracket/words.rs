//! Why a bracket refuses something, in Spanish, Catalan and English, as a tournament
//! director or referee reads it out: a match named by its number (the number of the
//! table it is played at), never an index or an entrant's internal number.

use super::{BracketError, MAX_ENTRANTS, MatchId};
use crate::domain::lang::{Lang, tr};

impl BracketError {
    /// The match the refusal is about, if it is about one.
    pub fn match_id(&self) -> Option<MatchId> {
        match self {
            BracketError::UnknownMatch(m)
            | BracketError::NotReady(m)
            | BracketError::AlreadyPlayed(m)
            | BracketError::NotPlayed(m)
            | BracketError::NotInMatch(m, _)
            | BracketError::Draw(m)
            | BracketError::ScoreContradictsWinner(m) => Some(*m),
            BracketError::NoEntrants
            | BracketError::TooManyEntrants(_)
            | BracketError::DuplicateEntrant(_)
            | BracketError::GroupTooSmall { .. }
            | BracketError::TooFewToQualify { .. }
            | BracketError::Invalid(_) => None,
        }
    }

    /// What is wrong in `lang`, after the match it is about: "partido 3: ya tiene
    /// resultado; hay que corregirlo".
    pub fn words(&self, lang: Lang) -> String {
        let why = self.why(lang);
        match self.match_id() {
            Some(m) => {
                let n = m.0 + 1;
                let at = tr!(lang, "partido {n}", "partit {n}", "match {n}");
                format!("{at}: {why}")
            }
            None => why,
        }
    }

    /// [`words`](BracketError::words) in the knockout phase named `phase`: "Fase
    /// final, partido 3: ya tiene resultado; hay que corregirlo".
    pub fn words_in(&self, phase: &str, lang: Lang) -> String {
        let said = self.words(lang);
        match (phase.trim(), self.match_id()) {
            ("", _) => said,
            (phase, Some(_)) => format!("{phase}, {said}"),
            (phase, None) => format!("{phase}: {said}"),
        }
    }

    /// What is wrong in `lang`, without the place.
    fn why(&self, lang: Lang) -> String {
        match self {
            BracketError::NoEntrants => tr!(
                lang,
                "un cuadro necesita al menos un participante",
                "un quadre necessita almenys un participant",
                "a bracket needs at least one entrant"
            ),
            BracketError::TooManyEntrants(n) => tr!(
                lang,
                "{n} participantes: un cuadro admite como mucho {MAX_ENTRANTS}",
                "{n} participants: un quadre n'admet com a molt {MAX_ENTRANTS}",
                "{n} entrants: a bracket takes at most {MAX_ENTRANTS}"
            ),
            BracketError::DuplicateEntrant(_) => tr!(
                lang,
                "un participante está dos veces en el cuadro",
                "un participant és dues vegades al quadre",
                "an entrant is in the bracket twice"
            ),
            BracketError::UnknownMatch(_) => tr!(
                lang,
                "el cuadro no tiene este partido",
                "el quadre no té aquest partit",
                "the bracket has no such match"
            ),
            BracketError::NotReady(_) => tr!(
                lang,
                "aún no se puede jugar",
                "encara no es pot jugar",
                "it cannot be played yet"
            ),
            BracketError::AlreadyPlayed(_) => tr!(
                lang,
                "ya tiene resultado; hay que corregirlo",
                "ja té resultat; cal corregir-lo",
                "it already has a result; correct it instead"
            ),
            BracketError::NotPlayed(_) => tr!(
                lang,
                "no tiene resultado que corregir",
                "no té cap resultat per corregir",
                "it has no result to correct"
            ),
            BracketError::NotInMatch(..) => tr!(
                lang,
                "el ganador no juega este partido",
                "el guanyador no juga aquest partit",
                "the winner does not play this match"
            ),
            BracketError::Draw(_) => tr!(
                lang,
                "en un cuadro no hay empates; alguien tiene que ganar",
                "en un quadre no hi ha empats; algú ha de guanyar",
                "a bracket match cannot be drawn; somebody has to win"
            ),
            BracketError::ScoreContradictsWinner(_) => tr!(
                lang,
                "el tanteo dice que ganó el otro",
                "el marcador diu que va guanyar l'altre",
                "the score says the other side won"
            ),
            BracketError::GroupTooSmall { group, size } => {
                let group = group + 1;
                tr!(
                    lang,
                    "el grupo {group} tiene {size} participantes, menos de los que se clasifican",
                    "el grup {group} té {size} participants, menys dels que es classifiquen",
                    "group {group} has {size} entrants, fewer than qualify from it"
                )
            }
            BracketError::TooFewToQualify { can, takes } => tr!(
                lang,
                "la fase pide {takes} clasificados y solo pueden clasificarse {can}",
                "la fase demana {takes} classificats i només se'n poden classificar {can}",
                "the phase takes {takes} qualifiers and only {can} can qualify"
            ),
            BracketError::Invalid(why) => tr!(
                lang,
                "el cuadro no es válido",
                "el quadre no és vàlid",
                "invalid bracket: {why}"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::bracket::EntrantId;

    #[test]
    fn a_refused_match_is_named_by_its_table_number_in_each_language() {
        let e = BracketError::AlreadyPlayed(MatchId(2));
        assert_eq!(
            e.words_in("Fase final", Lang::Es),
            "Fase final, partido 3: ya tiene resultado; hay que corregirlo"
        );
        assert_eq!(
            e.words_in("Fase final", Lang::Ca),
            "Fase final, partit 3: ja té resultat; cal corregir-lo"
        );
        assert_eq!(
            e.words(Lang::En),
            "match 3: it already has a result; correct it instead"
        );
    }

    #[test]
    fn a_refusal_of_no_match_names_the_phase_alone_and_no_internal_number() {
        let e = BracketError::DuplicateEntrant(EntrantId(7));
        let said = e.words_in("Cuadro B", Lang::Es);
        assert_eq!(
            said,
            "Cuadro B: un participante está dos veces en el cuadro"
        );
        assert!(!said.contains('7'), "{said}");
        assert_eq!(
            BracketError::GroupTooSmall { group: 0, size: 2 }.words(Lang::Es),
            "el grupo 1 tiene 2 participantes, menos de los que se clasifican"
        );
    }

    #[test]
    fn an_inconsistent_bracket_keeps_its_english_detail_out_of_spanish_and_catalan() {
        let e = BracketError::Invalid("match 3 has id #4".into());
        assert_eq!(e.words(Lang::Es), "el cuadro no es válido");
        assert_eq!(e.words(Lang::Ca), "el quadre no és vàlid");
        assert_eq!(e.words(Lang::En), "invalid bracket: match 3 has id #4");
    }
}
