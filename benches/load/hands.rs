//! Score-entry load: N scorekeepers, each with its own session and its own cuatrola
//! games, post hands as fast as the server takes them for S seconds; then every game
//! is exported and its hands counted against the hands acknowledged (none lost, none
//! duplicated). Prints hands/s and the latency of a save (p50, p99).
//!
//! `cargo run --release --example load_hands -- BASE_URL USER PASSWORD [CLIENTS] [SECONDS]`
//! (benches/load/run.sh starts the server and calls it).

use std::time::{Duration, Instant};

use reqwest::StatusCode;

type Error = Box<dyn std::error::Error + Send + Sync>;

fn attr(html: &str, selector: &str, name: &str) -> Option<String> {
    let doc = scraper::Html::parse_document(html);
    let sel = scraper::Selector::parse(selector).ok()?;
    doc.select(&sel)
        .next()
        .and_then(|e| e.value().attr(name))
        .map(str::to_owned)
}

struct Keeper {
    base: String,
    client: reqwest::Client,
    csrf: String,
}

impl Keeper {
    async fn login(base: &str, user: &str, password: &str) -> Result<Keeper, Error> {
        let client = reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        let page = client
            .get(format!("{base}/entrar"))
            .send()
            .await?
            .text()
            .await?;
        let csrf = attr(&page, "input[name=csrf]", "value").ok_or("no csrf")?;
        let res = client
            .post(format!("{base}/entrar"))
            .form(&[
                ("csrf", csrf.as_str()),
                ("username", user),
                ("password", password),
                ("next", "/"),
            ])
            .send()
            .await?;
        if res.status() != StatusCode::SEE_OTHER {
            return Err(format!("login: {}", res.status()).into());
        }
        // The token is per session: read it again now that we are signed in.
        let page = client
            .get(format!("{base}/entrar"))
            .send()
            .await?
            .text()
            .await?;
        let csrf = attr(&page, "input[name=csrf]", "value").unwrap_or(csrf);
        Ok(Keeper {
            base: base.to_owned(),
            client,
            csrf,
        })
    }

    async fn new_game(&self) -> Result<i32, Error> {
        let res = self
            .client
            .post(format!("{}/clubes/1/partidas/nueva", self.base))
            .form(&[
                ("csrf", self.csrf.as_str()),
                ("game", "cuatrola"),
                ("players", "4"),
                ("first_dealer", "3"),
                ("seat_0", "Ana"),
                ("seat_1", "Benito"),
                ("seat_2", "Carmen"),
                ("seat_3", "Dámaso"),
            ])
            .send()
            .await?;
        let loc = res
            .headers()
            .get("location")
            .and_then(|l| l.to_str().ok())
            .ok_or_else(|| format!("new game: {}", res.status()))?;
        Ok(loc.trim_start_matches("/partidas/").parse()?)
    }

    async fn version(&self, game: i32) -> Result<i32, Error> {
        let page = self
            .client
            .get(format!("{}/partidas/{game}", self.base))
            .send()
            .await?
            .text()
            .await?;
        Ok(attr(&page, ".big-score", "data-version")
            .ok_or("no version")?
            .parse()?)
    }

    async fn hand(&self, game: i32, version: i32, submission: &str) -> Result<StatusCode, Error> {
        let v = version.to_string();
        let res = self
            .client
            .post(format!("{}/partidas/{game}/mano", self.base))
            .form(&[
                ("csrf", self.csrf.as_str()),
                ("version", v.as_str()),
                ("submission", submission),
                ("trump", "o"),
                ("bid", "solo"),
                ("bidder", "0"),
                ("card_points_side0", "70"),
                ("card_points_side1", "30"),
                ("last_trick_side", "0"),
            ])
            .send()
            .await?;
        Ok(res.status())
    }

    async fn stored(&self, game: i32) -> Result<usize, Error> {
        let v: serde_json::Value = self
            .client
            .get(format!("{}/partidas/{game}/exportar", self.base))
            .send()
            .await?
            .json()
            .await?;
        Ok(v["hands"].as_array().map_or(0, Vec::len))
    }
}

struct Outcome {
    /// (game, hands acknowledged)
    games: Vec<(i32, usize)>,
    latencies: Vec<Duration>,
    refused: usize,
}

async fn run_keeper(
    k: Keeper,
    run: u128,
    id: usize,
    until: Instant,
) -> Result<(Keeper, Outcome), Error> {
    let mut out = Outcome {
        games: Vec::new(),
        latencies: Vec::new(),
        refused: 0,
    };
    let mut n = 0usize;
    while Instant::now() < until {
        let game = k.new_game().await?;
        let mut version = k.version(game).await?;
        let mut acked = 0usize;
        // A won solo is 2 points: 9 hands stay under the 21 that ends the game.
        while acked < 9 && Instant::now() < until {
            n += 1;
            let t = Instant::now();
            let status = k
                .hand(game, version, &format!("load-{run}-{id}-{n}"))
                .await?;
            out.latencies.push(t.elapsed());
            if status == StatusCode::SEE_OTHER {
                acked += 1;
                version += 1;
            } else {
                out.refused += 1;
                version = k.version(game).await?;
            }
        }
        out.games.push((game, acked));
    }
    Ok((k, out))
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    let base = args
        .get(1)
        .ok_or("BASE_URL")?
        .trim_end_matches('/')
        .to_owned();
    let user = args.get(2).ok_or("USER")?.clone();
    let password = args.get(3).ok_or("PASSWORD")?.clone();
    let clients: usize = args.get(4).map_or(Ok(32), |s| s.parse())?;
    let seconds: u64 = args.get(5).map_or(Ok(10), |s| s.parse())?;
    let mut keepers = Vec::new();
    for _ in 0..clients {
        keepers.push(Keeper::login(&base, &user, &password).await?);
    }
    // Submission ids unique to this run: a second run against the same database must
    // not be taken for double-tapped resubmissions of the first.
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_nanos();
    let start = Instant::now();
    let until = start + Duration::from_secs(seconds);
    let tasks: Vec<_> = keepers
        .into_iter()
        .enumerate()
        .map(|(i, k)| tokio::spawn(run_keeper(k, run, i, until)))
        .collect();
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await??);
    }
    let elapsed = start.elapsed().as_secs_f64();
    let mut latencies: Vec<Duration> = results
        .iter()
        .flat_map(|(_, o)| o.latencies.iter().copied())
        .collect();
    latencies.sort_unstable();
    let acked: usize = results
        .iter()
        .flat_map(|(_, o)| o.games.iter().map(|g| g.1))
        .sum();
    let refused: usize = results.iter().map(|(_, o)| o.refused).sum();
    // Count what the server kept, game by game.
    let (mut lost, mut extra, mut games) = (0usize, 0usize, 0usize);
    for (k, o) in &results {
        for &(game, n) in &o.games {
            games += 1;
            let stored = k.stored(game).await?;
            lost += n.saturating_sub(stored);
            extra += stored.saturating_sub(n);
        }
    }
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * p).round() as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{clients} scorekeepers, {elapsed:.1} s: {acked} hands saved in {games} games = {:.0} hands/s; \
         save latency p50 {:.1} ms, p99 {:.1} ms; refused {refused}; lost {lost}; duplicated {extra}",
        acked as f64 / elapsed,
        pct(0.50),
        pct(0.99)
    );
    if lost > 0 || extra > 0 {
        return Err("hands lost or duplicated".into());
    }
    Ok(())
}
