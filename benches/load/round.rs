//! One Swiss round of a championship played the way the room plays it, against a
//! running server: the director pairs and publishes the round; at every table the
//! scorekeeper's phone opens the table with its pair's PIN and enters the game hand by
//! hand (random legal cuatrola play-outs, `domain::random`), reloading the game after
//! each save; when the game ends its score is the table's proposed result, and the other
//! pair's phone opens the table with its own PIN and signs it (the firma). Meanwhile
//! VIEWERS phones poll the live page. When every table is signed the director pairs the
//! next round. Then the database itself is read: every acknowledged hand must be there
//! (by its submission id), and every table confirmed.
//!
//! `cargo run --release --example load_round -- BASE_URL USER PASSWORD EVENT DB_URL [VIEWERS] [POLL_MS]`
//! (benches/load/round.sh prepares the championship, starts the servers and calls it).
//!
//! `load_round proxy LISTEN BACKEND...`: the runner's tiny TCP proxy, which puts
//! several servers behind one address (each new connection to the next server in turn).
//!
//! Prints hands/s, p50/p99 of a save, of the firma and of the live page, the time to
//! pair, the 5xx answers and the hands lost. Exits non-zero on a 5xx or a lost hand.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use reqwest::StatusCode;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The first `attr="…"` value after `marker` in `html` (pages are read by string
/// search: the client shares the two cores with the server).
fn value_after(html: &str, marker: &str, attr: &str) -> Option<String> {
    let rest = &html[html.find(marker)?..];
    let key = format!("{attr}=\"");
    let rest = &rest[rest.find(&key)? + key.len()..];
    Some(rest[..rest.find('"')?].to_owned())
}

fn value_between(html: &str, start: &str, end: &str) -> Option<String> {
    let rest = &html[html.find(start)? + start.len()..];
    Some(rest[..rest.find(end)?].to_owned())
}

fn csrf_of(html: &str) -> Option<String> {
    value_after(html, "name=\"csrf\"", "value")
}

fn phone() -> Result<reqwest::Client, Error> {
    Ok(reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(60))
        .build()?)
}

/// Every answer's status, counted (5xx and other refusals).
#[derive(Default)]
struct Tally {
    requests: AtomicUsize,
    server_errors: AtomicUsize,
}

impl Tally {
    fn count(&self, s: StatusCode) -> StatusCode {
        self.requests.fetch_add(1, Ordering::Relaxed);
        if s.is_server_error() {
            self.server_errors.fetch_add(1, Ordering::Relaxed);
            eprintln!("5xx: {s}");
        }
        s
    }
}

struct Site {
    base: String,
    tally: Tally,
}

impl Site {
    async fn get(&self, c: &reqwest::Client, path: &str) -> Result<(StatusCode, String), Error> {
        let res = c.get(format!("{}{path}", self.base)).send().await?;
        let s = self.tally.count(res.status());
        Ok((s, res.text().await?))
    }

    async fn post(
        &self,
        c: &reqwest::Client,
        path: &str,
        form: &[(&str, &str)],
    ) -> Result<(StatusCode, Duration, String), Error> {
        let t = Instant::now();
        let res = c
            .post(format!("{}{path}", self.base))
            .form(form)
            .send()
            .await?;
        let s = self.tally.count(res.status());
        let body = res.text().await?;
        Ok((s, t.elapsed(), body))
    }
}

async fn director(
    site: &Site,
    user: &str,
    password: &str,
) -> Result<(reqwest::Client, String), Error> {
    let c = phone()?;
    let (_, page) = site.get(&c, "/entrar").await?;
    let csrf = csrf_of(&page).ok_or("no csrf on /entrar")?;
    let (s, _, _) = site
        .post(
            &c,
            "/entrar",
            &[
                ("csrf", csrf.as_str()),
                ("username", user),
                ("password", password),
                ("next", "/"),
            ],
        )
        .await?;
    if s != StatusCode::SEE_OTHER {
        return Err(format!("login: {s}").into());
    }
    let (_, page) = site.get(&c, "/entrar").await?;
    let csrf = csrf_of(&page).ok_or("no csrf after login")?;
    Ok((c, csrf))
}

/// The director pairs the next round: its number and how long the POST took.
async fn pair(
    site: &Site,
    c: &reqwest::Client,
    csrf: &str,
    event: i32,
) -> Result<(u32, Duration), Error> {
    let t = Instant::now();
    let res = c
        .post(format!("{}/campeonatos/{event}/rondas", site.base))
        .form(&[("csrf", csrf), ("tables", "")])
        .send()
        .await?;
    let took = t.elapsed();
    let s = site.tally.count(res.status());
    let round = res
        .headers()
        .get("location")
        .and_then(|l| l.to_str().ok())
        .and_then(|l| l.rsplit("#ronda-").next())
        .and_then(|r| r.parse().ok());
    match round {
        Some(r) => Ok((r, took)),
        None => {
            let body = res.text().await.unwrap_or_default();
            let why = value_between(&body, "role=\"alert\">", "<").unwrap_or_default();
            Err(format!("pair: {s} {why}").into())
        }
    }
}

struct Slip {
    path: String,
    pins: [String; 2],
}

/// What one table measured.
#[derive(Default)]
struct TableRun {
    game: i32,
    acked: Vec<String>,
    saves: Vec<Duration>,
    firma: Option<Duration>,
    refused: usize,
    resent: usize,
}

async fn open_table(
    site: &Site,
    path: &str,
    pin: &str,
) -> Result<(reqwest::Client, String), Error> {
    let c = phone()?;
    // The QR code leads to the table's page: its PIN form.
    let (_, page) = site.get(&c, path).await?;
    let csrf = csrf_of(&page).ok_or("no csrf on the table page")?;
    let (s, _, _) = site
        .post(
            &c,
            &format!("{path}/pin"),
            &[("csrf", csrf.as_str()), ("pin", pin)],
        )
        .await?;
    if s != StatusCode::SEE_OTHER {
        return Err(format!("{path}: PIN answered {s}").into());
    }
    let (_, page) = site.get(&c, path).await?;
    Ok((c, page))
}

async fn play_table(site: Arc<Site>, slip: Slip, seed: u64) -> Result<TableRun, Error> {
    let mut run = TableRun::default();
    let (keeper, page) = open_table(&site, &slip.path, &slip.pins[0]).await?;
    let href = value_after(&page, "play-game", "href").ok_or("no game at the table")?;
    run.game = href.trim_start_matches("/partidas/").parse()?;
    let game = run.game;
    let (_, page) = site.get(&keeper, &href).await?;
    let csrf = csrf_of(&page).ok_or("no csrf on the game page")?;
    let mut version: i32 = value_after(&page, "big-score", "data-version")
        .ok_or("no version")?
        .parse()?;
    let mut totals = [0i64; 2];
    for n in 0..200u64 {
        // The phone reloads its game: who deals next, and whether it is over.
        let (_, file) = site
            .get(&keeper, &format!("/partidas/{game}/exportar"))
            .await?;
        let file: serde_json::Value = serde_json::from_str(&file)?;
        let board = &file["scoreboard"];
        if !board["game_over"].is_null() {
            break;
        }
        let dealer = board["next_dealer"].as_u64().ok_or("no dealer")? as u8;
        let record =
            baza::domain::random::random_cuatrola_hand_of_game(seed * 1000 + n, dealer, totals);
        let points = baza::domain::rule(&record, baza::domain::Lang::Es)
            .hand_points
            .ok_or("a hand without points")?;
        let submission = format!("round-{seed}-{n}");
        let v = version.to_string();
        let text = record.to_value().to_string();
        let form = [
            ("csrf", csrf.as_str()),
            ("version", v.as_str()),
            ("submission", submission.as_str()),
            ("record", text.as_str()),
        ];
        let t = Instant::now();
        // A phone whose request got no answer keeps the hand pending and sends it
        // again with the same submission id (the server takes it once).
        let mut tries = 0;
        let s = loop {
            match site
                .post(&keeper, &format!("/partidas/{game}/mano"), &form)
                .await
            {
                Ok((s, _, _)) => break s,
                Err(e) if tries < 5 => {
                    tries += 1;
                    run.resent += 1;
                    eprintln!("table {}: hand {n} sent again: {e}", slip.path);
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => return Err(e),
            }
        };
        run.saves.push(t.elapsed());
        if s == StatusCode::SEE_OTHER {
            run.acked.push(submission);
            version += 1;
            for (t, p) in totals.iter_mut().zip(&points) {
                *t += p.floor();
            }
        } else {
            run.refused += 1;
            let (_, page) = site.get(&keeper, &href).await?;
            version = value_after(&page, "big-score", "data-version")
                .ok_or("no version")?
                .parse()?;
        }
    }
    // The game is over: its score is the proposed result. The other pair signs it on
    // its own phone.
    let (other, page) = open_table(&site, &slip.path, &slip.pins[1]).await?;
    let status = value_after(&page, "table-status", "data-status").unwrap_or_default();
    if status != "proposed" {
        return Err(format!("{}: {status} after the game, not proposed", slip.path).into());
    }
    let v = value_after(&page, "table-status", "data-version").ok_or("no table version")?;
    let csrf = csrf_of(&page).ok_or("no csrf for the firma")?;
    let (s, took, _) = site
        .post(
            &other,
            &format!("{}/firma", slip.path),
            &[("csrf", csrf.as_str()), ("version", v.as_str())],
        )
        .await?;
    if s != StatusCode::SEE_OTHER {
        return Err(format!("{}: firma answered {s}", slip.path).into());
    }
    run.firma = Some(took);
    Ok(run)
}

async fn view(
    site: Arc<Site>,
    path: String,
    poll: Duration,
    offset: Duration,
    stop: Arc<AtomicBool>,
) -> Result<Vec<Duration>, Error> {
    let c = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()?;
    let mut out = Vec::new();
    tokio::time::sleep(offset).await;
    while !stop.load(Ordering::Relaxed) {
        let t = Instant::now();
        // As a phone's browser asks: the page comes gzipped (and is not unpacked here).
        let res = c
            .get(format!("{}{path}", site.base))
            .header("Accept-Encoding", "gzip")
            .send()
            .await?;
        site.tally.count(res.status());
        res.bytes().await?;
        let took = t.elapsed();
        out.push(took);
        tokio::time::sleep(poll.saturating_sub(took)).await;
    }
    Ok(out)
}

fn pct(sorted: &[Duration], p: f64) -> f64 {
    sorted
        .get(((sorted.len() as f64 - 1.0) * p).round() as usize)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

fn line(what: &str, mut d: Vec<Duration>) -> String {
    d.sort_unstable();
    format!(
        "{what}: {} answers, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        d.len(),
        pct(&d, 0.5),
        pct(&d, 0.99),
        pct(&d, 1.0)
    )
}

/// Accepts connections on `listen` and joins each to the next of `backends` in turn.
async fn proxy(listen: &str, backends: Vec<String>) -> Result<(), Error> {
    let listener = tokio::net::TcpListener::bind(listen).await?;
    let mut next = 0usize;
    loop {
        let (mut inbound, _) = listener.accept().await?;
        inbound.set_nodelay(true)?;
        let to = backends[next % backends.len()].clone();
        next += 1;
        tokio::spawn(async move {
            if let Ok(mut outbound) = tokio::net::TcpStream::connect(&to).await {
                let _ = outbound.set_nodelay(true);
                let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
            }
        });
    }
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("proxy") {
        let listen = args.get(2).ok_or("LISTEN")?;
        return proxy(listen, args[3..].to_vec()).await;
    }
    let arg = |i: usize, what: &str| {
        args.get(i)
            .cloned()
            .ok_or_else(|| Error::from(what.to_owned()))
    };
    let site = Arc::new(Site {
        base: arg(1, "BASE_URL")?.trim_end_matches('/').to_owned(),
        tally: Tally::default(),
    });
    let (user, password) = (arg(2, "USER")?, arg(3, "PASSWORD")?);
    let event: i32 = arg(4, "EVENT")?.parse()?;
    let db_url = arg(5, "DB_URL")?;
    let viewers: usize = args.get(6).map_or(Ok(500), |s| s.parse())?;
    let poll = Duration::from_millis(args.get(7).map_or(Ok(1000), |s| s.parse())?);

    let (dir, csrf) = director(&site, &user, &password).await?;
    let (round, first_pair) = pair(&site, &dir, &csrf, event).await?;
    let (s, _, _) = site
        .post(
            &dir,
            &format!("/campeonatos/{event}/rondas/{round}/publicar"),
            &[("csrf", csrf.as_str())],
        )
        .await?;
    if s != StatusCode::SEE_OTHER {
        return Err(format!("publish: {s}").into());
    }
    // The result slips the director prints: each table's address and both PINs.
    let (_, html) = site
        .get(
            &dir,
            &format!("/campeonatos/{event}/imprimir/actas?ronda={round}"),
        )
        .await?;
    let slips: Vec<Slip> = {
        let doc = scraper::Html::parse_document(&html);
        let sel = |s: &str| scraper::Selector::parse(s).map_err(|e| Error::from(e.to_string()));
        let texts = |s: &str| -> Result<Vec<String>, Error> {
            Ok(doc
                .select(&sel(s)?)
                .map(|e| e.text().collect::<String>().trim().to_owned())
                .collect())
        };
        let paths = texts(".table-path")?;
        let a = texts(".pin-a strong")?;
        let b = texts(".pin-b strong")?;
        paths
            .into_iter()
            .zip(a.into_iter().zip(b))
            .map(|(path, (a, b))| Slip { path, pins: [a, b] })
            .collect()
    };
    println!(
        "championship #{event}: round {round} paired in {:.0} ms, {} tables; {viewers} viewers polling the live page every {} ms",
        first_pair.as_secs_f64() * 1000.0,
        slips.len(),
        poll.as_millis()
    );

    let stop = Arc::new(AtomicBool::new(false));
    let live = format!("/campeonatos/{event}/directo");
    let watchers: Vec<_> = (0..viewers)
        .map(|i| {
            let offset =
                poll * u32::try_from(i).unwrap_or(0) / u32::try_from(viewers.max(1)).unwrap_or(1);
            tokio::spawn(view(site.clone(), live.clone(), poll, offset, stop.clone()))
        })
        .collect();
    let start = Instant::now();
    let tables: Vec<_> = slips
        .into_iter()
        .enumerate()
        .map(|(i, slip)| tokio::spawn(play_table(site.clone(), slip, 1 + i as u64)))
        .collect();
    let mut runs = Vec::new();
    let mut failed = 0usize;
    for t in tables {
        match t.await? {
            Ok(r) => runs.push(r),
            Err(e) => {
                failed += 1;
                eprintln!("table failed: {e}");
            }
        }
    }
    let played = start.elapsed();
    let paired_next = pair(&site, &dir, &csrf, event).await;
    stop.store(true, Ordering::Relaxed);
    let mut polls = Vec::new();
    for w in watchers {
        polls.extend(w.await??);
    }

    // What the database holds: every acknowledged hand, by its submission id.
    let target = baza::db::DbTarget::parse(&db_url, false)?;
    let mut conn = target.connect()?;
    let (mut lost, mut unacked, mut acked) = (0usize, 0usize, 0usize);
    let mut stored_of: HashMap<i32, HashSet<String>> = HashMap::new();
    for r in &runs {
        use baza::db::schema::game_hands;
        let stored: HashSet<String> = game_hands::table
            .filter(game_hands::game_id.eq(r.game))
            .select(game_hands::submission)
            .load::<String>(&mut conn)?
            .into_iter()
            .collect();
        acked += r.acked.len();
        lost += r.acked.iter().filter(|s| !stored.contains(*s)).count();
        unacked += stored.len().saturating_sub(r.acked.len());
        stored_of.insert(r.game, stored);
    }
    let confirmed: i64 = {
        use baza::db::schema::championship_tables as tt;
        tt::table
            .filter(tt::championship_id.eq(event))
            .filter(tt::round_no.eq(i32::try_from(round)?))
            .filter(tt::status.eq("final"))
            .count()
            .get_result(&mut conn)?
    };

    let secs = played.as_secs_f64();
    println!(
        "{} tables played and signed in {secs:.1} s ({failed} failed): {acked} hands = {:.0} hands/s; {confirmed} tables confirmed in the database",
        runs.len(),
        acked as f64 / secs
    );
    println!(
        "{}",
        line(
            "save",
            runs.iter().flat_map(|r| r.saves.iter().copied()).collect()
        )
    );
    println!(
        "{}",
        line("firma", runs.iter().filter_map(|r| r.firma).collect())
    );
    println!("{}", line("live page", polls));
    match &paired_next {
        Ok((next, took)) => println!(
            "round {next} paired in {:.0} ms (after round {round} played)",
            took.as_secs_f64() * 1000.0
        ),
        Err(e) => println!("the next round was not paired: {e}"),
    }
    let errors = site.tally.server_errors.load(Ordering::Relaxed);
    let refused: usize = runs.iter().map(|r| r.refused).sum();
    let resent: usize = runs.iter().map(|r| r.resent).sum();
    println!(
        "requests {}; 5xx {errors}; saves refused {refused}; saves sent again after no answer {resent}; hands lost {lost}; stored but not acknowledged {unacked}",
        site.tally.requests.load(Ordering::Relaxed)
    );
    if errors > 0 || lost > 0 || failed > 0 || paired_next.is_err() {
        return Err("5xx answers, failed tables or hands lost".into());
    }
    Ok(())
}
