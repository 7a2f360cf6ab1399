//! Plain data: words people read instead of internal ids, that is a rule's name, a
//! ruling field's name, the docs/rules.md source in the reader's language, and seats
//! numbered 1–4 and named by their player in messages the engine writes with 0-based
//! seats (the public JSON keeps 0-based seats), and why a file or a hand record does
//! not read. Uses `lang`, `kind`, `record_error` and `ruling`.

use crate::domain::cards::{Card, Rank};
use crate::domain::kind::GameKind;
use crate::domain::lang::{Lang, capitalized, tr};
use crate::domain::record_error::{FieldProblem, JsonFault, RecordError, RecordField};
use crate::domain::ruling::RuleId;

/// A rule's name in `lang`; rule terms (renuncio, cante, tute) stay Spanish.
pub fn rule_name(rule: RuleId, lang: Lang) -> &'static str {
    use RuleId::*;
    match rule {
        DealInvalid => lang.pick("reparto no válido", "repartiment no vàlid", "invalid deal"),
        OutOfTurn => lang.pick("fuera de turno", "fora de torn", "out of turn"),
        CardNotInHand => lang.pick(
            "carta que no tenía",
            "carta que no tenia",
            "a card the player did not hold",
        ),
        MustFollowSuit => lang.pick(
            "renuncio: no asistió al palo de salida",
            "renuncio: no va seguir el pal de sortida",
            "renuncio: did not follow the suit led",
        ),
        MustBeat => lang.pick(
            "renuncio: no montó la carta ganadora",
            "renuncio: no va superar la carta guanyadora",
            "renuncio: did not beat the winning card",
        ),
        MustTrump => lang.pick(
            "renuncio: no falló con triunfo",
            "renuncio: no va fallar amb trumfo",
            "renuncio: did not trump",
        ),
        MustOvertrump => lang.pick(
            "renuncio: no montó el triunfo",
            "renuncio: no va superar el trumfo",
            "renuncio: did not overtrump",
        ),
        IllegalBid => lang.pick(
            "apuesta no permitida",
            "aposta no permesa",
            "bid not allowed",
        ),
        IllegalTrump => lang.pick(
            "elección de triunfo no permitida",
            "elecció de trumfo no permesa",
            "trump choice not allowed",
        ),
        IllegalDouble => lang.pick(
            "contro, recontro o Sant Vicenç no permitido",
            "contro, recontro o Sant Vicenç no permès",
            "contro, recontro or Sant Vicenç not allowed",
        ),
        IllegalCante => lang.pick("cante no permitido", "cante no permès", "cante not allowed"),
        IllegalTute => lang.pick("tute no permitido", "tute no permès", "tute not allowed"),
        IllegalExchange => lang.pick(
            "cambio del siete no permitido",
            "canvi del set no permès",
            "exchange of the seven not allowed",
        ),
        IllegalPass => lang.pick("paso no permitido", "passar no permès", "pass not allowed"),
        IllegalPlacement => lang.pick(
            "carta mal colocada",
            "carta mal col·locada",
            "card placed where it may not go",
        ),
        FalseClaim => lang.pick(
            "pidió las 101 sin tenerlas",
            "va demanar les 101 sense tenir-les",
            "claimed 101 without having them",
        ),
        UnknownEvent => lang.pick(
            "jugada no reconocida",
            "jugada no reconeguda",
            "unrecognised event",
        ),
    }
}

/// A ruling field (`points`, `hand_points`) in words.
pub fn field_name(field: &str, lang: Lang) -> String {
    match field {
        "points" => lang.pick("puntos", "punts", "card points").to_owned(),
        "hand_points" => lang
            .pick("tantos de la mano", "punts de la mà", "hand score")
            .to_owned(),
        other => other.replace('_', " "),
    }
}

/// A declared or computed value of a ruling field, as people write it (`56 – 74`).
pub fn field_value(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Array(items) => items
            .iter()
            .map(field_value)
            .collect::<Vec<_>>()
            .join(" – "),
        serde_json::Value::Null => "—".to_owned(),
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Where a rule comes from (`docs/rules.md §1.6 and §3.4`) in the reader's language,
/// after a "source" label: `§1.6 y §3.4`, or the hand record specification.
pub fn source_words(source: &str, lang: Lang) -> String {
    if source.starts_with("docs/hand-record") {
        return lang
            .pick(
                "especificación del registro de mano",
                "especificació del registre de mà",
                "hand record specification",
            )
            .to_owned();
    }
    source
        .trim_start_matches("docs/rules.md ")
        .replace(" and ", lang.pick(" y ", " i ", " and "))
}

/// The word for a seat in `lang`.
pub fn seat_word(lang: Lang) -> &'static str {
    lang.pick("asiento", "seient", "seat")
}

/// A seat (0-based) as people read it: "Ana (asiento 1)", or "asiento 1" unnamed.
pub fn seat_label(seat: u8, lang: Lang, names: &[String]) -> String {
    let n = u32::from(seat) + 1;
    match names
        .get(usize::from(seat))
        .filter(|s| !s.trim().is_empty())
    {
        Some(name) => format!("{} ({} {n})", name.trim(), seat_word(lang)),
        None => format!("{} {n}", seat_word(lang)),
    }
}

/// Rewrites an engine message written with 0-based seats ("el asiento 0", "seat 2's")
/// into seats numbered from 1 and named by their player when known ("Ana (asiento 1)").
/// Apply it once, to text the engine wrote, never to text already numbered from 1.
pub fn name_seats(text: &str, lang: Lang, names: &[String]) -> String {
    let word = lang.pick("asiento", "seient", "seat");
    renumber(text, word, |out, w, seat| {
        let named = names
            .get(usize::from(seat))
            .is_some_and(|n| !n.trim().is_empty());
        let label = seat_label(seat, lang, names);
        if named {
            drop_article(out, lang);
            elide(out, lang, &label);
        }
        // Keep a capital at the start of a sentence when unnamed.
        if !named && w.starts_with(char::is_uppercase) {
            let mut c = label.chars();
            if let Some(first) = c.next() {
                out.extend(first.to_uppercase());
                out.push_str(c.as_str());
            }
        } else {
            out.push_str(&label);
        }
    })
}

/// Rewrites an engine message's 0-based pairs ("la pareja 0") as people number
/// them, with the pair's players when known ("la pareja 1 (Ana y Carlos)").
pub fn name_sides(text: &str, lang: Lang, sides: &[String]) -> String {
    let word = lang.pick("pareja", "parella", "pair");
    renumber(text, word, |out, w, side| {
        out.push_str(w);
        out.push_str(&format!(" {}", u32::from(side) + 1));
        if let Some(n) = sides
            .get(usize::from(side))
            .filter(|n| !n.trim().is_empty())
        {
            out.push_str(&format!(" ({})", n.trim()));
        }
    })
}

/// Finds "WORD N" (N a number, WORD a whole word, `word` in lower case or capitalised)
/// in `text` and lets `put` write its replacement.
fn renumber(text: &str, word: &str, mut put: impl FnMut(&mut String, &str, u8)) -> String {
    let mut chars = word.chars();
    let capital: String = chars
        .next()
        .into_iter()
        .flat_map(char::to_uppercase)
        .chain(chars)
        .collect();
    let words = [word, capital.as_str()];
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    'scan: while !rest.is_empty() {
        let boundary = out.chars().last().is_none_or(|c| !c.is_alphanumeric());
        if boundary {
            for w in words {
                if let Some(num) = rest.strip_prefix(w).and_then(|a| a.strip_prefix(' ')) {
                    let digits: String = num.chars().take_while(char::is_ascii_digit).collect();
                    if let Ok(n) = digits.parse::<u8>() {
                        put(&mut out, w, n);
                        rest = &num[digits.len()..];
                        continue 'scan;
                    }
                }
            }
        }
        let Some(c) = rest.chars().next() else { break };
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// A card with its article, as people say it: "el as de oros", "la sota de espadas",
/// "l'as de copas" in Catalan. Card terms stay Spanish in every language.
pub fn card_words(card: Card, lang: Lang) -> String {
    let name = card.spanish_name();
    match (lang, card.rank()) {
        (Lang::En, _) => format!("the {name}"),
        (Lang::Ca, Rank::As) => format!("l'{name}"),
        (_, Rank::Sota) => format!("la {name}"),
        _ => format!("el {name}"),
    }
}

/// A move (0-based index into the record's events) as people count it: "la jugada 11".
pub fn move_words(index: usize, lang: Lang) -> String {
    let n = index + 1;
    tr!(lang, "la jugada {n}", "la jugada {n}", "move {n}")
}

/// A violation's engine message as people read it: a card code (`'10e'`) named in words
/// ("la sota de espadas"), an event path (`events[10]`) as the move's number from 1,
/// and, for a renuncio, only what the rule's name does not already say: who played
/// which card. Seats stay 0-based, as the engine writes them, for [`name_seats`]. The
/// public JSON keeps the engine's message.
pub fn people_message(rule: RuleId, message: &str, seat: Option<u8>, lang: Lang) -> String {
    use RuleId::*;
    if matches!(rule, MustFollowSuit | MustBeat | MustTrump | MustOvertrump)
        && let Some((name, _)) = message.split_once(": ")
        && let Some(card) = Card::all().find(|c| c.spanish_name() == name)
    {
        let card = card_words(card, lang);
        return match seat {
            Some(s) => tr!(
                lang,
                "el asiento {s} jugó {card}",
                "el seient {s} va jugar {card}",
                "seat {s} played {card}"
            ),
            None => tr!(lang, "jugó {card}", "va jugar {card}", "played {card}"),
        };
    }
    let text = moves_in_words(message, lang);
    let text = cards_in_words(&text, lang);
    if rule == DealInvalid {
        // The record's field name, after a card already named in words.
        let text = named_deal_cards(&text).replace(" (turned)", "");
        deal_places_in_words(&text, lang)
    } else {
        text
    }
}

/// Rewrites a place of the deal as the record writes it (`hands[1][3]`, `stock[0]`, a
/// leading `turned:`) as people say it: "la carta 4 del asiento 1" (the seat still
/// 0-based, for [`name_seats`]), "la carta 1 del monte", "la carta vuelta:".
fn deal_places_in_words(text: &str, lang: Lang) -> String {
    let index = |t: &str| -> Option<(usize, usize)> {
        let t = t.strip_prefix('[')?;
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        let n = digits.parse().ok()?;
        t[digits.len()..]
            .starts_with(']')
            .then_some((n, digits.len() + 2))
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    if let Some(tail) = rest.strip_prefix("turned:") {
        out.push_str(lang.pick("la carta vuelta:", "la carta girada:", "the turned card:"));
        rest = tail;
    }
    while let Some(at) = ["hands[", "stock["]
        .iter()
        .filter_map(|w| rest.find(w))
        .min()
    {
        out.push_str(&rest[..at]);
        let place = &rest[at..];
        let (word, after) = place.split_at(5);
        let hand = index(after).and_then(|(seat, used)| {
            let (card, more) = index(&after[used..])?;
            Some((seat, card, used + more))
        });
        match (word, hand, index(after)) {
            ("hands", Some((seat, card, used)), _) => {
                let n = card + 1;
                out.push_str(&tr!(
                    lang,
                    "la carta {n} del asiento {seat}",
                    "la carta {n} del seient {seat}",
                    "card {n} of seat {seat}"
                ));
                rest = &after[used..];
            }
            ("stock", _, Some((card, used))) => {
                let n = card + 1;
                out.push_str(&tr!(
                    lang,
                    "la carta {n} del monte",
                    "la carta {n} del munt",
                    "card {n} of the stock"
                ));
                rest = &after[used..];
            }
            _ => {
                out.push_str(word);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Rewrites a card code after "carta " / "card " ("la carta 3o") as the card's Spanish
/// name ("la carta 3 de oros"), dropping that name when the engine adds it in brackets.
fn named_deal_cards(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = ["carta ", "card "]
        .iter()
        .filter_map(|w| rest.find(w).map(|i| i + w.len()))
        .min()
    {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let token: String = after
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        match token.parse::<Card>() {
            Ok(card) if !token.is_empty() => {
                let name = card.spanish_name();
                out.push_str(&name);
                let tail = &after[token.len()..];
                let bracket = format!(" ({name})");
                rest = tail.strip_prefix(bracket.as_str()).unwrap_or(tail);
            }
            _ => rest = after,
        }
    }
    out.push_str(rest);
    out
}

/// Rewrites `events[N]` (and a field after it, `events[N].play`) as "la jugada N+1".
fn moves_in_words(text: &str, lang: Lang) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("events[") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "events[".len()..];
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        match (
            digits.parse::<usize>(),
            after[digits.len()..].strip_prefix(']'),
        ) {
            (Ok(i), Some(tail)) => {
                out.push_str(&move_words(i, lang));
                let field = tail
                    .strip_prefix('.')
                    .map(|t| {
                        t.chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    })
                    .map_or(0, |f| 1 + f.map(char::len_utf8).sum::<usize>());
                rest = &tail[field..];
            }
            _ => {
                out.push_str("events[");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Rewrites a quoted card code (`'10e'`) as the card in words, dropping the Spanish
/// name the engine may add after it in brackets.
fn cards_in_words(text: &str, lang: Lang) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\'') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let card = after
            .find('\'')
            .and_then(|end| Some((after[..end].parse::<Card>().ok()?, end)));
        match card {
            Some((card, end)) => {
                out.push_str(&card_words(card, lang));
                let tail = &after[end + 1..];
                let bracket = format!(" ({})", card.spanish_name());
                rest = tail.strip_prefix(bracket.as_str()).unwrap_or(tail);
            }
            None => {
                out.push('\'');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Catalan elides "de" before a vowel or a mute h: "d'Anna", "d'Hèctor".
fn elide(out: &mut String, lang: Lang, name: &str) {
    if lang != Lang::Ca {
        return;
    }
    let first = name
        .chars()
        .next()
        .map(|c| c.to_lowercase().next().unwrap_or(c));
    let vowel = first.is_some_and(|c| "aeiouàèéíòóúh".contains(c));
    if vowel && (out.ends_with(" de ") || out == "de ") {
        out.truncate(out.len() - 3);
        out.push_str("d'");
    }
}

/// Before a player's name the article of "el asiento" goes ("del asiento 0" → "de Ana").
fn drop_article(out: &mut String, lang: Lang) {
    let swaps: &[(&str, &str)] = match lang {
        Lang::Es | Lang::Ca => &[
            (" del ", " de "),
            (" al ", " a "),
            (" el ", " "),
            ("del ", "de "),
            ("al ", "a "),
            ("El ", ""),
            ("el ", ""),
        ],
        Lang::En => &[],
    };
    for (tail, with) in swaps {
        if out.ends_with(tail) {
            let at = out.len() - tail.len();
            // "del " / "el " only at the start of the text (the spaced forms cover the rest).
            if !tail.starts_with(' ') && at != 0 {
                continue;
            }
            out.truncate(at);
            out.push_str(with);
            return;
        }
    }
}

/// A JSON file Baza reads: a game (`baza-game/1`), a championship
/// (`baza-tournament/1`), a hand record (`baza-hand/1`) or a bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Game,
    Championship,
    Record,
    Bracket,
}

impl FileKind {
    /// "No es un fichero de partida de Baza", as a sentence opens.
    pub fn not_one(self, lang: Lang) -> &'static str {
        match self {
            FileKind::Game => lang.pick(
                "No es un fichero de partida de Baza",
                "No és un fitxer de partida de Baza",
                "It is not a Baza game file",
            ),
            FileKind::Championship => lang.pick(
                "No es un fichero de campeonato de Baza",
                "No és un fitxer de campionat de Baza",
                "It is not a Baza championship file",
            ),
            FileKind::Record => lang.pick(
                "No es un registro de mano de Baza",
                "No és un registre de mà de Baza",
                "It is not a Baza hand record",
            ),
            FileKind::Bracket => lang.pick(
                "No es un fichero de cuadro de Baza",
                "No és un fitxer de quadre de Baza",
                "It is not a Baza bracket file",
            ),
        }
    }
}

/// Why a text does not read as a JSON file of `kind`, in `lang`: what is wrong and
/// where (line and column, as an editor counts them), never serde's English.
pub fn json_error_words(e: &serde_json::Error, kind: FileKind, lang: Lang) -> String {
    json_fault_words(&JsonFault::of(e), kind, lang)
}

/// [`json_error_words`] of a fault already read from serde_json's error.
pub fn json_fault_words(e: &JsonFault, kind: FileKind, lang: Lang) -> String {
    use serde_json::error::Category;
    let (line, column) = (e.line, e.column);
    let at = tr!(
        lang,
        "en la línea {line}, columna {column}",
        "a la línia {line}, columna {column}",
        "at line {line}, column {column}"
    );
    match e.category {
        Category::Eof => tr!(
            lang,
            "El fichero se corta {at}: le falta el final.",
            "El fitxer es talla {at}: li falta el final.",
            "The file breaks off {at}: its end is missing."
        ),
        Category::Data | Category::Io => {
            // serde_json names the field the file has too many or too few of.
            let text = &e.message;
            let field = |prefix: &str| {
                text.strip_prefix(prefix)
                    .and_then(|rest| rest.split('`').next())
                    .map(str::to_owned)
            };
            let why = if let Some(f) = field("unknown field `") {
                tr!(
                    lang,
                    ": «{f}» no es uno de sus campos",
                    ": «{f}» no és un dels seus camps",
                    ": \"{f}\" is not one of its fields"
                )
            } else if let Some(f) = field("missing field `") {
                tr!(
                    lang,
                    ": le falta el campo «{f}»",
                    ": li falta el camp «{f}»",
                    ": its field \"{f}\" is missing"
                )
            } else {
                String::new()
            };
            format!("{} ({at}){why}.", kind.not_one(lang))
        }
        Category::Syntax => {
            // serde_json's message, without its " at line … column …".
            let text = &e.message;
            let what = text.split(" at line ").next().unwrap_or_default();
            let wrong = match what {
                "expected `,` or `}`" | "expected `,` or `]`" => {
                    lang.pick("Falta una coma", "Falta una coma", "A comma is missing")
                }
                "expected `:`" => lang.pick(
                    "Faltan los dos puntos tras un nombre",
                    "Falten els dos punts després d'un nom",
                    "A colon is missing after a name",
                ),
                "trailing comma" => lang.pick(
                    "Sobra una coma antes del cierre",
                    "Sobra una coma abans del tancament",
                    "A comma before the closing bracket is one too many",
                ),
                "key must be a string" => lang.pick(
                    "Un nombre va sin comillas",
                    "Un nom va sense cometes",
                    "A name is not in double quotes",
                ),
                "trailing characters" => lang.pick(
                    "Sobra texto después del final",
                    "Sobra text després del final",
                    "There is more text after the end",
                ),
                "control character (\\u0000-\\u001F) found while parsing a string" => lang.pick(
                    "Un texto entre comillas no se cierra en su línea",
                    "Un text entre cometes no es tanca a la seva línia",
                    "A text in quotes is not closed on its line",
                ),
                "invalid number" | "number out of range" => lang.pick(
                    "Un número no es válido",
                    "Un nombre no és vàlid",
                    "A number is not valid",
                ),
                "invalid escape" | "invalid unicode code point" => lang.pick(
                    "Una barra invertida (\\) no es válida en un texto",
                    "Una barra invertida (\\) no és vàlida en un text",
                    "A backslash (\\) in a text is not valid",
                ),
                _ => lang.pick(
                    "Hay algo que no es un valor (un texto entre comillas, un número, una lista)",
                    "Hi ha alguna cosa que no és un valor (un text entre cometes, un nombre, una llista)",
                    "Something is not a value (a text in quotes, a number, a list)",
                ),
            };
            format!("{wrong} {at}.")
        }
    }
}

/// How the pages name a game's table options in the reader's language (their labels
/// and values are the pages' words), for the words of a refused record.
pub trait OptionNames {
    /// The label of option `name` of `game` ("Cantes por baza"), if it has one.
    fn label(&self, game: GameKind, name: &str, lang: Lang) -> Option<String>;
    /// The values option `name` of `game` takes, in words ("Uno por jugador, Uno
    /// por pareja"), if known.
    fn allowed(&self, game: GameKind, name: &str, lang: Lang) -> Option<String>;
}

/// No option named: where a record's options come from a game already checked.
pub struct UnnamedOptions;

impl OptionNames for UnnamedOptions {
    fn label(&self, _: GameKind, _: &str, _: Lang) -> Option<String> {
        None
    }
    fn allowed(&self, _: GameKind, _: &str, _: Lang) -> Option<String> {
        None
    }
}

/// A field of a hand record as a referee names it: "el repartidor", "los puntos
/// declarados", "las cartas del asiento 2" (seats from 1, or as the engine writes
/// them, from 0, for [`name_seats`]: `first_seat`).
fn record_field_words(field: &RecordField, lang: Lang, first_seat: usize) -> String {
    use RecordField::*;
    let word = |es, ca, en| lang.pick(es, ca, en).to_owned();
    match field {
        Record => word("el registro", "el registre", "the record"),
        Format => word("el formato", "el format", "the format"),
        Game => word("el juego", "el joc", "the game"),
        Players => word(
            "el número de jugadores",
            "el nombre de jugadors",
            "the number of players",
        ),
        Options => word(
            "las opciones de mesa",
            "les opcions de taula",
            "the table options",
        ),
        Dealer => word("el repartidor", "el repartidor", "the dealer"),
        Before => word(
            "los tantos de antes de la mano",
            "els punts d'abans de la mà",
            "the score before the hand",
        ),
        Hands => word(
            "las cartas repartidas",
            "les cartes repartides",
            "the cards dealt",
        ),
        Hand(i) => {
            let n = i + first_seat;
            tr!(
                lang,
                "las cartas del asiento {n}",
                "les cartes del seient {n}",
                "the cards of seat {n}"
            )
        }
        Stock => word("el monte", "el munt", "the stock"),
        Events => word("las jugadas", "les jugades", "the moves"),
        Declared => word("lo declarado", "el que s'ha declarat", "what was declared"),
        DeclaredPoints => word(
            "los puntos declarados",
            "els punts declarats",
            "the declared card points",
        ),
        DeclaredHandPoints => word(
            "los tantos declarados",
            "els punts de la mà declarats",
            "the declared hand score",
        ),
        DeclaredOther(name) => tr!(
            lang,
            "«{name}» en lo declarado",
            "«{name}» en el que s'ha declarat",
            "\"{name}\" in what was declared"
        ),
    }
}

/// Why a hand record cannot be ruled, in `lang`, as a referee says it: the field by
/// its name in words, an option by its label (`options`), seats from 1; never a
/// field path or an option key. The public JSON keeps the English of `Display`.
pub fn record_error_words(e: &RecordError, lang: Lang, options: &dyn OptionNames) -> String {
    said_of_record(e, lang, options, 1)
}

/// [`record_error_words`] with seats from 0, as the engine writes them, for a page
/// that names them with [`name_seats`].
pub fn record_error_engine_words(e: &RecordError, lang: Lang, options: &dyn OptionNames) -> String {
    said_of_record(e, lang, options, 0)
}

fn said_of_record(
    e: &RecordError,
    lang: Lang,
    options: &dyn OptionNames,
    first_seat: usize,
) -> String {
    match e {
        RecordError::NotJson(fault) => json_fault_words(fault, FileKind::Record, lang),
        RecordError::Field { field, problem } => {
            field_problem_words(field, problem, lang, first_seat)
        }
        RecordError::UnknownGame(got) => tr!(
            lang,
            "El juego {got} no es ninguno de los de Baza (cuatrola, tute, guiñote, botifarra o cinquillo).",
            "El joc {got} no és cap dels de Baza (cuatrola, tute, guiñote, botifarra o cinquillo).",
            "The game {got} is none of Baza's (cuatrola, tute, guiñote, botifarra or cinquillo)."
        ),
        RecordError::UnknownOption { game, name } => {
            // An option of no game at all is named as written.
            let option = options
                .label(*game, name, lang)
                .unwrap_or_else(|| name.clone());
            let game = game.name();
            tr!(
                lang,
                "Las opciones de mesa de {game} no incluyen «{option}».",
                "Les opcions de taula de {game} no inclouen «{option}».",
                "The table options of {game} do not include \"{option}\"."
            )
        }
        RecordError::BadOptionValue {
            game, name, got, ..
        } => {
            let option = match options.label(*game, name, lang) {
                Some(label) => tr!(
                    lang,
                    "La opción «{label}»",
                    "L'opció «{label}»",
                    "The option \"{label}\""
                ),
                None => lang
                    .pick("Una opción de mesa", "Una opció de taula", "A table option")
                    .to_owned(),
            };
            let allowed = options
                .allowed(*game, name, lang)
                .map(|a| {
                    tr!(
                        lang,
                        " (valores posibles: {a})",
                        " (valors possibles: {a})",
                        " (allowed values: {a})"
                    )
                })
                .unwrap_or_default();
            tr!(
                lang,
                "{option} no admite {got}{allowed}.",
                "{option} no admet {got}{allowed}.",
                "{option} does not take {got}{allowed}."
            )
        }
    }
}

/// A field's problem in one sentence (see [`record_error_words`]).
fn field_problem_words(
    field: &RecordField,
    problem: &FieldProblem,
    lang: Lang,
    first_seat: usize,
) -> String {
    use FieldProblem::*;
    let f = record_field_words(field, lang, first_seat);
    let big = capitalized(&f);
    let not_one = FileKind::Record.not_one(lang);
    match problem {
        Missing => tr!(
            lang,
            "Falta un dato: {f}.",
            "Hi falta una dada: {f}.",
            "Missing: {f}."
        ),
        MissingFormat(expected) => tr!(
            lang,
            "{not_one}: le falta \"format\": \"{expected}\".",
            "{not_one}: li falta \"format\": \"{expected}\".",
            "{not_one}: it lacks \"format\": \"{expected}\"."
        ),
        WrongFormat { expected, got } => tr!(
            lang,
            "{not_one}: su formato es {got}, no \"{expected}\".",
            "{not_one}: el seu format és {got}, no \"{expected}\".",
            "{not_one}: its format is {got}, not \"{expected}\"."
        ),
        OutOfRange => tr!(
            lang,
            "{big}: el número es demasiado grande.",
            "{big}: el nombre és massa gran.",
            "{big}: the number is too large."
        ),
        NotSmallInt { max, got } => {
            let n = max + 1;
            tr!(
                lang,
                "{big} no es ninguno de los {n} asientos de la mesa (el registro dice {got}).",
                "{big} no és cap dels {n} seients de la taula (el registre diu {got}).",
                "{big} is none of the table's {n} seats (the record says {got})."
            )
        }
        NoSuchSeat(seat) => {
            let n = usize::from(*seat) + first_seat;
            tr!(
                lang,
                "{big}: el asiento {n} no existe en esta mesa.",
                "{big}: el seient {n} no existeix en aquesta taula.",
                "{big}: seat {n} does not exist at this table."
            )
        }
        NotScores { len, got } => tr!(
            lang,
            "{big} deben ser {len} números, de 0 en adelante, no {got}.",
            "{big} han de ser {len} nombres, de 0 en amunt, no {got}.",
            "{big} must be {len} numbers from 0 up, not {got}."
        ),
        NotCards { got } => tr!(
            lang,
            "{big}: se esperaba una lista de cartas, no {got}.",
            "{big}: s'esperava una llista de cartes, no {got}.",
            "{big}: a list of cards was expected, not {got}."
        ),
        NotRecordObject { got } => tr!(
            lang,
            "{not_one}: un registro va entre llaves {{ }}, no {got}.",
            "{not_one}: un registre va entre claus {{ }}, no {got}.",
            "{not_one}: a record is written between braces {{ }}, not {got}."
        ),
        NotObject { got } => tr!(
            lang,
            "{big}: se esperaban nombres con su valor entre llaves {{ }}, no {got}.",
            "{big}: s'esperaven noms amb el seu valor entre claus {{ }}, no {got}.",
            "{big}: names with their values between braces {{ }} were expected, not {got}."
        ),
        NotHands { got } => tr!(
            lang,
            "{big}: se esperaba una lista con las cartas de cada asiento, no {got}.",
            "{big}: s'esperava una llista amb les cartes de cada seient, no {got}.",
            "{big}: a list with each seat's cards was expected, not {got}."
        ),
        NotEvents { got } => tr!(
            lang,
            "{big}: se esperaba una lista de jugadas, no {got}.",
            "{big}: s'esperava una llista de jugades, no {got}.",
            "{big}: a list of moves was expected, not {got}."
        ),
        BadPlayers { got, game } => {
            let game = game.name();
            let big_game = capitalized(game);
            tr!(
                lang,
                "A {game} no se juega con {got} jugadores.",
                "A {game} no s'hi juga amb {got} jugadors.",
                "{big_game} is not played by {got} players."
            )
        }
        TooManyEvents { count, max } => tr!(
            lang,
            "El registro tiene {count} jugadas, más de las {max} que se aceptan.",
            "El registre té {count} jugades, més de les {max} que s'accepten.",
            "The record has {count} moves, more than the {max} accepted."
        ),
        NotDeclared => match field {
            RecordField::DeclaredOther(name) => tr!(
                lang,
                "Lo declarado solo lleva los puntos y los tantos de la mano, no «{name}».",
                "El que s'ha declarat només porta els punts i els punts de la mà, no «{name}».",
                "What was declared holds only the card points and the hand score, not \"{name}\"."
            ),
            other => {
                let f = record_field_words(other, lang, first_seat);
                tr!(
                    lang,
                    "Lo declarado solo lleva los puntos y los tantos de la mano, no {f}.",
                    "El que s'ha declarat només porta els punts i els punts de la mà, no {f}.",
                    "What was declared holds only the card points and the hand score, not {f}."
                )
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["Ana", "Berta", "Carlos", "Dora"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn a_seat_in_an_engine_message_is_numbered_from_one_and_named() {
        assert_eq!(
            name_seats("solo del asiento 0", Lang::Es, &names()),
            "solo de Ana (asiento 1)"
        );
        assert_eq!(
            name_seats("El asiento 2 no tiene '1o'", Lang::Es, &names()),
            "Carlos (asiento 3) no tiene '1o'"
        );
        assert_eq!(
            name_seats(
                "és el torn del seient 3, no del seient 1",
                Lang::Ca,
                &names()
            ),
            "és el torn de Dora (seient 4), no de Berta (seient 2)"
        );
        assert_eq!(
            name_seats("it is seat 1's turn", Lang::En, &names()),
            "it is Berta (seat 2)'s turn"
        );
    }

    #[test]
    fn catalan_elides_de_before_a_name_that_starts_with_a_vowel_or_h() {
        assert_eq!(
            name_seats("solo del seient 0, no del seient 1", Lang::Ca, &names()),
            "solo d'Ana (seient 1), no de Berta (seient 2)"
        );
        let h = ["Hèctor".to_string()];
        assert_eq!(
            name_seats("el torn del seient 0", Lang::Ca, &h),
            "el torn d'Hèctor (seient 1)"
        );
        // Spanish does not elide.
        assert_eq!(
            name_seats("solo del asiento 0", Lang::Es, &names()),
            "solo de Ana (asiento 1)"
        );
    }

    #[test]
    fn an_unnamed_seat_keeps_its_article_and_counts_from_one() {
        assert_eq!(
            name_seats("El asiento 0 sale; gana el asiento 3.", Lang::Es, &[]),
            "El asiento 1 sale; gana el asiento 4."
        );
        assert_eq!(name_seats("Seat 0 leads", Lang::En, &[]), "Seat 1 leads");
        assert_eq!(name_seats("asientos 0", Lang::Es, &[]), "asientos 0");
    }

    #[test]
    fn a_pair_in_an_engine_message_is_numbered_from_one_with_its_players() {
        let sides = vec!["Ana y Carlos".to_owned(), "Berta y Dora".to_owned()];
        assert_eq!(
            name_sides("gana la pareja 1", Lang::Es, &sides),
            "gana la pareja 2 (Berta y Dora)"
        );
        assert_eq!(name_sides("pair 0 wins", Lang::En, &[]), "pair 1 wins");
    }

    #[test]
    fn a_rule_source_uses_the_readers_connecting_word() {
        let s = "docs/rules.md §1.6 and §3.4";
        assert_eq!(source_words(s, Lang::Es), "§1.6 y §3.4");
        assert_eq!(source_words(s, Lang::Ca), "§1.6 i §3.4");
        assert!(
            !source_words("docs/hand-record.md, Edge cases: deal_invalid", Lang::Es).contains('_')
        );
    }

    #[test]
    fn every_rule_has_a_name_that_is_not_its_id() {
        for r in RuleId::ALL {
            for l in Lang::ALL {
                assert_ne!(rule_name(r, l), r.id());
                assert!(!rule_name(r, l).contains('_'));
            }
        }
    }

    #[test]
    fn an_illegal_recontro_or_sant_vicenc_is_not_named_a_contro() {
        for lang in [Lang::Es, Lang::Ca, Lang::En] {
            let name = rule_name(RuleId::IllegalDouble, lang);
            assert!(
                name.contains("recontro") && name.contains("Sant Vicenç"),
                "{name}"
            );
        }
    }

    #[test]
    fn a_card_the_player_did_not_hold_is_named_in_words_not_by_its_code() {
        let es = people_message(
            RuleId::CardNotInHand,
            "el asiento 2 no tiene '10e' (sota de espadas)",
            Some(2),
            Lang::Es,
        );
        assert_eq!(es, "el asiento 2 no tiene la sota de espadas");
        let ca = people_message(
            RuleId::CardNotInHand,
            "el seient 1 no té '1o' (as de oros)",
            Some(1),
            Lang::Ca,
        );
        assert_eq!(ca, "el seient 1 no té l'as de oros");
        let en = people_message(
            RuleId::CardNotInHand,
            "seat 2 does not hold '12c'",
            Some(2),
            Lang::En,
        );
        assert_eq!(en, "seat 2 does not hold the rey de copas");
    }

    #[test]
    fn an_unknown_move_is_told_by_its_number_from_one_not_by_a_field_path() {
        assert_eq!(
            people_message(
                RuleId::UnknownEvent,
                "events[10]: el evento debe llevar exactamente una acción",
                None,
                Lang::Es
            ),
            "la jugada 11: el evento debe llevar exactamente una acción"
        );
        assert_eq!(
            people_message(
                RuleId::UnknownEvent,
                "events[0].play: expected a card like \"3c\", got \"zz\"",
                None,
                Lang::En
            ),
            "move 1: expected a card like \"3c\", got \"zz\""
        );
    }

    #[test]
    fn a_deal_that_cannot_be_names_its_cards_in_words_and_no_field() {
        let d = |m: &str, lang| people_message(RuleId::DealInvalid, m, None, lang);
        assert_eq!(
            d("la carta 3o está repartida dos veces", Lang::Es),
            "la carta 3 de oros está repartida dos veces"
        );
        assert_eq!(
            d("card 12e (rey de espadas) is missing", Lang::En),
            "card rey de espadas is missing"
        );
        assert_eq!(
            d("falta la carta girada (turned)", Lang::Ca),
            "falta la carta girada"
        );
        assert_eq!(
            d(
                "la carta vuelta, rey de espadas, no está donde debe",
                Lang::Es
            ),
            "la carta vuelta, rey de espadas, no está donde debe"
        );
    }

    #[test]
    fn a_card_written_wrong_is_told_by_its_place_in_words_not_by_a_field_path() {
        let d = |m: &str, lang| people_message(RuleId::DealInvalid, m, None, lang);
        assert_eq!(
            d(
                "hands[2][0]: se esperaba una carta como \"3c\", no \"13x\"",
                Lang::Es
            ),
            "la carta 1 del asiento 2: se esperaba una carta como \"3c\", no \"13x\""
        );
        assert_eq!(
            d("stock[11]: expected a card like \"3c\", got 7", Lang::En),
            "card 12 of the stock: expected a card like \"3c\", got 7"
        );
        assert_eq!(
            d(
                "turned: s'esperava una carta com \"3c\", no \"?\"",
                Lang::Ca
            ),
            "la carta girada: s'esperava una carta com \"3c\", no \"?\""
        );
        assert_eq!(
            name_seats(&d("hands[0][4]: x", Lang::Es), Lang::Es, &names()),
            "la carta 5 de Ana (asiento 1): x"
        );
    }

    #[test]
    fn a_renuncio_message_tells_who_played_what_and_does_not_repeat_the_rule() {
        for (lang, message) in [
            (
                Lang::Es,
                "sota de oros: renuncio, debe asistir al palo de salida",
            ),
            (
                Lang::Ca,
                "sota de oros: renuncio, ha d'assistir al pal de sortida",
            ),
            (Lang::En, "sota de oros: must follow the led suit"),
        ] {
            let text = people_message(RuleId::MustFollowSuit, message, Some(3), lang);
            assert!(!text.contains("renuncio"), "{text}");
            assert!(
                !text.contains("palo de salida") && !text.contains("pal de sortida"),
                "{text}"
            );
            assert!(
                text.contains("la sota de oros") || text.contains("the sota de oros"),
                "{text}"
            );
            assert!(text.contains(" 3 "), "{text}");
        }
    }

    fn said(text: &str, kind: FileKind, lang: Lang) -> String {
        let e = serde_json::from_str::<serde_json::Value>(text).expect_err("not JSON");
        json_error_words(&e, kind, lang)
    }

    #[test]
    fn a_file_with_a_field_too_many_or_too_few_names_that_field() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Points {
            points: i32,
        }
        let e = serde_json::from_str::<Points>("{\"puntos\": 1}").expect_err("unknown");
        assert_eq!(
            json_error_words(&e, FileKind::Championship, Lang::Es),
            format!(
                "{} (en la línea 1, columna 9): «puntos» no es uno de sus campos.",
                FileKind::Championship.not_one(Lang::Es)
            )
        );
        let e = serde_json::from_str::<Points>("{}").expect_err("missing");
        assert!(
            json_error_words(&e, FileKind::Game, Lang::En)
                .ends_with(": its field \"points\" is missing."),
            "{}",
            json_error_words(&e, FileKind::Game, Lang::En)
        );
    }

    #[test]
    fn a_file_that_is_not_json_is_worded_with_its_line_and_column_in_each_language() {
        let comma = "{\n  \"a\": 1\n  \"b\": 2\n}";
        assert_eq!(
            said(comma, FileKind::Game, Lang::Es),
            "Falta una coma en la línea 3, columna 3."
        );
        assert_eq!(
            said(comma, FileKind::Game, Lang::En),
            "A comma is missing at line 3, column 3."
        );
        assert_eq!(
            said(comma, FileKind::Game, Lang::Ca),
            "Falta una coma a la línia 3, columna 3."
        );
        let cut = "{\n  \"a\": [1, 2";
        assert_eq!(
            said(cut, FileKind::Game, Lang::Es),
            "El fichero se corta en la línea 2, columna 12: le falta el final."
        );
        assert_eq!(
            said(cut, FileKind::Championship, Lang::En),
            "The file breaks off at line 2, column 12: its end is missing."
        );
        assert!(said("{\"a\": 1,}", FileKind::Game, Lang::Es).starts_with("Sobra una coma"));
        assert!(said("{a: 1}", FileKind::Game, Lang::Es).starts_with("Un nombre va sin comillas"));
        assert!(said("{\"a\" 1}", FileKind::Game, Lang::En).starts_with("A colon is missing"));
        assert!(said("{} x", FileKind::Game, Lang::Es).starts_with("Sobra texto"));
        assert!(said("hola", FileKind::Game, Lang::Es).starts_with("Hay algo que no es un valor"));
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Doc {
            players: u8,
        }
        let e = serde_json::from_str::<Doc>("{\"players\": \"cuatro\"}").expect_err("a text");
        assert_eq!(
            json_error_words(&e, FileKind::Game, Lang::Es),
            "No es un fichero de partida de Baza (en la línea 1, columna 20)."
        );
        assert_eq!(
            json_error_words(&e, FileKind::Championship, Lang::En),
            "It is not a Baza championship file (at line 1, column 20)."
        );
        for text in [comma, cut, "{a: 1}", "hola", "[1,]", "\"a\\q\""] {
            for lang in Lang::ALL {
                let words = said(text, FileKind::Game, lang);
                for english in ["expected", "EOF", "trailing", "while parsing"] {
                    assert!(!words.contains(english), "{text}: {words}");
                }
            }
        }
    }
}
