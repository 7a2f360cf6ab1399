//! The `baza` command line. Help reads in Spanish first, then English.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::db::{self, DbTarget};
use crate::domain::{self, Lang};
use crate::service::now;
use crate::startup::{Application, WebOptions};

pub mod backups;
pub mod bracket;
pub mod people;
pub mod standings;

#[derive(Debug, Parser)]
#[command(
    name = "baza",
    version,
    about = "Baza: árbitro y gestor de torneos de cuatrola, tute, guiñote, botifarra y cinquillo.\n\
             Baza: referee and tournament manager for Spanish card games.",
    after_help = "Ejemplos / Examples:\n  baza serve --demo\n  baza serve --bind 0.0.0.0:8080 --db postgres://baza@db/baza\n  baza check mano.json --explain\n\n\
                  Formatos y reglas / Formats and rules (en el repositorio / in the repository):\n  \
                  docs/hand-record.md   baza-hand/1, baza-ruling/1 (baza check)\n  \
                  docs/game-file.md     baza-game/1 (partidas / games)\n  \
                  docs/tournament-file.md  baza-tournament/1 (pair, standings, bracket, tournament)\n  \
                  docs/rules.md         reglas de los cinco juegos / rules of the five games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args, Clone)]
pub struct DbArgs {
    /// Base de datos: fichero SQLite (por defecto baza.sqlite3), sqlite://RUTA o postgres://…
    /// / Database: a SQLite file (default baza.sqlite3), sqlite://PATH or postgres://…
    #[arg(long = "db", env = "BAZA_DATABASE_URL", value_name = "URL")]
    pub db: Option<String>,
}

impl DbArgs {
    pub fn target(&self) -> Result<DbTarget, db::DbError> {
        match &self.db {
            Some(url) => DbTarget::parse(url, false),
            None => DbTarget::parse(db::DEFAULT_DATABASE, true),
        }
    }

    /// A connection to the database these arguments name, its migrations run first.
    pub fn connect(&self) -> anyhow::Result<db::PooledConn> {
        let pool = db::connect_and_migrate(&self.target()?)?;
        Ok(pool.get().map_err(db::DbError::Pool)?)
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Sirve Baza por HTTP / Serve Baza over HTTP.
    Serve(ServeArgs),
    /// Aplica las migraciones pendientes / Apply pending migrations.
    Migrate(DbArgs),
    /// Crea el club de demostración en una base vacía / Fill an empty database with the demo club.
    Demo(DbArgs),
    /// Comprueba una mano (registro JSON) y da el fallo / Check a hand record and print the ruling.
    ///
    /// Sale con 0 si hay fallo (legal o no) y con 2 si la entrada no es un registro de mano.
    /// Exits 0 for a ruling (legal or not), 2 for input that is not a hand record.
    /// Formato / Format: docs/hand-record.md (baza-hand/1, baza-ruling/1).
    Check(CheckArgs),
    /// Copia de seguridad en caliente de la base SQLite / Online backup of the SQLite database.
    Backup {
        /// Fichero nuevo de la copia / New file for the copy.
        #[arg(value_name = "FICHERO|FILE")]
        file: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Pone en su sitio una copia SQLite tras comprobarla (integridad y migraciones)
    /// / Put a SQLite copy back after checking it (integrity and migrations).
    ///
    /// Una base que ya existe solo se sustituye con --replace, con Baza parado; la
    /// anterior queda al lado / An existing database is only replaced with --replace,
    /// with Baza stopped; the previous one is kept beside it.
    Restore {
        /// La copia (de `baza backup` o de --backup-every) / The copy (from `baza backup` or --backup-every).
        #[arg(value_name = "COPIA|COPY")]
        file: String,
        /// Sustituye la base si ya existe / Replace the database if it exists.
        #[arg(long)]
        replace: bool,
        /// Idioma de los mensajes: es, ca, en / Language of the messages.
        #[arg(long, default_value = "es", value_parser = parse_lang)]
        lang: Lang,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Empareja la ronda siguiente de un fichero de torneo / Pair the next round of a tournament file.
    Pair(PairArgs),
    /// Clasificación de un fichero de torneo: la final, con el ganador del cuadro
    /// primero, una vez el cuadro tiene campeón / A tournament file's ranking: the
    /// final one, the knockout's winner first, once the knockout has its champion.
    Standings(standings::StandingsArgs),
    /// Cuadros eliminatorios: crear uno, o dibujar uno de un fichero / Knockout
    /// brackets: create one, or print one from a file.
    Bracket(bracket::BracketArgs),
    /// Campeonatos con rondas: exportar e importar el fichero baza-tournament/1
    /// (docs/tournament-file.md) / Championships with rounds: export and import the
    /// baza-tournament/1 file (docs/tournament-file.md).
    #[command(subcommand)]
    Tournament(TournamentCommand),
    /// Cuentas: alta, lista y nueva contraseña / Accounts: add, list, reset password.
    #[command(subcommand)]
    User(UserCommand),
    /// Clubes: alta y lista / Clubs: add and list.
    #[command(subcommand)]
    Club(ClubCommand),
    /// Puntuaciones Glicko-2 de los jugadores, una por juego / Players' Glicko-2
    /// ratings, one per game.
    #[command(subcommand)]
    Ratings(RatingsCommand),
    /// Registro de personas: importar una lista de licencias / The register of
    /// people: import a licence list.
    #[command(subcommand)]
    People(people::PeopleCommand),
    /// Escribe N manos completas aleatorias, una por línea (pruebas y medidas)
    /// / Write N random complete hands, one per line (tests and benchmarks).
    #[command(hide = true)]
    RandomHands {
        #[arg(long, default_value_t = 1000)]
        count: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// cuatrola, tute, guinote, botifarra, cinquillo
        #[arg(long, default_value = "cuatrola")]
        game: String,
        /// Players (tute 2–4, guiñote 2 or 4, cinquillo 2–4).
        #[arg(long, default_value_t = 4)]
        players: u8,
        /// Opciones de mesa en JSON (solo tute y cinquillo)
        /// / Table options as JSON (tute and cinquillo only), e.g. {"partnerships":false}.
        #[arg(long)]
        options: Option<String>,
    },
}

#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// Fichero (baza-tournament/1, docs/tournament-file.md, o un cuadro), o - / File
    /// (baza-tournament/1, docs/tournament-file.md, or a bracket), or -.
    #[arg(value_name = "FICHERO|FILE")]
    pub file: String,
    /// Salida JSON en vez de tabla de texto / JSON output instead of a text table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Escribe el fichero de un campeonato (JSON) / Print a championship's file (JSON).
    Export {
        /// Número del campeonato / Championship id.
        id: i32,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Crea un campeonato a partir de un fichero, o - / Create a championship from a file, or -.
    Import {
        #[arg(value_name = "FICHERO|FILE")]
        file: String,
        /// Club que lo organiza (id); por defecto, el único club / Organising club (id); default: the only club.
        #[arg(long)]
        club: Option<i32>,
        /// Fecha de inicio AAAA-MM-DD (por defecto, hoy) / Start date YYYY-MM-DD (default: today).
        #[arg(long)]
        starts_on: Option<chrono::NaiveDate>,
        #[command(flatten)]
        db: DbArgs,
    },
}

#[derive(Debug, Subcommand)]
pub enum RatingsCommand {
    /// Recalcula las puntuaciones desde el historial y las escribe, la lista de cada
    /// juego / Recompute the ratings from the history and print each game's list.
    Recompute {
        /// Constante τ del sistema (por defecto 0.5) / System constant τ (default 0.5).
        #[arg(long, default_value_t = 0.5)]
        tau: f64,
        /// Solo la lista de este juego (cuatrola, tute, guinote, botifarra, cinquillo)
        /// / Only this game's list.
        #[arg(long)]
        game: Option<String>,
        /// Salida JSON / JSON output.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArgs,
    },
}

#[derive(Debug, Subcommand)]
pub enum ClubCommand {
    /// Crea un club y escribe su número / Create a club and print its id.
    Add {
        /// Nombre del club / Club name.
        name: String,
        /// Localidad / Town.
        #[arg(long, default_value = "")]
        town: String,
        /// Juego habitual / Usual game: cuatrola, tute, guinote, botifarra, cinquillo.
        #[arg(long, default_value = "cuatrola")]
        game: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Lista los clubes: número, nombre, localidad / List the clubs: id, name, town.
    List(DbArgs),
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Crea una cuenta / Create an account.
    Add {
        /// Nombre de usuario / User name.
        name: String,
        /// admin, organiser, referee
        #[arg(long)]
        role: String,
        /// Club del organizador o árbitro (id) / Club of an organiser or referee (id).
        #[arg(long)]
        club: Option<i32>,
        /// Lee la contraseña de la entrada estándar; si no, se genera y se muestra
        /// / Read the password from standard input; otherwise one is generated and shown.
        #[arg(long)]
        password_stdin: bool,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Lista las cuentas / List the accounts.
    List(DbArgs),
    /// Nueva contraseña (cierra sus sesiones) / New password (ends the user's sessions).
    ResetPassword {
        name: String,
        #[arg(long)]
        password_stdin: bool,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Cambia el rol y el club (cierra sus sesiones) / Change role and club (ends the user's sessions).
    SetRole {
        name: String,
        /// admin, organiser, referee
        #[arg(long)]
        role: String,
        /// Club del organizador o árbitro (id) / Club of an organiser or referee (id).
        #[arg(long)]
        club: Option<i32>,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Desactiva la cuenta: no entra y sus sesiones y claves dejan de valer
    /// / Disable the account: no sign-in, its sessions and API tokens stop working.
    Disable {
        name: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Vuelve a activar la cuenta / Enable the account again.
    Enable {
        name: String,
        #[command(flatten)]
        db: DbArgs,
    },
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Fichero con el registro, o - para la entrada estándar / Record file, or - for standard input.
    #[arg(value_name = "FICHERO|FILE")]
    pub file: String,
    /// Un registro por línea, un fallo por línea / One record per line in, one ruling per line out.
    #[arg(long)]
    pub jsonl: bool,
    /// Resumen para leer en la mesa (por la salida de errores) / Summary a referee reads out (on stderr).
    #[arg(long)]
    pub explain: bool,
    /// Idioma de los mensajes: es, ca, en / Language of the messages.
    #[arg(long, default_value = "es", value_parser = parse_lang)]
    pub lang: Lang,
    /// Solo lee y reescribe cada registro, sin arbitrar (para medir) / Only parse and re-serialise (to measure).
    #[arg(long, hide = true)]
    pub no_rule: bool,
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_code(s).ok_or_else(|| format!("«{s}»: es, ca, en"))
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Dirección y puerto / Address and port.
    #[arg(long, env = "BAZA_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    #[command(flatten)]
    pub db: DbArgs,
    /// Crea el club de demostración si la base está vacía / Add the demo club if the database is empty.
    #[arg(long)]
    pub demo: bool,
    /// Hilos de trabajo (por defecto, uno por núcleo) / Worker threads (default: one per core).
    #[arg(long, env = "BAZA_WORKERS")]
    pub workers: Option<usize>,
    /// Cookies solo por HTTPS (detrás de TLS) / Secure cookies (behind HTTPS).
    #[arg(long, env = "BAZA_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// Una sesión sin uso se cierra tras este tiempo (30m, 12h, 2d) / A session unused this long ends.
    #[arg(long, env = "BAZA_SESSION_IDLE", default_value = "12h", value_parser = parse_duration)]
    pub session_idle: chrono::Duration,
    /// Ninguna sesión dura más que esto / No session lasts longer than this.
    #[arg(long, env = "BAZA_SESSION_LIFETIME", default_value = "7d", value_parser = parse_duration)]
    pub session_lifetime: chrono::Duration,
    /// Direcciones o redes de los balanceadores de confianza (10.0.0.5,10.0.0.0/24):
    /// solo de ellos se creen X-Forwarded-For, -Host y -Proto; por defecto, de nadie
    /// / Addresses or networks of the trusted load balancers: only their
    /// X-Forwarded-For, -Host and -Proto are believed; by default, nobody's.
    #[arg(long, env = "BAZA_TRUSTED_PROXY", value_name = "ADDR[,ADDR…]", value_parser = parse_proxies)]
    pub trusted_proxy: Option<crate::web::requests::TrustedProxies>,
    /// Replaced by --trusted-proxy (refused with a message naming it).
    #[arg(
        long,
        env = "BAZA_TRUSTED_PROXY_HEADER",
        value_name = "HEADER",
        hide = true
    )]
    pub trusted_proxy_header: Option<String>,
    /// La dirección con la que los móviles llegan a Baza (la llevan los QR y los
    /// enlaces impresos); sin ella, la de este equipo en su red
    /// / The address phones reach Baza at (QR codes and printed links carry it);
    /// without it, this machine's address on its network.
    #[arg(long, env = "BAZA_PUBLIC_URL", value_name = "URL")]
    pub public_url: Option<String>,
    #[command(flatten)]
    pub backups: backups::BackupArgs,
}

fn parse_proxies(s: &str) -> Result<crate::web::requests::TrustedProxies, String> {
    crate::web::requests::TrustedProxies::parse(s)
}

/// A duration as `90s`, `30m`, `12h` or `7d` (a bare number is minutes).
pub fn parse_duration(s: &str) -> Result<chrono::Duration, String> {
    let s = s.trim();
    let (num, unit) = match s.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (s.get(..i).unwrap_or(""), c),
        _ => (s, 'm'),
    };
    let n: i64 = num
        .trim()
        .parse()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| format!("«{s}»: 90s, 30m, 12h, 7d"))?;
    match unit.to_ascii_lowercase() {
        's' => Ok(chrono::Duration::seconds(n)),
        'm' => Ok(chrono::Duration::minutes(n)),
        'h' => Ok(chrono::Duration::hours(n)),
        'd' => Ok(chrono::Duration::days(n)),
        _ => Err(format!("«{s}»: 90s, 30m, 12h, 7d")),
    }
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    crate::telemetry::init();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("baza: {}", failure_words(&e));
            ExitCode::FAILURE
        }
    }
}

/// What a person reads of a command that failed: a database's failure in words, in
/// Spanish and English (its technical text goes to the log); anything else as it says
/// itself.
fn failure_words(e: &anyhow::Error) -> String {
    match e
        .chain()
        .find_map(|cause| cause.downcast_ref::<db::DbError>())
    {
        Some(failed) => {
            if failed.is_technical() {
                tracing::error!("{e:#}");
            }
            both(|lang| failed.words(lang))
        }
        // A query that failed on its way (the database locked, its server gone).
        None if e.chain().any(|cause| {
            cause.is::<diesel::result::Error>() || cause.is::<diesel::r2d2::PoolError>()
        }) =>
        {
            tracing::error!("{e:#}");
            both(db::DbError::query_words)
        }
        None => format!("{e:#}"),
    }
}

/// Fills the demo club and says what it did.
fn demo(target: &DbTarget) -> anyhow::Result<()> {
    let pool = db::connect_and_migrate(target)?;
    let mut conn = pool.get().map_err(db::DbError::Pool)?;
    let now = now();
    match crate::demo::fill(&mut conn, now.date(), now)? {
        Some(s) => {
            let games = crate::service::demo_games::create_demo_games(&mut conn, s.club_id)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            eprintln!(
                "Club de demostración creado / demo club created: {} jugadores, {} parejas, liga #{}, campeonato #{}, {games} partidas",
                s.players, s.pairs, s.league_id, s.championship_id
            )
        }
        None => eprintln!(
            "La base ya tiene datos; no se añade la demostración / the database has data already; demo not added"
        ),
    }
    Ok(())
}

/// Both languages of one message, as the commands say it: "Spanish / English".
fn both(say: impl Fn(Lang) -> String) -> String {
    let (es, en) = (say(Lang::Es), say(Lang::En));
    if es == en { es } else { format!("{es} / {en}") }
}

fn read_input(file: &str) -> std::io::Result<String> {
    use std::io::Read;
    let mut text = String::new();
    if file == "-" {
        std::io::stdin().read_to_string(&mut text)?;
    } else {
        text = std::fs::read_to_string(file)?;
    }
    Ok(text)
}

/// The championship file at `path` (or standard input, `-`), read and checked; or,
/// said on standard error for `baza cmd`, why it cannot be used, as the exit code.
fn read_tournament(cmd: &str, path: &str) -> Result<domain::tournament::TournamentFile, ExitCode> {
    let text = read_input(path).map_err(|e| {
        eprintln!("baza {cmd}: {path}: {e}");
        ExitCode::from(NOT_A_RECORD)
    })?;
    parse_tournament(cmd, &text)
}

/// [`read_tournament`] on the file's text.
fn parse_tournament(cmd: &str, text: &str) -> Result<domain::tournament::TournamentFile, ExitCode> {
    domain::tournament::parse(text).map_err(|e| {
        eprintln!("baza {cmd}: {}", tournament_file_words(text, &e));
        ExitCode::from(NOT_A_RECORD)
    })
}

/// Why a bracket file does not read: what is wrong and where, in both languages.
fn bracket_file_words(e: &serde_json::Error) -> String {
    use domain::words::{FileKind, json_error_words};
    both(|lang| json_error_words(e, FileKind::Bracket, lang))
}

/// Why a championship file cannot be used: what is wrong and where (the round, the
/// table, the pair, as its director knows them, never the file's path), in Spanish and
/// English as the other commands say it.
fn tournament_file_words(text: &str, e: &domain::tournament::FileError) -> String {
    match serde_json::from_str::<domain::tournament::TournamentFile>(text) {
        Ok(read) => both(|lang| e.words_in(&read, lang)),
        Err(_) => both(|lang| e.message_in(lang).to_owned()),
    }
}

/// `baza bracket FILE` on the file's text, a championship file or a bracket: offline,
/// on the same domain code as the web pages.
fn bracket_text(text: &str, args: &TournamentArgs) -> anyhow::Result<ExitCode> {
    use domain::tournament;
    if serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("format").and_then(|f| f.as_str()) == Some(tournament::FORMAT))
    {
        // A tournament file: every knockout phase it carries, with the entrants' names.
        let file = match parse_tournament("bracket", text) {
            Ok(f) => f,
            Err(code) => return Ok(code),
        };
        if file.brackets.is_empty() {
            eprintln!("baza bracket: the file has no brackets / el fichero no tiene cuadros");
            return Ok(ExitCode::FAILURE);
        }
        if args.json {
            println!("{}", serde_json::to_string_pretty(&file.brackets)?);
            return Ok(ExitCode::SUCCESS);
        }
        for phase in &file.brackets {
            let names = phase.names(&file);
            println!("{}", phase.name);
            let name = |id: domain::bracket::EntrantId| {
                usize::try_from(id.0)
                    .ok()
                    .and_then(|k| names.get(k))
                    .map(|n| (*n).to_owned())
            };
            print!("{}", phase.bracket.layout_named(&name).to_text());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let bracket: domain::bracket::Bracket = match serde_json::from_str(text) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("baza bracket: {}", bracket_file_words(&e));
            return Ok(ExitCode::from(NOT_A_RECORD));
        }
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&bracket)?);
    } else {
        print!("{}", bracket.layout().to_text());
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
pub struct PairArgs {
    #[command(flatten)]
    pub tournament: TournamentArgs,
    /// Idioma de la tabla: es, ca, en (por defecto, español) / Language of the
    /// table: es, ca, en (Spanish by default).
    #[arg(long, default_value = "es", value_parser = parse_lang)]
    pub lang: Lang,
}

/// `baza pair FILE`: the next round of a championship file, offline, on the same
/// domain code as the web pages, as a table in the words of `--lang`.
fn pair(
    PairArgs {
        tournament: args,
        lang,
    }: &PairArgs,
) -> anyhow::Result<ExitCode> {
    use domain::tournament;
    let file = match read_tournament("pair", &args.file) {
        Ok(f) => f,
        Err(code) => return Ok(code),
    };
    match tournament::next_round(&file) {
        Ok(round) if args.json => println!("{}", serde_json::to_string_pretty(&round)?),
        Ok(round) => print!("{}", tournament::text::round_table(&file, &round, *lang)),
        Err(e) => {
            let said = both(|lang| crate::web::championship::pairing_words(lang, &file, &e));
            eprintln!("baza pair: {said}");
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `baza tournament export ID` / `baza tournament import FILE`: the same document
/// the web keeps (db::championship::store), read and checked by the same domain code.
fn tournament_db_command(cmd: TournamentCommand) -> anyhow::Result<ExitCode> {
    use crate::db::championship::store::ChangeError;
    match cmd {
        TournamentCommand::Export { id, db: args } => {
            let mut conn = args.connect()?;
            let Some(export) = crate::db::championship::tables::export(&mut conn, id)? else {
                eprintln!(
                    "baza tournament export: no existe el campeonato {id} / no championship {id}"
                );
                return Ok(ExitCode::FAILURE);
            };
            // The operator of the database sees everything: licences included.
            let mut file = export.file;
            db::linking::people_for_export(&mut conn, &mut file, true)?;
            println!("{}", serde_json::to_string_pretty(&file)?);
            for name in &export.left_out {
                eprintln!(
                    "baza tournament export: el cuadro «{name}» no va en el fichero: no todos sus participantes son del campeonato / bracket «{name}» left out: not all its entrants are the championship's"
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        TournamentCommand::Import {
            file,
            club,
            starts_on,
            db: args,
        } => {
            let mut parsed = match read_tournament("tournament import", &file) {
                Ok(f) => f,
                Err(code) => return Ok(code),
            };
            // A day given on the command line outranks the file's.
            if starts_on.is_some() {
                parsed.championship.starts_on = starts_on;
            }
            let mut conn = args.connect()?;
            let club_id = match club {
                Some(c) => {
                    if db::queries::find_club(&mut conn, c)?.is_none() {
                        anyhow::bail!("no existe el club {c} / there is no club {c}");
                    }
                    c
                }
                None => match db::queries::list_clubs(&mut conn)?.as_slice() {
                    [only] => only.id,
                    _ => anyhow::bail!("indica el club con --club / name the club with --club"),
                },
            };
            let now = now();
            let made = crate::service::championship::import(
                &mut conn,
                club_id,
                &mut parsed,
                starts_on.unwrap_or(now.date()),
                now,
                "cli:tournament import",
                &mut db::championship::tables::random_pin,
            );
            let (id, adopted) = match made {
                Ok(made) => made,
                Err(ChangeError::Db(e)) => return Err(e.into()),
                Err(ChangeError::Refused(r)) => {
                    eprintln!("baza tournament import: {}", refused_words(&r));
                    return Ok(ExitCode::from(NOT_A_RECORD));
                }
                Err(e) => anyhow::bail!("{e:?}"),
            };
            eprintln!(
                "Campeonato importado / championship imported: #{id} «{}», {} inscritos, {} rondas",
                parsed.championship.name,
                parsed.entrants.len(),
                parsed.rounds.len()
            );
            eprintln!(
                "Personas / people: {} vinculadas / linked, {} creadas / created, {} sin vincular / unlinked",
                adopted.linked, adopted.created, adopted.unlinked
            );
            println!("{id}");
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Why a service refused a change, in Spanish and English as the other commands say
/// it: the refusal's message and its detail, in the refusal's own words.
fn refused_words(r: &crate::domain::refusal::Refusal) -> String {
    both(|lang| crate::web::championship::refusal_words(lang, r))
}

/// Exit code for input that is not a hand record.
const NOT_A_RECORD: u8 = 2;

/// Rules one record given as JSON text: the ruling, or why it is not a record.
fn check_one(
    text: &str,
    lang: Lang,
) -> Result<(domain::HandRecord, domain::Ruling), domain::RecordError> {
    let record = domain::record::parse_record_text(text)?;
    let ruling = domain::try_rule(&record, lang)?;
    Ok((record, ruling))
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    use std::io::{BufRead, BufWriter, Read, Write};
    let input: Box<dyn BufRead> = if args.file == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        match std::fs::File::open(&args.file) {
            Ok(f) => Box::new(std::io::BufReader::new(f)),
            Err(e) => {
                eprintln!("baza check: {}: {e}", args.file);
                return Ok(ExitCode::from(NOT_A_RECORD));
            }
        }
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.jsonl {
        check_lines(input, &mut out, args)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut text = String::new();
    let mut input = input;
    if let Err(e) = input.read_to_string(&mut text) {
        eprintln!("baza check: {}: {e}", args.file);
        return Ok(ExitCode::from(NOT_A_RECORD));
    }
    match check_one(&text, args.lang) {
        Ok((record, ruling)) => {
            serde_json::to_writer_pretty(&mut out, &ruling)?;
            out.write_all(b"\n")?;
            out.flush()?;
            if args.explain {
                eprintln!(
                    "{}",
                    domain::explain_for_people(&record, &ruling, args.lang, &[], &[])
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            let reason = domain::words::record_error_words(
                &e,
                args.lang,
                &crate::web::options::PageOptionNames,
            );
            eprintln!("baza check: {reason}");
            Ok(ExitCode::from(NOT_A_RECORD))
        }
    }
}

/// Lines of `check --jsonl` read and ruled at a time.
const CHECK_BATCH: usize = 2048;

/// How many threads rule a batch: `BAZA_CHECK_THREADS`, else the machine's cores.
fn check_threads() -> usize {
    std::env::var("BAZA_CHECK_THREADS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 64)
}

/// `check --jsonl`: this thread reads batches of lines and writes the answers in the
/// input's order as soon as every batch before them is done; one thread per core
/// rules them, a few batches ahead.
fn check_lines(
    input: Box<dyn std::io::BufRead>,
    out: &mut impl std::io::Write,
    args: &CheckArgs,
) -> anyhow::Result<()> {
    type Done = anyhow::Result<(Vec<u8>, String)>;
    let workers = check_threads();
    let ahead = 2 * workers;
    let (work_tx, work_rx) = std::sync::mpsc::sync_channel::<(usize, Vec<String>)>(ahead);
    let work_rx = std::sync::Mutex::new(work_rx);
    let (done_tx, done_rx) = std::sync::mpsc::channel::<(usize, Done)>();
    std::thread::scope(|s| {
        for _ in 0..workers {
            let done_tx = done_tx.clone();
            let work_rx = &work_rx;
            s.spawn(move || {
                loop {
                    let job = match work_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok((k, lines)) = job else { return };
                    let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        rule_lines(&lines, args)
                    }))
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("a checking thread failed")));
                    if done_tx.send((k, done)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let mut lines = std::io::BufRead::lines(input);
        let mut unread: Option<std::io::Error> = None;
        let mut waiting = std::collections::BTreeMap::new();
        let (mut sent, mut written) = (0usize, 0usize);
        loop {
            while unread.is_none() && sent - written < ahead {
                match lines
                    .by_ref()
                    .take(CHECK_BATCH)
                    .collect::<std::io::Result<Vec<String>>>()
                {
                    Ok(batch) if batch.is_empty() => break,
                    Ok(batch) => {
                        work_tx.send((sent, batch))?;
                        sent += 1;
                    }
                    Err(e) => unread = Some(e),
                }
            }
            if written == sent {
                break;
            }
            let (k, done) = done_rx.recv()?;
            waiting.insert(k, done);
            while let Some(done) = waiting.remove(&written) {
                let (bytes, explained) = done?;
                out.write_all(&bytes)?;
                if !explained.is_empty() {
                    eprint!("{explained}");
                }
                out.flush()?;
                written += 1;
            }
        }
        drop(work_tx);
        unread.map_or(Ok(()), |e| Err(e.into()))
    })
}

/// Rules `lines` of `check --jsonl`: one JSON line out per line in, and the
/// explanations asked for.
fn rule_lines(lines: &[String], args: &CheckArgs) -> anyhow::Result<(Vec<u8>, String)> {
    let mut out = Vec::with_capacity(lines.len() * 256);
    let mut explained = String::new();
    for line in lines {
        let refused = |out: &mut Vec<u8>, reason: String| {
            serde_json::to_writer(
                out,
                &serde_json::json!({"format": "baza-ruling/1", "error": reason}),
            )
        };
        if args.no_rule {
            if let Some(record) = domain::record::parse_record_typed(line) {
                serde_json::to_writer(&mut out, &record)?;
                out.push(b'\n');
                continue;
            }
            match serde_json::from_str::<serde_json::Value>(line)
                .map_err(|e| e.to_string())
                .and_then(|v| domain::parse_record(&v).map_err(|e| e.to_string()))
            {
                Ok(record) => serde_json::to_writer(&mut out, &record)?,
                Err(reason) => refused(&mut out, reason)?,
            }
        } else {
            match check_one(line, args.lang) {
                Ok((record, ruling)) => {
                    serde_json::to_writer(&mut out, &ruling)?;
                    if args.explain {
                        explained.push_str(&domain::explain_for_people(
                            &record,
                            &ruling,
                            args.lang,
                            &[],
                            &[],
                        ));
                        explained.push_str("\n\n");
                    }
                }
                Err(e) => refused(&mut out, e.to_string())?,
            }
        }
        out.push(b'\n');
    }
    Ok((out, explained))
}

/// The password from standard input, or a new random one that is printed.
fn new_password(from_stdin: bool) -> anyhow::Result<(String, bool)> {
    if from_stdin {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line)?;
        let pw = line.trim_end_matches(['\n', '\r']).to_owned();
        return Ok((pw, false));
    }
    Ok((crate::service::random_hex(8)?, true))
}

fn user_command(cmd: UserCommand) -> anyhow::Result<ExitCode> {
    use crate::db::accounts;
    use crate::domain::account::{UserFault, validate_new_user};
    match cmd {
        UserCommand::Add {
            name,
            role,
            club,
            password_stdin,
            db: args,
        } => {
            let (password, generated) = new_password(password_stdin)?;
            let (name, role) = validate_new_user(&name, &password, &role).map_err(|fault| {
                anyhow::anyhow!(
                    "{} (name: 2–40 letters, digits, . _ -; password: 8 or more characters; role: admin, organiser, referee)",
                    crate::web::i18n::tr(Lang::Es, fault.key())
                )
            })?;
            let mut conn = args.connect()?;
            let hash = crate::service::account::hash_password(&password)?;
            let account = crate::service::account::NewAccount {
                username: &name,
                hash: &hash,
                role,
                club,
            };
            let id = match crate::service::account::create_user(&mut conn, &account, "cli")? {
                Ok(id) => id,
                Err(UserFault::Club) => {
                    let c = club.unwrap_or_default();
                    anyhow::bail!("no existe el club {c} / there is no club {c}")
                }
                Err(UserFault::ClubNeeded) => anyhow::bail!(
                    "{}: --club ID (baza club list) / an organiser or a referee belongs to a club: --club ID",
                    crate::web::i18n::tr(Lang::Es, UserFault::ClubNeeded.key())
                ),
                Err(_) => anyhow::bail!("ya existe {name} / {name} exists already"),
            };
            eprintln!(
                "Cuenta creada / account created: #{id} {name} ({})",
                role.slug()
            );
            if generated {
                println!("{password}");
                eprintln!("(contraseña generada arriba / generated password above)");
            }
            if crate::db::queries::count_clubs(&mut conn)? == 0 {
                eprintln!(
                    "Aún no hay ningún club: entra en /entrar y crea el primero en /admin/clubes, \
                     o aquí con `baza club add \"Nombre del club\" --town Pueblo --game cuatrola`. / \
                     There is no club yet: sign in at /entrar and create the first one at \
                     /admin/clubes, or here with `baza club add \"Club name\" --town Town --game cuatrola`."
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        UserCommand::List(args) => {
            let mut conn = args.connect()?;
            for u in accounts::list_users(&mut conn)? {
                let club = u
                    .club_id
                    .map(|c| c.to_string())
                    .unwrap_or_else(|| "-".into());
                println!("{}\t{}\t{}\tclub {}", u.id, u.username, u.role, club);
            }
            Ok(ExitCode::SUCCESS)
        }
        UserCommand::ResetPassword {
            name,
            password_stdin,
            db: args,
        } => {
            let (password, generated) = new_password(password_stdin)?;
            if password.chars().count() < crate::domain::account::MIN_PASSWORD {
                anyhow::bail!(
                    "la contraseña necesita 8 caracteres o más / the password needs 8 or more characters"
                );
            }
            let mut conn = args.connect()?;
            let user = accounts::find_user_by_name(&mut conn, &name)?
                .ok_or_else(|| anyhow::anyhow!("no existe {name} / no such user {name}"))?;
            accounts::set_password(
                &mut conn,
                user.id,
                &crate::service::account::hash_password(&password)?,
            )?;
            eprintln!("Contraseña cambiada / password changed: {name}");
            if generated {
                println!("{password}");
            }
            Ok(ExitCode::SUCCESS)
        }
        UserCommand::SetRole {
            name,
            role,
            club,
            db: args,
        } => {
            let role = crate::domain::account::Role::parse(&role)
                .ok_or_else(|| anyhow::anyhow!("«{role}»: admin, organiser, referee"))?;
            let mut conn = args.connect()?;
            let user = accounts::find_user_by_name(&mut conn, &name)?
                .ok_or_else(|| anyhow::anyhow!("no existe {name} / no such user {name}"))?;
            let change = crate::service::account::UserChange::Role(role, club);
            match crate::service::account::change_user(&mut conn, ("cli", None), user.id, change)? {
                Ok(()) => {}
                Err(UserFault::Club) => {
                    let c = club.unwrap_or_default();
                    anyhow::bail!("no existe el club {c} / there is no club {c}")
                }
                Err(fault) => anyhow::bail!(
                    "{}: --club ID (baza club list) / an organiser or a referee belongs to a club: --club ID",
                    crate::web::i18n::tr(Lang::Es, fault.key())
                ),
            }
            eprintln!(
                "Rol cambiado; sus sesiones se han cerrado / role changed, sessions ended: {name} ({})",
                role.slug()
            );
            Ok(ExitCode::SUCCESS)
        }
        UserCommand::Disable { name, db: args } => set_disabled(&name, &args, true),
        UserCommand::Enable { name, db: args } => set_disabled(&name, &args, false),
    }
}

fn club_command(cmd: ClubCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        ClubCommand::Add {
            name,
            town,
            game,
            db: args,
        } => {
            use crate::domain::register::{ClubFault, checked_club};
            use crate::service::club::{ClubDefaults, create_club};
            let said = |fault: ClubFault| {
                anyhow::anyhow!(
                    "{} / {}",
                    crate::web::i18n::tr(Lang::Es, fault.key()),
                    crate::web::i18n::tr(Lang::En, fault.key())
                )
            };
            let (name, town) = checked_club(&name, &town).map_err(said)?;
            let defaults = ClubDefaults::for_game(&game).map_err(said)?;
            let mut conn = args.connect()?;
            let id = create_club(&mut conn, (&name, &town), &defaults, "cli")?;
            println!("{id}");
            eprintln!("Club creado / club created: #{id} {name}");
            Ok(ExitCode::SUCCESS)
        }
        ClubCommand::List(args) => {
            let mut conn = args.connect()?;
            for c in db::queries::list_clubs(&mut conn)? {
                println!("{}\t{}\t{}\t{}", c.id, c.name, c.town, c.default_game);
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `baza ratings recompute`: the ratings from the whole history, each game's list
/// (or `game`'s only) best first, one player a line (game, rank in it, name, rating,
/// RD, volatility, games), and the time it took: the numbers of `/puntuaciones`.
fn ratings_recompute(
    tau: f64,
    game: Option<&str>,
    json: bool,
    args: &DbArgs,
) -> anyhow::Result<ExitCode> {
    if !(0.05..=3.0).contains(&tau) {
        anyhow::bail!("τ entre 0.05 y 3 / τ between 0.05 and 3");
    }
    let game = game
        .map(|g| {
            g.parse::<crate::domain::GameKind>().map_err(|_| {
                let said = both(|lang| crate::web::i18n::tr(lang, "club-bad-game"));
                anyhow::anyhow!("--game «{g}»: {said}")
            })
        })
        .transpose()?;
    let mut conn = args.connect()?;
    let started = std::time::Instant::now();
    let config = crate::domain::rating::Config {
        tau,
        ..Default::default()
    };
    let ratings = db::ratings::compute(&mut conn, config)?;
    let took = started.elapsed();
    let games = game.map_or_else(|| ratings.games(), |g| vec![g]);
    let rows: Vec<_> = games
        .iter()
        .flat_map(|g| {
            let table = ratings.table(*g);
            table
                .into_iter()
                .enumerate()
                .map(move |(i, row)| (*g, i + 1, row))
        })
        .collect();
    if json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|(g, rank, (p, r, games))| {
                serde_json::json!({
                    "game": g.slug(), "rank": rank, "player_id": p.id, "name": p.name,
                    "rating": r.rating, "rd": r.rd, "volatility": r.volatility, "games": games,
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        for (g, rank, (p, r, games)) in &rows {
            println!(
                "{g}\t{rank}\t{}\t{:.0}\t{:.0}\t{:.4}\t{games}",
                p.name, r.rating, r.rd, r.volatility,
            );
        }
    }
    let (n, kinds, ms) = (rows.len(), games.len(), took.as_millis());
    let periods: usize = games.iter().map(|g| ratings.periods_of(*g)).sum();
    eprintln!(
        "{n} puntuaciones en {kinds} juegos, {periods} periodos, {ms} ms / {n} ratings in {kinds} games, {periods} periods, {ms} ms"
    );
    Ok(ExitCode::SUCCESS)
}

/// `baza user disable` / `baza user enable`.
fn set_disabled(name: &str, args: &DbArgs, disable: bool) -> anyhow::Result<ExitCode> {
    use crate::db::accounts;
    let mut conn = args.connect()?;
    let user = accounts::find_user_by_name(&mut conn, name)?
        .ok_or_else(|| anyhow::anyhow!("no existe {name} / no such user {name}"))?;
    let change = if disable {
        crate::service::account::UserChange::Disable
    } else {
        crate::service::account::UserChange::Enable
    };
    if let Err(fault) =
        crate::service::account::change_user(&mut conn, ("cli", None), user.id, change)?
    {
        anyhow::bail!("{}", crate::web::i18n::tr(Lang::Es, fault.key()));
    }
    if disable {
        eprintln!(
            "Cuenta desactivada; sus sesiones se han cerrado / account disabled, sessions ended: {name}"
        );
    } else {
        eprintln!("Cuenta activada / account enabled: {name}");
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::User(cmd) => user_command(cmd),
        Command::Club(cmd) => club_command(cmd),
        Command::People(cmd) => people::run(cmd),
        Command::Ratings(RatingsCommand::Recompute {
            tau,
            game,
            json,
            db: args,
        }) => ratings_recompute(tau, game.as_deref(), json, &args),
        Command::Pair(args) => pair(&args),
        Command::Backup { file, db: args } => {
            let target = args.target()?;
            db::backup(&target, std::path::Path::new(&file))?;
            eprintln!("Copia hecha / backup written: {file}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Restore {
            file,
            replace,
            lang,
            db: args,
        } => {
            let target = match &args.db {
                Some(url) => DbTarget::parse(url, true)?,
                None => args.target()?,
            };
            #[cfg(feature = "sqlite")]
            return backups::restore(&file, &target, replace, lang);
            #[cfg(not(feature = "sqlite"))]
            {
                let _ = (file, replace, target, lang);
                anyhow::bail!("this build of Baza has no SQLite support");
            }
        }
        Command::Standings(args) => standings::run(&args),
        Command::Bracket(args) => bracket::run(args),
        Command::Tournament(cmd) => tournament_db_command(cmd),
        Command::Check(args) => check(&args),
        Command::RandomHands {
            count,
            seed,
            game,
            players,
            options,
        } => {
            use std::io::Write;
            let game: domain::GameKind = game.parse().map_err(|e: String| anyhow::anyhow!(e))?;
            if !game.valid_players(players) {
                anyhow::bail!("{players} players cannot play {game}");
            }
            let options = match options {
                None => serde_json::Map::new(),
                Some(text) => serde_json::from_str(&text)
                    .map_err(|e| anyhow::anyhow!("--options: expected a JSON object: {e}"))?,
            };
            let options = domain::options::validate(game, players, &options)?;
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            for i in 0..count {
                let record = domain::random::random_complete_record_with(
                    game,
                    players,
                    options.clone(),
                    seed.wrapping_add(i),
                )
                .ok_or_else(|| anyhow::anyhow!("random {game} hands play the default options"))?;
                serde_json::to_writer(&mut out, &record)?;
                out.write_all(b"\n")?;
            }
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Migrate(args) => {
            let target = args.target()?;
            let n = db::migrate_target(&target)?;
            eprintln!(
                "{n} migraciones aplicadas / migrations applied ({})",
                target.backend_name()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Demo(args) => {
            demo(&args.target()?)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Serve(args) => {
            if args.trusted_proxy_header.is_some() {
                eprintln!(
                    "--trusted-proxy-header (BAZA_TRUSTED_PROXY_HEADER) ya no existe: usa --trusted-proxy con la dirección del balanceador (BAZA_TRUSTED_PROXY=10.0.0.5)\n\
                     --trusted-proxy-header (BAZA_TRUSTED_PROXY_HEADER) is gone: use --trusted-proxy with the load balancer's address (BAZA_TRUSTED_PROXY=10.0.0.5)"
                );
                return Ok(ExitCode::from(2));
            }
            crate::startup::bound_memory();
            let target = args.db.target()?;
            if args.demo {
                demo(&target)?;
            }
            let pool = db::connect_and_migrate(&target)?;
            backups::start(&args.backups, &target)?;
            actix_web::rt::System::new().block_on(async move {
                let options = WebOptions {
                    workers: args.workers,
                    secure_cookies: args.secure_cookies,
                    sessions: crate::service::account::SessionLimits {
                        idle: args.session_idle,
                        lifetime: args.session_lifetime,
                    },
                    trusted_proxies: args.trusted_proxy.clone().unwrap_or_default(),
                    public_url: args.public_url.clone(),
                    added_games: Vec::new(),
                };
                let app = Application::build(&args.bind, pool, &options)?;
                let host = args
                    .bind
                    .rsplit_once(':')
                    .map(|(h, _)| h)
                    .unwrap_or("127.0.0.1");
                tracing::info!(
                    "Baza escuchando en / listening on http://{host}:{} ({})",
                    app.port(),
                    target.backend_name()
                );
                match app.reach() {
                    crate::web::reach::Reach::At(url) => tracing::info!(
                        "Los móviles entran en / phones open {url}"
                    ),
                    crate::web::reach::Reach::LocalOnly => tracing::info!(
                        "Solo este equipo llega a Baza; para los móviles, --bind 0.0.0.0:8080 / only this machine reaches Baza; for phones, --bind 0.0.0.0:8080"
                    ),
                    crate::web::reach::Reach::Unknown => {}
                }
                app.run_until_stopped().await
            })?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// What `baza tournament import` writes of a refusal of the championship service:
    /// its message and its detail in the refusal's own words, in Spanish and English,
    /// never the English detail alone.
    #[test]
    fn an_import_refusal_is_said_with_its_message_and_detail_in_spanish_and_english() {
        use crate::domain::refusal::Refusal;
        let words = [
            "ronda 2, mesa 1: …",
            "ronda 2, taula 1: …",
            "round 2, table 1: …",
        ];
        let bad = Refusal::BadFile(Box::new(words.map(str::to_owned)));
        assert_eq!(
            refused_words(&bad),
            format!(
                "{}: ronda 2, mesa 1: … / {}: round 2, table 1: …",
                crate::web::i18n::tr(Lang::Es, "error-tournament-file"),
                crate::web::i18n::tr(Lang::En, "error-tournament-file"),
            )
        );
        // A refusal without a detail is its message, not an empty line.
        let said = refused_words(&Refusal::LinkTwice(String::new()));
        assert_eq!(
            said,
            "Esa persona ya juega en este campeonato. / That person already plays in this championship."
        );
    }

    #[test]
    fn durations_read_with_their_unit_and_minutes_without_one() {
        assert_eq!(
            parse_duration("90s").unwrap(),
            chrono::Duration::seconds(90)
        );
        assert_eq!(
            parse_duration("30m").unwrap(),
            chrono::Duration::minutes(30)
        );
        assert_eq!(
            parse_duration(" 12h ").unwrap(),
            chrono::Duration::hours(12)
        );
        assert_eq!(parse_duration("7D").unwrap(), chrono::Duration::days(7));
        assert_eq!(parse_duration("45").unwrap(), chrono::Duration::minutes(45));
        for bad in ["", "h", "0h", "-3h", "12w", "doce"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
