//! Served games kept in PostgreSQL (`foreman serve --database postgres://…`, issue 93): the
//! lobby's games, their seats' keys and claims, each game's setup and its journal, one row per
//! action, appended in the transaction that answers the device.
//!
//! A game is served by one node at a time, the holder of its lease (`games.owner`, until
//! `games.lease_until`); every write is fenced by it (a node whose lease was taken writes
//! nothing), so an action answered "done" is in the database and no two nodes write one game.
//! The schema is versioned (`MIGRATIONS`, applied in order, each once, in a transaction).
//!
//! The client is the synchronous `postgres` crate on a thread of its own: the table's lock is
//! held while its journal is written, as with a file, and no async runtime is blocked on.

use crate::engine::{Game, SavedGame};
use std::sync::mpsc;
use std::time::Duration;

/// How long a lease lasts without being renewed: after a node dies its games are served again
/// by another within this (and the renewal's period).
pub const LEASE: Duration = Duration::from_secs(6);

/// Connections to the database a node keeps (each on a thread of its own): the actions of
/// different games are written at once; one game's are in order (its table's lock is held).
const CONNECTIONS: usize = 2;

/// The schema, one step per version; a database is brought to the last one at connection.
const MIGRATIONS: &[&str] = &[
    // 1: games, their actions, and which game and seat each key opens.
    "CREATE TABLE games (
        code text PRIMARY KEY,
        head jsonb NOT NULL,
        checksum text NOT NULL,
        served jsonb,
        keys jsonb NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        touched timestamptz NOT NULL DEFAULT now(),
        owner text,
        lease_until timestamptz,
        put_away timestamptz
    );
    CREATE TABLE actions (
        code text NOT NULL REFERENCES games ON DELETE CASCADE,
        seq integer NOT NULL,
        action jsonb NOT NULL,
        PRIMARY KEY (code, seq)
    );
    CREATE TABLE seat_keys (
        key text PRIMARY KEY,
        code text NOT NULL REFERENCES games ON DELETE CASCADE,
        seat integer,
        invite boolean NOT NULL DEFAULT false
    );
    CREATE TABLE nodes (
        name text PRIMARY KEY,
        url text NOT NULL,
        seen timestamptz NOT NULL DEFAULT now()
    );",
];

/// What went wrong with the database, in words for the server's log and the device.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("the database: {0}")]
    Postgres(#[from] postgres::Error),
    #[error("the database's game {0} is damaged: {1}")]
    Damaged(String, String),
    #[error("game {0} is served by another node now")]
    LeaseLost(String),
    #[error("no game {0} in the database")]
    NoGame(String),
    #[error("the database's connection is closed")]
    Closed,
    #[error("the database's layout is version {0}, newer than this Foreman's ({1})")]
    Newer(i32, usize),
}

type Job = Box<dyn FnOnce(&mut Conn) + Send>;

/// A connection and the statements it prepared: each frequent statement is parsed once per
/// connection, not at every call (a statement sent as text costs the server a parse and the
/// node a round trip more).
pub struct Conn {
    client: postgres::Client,
    prepared: std::collections::HashMap<&'static str, postgres::Statement>,
}

impl Conn {
    /// `sql`, prepared on this connection the first time.
    fn prepared(&mut self, sql: &'static str) -> Result<postgres::Statement, DbError> {
        if let Some(st) = self.prepared.get(sql) {
            return Ok(st.clone());
        }
        let st = self.client.prepare(sql)?;
        self.prepared.insert(sql, st.clone());
        Ok(st)
    }
}

impl std::ops::Deref for Conn {
    type Target = postgres::Client;
    fn deref(&self) -> &postgres::Client {
        &self.client
    }
}

impl std::ops::DerefMut for Conn {
    fn deref_mut(&mut self) -> &mut postgres::Client {
        &mut self.client
    }
}

/// An action appended (the common case): the lease checked, the journal's checksum and the
/// table's kept state written, the new actions added, in one statement (one round trip, one
/// commit); the count of games held (0: the lease is lost, nothing written).
const SAVE: &str = "WITH held AS (
        UPDATE games SET checksum = $2, served = $3, touched = now()
        WHERE code = $1 AND owner = $4 AND lease_until > now() RETURNING code
    ), added AS (
        INSERT INTO actions (code, seq, action)
        SELECT h.code, $5::integer + t.n::integer - 1, t.a FROM held h,
            unnest($6::jsonb[]) WITH ORDINALITY AS t(a, n)
    )
    SELECT count(*) FROM held";

/// A game's keys and the rows that find its game by key, under its lease, in one statement:
/// the keys no longer given deleted, the others written; the count of games held.
const SAVE_KEYS: &str = "WITH held AS (
        UPDATE games SET keys = $2
        WHERE code = $1 AND owner = $3 AND lease_until > now() RETURNING code
    ), gone AS (
        DELETE FROM seat_keys WHERE code IN (SELECT code FROM held) AND NOT (key = ANY($4))
    ), put AS (
        INSERT INTO seat_keys (key, code, seat, invite)
        SELECT t.k, h.code, t.s, t.i FROM held h,
            unnest($4::text[], $5::integer[], $6::boolean[]) AS t(k, s, i)
        ON CONFLICT (key) DO UPDATE SET seat = EXCLUDED.seat, invite = EXCLUDED.invite
            WHERE seat_keys.code = EXCLUDED.code
    )
    SELECT count(*) FROM held";

/// A new game's key rows (its game just written in the same transaction).
const NEW_KEYS: &str = "INSERT INTO seat_keys (key, code, seat, invite)
    SELECT t.k, $1, t.s, t.i FROM unnest($2::text[], $3::integer[], $4::boolean[]) AS t(k, s, i)";

/// What a key opens and who serves its game.
const KEY: &str = "SELECT k.code, k.seat, CASE WHEN g.lease_until > now() THEN g.owner END,
        k.invite
    FROM seat_keys k JOIN games g USING (code)
    WHERE k.key = $1 AND g.put_away IS NULL";

/// One node's connection to the database, on a thread of its own.
pub struct Database {
    jobs: std::sync::Mutex<mpsc::Sender<Job>>,
    /// This node's name in the leases.
    pub node: String,
    url: String,
}

/// What a key opens, as the database knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyOf {
    pub code: String,
    /// `None`: the spectators' key.
    pub seat: Option<usize>,
    /// The key is a seat's invitation, not the seat's own.
    pub invite: bool,
    /// The node serving the game now (none: nobody).
    pub node: Option<String>,
}

/// A game as the database keeps it.
pub struct Stored {
    pub game: Game,
    /// What the served table keeps beside the game (its version, the devices' last ids).
    pub served: Option<serde_json::Value>,
    pub keys: super::SeatKeys,
}

impl Database {
    /// Connects to `url` as node `node`, bringing the schema to this Foreman's version.
    /// The client lives on the database's thread (the `postgres` crate runs a runtime of
    /// its own: never inside the server's).
    pub fn connect(url: &str, node: &str) -> Result<Database, DbError> {
        let (jobs, rx) = mpsc::channel::<Job>();
        let rx = std::sync::Arc::new(std::sync::Mutex::new(rx));
        let (ready, connected) = mpsc::sync_channel(CONNECTIONS);
        for i in 0..CONNECTIONS {
            let (url, rx, ready) = (url.to_string(), std::sync::Arc::clone(&rx), ready.clone());
            // Each brings the schema up to date (the advisory lock: one at a time).
            on_a_thread(
                format!("database-{i}"),
                url,
                migrate,
                ready,
                move |client| {
                    let mut conn = Conn {
                        client,
                        prepared: Default::default(),
                    };
                    loop {
                        let job = match rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(&mut conn),
                            Err(_) => return,
                        }
                    }
                },
            )?;
        }
        for _ in 0..CONNECTIONS {
            connected.recv().map_err(|_| DbError::Closed)??;
        }
        Ok(Database {
            jobs: std::sync::Mutex::new(jobs),
            node: node.to_string(),
            url: url.to_string(),
        })
    }

    /// Runs `f` on the database's thread; its answer.
    fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Conn) -> Result<T, DbError> + Send + 'static,
    ) -> Result<T, DbError> {
        let (tx, rx) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |c| {
            let _ = tx.send(f(c));
        });
        self.jobs
            .lock()
            .map_err(|_| DbError::Closed)?
            .send(job)
            .map_err(|_| DbError::Closed)?;
        rx.recv().map_err(|_| DbError::Closed)?
    }

    /// Keeps a new game, its lease this node's.
    pub fn create(
        &self,
        code: &str,
        game: &Game,
        served: Option<serde_json::Value>,
        keys: &super::SeatKeys,
    ) -> Result<(), DbError> {
        let (code, node) = (code.to_string(), self.node.clone());
        let (head, checksum, actions) = split(game);
        let keys = keys.clone();
        self.run(move |c| {
            let mut t = c.transaction()?;
            t.execute(
                "INSERT INTO games (code, head, checksum, served, keys, owner, lease_until)
                 VALUES ($1, $2, $3, $4, $5, $6, now() + $7 * interval '1 millisecond')",
                &[
                    &code,
                    &head,
                    &checksum,
                    &served,
                    &keys_json(&keys),
                    &node,
                    &lease_ms(),
                ],
            )?;
            t.execute(
                "INSERT INTO actions (code, seq, action)
                 SELECT $1, t.n::integer - 1, t.a FROM unnest($2::jsonb[]) WITH ORDINALITY AS t(a, n)",
                &[&code, &actions],
            )?;
            let (k, s, i) = key_rows(&keys);
            t.execute(NEW_KEYS, &[&code, &k, &s, &i])?;
            t.commit()?;
            Ok(())
        })
    }

    /// Writes `game`'s journal from action `from` on (the actions before are kept as they
    /// are: an action appended writes one row, an undo deletes the tail), with what the table
    /// keeps beside it; in one transaction, only while this node holds the game's lease.
    pub fn save(
        &self,
        code: &str,
        game: &Game,
        from: usize,
        served: Option<serde_json::Value>,
    ) -> Result<(), DbError> {
        let (code, node) = (code.to_string(), self.node.clone());
        let (_, checksum, actions) = split(game);
        let tail: Vec<serde_json::Value> = actions.into_iter().skip(from).collect();
        self.run(move |c| {
            let save = c.prepared(SAVE)?;
            let held: i64 = c
                .query_one(
                    &save,
                    &[&code, &checksum, &served, &node, &(from as i32), &tail],
                )?
                .get(0);
            if held != 1 {
                return Err(DbError::LeaseLost(code));
            }
            Ok(())
        })
    }

    /// Writes `game`'s journal from action `from` on when actions were taken back (an undo):
    /// the tail deleted, the new actions written, in one transaction, under the lease.
    pub fn save_over(
        &self,
        code: &str,
        game: &Game,
        from: usize,
        served: Option<serde_json::Value>,
    ) -> Result<(), DbError> {
        let (code, node) = (code.to_string(), self.node.clone());
        let (_, checksum, actions) = split(game);
        let tail: Vec<serde_json::Value> = actions.into_iter().skip(from).collect();
        self.run(move |c| {
            let mut t = c.transaction()?;
            let held = t.execute(
                "UPDATE games SET checksum = $2, served = $3, touched = now()
                 WHERE code = $1 AND owner = $4 AND lease_until > now()",
                &[&code, &checksum, &served, &node],
            )?;
            if held != 1 {
                return Err(DbError::LeaseLost(code));
            }
            t.execute(
                "DELETE FROM actions WHERE code = $1 AND seq >= $2",
                &[&code, &(from as i32)],
            )?;
            for (k, a) in tail.iter().enumerate() {
                t.execute(
                    "INSERT INTO actions (code, seq, action) VALUES ($1, $2, $3)",
                    &[&code, &((from + k) as i32), a],
                )?;
            }
            t.commit()?;
            Ok(())
        })
    }

    /// Writes a game's keys and claims (a seat handed out), while this node holds its lease.
    pub fn save_keys(&self, code: &str, keys: &super::SeatKeys) -> Result<(), DbError> {
        let (code, node, keys) = (code.to_string(), self.node.clone(), keys.clone());
        self.run(move |c| {
            let save = c.prepared(SAVE_KEYS)?;
            let (k, s, i) = key_rows(&keys);
            let held: i64 = c
                .query_one(&save, &[&code, &keys_json(&keys), &node, &k, &s, &i])?
                .get(0);
            if held != 1 {
                return Err(DbError::LeaseLost(code));
            }
            Ok(())
        })
    }

    /// Takes the lease of game `code` if nobody holds it (never held, or expired), or renews
    /// this node's; whether this node holds it now.
    pub fn take(&self, code: &str) -> Result<bool, DbError> {
        let (code, node) = (code.to_string(), self.node.clone());
        self.run(move |c| {
            let n = c.execute(
                "UPDATE games SET owner = $2, lease_until = now() + $3 * interval '1 millisecond'
                 WHERE code = $1 AND (owner IS NULL OR owner = $2 OR lease_until <= now())",
                &[&code, &node, &lease_ms()],
            )?;
            Ok(n == 1)
        })
    }

    /// Tells the other nodes that this node serves game `code` now (LISTEN/NOTIFY): one that
    /// still thought it did lets go of it at once.
    pub fn announce(&self, code: &str) -> Result<(), DbError> {
        let said = format!("taken {code} {}", self.node);
        self.run(move |c| {
            c.execute("SELECT pg_notify('foreman', $1)", &[&said])?;
            Ok(())
        })
    }

    /// Listens to the other nodes (`announce`) on a connection of its own: `heard` is given
    /// each game taken and its node, until it answers false.
    pub fn listen(
        &self,
        mut heard: impl FnMut(&str, &str) -> bool + Send + 'static,
    ) -> Result<(), DbError> {
        let url = self.url.clone();
        let (ready, listening) = mpsc::sync_channel(1);
        let listen = |c: &mut postgres::Client| Ok(c.batch_execute("LISTEN foreman")?);
        on_a_thread(
            "database-listen".into(),
            url,
            listen,
            ready,
            move |mut client| {
                loop {
                    let mut said = Vec::new();
                    {
                        let mut n = client.notifications();
                        use fallible_iterator::FallibleIterator as _;
                        let mut it = n.timeout_iter(Duration::from_secs(1));
                        while let Ok(Some(note)) = it.next() {
                            said.push(note.payload().to_string());
                        }
                    }
                    for s in &said {
                        let mut words = s.split(' ');
                        if let (Some("taken"), Some(code), Some(node)) =
                            (words.next(), words.next(), words.next())
                            && !heard(code, node)
                        {
                            return;
                        }
                    }
                    // Asked now and then whether it is still wanted.
                    if said.is_empty() && !heard("", "") {
                        return;
                    }
                }
            },
        )?;
        listening.recv().map_err(|_| DbError::Closed)?
    }

    /// Renews every lease this node holds; the games whose lease it no longer holds among
    /// `held` (taken by another node while this one was away).
    pub fn renew(&self, held: Vec<String>) -> Result<Vec<String>, DbError> {
        let node = self.node.clone();
        self.run(move |c| {
            let rows = c.query(
                "UPDATE games SET lease_until = now() + $2 * interval '1 millisecond'
                 WHERE owner = $1 AND lease_until > now() AND put_away IS NULL RETURNING code",
                &[&node, &lease_ms()],
            )?;
            let kept: std::collections::HashSet<String> =
                rows.iter().map(|r| r.get::<_, String>(0)).collect();
            Ok(held.into_iter().filter(|c| !kept.contains(c)).collect())
        })
    }

    /// Gives up this node's leases (a node stopping): its games are served by another at once.
    pub fn release_all(&self) -> Result<(), DbError> {
        let node = self.node.clone();
        self.run(move |c| {
            c.execute(
                "UPDATE games SET owner = NULL, lease_until = NULL WHERE owner = $1",
                &[&node],
            )?;
            Ok(())
        })
    }

    /// Puts game `code` away (nobody played it for the idle time): kept, no longer served.
    pub fn put_away(&self, code: &str) -> Result<(), DbError> {
        let (code, node) = (code.to_string(), self.node.clone());
        self.run(move |c| {
            c.execute(
                "UPDATE games SET put_away = now(), owner = NULL, lease_until = NULL
                 WHERE code = $1 AND owner = $2",
                &[&code, &node],
            )?;
            Ok(())
        })
    }

    /// The games nobody serves now (no lease, or an expired one).
    pub fn unserved(&self) -> Result<Vec<String>, DbError> {
        self.run(|c| {
            let rows = c.query(
                "SELECT code FROM games WHERE put_away IS NULL
                 AND (owner IS NULL OR lease_until <= now()) ORDER BY code",
                &[],
            )?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    /// Which game and seat `key` opens (`Some(None)`: the spectators'), and which node serves
    /// that game now (none: nobody).
    pub fn key(&self, key: &str) -> Result<Option<KeyOf>, DbError> {
        let key = key.to_string();
        self.run(move |c| {
            let st = c.prepared(KEY)?;
            let row = c.query_opt(&st, &[&key])?;
            Ok(row.map(|r| {
                let seat: Option<i32> = r.get(1);
                KeyOf {
                    code: r.get(0),
                    seat: seat.map(|s| s as usize),
                    node: r.get(2),
                    invite: r.get(3),
                }
            }))
        })
    }

    /// Game `code` as kept: its setup and journal replayed, what its table keeps, its keys.
    pub fn load(&self, code: &str) -> Result<Stored, DbError> {
        let code = code.to_string();
        self.run(move |c| {
            let Some(row) = c.query_opt(
                "SELECT head, served, keys, checksum FROM games WHERE code = $1",
                &[&code],
            )?
            else {
                return Err(DbError::NoGame(code));
            };
            let head: serde_json::Value = row.get(0);
            let served: Option<serde_json::Value> = row.get(1);
            let keys: serde_json::Value = row.get(2);
            let checksum: String = row.get(3);
            let rows = c.query(
                "SELECT seq, action FROM actions WHERE code = $1 ORDER BY seq",
                &[&code],
            )?;
            let damaged = |why: String| DbError::Damaged(code.clone(), why);
            let mut saved: SavedGame =
                serde_json::from_value(head).map_err(|e| damaged(e.to_string()))?;
            // The head is written once; the checksum of the setup and journal with each action.
            saved.checksum = checksum;
            for (k, r) in rows.iter().enumerate() {
                let seq: i32 = r.get(0);
                if seq as usize != k {
                    return Err(damaged(format!("action {k} missing")));
                }
                let a: serde_json::Value = r.get(1);
                saved
                    .journal
                    .push(serde_json::from_value(a).map_err(|e| damaged(e.to_string()))?);
            }
            let game = saved.into_game().map_err(|e| damaged(e.to_string()))?;
            let keys: super::SeatKeys =
                serde_json::from_value(keys).map_err(|e| damaged(e.to_string()))?;
            Ok(Stored { game, served, keys })
        })
    }

    /// Says where this node is reached by the others (`http://host:port`).
    pub fn register(&self, url: &str) -> Result<(), DbError> {
        let (node, url) = (self.node.clone(), url.to_string());
        self.run(move |c| {
            c.execute(
                "INSERT INTO nodes (name, url) VALUES ($1, $2)
                 ON CONFLICT (name) DO UPDATE SET url = $2, seen = now()",
                &[&node, &url],
            )?;
            Ok(())
        })
    }

    /// Where node `node` is reached, if it said so.
    pub fn url_of(&self, node: &str) -> Result<Option<String>, DbError> {
        let node = node.to_string();
        self.run(move |c| {
            Ok(
                c.query_opt("SELECT url FROM nodes WHERE name = $1", &[&node])?
                    .map(|r| r.get(0)),
            )
        })
    }

    /// Whether game `code` is kept (and not put away), and which node serves it now (none:
    /// nobody).
    pub fn game_node(&self, code: &str) -> Result<Option<Option<String>>, DbError> {
        let code = code.to_string();
        self.run(move |c| {
            Ok(c.query_opt(
                "SELECT CASE WHEN lease_until > now() THEN owner END FROM games
                 WHERE code = $1 AND put_away IS NULL",
                &[&code],
            )?
            .map(|r| r.get(0)))
        })
    }

    /// The number of games kept.
    pub fn games(&self) -> Result<usize, DbError> {
        self.run(|c| {
            let n: i64 = c.query_one("SELECT count(*) FROM games", &[])?.get(0);
            Ok(n as usize)
        })
    }
}

/// A client of `url` on a thread of its own (`name`): connected, `prepare`d, said `ready` (or
/// why not), then given to `serve`.
fn on_a_thread(
    name: String,
    url: String,
    prepare: impl FnOnce(&mut postgres::Client) -> Result<(), DbError> + Send + 'static,
    ready: mpsc::SyncSender<Result<(), DbError>>,
    serve: impl FnOnce(postgres::Client) + Send + 'static,
) -> Result<(), DbError> {
    std::thread::Builder::new()
        .name(name)
        .spawn(move || {
            let client = postgres::Client::connect(&url, postgres::NoTls)
                .map_err(DbError::from)
                .and_then(|mut c| prepare(&mut c).map(|_| c));
            match client {
                Ok(c) => {
                    let _ = ready.send(Ok(()));
                    serve(c);
                }
                Err(e) => {
                    let _ = ready.send(Err(e));
                }
            }
        })
        .map(|_| ())
        .map_err(|_| DbError::Closed)
}

/// Brings the schema to the last version, each step once, in its own transaction (two nodes
/// starting at once: the advisory lock makes the second wait, then find the steps done).
fn migrate(c: &mut postgres::Client) -> Result<(), DbError> {
    // One node at a time (a lock of the session, let go at its end even if it dies).
    c.batch_execute("SELECT pg_advisory_lock(4070993)")?;
    let done = migrate_locked(c);
    c.batch_execute("SELECT pg_advisory_unlock(4070993)")?;
    done
}

fn migrate_locked(c: &mut postgres::Client) -> Result<(), DbError> {
    c.batch_execute(
        "CREATE TABLE IF NOT EXISTS foreman_schema (version integer PRIMARY KEY,
            applied timestamptz NOT NULL DEFAULT now())",
    )?;
    for (i, step) in MIGRATIONS.iter().enumerate() {
        let version = i as i32 + 1;
        let mut t = c.transaction()?;
        let done = t
            .query_opt(
                "SELECT 1 FROM foreman_schema WHERE version = $1",
                &[&version],
            )?
            .is_some();
        if !done {
            t.batch_execute(step)?;
            t.execute(
                "INSERT INTO foreman_schema (version) VALUES ($1)",
                &[&version],
            )?;
        }
        t.commit()?;
    }
    let newest: Option<i32> = c
        .query_one("SELECT max(version) FROM foreman_schema", &[])?
        .get(0);
    match newest {
        Some(v) if v as usize > MIGRATIONS.len() => Err(DbError::Newer(v, MIGRATIONS.len())),
        _ => Ok(()),
    }
}

/// A game as its saved head (the format and the setup, without the journal: written once),
/// the checksum of its setup and journal, and its actions, each as JSON.
fn split(game: &Game) -> (serde_json::Value, String, Vec<serde_json::Value>) {
    let mut saved = SavedGame::from_game(game);
    let journal = std::mem::take(&mut saved.journal);
    let checksum = saved.checksum.clone();
    let actions = journal
        .iter()
        .map(|a| serde_json::to_value(a).unwrap_or(serde_json::Value::Null))
        .collect();
    (
        serde_json::to_value(&saved).unwrap_or(serde_json::Value::Null),
        checksum,
        actions,
    )
}

fn keys_json(keys: &super::SeatKeys) -> serde_json::Value {
    serde_json::to_value(keys).unwrap_or(serde_json::Value::Null)
}

/// A game's key rows as three columns: each key, its seat (none: the spectators'), whether it
/// is an invitation.
fn key_rows(keys: &super::SeatKeys) -> (Vec<String>, Vec<Option<i32>>, Vec<bool>) {
    let rows = keys
        .seats
        .iter()
        .enumerate()
        .map(|(s, k)| (k.clone(), Some(s as i32), false))
        .chain([(keys.spectator.clone(), None, false)])
        .chain(
            keys.invites
                .iter()
                .enumerate()
                .map(|(s, k)| (k.clone(), Some(s as i32), true)),
        );
    let mut cols = (Vec::new(), Vec::new(), Vec::new());
    for (k, s, i) in rows {
        cols.0.push(k);
        cols.1.push(s);
        cols.2.push(i);
    }
    cols
}

fn lease_ms() -> f64 {
    LEASE.as_millis() as f64
}
