//! Builds the HTTP application. `Application::build` binds first and reports the
//! real port, so tests can bind port 0; `routes` is the whole URL space in one place.

use std::net::TcpListener;

use actix_session::SessionMiddleware;
use actix_session::config::PersistentSession;
use actix_session::storage::CookieSessionStore;
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::Server;
use actix_web::http::header;
use actix_web::middleware::{Compress, DefaultHeaders, from_fn};
use actix_web::{App, HttpServer, web};

use crate::db::DbPool;
use crate::error::AppError;
use crate::web::auth::csrf_guard;
use crate::web::{
    AppState, account, api, assets, first_run, game, legacy, manage, pages, players, referee,
    render_errors, requests,
};

/// Largest JSON body accepted (a hand record is a few kilobytes; a batch is not
/// sent to the API).
pub const JSON_LIMIT: usize = 256 * 1024;

/// How long a stopping server (SIGTERM) waits for the requests in flight before it
/// exits anyway. A systemd unit's `TimeoutStopSec` must be longer.
pub const SHUTDOWN_SECONDS: u64 = 10;

/// How long a new connection may take to bring its request's head (the request line
/// and headers) before the server gives up on it with a 408. A phone on a crowded
/// hall's Wi-Fi loses packets and resends them after 1, 2, 4 and 8 seconds, and a
/// laptop serving a room of tables, or a client busy with many tables at once, gets
/// to a connection late: actix's own 5 seconds then refuse a hand nobody read.
pub const REQUEST_HEAD_SECONDS: u64 = 30;

/// How the web server behaves (from the command line).
#[derive(Debug, Clone, Default)]
pub struct WebOptions {
    /// Worker threads; default one per core.
    pub workers: Option<usize>,
    /// Mark the session cookie `Secure` (behind HTTPS). Off for plain-HTTP club
    /// networks, where browsers would drop a secure cookie.
    pub secure_cookies: bool,
    /// How long signed-in sessions last (idle, and in all).
    pub sessions: crate::service::account::SessionLimits,
    /// The load balancers whose `X-Forwarded-For`, `-Host` and `-Proto` are
    /// believed; empty when clients connect directly.
    pub trusted_proxies: requests::TrustedProxies,
    /// The address phones reach the server at (`--public-url`); without it, the
    /// machine's own address on its network.
    pub public_url: Option<String>,
    /// Games added to the five, registered with `domain::games::register` before the
    /// server starts: its forms offer them too.
    pub added_games: Vec<crate::domain::GameKind>,
}

/// The key that signs and encrypts session cookies, kept in the database so that
/// every Baza process behind a load balancer shares it (and sessions survive a
/// restart). Created at first start.
fn session_key(pool: &DbPool) -> std::io::Result<Key> {
    let io = |e: String| std::io::Error::other(e);
    let mut conn = pool.get().map_err(|e| io(e.to_string()))?;
    let hex = crate::db::accounts::setting_or_init(&mut conn, "session_key", || {
        crate::service::random_hex(64).unwrap_or_default()
    })
    .map_err(|e| io(e.to_string()))?;
    let bytes: Vec<u8> = (0..hex.len() / 2)
        .filter_map(|i| hex.get(2 * i..2 * i + 2))
        .filter_map(|b| u8::from_str_radix(b, 16).ok())
        .collect();
    if bytes.len() < 64 {
        return Err(io("the stored session key is damaged".to_owned()));
    }
    Ok(Key::from(&bytes))
}

pub struct Application {
    port: u16,
    reach: crate::web::reach::Reach,
    server: Server,
}

impl Application {
    /// Binds `bind` (e.g. `127.0.0.1:8080`, or port 0 for any free port) and
    /// prepares the server over `pool`. `workers` defaults to the number of cores.
    pub fn build(bind: &str, pool: DbPool, options: &WebOptions) -> std::io::Result<Self> {
        let key = session_key(&pool)?;
        let secure = options.secure_cookies;
        let limits = options.sessions;
        let cookie_ttl = actix_web::cookie::time::Duration::seconds(limits.lifetime.num_seconds());
        // Every blocking task holds a pooled connection: threads beyond the pool's
        // size would only wait, each with its stack and its malloc arena.
        let blocking = usize::try_from(pool.max_size()).unwrap_or(8).max(2);
        let listener = TcpListener::bind(bind)?;
        let port = listener.local_addr()?.port();
        // Behind a load balancer this machine's own address is not the one phones
        // use: without `--public-url`, the address each browser used stands in.
        let reach = if options.public_url.is_none() && !options.trusted_proxies.is_empty() {
            crate::web::reach::Reach::Unknown
        } else {
            crate::web::reach::reach(options.public_url.as_deref(), listener.local_addr()?)
        };
        // SQLite has one writer: the saves of many tables share its disk flushes.
        #[cfg(feature = "sqlite")]
        let writes = pool
            .get()
            .map_err(|e| std::io::Error::other(e.to_string()))?
            .is_sqlite()
            .then(Default::default);
        let state = AppState {
            pool,
            #[cfg(feature = "sqlite")]
            writes,
            pages: Default::default(),
            health: Default::default(),
            sessions: limits,
            proxies: options.trusted_proxies.clone(),
            reach: reach.clone(),
            added_games: options.added_games.clone(),
        };
        let mut server = HttpServer::new(move || {
            App::new()
                .app_data(web::Data::new(state.clone()))
                .app_data(web::JsonConfig::default().limit(JSON_LIMIT))
                .app_data(web::PayloadConfig::new(JSON_LIMIT))
                .app_data(web::FormConfig::default().limit(64 * 1024))
                .configure(routes)
                .default_service(web::to(not_found))
                .wrap(from_fn(csrf_guard))
                .wrap(from_fn(requests::utf8_guard))
                .wrap(from_fn(crate::web::conditional_get))
                .wrap(from_fn(crate::web::auth::session_check))
                .wrap(from_fn(render_errors))
                .wrap(
                    SessionMiddleware::builder(CookieSessionStore::default(), key.clone())
                        .cookie_name("baza_session".to_owned())
                        .cookie_secure(secure)
                        .cookie_http_only(true)
                        .cookie_same_site(SameSite::Lax)
                        // The browser forgets it when the server would refuse it anyway.
                        .session_lifecycle(PersistentSession::default().session_ttl(cookie_ttl))
                        .build(),
                )
                .wrap(Compress::default())
                .wrap(from_fn(requests::head_as_get))
                .wrap(security_headers(secure))
                .wrap(from_fn(requests::forwarded_guard))
        })
        .worker_max_blocking_threads(blocking)
        .client_request_timeout(std::time::Duration::from_secs(REQUEST_HEAD_SECONDS))
        // A compressed page goes out as head and body chunks: without this, Nagle's
        // algorithm holds the last chunk for the client's delayed ACK (40 ms a page).
        .tcp_nodelay(true)
        // On SIGTERM: stop accepting, close idle keep-alive connections, answer what
        // is in flight with `Connection: close`, and exit, waiting at most this long.
        .shutdown_timeout(SHUTDOWN_SECONDS)
        .listen(listener)?;
        if let Some(n) = options.workers {
            server = server.workers(n.max(1));
        }
        Ok(Application {
            port,
            reach,
            server: server.run(),
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The address phones reach the server at, as the server found it.
    pub fn reach(&self) -> &crate::web::reach::Reach {
        &self.reach
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

async fn not_found() -> Result<actix_web::HttpResponse, AppError> {
    Err(AppError::NotFound)
}

/// The header every answer of Baza's own carries (`Baza-Answer: 1`): a phone's
/// pending.js tells by it an answer Baza wrote (a refusal to show, a saved hand) from
/// one it never saw (a proxy's or a captive portal's page, the 408 the server sends
/// before reading a request whose head came too late), which it keeps and sends again.
pub const OWN_ANSWER: (&str, &str) = ("baza-answer", "1");

/// The headers of every answer. Served over HTTPS (`secure`, with
/// `--secure-cookies`), browsers are also told to come back over HTTPS only; on a
/// club's plain-HTTP network that would lock the phones out, so it is not sent there.
fn security_headers(secure: bool) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add(OWN_ANSWER)
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY));
    if secure {
        headers.add((header::STRICT_TRANSPORT_SECURITY, "max-age=31536000"))
    } else {
        headers
    }
}

/// Pages, styles, scripts and images of this site only; forms post to it only; no
/// `<base>` may move where relative links lead; no other site may frame a page.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The addresses of the older model of entries and matches: permanent redirects (web/legacy.rs).
fn legacy_routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/eventos").get(legacy::championships))
        .service(web::resource("/eventos/{id}").get(legacy::championship))
        .service(web::resource("/eventos/{id}/mesas").get(legacy::table_cards))
        .service(web::resource("/eventos/{id}/auditoria").get(legacy::audit))
        .service(web::resource("/encuentros/{id}").get(legacy::match_page))
        .service(web::resource("/encuentros/{id}/resultado").post(legacy::post_result))
        .service(
            web::resource("/mesa/{id}")
                .get(legacy::match_page)
                .post(legacy::post_pin),
        )
        .service(web::resource("/api/v1/matches/{id}/result").post(legacy::api_result));
}

/// Spreadsheet downloads (`.xlsx` and `.csv`) beside the pages they come from.
fn download_routes(cfg: &mut web::ServiceConfig) {
    use crate::web::championship as ch;
    cfg.service(web::resource("/campeonatos/{id}/clasificacion.{ext}").get(ch::standings_download))
        .service(
            web::resource("/circuitos/{id}/clasificacion.{ext}")
                .get(crate::web::circuits::download),
        )
        .service(
            web::resource("/campeonatos/{id}/emparejamientos.{ext}").get(ch::pairings_download),
        )
        .service(web::resource("/campeonatos/{id}/resultados.{ext}").get(ch::results_download))
        .service(web::resource("/campeonatos/{id}/cruces.{ext}").get(ch::crosstable_download))
        .service(web::resource("/campeonatos/{id}/auditoria.{ext}").get(ch::audit_download))
        .service(web::resource("/clubes/{id}/partidas.{ext}").get(pages::club_games_download))
        .service(web::resource("/clubes/{id}/auditoria.{ext}").get(manage::club_audit_download));
}

/// Every route of Baza.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/").get(pages::home))
        .service(web::resource("/health").get(crate::web::health::health))
        .service(web::resource("/campeonatos").get(pages::championships))
        .service(web::resource("/clubes/{id}").get(pages::club))
        .service(web::resource("/clubes/{id}/parejas").post(pages::add_pair))
        .service(web::resource("/jugadores/{id}").get(players::player))
        .service(web::resource("/parejas/{id}").get(players::pair))
        .service(web::resource("/puntuaciones").get(players::table))
        .service(
            web::resource("/clubes/{id}/circuitos/nuevo")
                .get(crate::web::circuits::new_form)
                .post(crate::web::circuits::create),
        )
        .service(web::resource("/clubes/{id}/circuitos").get(crate::web::circuits::list))
        .service(web::resource("/circuitos/{id}").get(crate::web::circuits::show))
        .service(
            web::resource("/circuitos/{id}/editar")
                .get(crate::web::circuits::edit_form)
                .post(crate::web::circuits::edit),
        )
        .service(
            web::resource("/circuitos/{id}/borrar")
                .get(crate::web::circuit_delete::delete_form)
                .post(crate::web::circuit_delete::delete),
        )
        .service(
            web::resource("/campeonatos/{id}/sembrar")
                .get(crate::web::seeding::page)
                .post(crate::web::seeding::apply),
        )
        .service(web::resource("/circuitos/{id}/imprimir").get(crate::web::circuits::print))
        .service(web::resource("/idioma/{code}").get(pages::switch_language))
        .service(web::resource("/static/{name}").get(assets::serve))
        .service(web::resource("/sw.js").get(assets::service_worker))
        .service(
            web::resource("/entrar")
                .get(account::login_form)
                .post(account::login),
        )
        .service(web::resource("/salir").post(account::logout))
        .service(web::resource("/cuenta").get(account::account))
        .service(web::resource("/cuenta/clave").post(account::change_password))
        .service(web::resource("/cuenta/sesiones/cerrar").post(account::close_other_sessions))
        .service(web::resource("/cuenta/tokens").post(account::create_token))
        .service(web::resource("/cuenta/tokens/{id}/revocar").post(account::revoke_token))
        .service(
            web::resource("/admin/usuarios")
                .get(account::users)
                .post(account::create_user),
        )
        .service(
            web::resource("/primeros-pasos")
                .get(first_run::form)
                .post(first_run::create),
        )
        .service(
            web::resource("/admin/clubes")
                .get(first_run::clubs)
                .post(first_run::create_club),
        )
        .service(web::resource("/admin/usuarios/{id}/papel").post(account::set_user_role))
        .service(web::resource("/admin/usuarios/{id}/desactivar").post(account::disable_user))
        .service(web::resource("/admin/usuarios/{id}/activar").post(account::enable_user))
        .configure(crate::web::register::routes)
        .configure(crate::web::register_person::routes)
        .configure(crate::web::register_import::routes)
        .service(web::resource("/buscar").get(crate::web::search::search))
        .configure(crate::web::people::routes)
        .configure(crate::web::person_merge::routes)
        .service(
            web::resource("/clubes/{id}/partidas/nueva")
                .get(game::new_game_form)
                .post(game::post_new_game),
        )
        .service(web::resource("/clubes/{id}/partidas/importar").post(game::import_game))
        .service(web::resource("/partidas/{id}").get(game::show_game))
        .service(web::resource("/partidas/{id}/pin").post(game::game_pin))
        .service(web::resource("/partidas/{id}/pin-nuevo").post(game::renew_game_pin))
        .service(web::resource("/partidas/{id}/siguiente").post(game::next_game))
        .service(web::resource("/partidas/{id}/exportar").get(game::export_game))
        .service(
            web::resource("/partidas/{id}/mano")
                .get(game::new_hand_form)
                .post(game::post_hand),
        )
        .service(
            web::resource("/partidas/{id}/manos/{n}")
                .get(game::edit_hand_form)
                .post(game::post_edit_hand),
        )
        .service(
            web::resource("/partidas/{id}/manos/{n}/borrar")
                .get(game::confirm_delete_hand)
                .post(game::delete_hand),
        )
        .service(web::resource("/partidas/{id}/auditoria").get(game::game_history))
        .service(web::resource("/partidas/{id}/auditoria/{a}/deshacer").post(game::undo_delete))
        .service(web::resource("/campeonatos/{id}/auditoria").get(manage::audit))
        .service(web::resource("/clubes/{id}/auditoria").get(manage::club_audit))
        .service(
            web::resource("/arbitro")
                .get(referee::desk)
                .post(referee::post_record),
        )
        .service(
            web::resource("/arbitro/construir")
                .get(referee::builder)
                .post(referee::builder),
        )
        .service(web::resource("/arbitro/subir").post(referee::upload_record))
        .service(web::resource("/arbitro/fallos/{slug}").get(referee::show_ruling))
        .service(web::resource("/arbitro/fallos/{slug}/aplicar").post(referee::apply))
        .service(
            web::resource("/api/v1/campeonatos/{id}/rondas/{r}/mesas/{t}/resultado")
                .post(manage::api_table_result),
        )
        // Tournaments I: championships with rounds (web/championship).
        .service(
            web::resource("/clubes/{id}/campeonatos/nuevo")
                .get(crate::web::championship::new_form)
                .post(crate::web::championship::create),
        )
        .service(
            web::resource("/clubes/{id}/campeonatos/importar")
                .app_data(web::PayloadConfig::new(
                    crate::web::championship::FILE_LIMIT,
                ))
                .get(crate::web::championship::championship_import_form)
                .post(crate::web::championship::championship_import),
        )
        .service(web::resource("/campeonatos/{id}").get(crate::web::championship::standings))
        .service(web::resource("/campeonatos/{id}/directo").get(crate::web::championship::live))
        .service(
            web::resource("/campeonatos/{id}/direccion").get(crate::web::championship::director),
        )
        .service(
            web::resource("/campeonatos/{id}/exportar").get(crate::web::championship::export_file),
        )
        .service(
            web::resource("/campeonatos/{id}/inscritos")
                .post(crate::web::championship::add_entrant),
        )
        .service(
            web::resource("/campeonatos/{id}/inscritos.{ext}")
                .get(crate::web::championship::export_entrants),
        )
        .service(
            web::resource("/campeonatos/{id}/inscritos/importar")
                .get(crate::web::championship::import_form)
                .post(crate::web::championship::import_csv),
        )
        .service(
            web::resource("/campeonatos/{id}/inscritos/{eid}/retirar")
                .post(crate::web::championship::withdraw),
        )
        .service(
            web::resource("/campeonatos/{id}/inscritos/{eid}/readmitir")
                .post(crate::web::championship::reinstate),
        )
        .service(
            web::resource("/campeonatos/{id}/inscritos/{eid}/presente")
                .post(crate::web::championship::check_in),
        )
        .service(
            web::resource("/campeonatos/{id}/inscritos/vincular-sin-coincidencias")
                .post(crate::web::championship::link_unmatched),
        )
        .service(
            web::resource("/campeonatos/{id}/inscritos/{eid}/vincular")
                .post(crate::web::championship::link_entrant),
        )
        .service(web::resource("/personas/buscar").get(crate::web::championship::search_people))
        .service(web::resource("/campeonatos/{id}/rondas").post(crate::web::championship::pair))
        .service(
            web::resource("/campeonatos/{id}/rondas/{r}/publicar")
                .post(crate::web::championship::publish),
        )
        .service(
            web::resource("/campeonatos/{id}/rondas/{r}/mesas/{t}")
                .get(crate::web::championship::show_table)
                .post(crate::web::championship::post_table),
        )
        .service(
            web::resource("/campeonatos/{id}/rondas/{r}/mesas/{t}/pin")
                .post(crate::web::championship::table_pin),
        )
        .service(
            web::resource("/campeonatos/{id}/rondas/{r}/mesas/{t}/firma")
                .post(crate::web::championship::sign),
        )
        .service(
            web::resource("/campeonatos/{id}/rondas/{r}/mesas/{t}/escrita")
                .post(crate::web::championship::switch_to_typed),
        )
        .service(
            web::resource("/campeonatos/{id}/rondas/{r}/mesas/{t}/mover")
                .post(crate::web::championship::move_table),
        )
        .service(
            web::resource("/campeonatos/{id}/rondas/{r}/mesas/{t}/pines")
                .post(crate::web::championship::renew_pins),
        )
        .service(
            web::resource("/campeonatos/{id}/fases").post(crate::web::championship::create_phase),
        )
        .service(
            web::resource("/campeonatos/{id}/repesca")
                .post(crate::web::championship::create_repesca),
        )
        .service(
            web::resource("/campeonatos/{id}/liguillas/sorteo")
                .post(crate::web::championship::draw_groups),
        )
        .service(
            web::resource("/campeonatos/{id}/liguillas/mover")
                .post(crate::web::championship::move_entrant),
        )
        .service(
            web::resource("/campeonatos/{id}/fases/{b}/mesas/{t}")
                .get(crate::web::championship::show_phase_table)
                .post(crate::web::championship::post_phase_table),
        )
        .service(
            web::resource("/campeonatos/{id}/fases/{b}/mesas/{t}/pin")
                .post(crate::web::championship::phase_table_pin),
        )
        .service(
            web::resource("/campeonatos/{id}/fases/{b}/mesas/{t}/firma")
                .post(crate::web::championship::sign_phase),
        )
        .service(
            web::resource("/campeonatos/{id}/fases/{b}/mesas/{t}/pines")
                .post(crate::web::championship::renew_pins),
        )
        .service(
            web::resource("/campeonatos/{id}/imprimir/emparejamientos")
                .get(crate::web::championship::print_pairings),
        )
        .service(
            web::resource("/campeonatos/{id}/imprimir/clasificacion")
                .get(crate::web::championship::print_standings),
        )
        .service(
            web::resource("/campeonatos/{id}/imprimir/actas")
                .get(crate::web::championship::print_slips),
        )
        .service(
            web::resource("/campeonatos/{id}/imprimir/pines")
                .get(crate::web::championship::print_pins),
        )
        .service(
            web::resource("/campeonatos/{id}/editar")
                .get(crate::web::championship::edit_form)
                .post(crate::web::championship::edit),
        )
        .service(
            web::resource("/campeonatos/{id}/borrar")
                .get(crate::web::championship::delete_form)
                .post(crate::web::championship::delete),
        )
        .configure(download_routes)
        .configure(api::routes)
        .configure(legacy_routes);
    // Brackets (cuadros): knockout phases, their results, corrections and print.
    cfg.service(web::resource("/cuadros").get(crate::web::brackets::list))
        .service(
            web::resource("/cuadros/nuevo")
                .get(crate::web::brackets::new_form)
                .post(crate::web::brackets::create),
        )
        .service(web::resource("/cuadros/{id}").get(crate::web::brackets::show))
        .service(web::resource("/cuadros/{id}/cuadro.css").get(crate::web::brackets::stylesheet))
        .service(web::resource("/cuadros/{id}/papel").post(crate::web::brackets::set_paper))
        .service(web::resource("/cuadros/{id}/borrar").post(crate::web::brackets::delete))
        .service(web::resource("/cuadros/{id}/auditoria").get(crate::web::brackets::audit))
        .service(web::resource("/cuadros/{id}/partidos/{m}").get(crate::web::brackets::show_match))
        .service(
            web::resource("/cuadros/{id}/partidos/{m}/resultado")
                .post(crate::web::brackets::post_result),
        )
        .service(
            web::resource("/cuadros/{id}/partidos/{m}/corregir")
                .post(crate::web::brackets::post_correction),
        );
}

/// Keeps the server's memory bounded under glibc's allocator: at most two arenas
/// (by default up to eight per core, each keeping the freed memory of the threads
/// that used it), and buffers from 256 kB up (a large page, a gzip buffer) mapped on
/// their own and returned when freed, instead of a threshold that grows with the
/// largest buffer seen. Called once, before the server starts its threads. The one
/// `unsafe` of the crate: a call into the C library.
#[allow(unsafe_code)]
pub fn bound_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets allocator parameters; it is called before the
    // server's threads exist.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}
