//! Issue 93: games kept in PostgreSQL. The tests start a throwaway cluster of their own
//! (Debian's `postgresql`, installed by `scripts/setup.sh`: `initdb` and `pg_ctl` in a
//! temporary folder, as a user that is not root), run real `foreman serve --database` nodes on
//! the loopback, play across them, kill -9 the node serving a game in the middle of a round,
//! and check the devices get the same game from another node with every acknowledged action
//! in it once.

use super::KillOnDrop;
use super::seats::device::Device;
use foreman::net::database::{Database, DbError};
use foreman::net::lobby::Created;
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A PostgreSQL cluster of its own in a temporary folder, stopped when dropped.
pub(crate) struct Cluster {
    dir: tempfile::TempDir,
    bin: PathBuf,
    /// Root may not run PostgreSQL: the cluster is `nobody`'s then.
    user: Option<&'static str>,
    pub port: u16,
}

/// The folder of `initdb` and `pg_ctl`: on the PATH, else Debian's newest
/// `/usr/lib/postgresql/N/bin`.
fn postgres_bin() -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    if let Some(dir) = std::env::split_paths(&path)
        .find(|d| d.join("initdb").is_file() && d.join("pg_ctl").is_file())
    {
        return dir;
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|d| d.join("initdb").is_file())
        .collect();
    found.sort_by_key(|d| {
        d.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    });
    found
        .pop()
        .expect("PostgreSQL's initdb (scripts/setup.sh installs Debian's postgresql)")
}

impl Cluster {
    pub(crate) fn start() -> Cluster {
        let dir = tempfile::tempdir().expect("a folder");
        let bin = postgres_bin();
        // PostgreSQL refuses to run as root: as root, the cluster is nobody's.
        let root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
        let user = root.then_some("nobody");
        if let Some(u) = user {
            let ok = Command::new("chown")
                .arg(u)
                .arg(dir.path())
                .status()
                .is_ok_and(|s| s.success());
            assert!(ok, "the cluster's folder given to {u}");
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let c = Cluster {
            dir,
            bin,
            user,
            port,
        };
        let data = c.dir.path().join("data");
        let init = c
            .command("initdb")
            .arg("-D")
            .arg(&data)
            .args(["-A", "trust", "-U", "foreman", "-E", "UTF8", "--no-sync"])
            .stdout(Stdio::null())
            .output()
            .expect("initdb runs");
        assert!(
            init.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&init.stderr)
        );
        let opts = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -F",
            c.dir.path().display()
        );
        let start = c
            .command("pg_ctl")
            .arg("-D")
            .arg(&data)
            .args(["-o", &opts, "-w", "-l"])
            .arg(c.dir.path().join("log"))
            .arg("start")
            .stdout(Stdio::null())
            .output()
            .expect("pg_ctl runs");
        assert!(
            start.status.success(),
            "pg_ctl start: {} {}",
            String::from_utf8_lossy(&start.stderr),
            std::fs::read_to_string(c.dir.path().join("log")).unwrap_or_default()
        );
        c
    }

    fn command(&self, program: &str) -> Command {
        let exe = self.bin.join(program);
        match self.user {
            Some(u) => {
                let mut c = Command::new("runuser");
                c.args(["-u", u, "--"]).arg(exe);
                c
            }
            None => Command::new(exe),
        }
    }

    pub(crate) fn url(&self) -> String {
        format!(
            "postgres://foreman@127.0.0.1:{}/postgres?connect_timeout=10",
            self.port
        )
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .arg("-D")
            .arg(self.dir.path().join("data"))
            .args(["-m", "immediate", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A `foreman serve --database` node on the loopback: the process and its address.
fn node(url: &str, name: &str) -> (KillOnDrop, SocketAddr) {
    let mut child = KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_foreman"))
            .args([
                "serve",
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--database",
                url,
            ])
            .args(["--node", name])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("foreman serve starts"),
    );
    let out = child.0.stdout.take().expect("its output");
    let mut lines = BufReader::new(out).lines();
    let addr = loop {
        let line = lines
            .next()
            .expect("the node says where it serves")
            .expect("a line");
        if let Some(rest) = line.strip_prefix("Serving games on ") {
            let at = rest.split(':').take(2).collect::<Vec<_>>().join(":");
            break at.parse().expect("an address");
        }
    };
    (child, addr)
}

async fn make(addr: SocketAddr, body: serde_json::Value) -> Created {
    let (status, text) =
        super::trust::http(addr, "POST", "/api/games", &[], &body.to_string()).await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Plays the first of take, roll, place, end that `device`'s view offers, as message `id`;
/// the message sent when it was answered "done".
async fn play_one(device: &mut Device, id: u64) -> Option<serde_json::Value> {
    let acts = device.view["actions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let pick = [
        "take_blueprint",
        "roll",
        "place",
        "end_work",
        "pass",
        "hire",
    ]
    .iter()
    .find_map(|k| acts.iter().position(|a| a["act"]["kind"] == *k))
    .or((!acts.is_empty()).then_some(0))?;
    let sent = json!({"type": "act", "id": id, "seen": device.view["version"],
        "act": device.view["actions"][pick]["act"]});
    let answer = device.act(pick, id).await;
    if answer["type"] != "done" {
        eprintln!("not played: {answer}");
    }
    (answer["type"] == "done").then_some(sent)
}

/// Issue 93, points 1 to 4: a solo game made on node A is played there; A is killed (-9) in
/// the middle of the round; the player's phone, opened again on node B, gets the same game
/// with every action A answered "done" in it, once; an action A answered, sent again to B
/// with its id, is not played twice; play goes on on B; and A's stale connection may write
/// nothing once B holds the game.
#[test]
fn a_game_outlives_the_node_that_served_it() {
    let cluster = Cluster::start();
    let url = cluster.url();
    let (mut a, at_a) = node(&url, "a");
    let (_b, at_b) = node(&url, "b");
    runtime().block_on(async {
        let made = make(at_a, json!({"names": ["Ann"], "machine": "medium"})).await;
        let mut ann = Device::open(at_a, &made.seat, "en").await;
        let mut done = 0;
        let mut id = 1;
        let mut last = None;
        while done < 5 {
            assert!(id < 40, "Ann could not play");
            if let Some(sent) = play_one(&mut ann, id).await {
                done += 1;
                last = Some(sent);
                let v = ann.view["version"].as_u64().unwrap_or(0);
                ann.until(|m| m["type"] == "view" && m["view"]["version"].as_u64() > Some(v))
                    .await;
            }
            id += 1;
        }
        let last = last.expect("an action played");
        let seen = Database::connect(&url, "test").expect("the database");
        let before = seen.load(&made.code).expect("the game kept").game;
        // Every action A answered is in the database: the deal, Ann's five.
        assert!(before.journal().len() >= 6, "{}", before.journal().len());
        // A dies in the middle of the round.
        a.0.kill().expect("killed");
        let _ = a.0.wait();
        // Ann's phone, sent to B (a reverse proxy's next node), gets the game once A's lease
        // is over.
        let start = Instant::now();
        let mut ann_b = served(at_b, &made.seat).await;
        let failover = start.elapsed();
        let after = seen.load(&made.code).expect("the game kept").game;
        assert_eq!(
            after.journal(),
            before.journal(),
            "nothing lost, nothing added"
        );
        assert_eq!(
            ann_b.view["round"], ann.view["round"],
            "the same round on B as on A"
        );
        // The last action, sent again with its id (a phone that never heard A's answer):
        // answered, and played once.
        let last_id = last["id"].clone();
        ann_b.send(last.to_string()).await;
        let answer = ann_b
            .until(|m| m["id"] == last_id || m["type"] == "refused")
            .await;
        assert_eq!(answer["type"], "done", "{answer}");
        assert_eq!(
            seen.load(&made.code).expect("kept").game.journal().len(),
            before.journal().len(),
            "an id seen again plays nothing: {answer}"
        );
        // Play goes on on B, and is kept.
        let mut played = false;
        for k in 0..10 {
            if play_one(&mut ann_b, 100 + k).await.is_some() {
                played = true;
                break;
            }
        }
        assert!(played, "Ann plays on on B");
        assert!(seen.load(&made.code).expect("kept").game.journal().len() > before.journal().len());
        // A stale node's connection may write nothing now: its lease is gone.
        let stale = Database::connect(&url, "a").expect("the database");
        let refused = stale.save(&made.code, &before, before.journal().len(), None);
        assert!(
            matches!(refused, Err(DbError::LeaseLost(_))),
            "{:?}",
            refused.err()
        );
        eprintln!("failover: B served the game {failover:?} after A died");
        assert!(failover < Duration::from_secs(20), "{failover:?}");
    });
}

/// Issue 93, point 1: the schema is versioned and brought up once (two nodes at once, the
/// second finds it done); a database from a newer Foreman is refused with its version; a
/// damaged row is said, not served.
#[test]
fn the_schema_is_migrated_once_and_a_newer_one_is_refused() {
    let cluster = Cluster::start();
    let url = cluster.url();
    let threads: Vec<_> = (0..2)
        .map(|i| {
            let url = url.clone();
            std::thread::spawn(move || Database::connect(&url, &format!("n{i}")).map(|_| ()))
        })
        .collect();
    for t in threads {
        t.join().expect("joined").expect("connected and migrated");
    }
    let mut c = postgres::Client::connect(&url, postgres::NoTls).expect("psql");
    let versions: i64 = c
        .query_one("SELECT count(*) FROM foreman_schema", &[])
        .expect("counted")
        .get(0);
    assert_eq!(versions, 1);
    c.execute("INSERT INTO foreman_schema (version) VALUES (99)", &[])
        .expect("a newer layout");
    match Database::connect(&url, "n3") {
        Err(DbError::Newer(99, 1)) => {}
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a newer layout was used"),
    }
}

/// A device of `key` on the node at `at`, opened again as its page does until it gets its
/// view (a node still carrying it to one that died closes it); fails after 30 s.
async fn served(at: SocketAddr, key: &str) -> Device {
    served_as(at, key, None).await
}

/// The same, as device `device` (a phone opening its page again is the same device).
async fn served_as(at: SocketAddr, key: &str, device: Option<&str>) -> Device {
    let start = Instant::now();
    loop {
        let mut d = Device::connect(at, key, "en", device).await;
        while let Some(m) = d.next_within(Duration::from_secs(5)).await {
            if m["type"] == "view" {
                return d;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the game was never served at {at}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Sends each device, in turn, the first action its view offers until `n` were played; each
/// device then holds the game's last version.
async fn play_round(devices: &mut [&mut Device], n: usize, id: &mut u64) {
    let mut played = 0;
    let mut idle = 0;
    while played < n {
        assert!(idle < 200, "nobody could play");
        idle += 1;
        for d in devices.iter_mut() {
            if d.view["actions"].as_array().is_none_or(|a| a.is_empty()) {
                continue;
            }
            *id += 1;
            if play_one(d, *id).await.is_some() {
                played += 1;
                idle = 0;
            }
        }
        synced(devices).await;
    }
}

/// Everyone at the newest version anyone holds (a view sent by one node may reach a device a
/// moment after another's).
async fn synced(devices: &mut [&mut Device]) {
    let newest = devices
        .iter()
        .filter_map(|d| d.view["version"].as_u64())
        .max()
        .unwrap_or(0);
    for d in devices.iter_mut() {
        d.at(newest).await;
    }
}

/// Issue 93, point 2: two nodes, one game. Bo takes his seat through node B (its invitation
/// carried to A, which serves the game) and plays through B while Ann plays on A: one game,
/// one version on both phones. Then A stops answering (SIGSTOP) long enough for its lease to
/// run out: B serves the game, and both phones play on through B. When A wakes (SIGCONT) it
/// hears that B took the game (LISTEN/NOTIFY) and lets it go: Ann's socket on A closes, and
/// opened again on A it is carried to B; A, stale, wrote nothing.
#[test]
fn one_game_is_played_through_either_node() {
    let cluster = Cluster::start();
    let url = cluster.url();
    let (a, at_a) = node(&url, "a");
    let (_b, at_b) = node(&url, "b");
    let seen = Database::connect(&url, "test").expect("the database");
    runtime().block_on(async {
        let made = make(at_a, json!({"names": ["Ann", "Bo"]})).await;
        let invite = made.invites[1].clone().expect("Bo's invitation");
        // Bo's invitation, opened on B, is answered by A.
        let (status, page) =
            super::trust::http(at_b, "GET", &format!("/i/{invite}"), &[], "").await;
        assert_eq!(status, 200, "{page}");
        let (status, said) =
            super::trust::http(at_b, "POST", &format!("/api/invites/{invite}"), &[], "").await;
        assert_eq!(status, 200, "{said}");
        let bo_key = serde_json::from_str::<serde_json::Value>(&said).expect("JSON")["key"]
            .as_str()
            .expect("Bo's key")
            .to_string();
        let (status, seats) =
            super::trust::http(at_b, "GET", &format!("/api/games/{}", made.code), &[], "").await;
        assert_eq!(status, 200, "{seats}");
        assert!(seats.contains("\"free\":false"), "{seats}");
        // Ann on A, Bo through B: one game.
        let mut ann = Device::open(at_a, &made.seat, "en").await;
        let mut bo = Device::open(at_b, &bo_key, "en").await;
        let mut id = 0;
        play_round(&mut [&mut ann, &mut bo], 6, &mut id).await;
        synced(&mut [&mut ann, &mut bo]).await;
        assert_eq!(ann.view["version"], bo.view["version"]);
        let before = seen.load(&made.code).expect("kept").game;
        assert!(before.journal().len() >= 6, "{}", before.journal().len());
        // A stops answering; its lease runs out, and B serves the game to both.
        let pid = a.0.id().to_string();
        let stopped = Command::new("kill").args(["-STOP", &pid]).status();
        assert!(stopped.is_ok_and(|s| s.success()), "A stopped");
        tokio::time::sleep(foreman::net::database::LEASE + Duration::from_secs(2)).await;
        let mut ann_b = served_as(at_b, &made.seat, Some("annphone1")).await;
        let mut bo_b = served(at_b, &bo_key).await;
        assert_eq!(
            seen.load(&made.code).expect("kept").game.journal(),
            before.journal(),
            "B serves the game as A left it"
        );
        play_round(&mut [&mut ann_b, &mut bo_b], 4, &mut id).await;
        let on_b = seen.load(&made.code).expect("kept").game;
        assert!(on_b.journal().len() >= before.journal().len() + 4);
        // A wakes: it lets the game go; Ann's old socket on A closes.
        let woke = Command::new("kill").args(["-CONT", &pid]).status();
        assert!(woke.is_ok_and(|s| s.success()), "A woken");
        let closed = tokio::time::timeout(Duration::from_secs(20), async {
            use futures_util::StreamExt;
            use tokio_tungstenite::tungstenite::Message;
            loop {
                match ann.ws.next().await {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(_)) => continue,
                }
            }
        })
        .await;
        assert!(closed.is_ok(), "Ann's socket on A closed");
        // Ann's phone, opened again on A, is carried to B and plays on.
        drop(ann_b);
        let mut ann_a = served_as(at_a, &made.seat, Some("annphone1")).await;
        synced(&mut [&mut ann_a, &mut bo_b]).await;
        assert_eq!(ann_a.view["version"], bo_b.view["version"], "one game");
        play_round(&mut [&mut ann_a, &mut bo_b], 2, &mut id).await;
        let last = seen.load(&made.code).expect("kept").game;
        assert!(last.journal().len() >= on_b.journal().len() + 2);
        assert_eq!(
            &last.journal()[..on_b.journal().len()],
            on_b.journal(),
            "nothing B kept was written over by A"
        );
    });
}

/// Issue 93, point 3: an action taken back (the host's undo) deletes its row, and the action
/// played after it takes its place: the database's journal is the table's at every step.
#[test]
fn an_action_taken_back_leaves_the_database_as_the_table() {
    use foreman::engine::{Act, Inputs, legal_actions};
    use foreman::net::{Source, Table};
    let cluster = Cluster::start();
    let url = cluster.url();
    let db = std::sync::Arc::new(Database::connect(&url, "solo").expect("the database"));
    let hub =
        foreman::net::lobby::Hub::lobby_in_database(std::sync::Arc::clone(&db), Default::default())
            .expect("a hub");
    let ask: foreman::net::lobby::NewGame =
        serde_json::from_value(json!({"names": ["Ann"], "machine": "easy"})).expect("a game");
    let made = hub
        .create(&ask, std::net::IpAddr::from([127, 0, 0, 1]))
        .expect("made");
    let table = hub.game(&made.code).expect("served");
    let play = |table: &Table, pick: &dyn Fn(&Act) -> bool| {
        let act = legal_actions(table.game().state())
            .into_iter()
            .find(|a| pick(a))
            .expect("an action of that kind");
        table
            .act_as_host(act, Inputs::default(), Source::Digital)
            .expect("played");
    };
    let kept = || db.load(&made.code).expect("kept").game.journal().to_vec();
    play(&table, &|a| matches!(a, Act::TakeBlueprint { .. }));
    play(&table, &|a| matches!(a, Act::Roll { .. }));
    // A die on Mine or Generate (Research draws a card: on screen, undo stops there).
    let no_draw = |a: &Act| matches!(a, Act::Place { section, .. } if *section != foreman::engine::state::Section::Research);
    play(&table, &no_draw);
    assert_eq!(kept(), table.game().journal());
    let len = table.game().journal().len();
    table.undo_host(table.changes()).expect("taken back");
    assert_eq!(table.game().journal().len(), len - 1);
    assert_eq!(kept(), table.game().journal(), "the row is gone");
    play(&table, &no_draw);
    assert_eq!(
        kept(),
        table.game().journal(),
        "the next action in its place"
    );
}

/// Issue 93: a node stopped (SIGTERM, as a restart does) gives its games up at once: the
/// other node serves them before the stopped node's leases would have run out, with every
/// action it had answered.
#[test]
fn a_node_stopped_gives_its_games_up_at_once() {
    let cluster = Cluster::start();
    let url = cluster.url();
    let (mut a, at_a) = node(&url, "a");
    let (_b, at_b) = node(&url, "b");
    let seen = Database::connect(&url, "test").expect("the database");
    runtime().block_on(async {
        let made = make(at_a, json!({"names": ["Ann"], "machine": "medium"})).await;
        let mut ann = Device::open(at_a, &made.seat, "en").await;
        let mut id = 0;
        play_round(&mut [&mut ann], 3, &mut id).await;
        let before = seen.load(&made.code).expect("kept").game;
        let pid = a.0.id().to_string();
        let asked = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(asked.is_ok_and(|s| s.success()), "A asked to stop");
        let start = Instant::now();
        let status = a.0.wait().expect("A stops");
        assert!(status.success(), "A stopped cleanly: {status}");
        let ann_b = served(at_b, &made.seat).await;
        let took = start.elapsed();
        assert!(
            took < foreman::net::database::LEASE,
            "served again after {took:?}: the lease was waited for"
        );
        assert_eq!(
            seen.load(&made.code).expect("kept").game.journal(),
            before.journal()
        );
        assert_eq!(ann_b.view["round"], ann.view["round"]);
        eprintln!("a node stopped: its game served again after {took:?}");
    });
}
