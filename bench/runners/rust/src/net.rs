//! Net cases through bee-rs's Client (reqwest underneath; one client, one connection pool for the run).
//! Salted uploads; downloads through its streaming `*_response` calls, drained chunk by chunk. Range reads
//! use reqwest directly (bee-rs has no range call). Streaming an upload from disk is skipped: bee-rs takes
//! upload bodies as in-memory `Bytes` only.

use crate::{CaseFn, Env, Outcome, Prepared};
use bee::file::CollectionEntry;
use bee::swarm::{BatchId, Identifier, PrivateKey, Reference, Topic};
use bytes::Bytes;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

pub struct Node {
    pub rt: tokio::runtime::Runtime,
    pub client: bee::Client,
    raw: reqwest::Client,
    base: String,
    token: Option<String>,
}

/** The error with its causes ("error sending request … : connection refused"), as a user would need it. */
fn err<E: std::error::Error>(e: E) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        let c = cause.to_string();
        if !text.contains(&c) {
            text.push_str(": ");
            text.push_str(&c);
        }
        source = cause.source();
    }
    text
}

impl Node {
    pub fn new(url: &str, token: Option<&str>) -> Result<Self, String> {
        let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(err)?;
        // One timeout for every call, as the other runners have (bee-rs's default client has none): a node that
        // stops answering fails the case instead of hanging the run.
        let http = reqwest::Client::builder().timeout(std::time::Duration::from_secs(300)).build().map_err(err)?;
        let client = match token {
            Some(t) => bee::Client::with_token(url, t),
            None => bee::Client::with_http_client(url, http.clone()),
        }
        .map_err(|e| format!("NODE_URL {url}: {e}"))?;
        Ok(Node { rt, client, raw: http, base: url.to_string(), token: token.map(String::from) })
    }

    pub fn warm_up(&self) -> Result<(), String> {
        self.rt.block_on(self.client.debug().health()).map(|_| ()).map_err(err)
    }

    pub fn check_batch(&self, batch: &str) -> Result<Option<String>, String> {
        let id = BatchId::from_hex(batch).map_err(err)?;
        match self.rt.block_on(self.client.postage().get_postage_batch(&id)) {
            Ok(b) => Ok(if b.usable { None } else { Some("the node says usable: false".into()) }),
            Err(e) => match e.status() {
                Some(status @ (404 | 400)) => Ok(Some(format!("not found (HTTP {status})"))),
                _ => Err(err(e)),
            },
        }
    }

    /** POST /bytes at redundancy level 0 through reqwest: bee-rs omits the header for `RedundancyLevel::Off` (Bee then uses 1). */
    fn upload_level0(&self, batch: &str, data: Vec<u8>) -> Result<Reference, String> {
        let mut req = self
            .raw
            .post(format!("{}/bytes", self.base))
            .header("swarm-postage-batch-id", batch)
            .header("swarm-redundancy-level", "0")
            .header("content-type", "application/octet-stream")
            .body(data);
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        self.rt.block_on(async {
            let resp = req.send().await.map_err(err)?;
            if !resp.status().is_success() {
                return Err(format!("POST /bytes: HTTP {}", resp.status()));
            }
            let body: serde_json::Value = serde_json::from_slice(&resp.bytes().await.map_err(err)?).map_err(err)?;
            Reference::from_hex(body["reference"].as_str().unwrap_or_default()).map_err(err)
        })
    }

    /** The Content-Length header of HEAD /bytes/{ref} as sent (hyper takes it as text on a HEAD answer). */
    fn raw_head_length(&self, reference: &str) -> Result<String, String> {
        let mut req = self.raw.head(format!("{}/bytes/{reference}", self.base));
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        self.rt.block_on(async {
            let resp = req.send().await.map_err(err)?;
            Ok(resp.headers().get("content-length").and_then(|v| v.to_str().ok()).unwrap_or("(none)").to_string())
        })
    }

    async fn range(&self, reference: &str, from: usize, to: usize) -> Result<usize, String> {
        let mut req = self.raw.get(format!("{}/bytes/{reference}", self.base)).header("range", format!("bytes={from}-{to}"));
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        let mut resp = req.send().await.map_err(err)?;
        if resp.status().as_u16() != 206 {
            return Err(format!("range read: HTTP {}", resp.status()));
        }
        let mut n = 0;
        while let Some(part) = resp.chunk().await.map_err(err)? {
            n += part.len();
        }
        Ok(n)
    }
}

async fn drain(mut resp: reqwest::Response) -> Result<usize, String> {
    let mut n = 0;
    while let Some(part) = resp.chunk().await.map_err(err)? {
        n += part.len();
    }
    Ok(n)
}

fn expect_len(what: &str, got: usize, want: usize) -> Result<(), String> {
    if got == want { Ok(()) } else { Err(format!("{what}: {got} bytes, expected {want}")) }
}

fn random32() -> [u8; 32] {
    rand::random()
}

fn salted(fixture: &[u8]) -> Vec<u8> {
    let mut v = vec![0u8; 32 + fixture.len()];
    v[32..].copy_from_slice(fixture);
    v
}

fn batch_of(e: &Env) -> Result<BatchId, String> {
    BatchId::from_hex(&e.batch).map_err(err)
}

type Run = Box<dyn FnMut(usize) -> Result<Option<String>, String>>;

fn ready(before: Option<Box<dyn FnMut(usize) -> Result<(), String>>>, run: Run, bytes: u64, units: u64, unit: &'static str) -> Result<Outcome, String> {
    Ok(Outcome::Ready(Prepared { before, run, bytes, units, unit }))
}

fn stamps_list(e: &Env) -> Result<Outcome, String> {
    let (node, count) = (e.node.clone(), e.p("count"));
    ready(None, Box::new(move |_| {
        node.rt.block_on(async {
            for _ in 0..count {
                node.client.postage().get_postage_batches().await.map_err(err)?;
            }
            Ok(None)
        })
    }), 0, count as u64, "call")
}

fn stamps_concurrent(e: &Env) -> Result<Outcome, String> {
    let (node, count, limit) = (e.node.clone(), e.p("count"), e.p("concurrency"));
    ready(None, Box::new(move |_| {
        node.rt.block_on(async {
            let sem = Arc::new(tokio::sync::Semaphore::new(limit));
            let mut tasks = vec![];
            for _ in 0..count {
                let (client, sem) = (node.client.clone(), sem.clone());
                tasks.push(tokio::spawn(async move {
                    let _permit = sem.acquire().await.map_err(err)?;
                    client.postage().get_postage_batches().await.map(|_| ()).map_err(err)
                }));
            }
            for t in tasks {
                t.await.map_err(err)??;
            }
            Ok(None)
        })
    }), 0, count as u64, "call")
}

/** Updates point at a small upload made during setup (Bee resolves the reference on GET /feeds; see the ts runner). */
fn feed_case(e: &Env, warm: bool) -> Result<Outcome, String> {
    let (node, batch, count) = (e.node.clone(), batch_of(e)?, e.p("count"));
    let signer = PrivateKey::new(&random32()).map_err(err)?;
    let warm_topic = Topic::new(&random32()).map_err(err)?;
    let content: Vec<u8> = (0..256).map(|_| rand::random::<u8>()).collect();
    let target = node.rt.block_on(node.client.file().upload_data(&batch, Bytes::from(content.clone()), None)).map_err(err)?.reference;
    if warm {
        let w = node.client.file().make_feed_writer(signer.clone(), warm_topic.clone()).map_err(err)?;
        node.rt.block_on(w.upload_reference(&batch, &target, Some(0))).map_err(err)?;
    }
    let topics: Rc<RefCell<Vec<Topic>>> = Rc::new(RefCell::new(vec![]));
    let t2 = topics.clone();
    ready(
        Some(Box::new(move |_| {
            *t2.borrow_mut() = (0..count).map(|_| Topic::new(&random32()).unwrap()).collect();
            Ok(())
        })),
        Box::new(move |_| {
            let topics = topics.borrow().clone();
            node.rt.block_on(async {
                for topic in topics.iter().take(count) {
                    let topic = if warm { warm_topic.clone() } else { topic.clone() };
                    let w = node.client.file().make_feed_writer(signer.clone(), topic).map_err(err)?;
                    // Fresh: the topic is known to be new, index 0 is written without a lookup; warm: bee-rs finds the next index.
                    w.upload_reference(&batch, &target, if warm { None } else { Some(0) }).await.map_err(err)?;
                    let read = w.reader().download().await.map_err(err)?;
                    if read.payload.as_ref() != content.as_slice() {
                        return Err(format!("feed read {} bytes, not the {}-byte upload the update points at", read.payload.len(), content.len()));
                    }
                }
                Ok(None)
            })
        }),
        0,
        count as u64,
        "write+read",
    )
}

fn upload_case(e: &Env, bzz: bool, encrypt: bool) -> Result<Outcome, String> {
    let (node, batch) = (e.node.clone(), batch_of(e)?);
    let buf = Rc::new(RefCell::new(salted(&e.fixture(e.p("size_mb") as u64))));
    let len = buf.borrow().len() as u64;
    let b2 = buf.clone();
    ready(
        Some(Box::new(move |_| {
            b2.borrow_mut()[..32].copy_from_slice(&random32());
            Ok(())
        })),
        Box::new(move |_| {
            // Bytes::from(Vec) takes the buffer without copying; the copy here is the client's API (owned Bytes).
            let body = Bytes::from(buf.borrow().clone());
            node.rt.block_on(async {
                let r = if bzz {
                    let opts = bee::api::FileUploadOptions { base: bee::api::UploadOptions { encrypt: encrypt.then_some(true), ..Default::default() }, ..Default::default() };
                    node.client.file().upload_file(&batch, body, "fixture.bin", "application/octet-stream", Some(&opts)).await
                } else {
                    node.client.file().upload_data(&batch, body, None).await
                };
                Ok(Some(r.map_err(err)?.reference.to_hex()))
            })
        }),
        len,
        1,
        "upload",
    )
}

fn bzz_parallel(e: &Env) -> Result<Outcome, String> {
    let (node, batch) = (e.node.clone(), batch_of(e)?);
    let (files, limit) = (e.p("files"), e.p("concurrency"));
    let fixture = e.fixture(e.p("size_mb") as u64);
    let total = (files * (fixture.len() + 32)) as u64;
    ready(None, Box::new(move |_| {
        let bodies: Vec<Bytes> = (0..files).map(|_| { let mut b = salted(&fixture); b[..32].copy_from_slice(&random32()); Bytes::from(b) }).collect();
        node.rt.block_on(async {
            let sem = Arc::new(tokio::sync::Semaphore::new(limit));
            let mut tasks = vec![];
            for (i, body) in bodies.into_iter().enumerate() {
                let (client, sem, batch) = (node.client.clone(), sem.clone(), batch.clone());
                tasks.push(tokio::spawn(async move {
                    let _permit = sem.acquire().await.map_err(err)?;
                    client.file().upload_file(&batch, body, &format!("file-{i}.bin"), "application/octet-stream", None).await.map(|_| ()).map_err(err)
                }));
            }
            for t in tasks {
                t.await.map_err(err)??;
            }
            Ok(None)
        })
    }), total, files as u64, "upload")
}

fn chunks_case(e: &Env, parallel: bool) -> Result<Outcome, String> {
    let (node, batch, count) = (e.node.clone(), batch_of(e)?, e.p("count"));
    let limit = if parallel { e.p("concurrency") } else { 1 };
    let fixture = e.fixture(1);
    let chunks: Rc<RefCell<Vec<Bytes>>> = Rc::new(RefCell::new(vec![]));
    let c2 = chunks.clone();
    ready(
        Some(Box::new(move |_| {
            *c2.borrow_mut() = (0..count)
                .map(|i| {
                    let at = (i * 4096) % (fixture.len() - 4096);
                    let mut payload = fixture[at..at + 4096].to_vec();
                    payload[..32].copy_from_slice(&random32());
                    let ch = bee::swarm::make_content_addressed_chunk(&payload).unwrap();
                    Bytes::from(ch.data())
                })
                .collect();
            Ok(())
        })),
        Box::new(move |_| {
            let list = chunks.borrow().clone();
            node.rt.block_on(async {
                let sem = Arc::new(tokio::sync::Semaphore::new(limit));
                let mut tasks = vec![];
                for data in list {
                    let (client, sem, batch) = (node.client.clone(), sem.clone(), batch.clone());
                    tasks.push(tokio::spawn(async move {
                        let _permit = sem.acquire().await.map_err(err)?;
                        client.file().upload_chunk(&batch, data, None).await.map(|_| ()).map_err(err)
                    }));
                }
                for t in tasks {
                    t.await.map_err(err)??;
                }
                Ok(None)
            })
        }),
        (count * 4096) as u64,
        count as u64,
        "chunk",
    )
}

fn upload_once(e: &Env, size_mb: u64, bzz: bool) -> Result<(Reference, usize), String> {
    let mut buf = salted(&e.fixture(size_mb));
    buf[..32].copy_from_slice(&random32());
    let len = buf.len();
    let batch = batch_of(e)?;
    let r = e.node.rt.block_on(async {
        if bzz {
            e.node.client.file().upload_file(&batch, Bytes::from(buf), "fixture.bin", "application/octet-stream", None).await
        } else {
            e.node.client.file().upload_data(&batch, Bytes::from(buf), None).await
        }
    });
    Ok((r.map_err(err)?.reference, len))
}

fn bzz_download(e: &Env) -> Result<Outcome, String> {
    let node = e.node.clone();
    let (r, len) = upload_once(e, e.p("size_mb") as u64, true)?;
    ready(None, Box::new(move |_| {
        node.rt.block_on(async {
            let n = drain(node.client.file().download_file_response(&r, None).await.map_err(err)?).await?;
            expect_len("GET /bzz", n, len).map(|_| None)
        })
    }), len as u64, 1, "download")
}

/**
 * Level-0 row and default-level row (bench/README.md). The level-0 upload goes through reqwest (bee-rs omits the
 * header for level Off). On the default row Bee v2.8.1 sends the root span with its level byte as a negative
 * Content-Length; when bee-rs's probe_data does not return the real size there, the row is skipped saying what
 * it returned.
 */
fn bytes_head(e: &Env) -> Result<Outcome, String> {
    let (node, count) = (e.node.clone(), e.p("count"));
    let level_zero = e.params.contains_key("redundancy_level");
    let (r, len) = if level_zero {
        let mut buf = salted(&e.fixture(e.p("size_mb") as u64));
        buf[..32].copy_from_slice(&random32());
        let len = buf.len();
        (node.upload_level0(&e.batch, buf)?, len)
    } else {
        upload_once(e, e.p("size_mb") as u64, false)?
    };
    if !level_zero {
        let header = node.raw_head_length(&r.to_hex())?;
        let probed = node.rt.block_on(node.client.file().probe_data(&r));
        let said = match &probed {
            Ok(info) if info.content_length as usize == len => None,
            Ok(info) => Some(format!("probe_data returned content_length {} for the {len}-byte upload (header {header})", info.content_length)),
            Err(e) => Some(format!("{} (header {header})", err(e))),
        };
        if let Some(said) = said {
            return Ok(Outcome::Skip(crate::inputs::unreadable_length("bee-rs 1.7.0", &said)));
        }
    }
    ready(None, Box::new(move |_| {
        node.rt.block_on(async {
            for _ in 0..count {
                let info = node.client.file().probe_data(&r).await.map_err(err)?;
                expect_len("HEAD /bytes content-length", info.content_length as usize, len)?;
            }
            Ok(None)
        })
    }), 0, count as u64, "call")
}

fn bytes_range(e: &Env) -> Result<Outcome, String> {
    let node = e.node.clone();
    let (r, len) = upload_once(e, e.p("size_mb") as u64, false)?;
    let range = e.p("range_kb") * 1024;
    let count = e.p("count");
    let span = len.saturating_sub(range).max(1);
    let offsets: Vec<usize> = (0..count).map(|i| span * ((i * 7919) % count) / count).collect();
    let hex = r.to_hex();
    ready(None, Box::new(move |_| {
        node.rt.block_on(async {
            for at in &offsets {
                expect_len("range read", node.range(&hex, *at, at + range - 1).await?, range)?;
            }
            Ok(None)
        })
    }), (count * range) as u64, count as u64, "range")
}

fn bytes_parallel(e: &Env) -> Result<Outcome, String> {
    let (node, count, limit) = (e.node.clone(), e.p("count"), e.p("concurrency"));
    let (r, len) = upload_once(e, e.p("size_mb") as u64, false)?;
    ready(None, Box::new(move |_| {
        node.rt.block_on(async {
            let sem = Arc::new(tokio::sync::Semaphore::new(limit));
            let mut tasks = vec![];
            for _ in 0..count {
                let (client, sem, r) = (node.client.clone(), sem.clone(), r.clone());
                tasks.push(tokio::spawn(async move {
                    let _permit = sem.acquire().await.map_err(err)?;
                    let n = drain(client.file().download_data_response(&r, None).await.map_err(err)?).await?;
                    expect_len("GET /bytes", n, len)
                }));
            }
            for t in tasks {
                t.await.map_err(err)??;
            }
            Ok(None)
        })
    }), (count * len) as u64, count as u64, "download")
}

fn stream_dir(e: &Env) -> Result<Outcome, String> {
    let (node, batch) = (e.node.clone(), batch_of(e)?);
    let (files, file_bytes) = (e.p("files"), e.p("file_bytes"));
    let fixture = e.fixture(1);
    ready(None, Box::new(move |_| {
        let entries: Vec<CollectionEntry> = (0..files)
            .map(|i| {
                let mut d = fixture[i * file_bytes..(i + 1) * file_bytes].to_vec();
                d[..32].copy_from_slice(&random32());
                CollectionEntry::new(format!("dir/file-{i}.bin"), d)
            })
            .collect();
        node.rt.block_on(async {
            let r = node.client.file().stream_collection_entries(&batch, &entries, None, None).await.map_err(err)?;
            Ok(Some(r.reference.to_hex()))
        })
    }), (files * file_bytes) as u64, files as u64, "file")
}

fn soc_upload(e: &Env) -> Result<Outcome, String> {
    let (node, batch, count) = (e.node.clone(), batch_of(e)?, e.p("count"));
    let writer = node.client.file().make_soc_writer(PrivateKey::new(&random32()).map_err(err)?).map_err(err)?;
    let fixture = e.fixture(1);
    ready(None, Box::new(move |_| {
        let ids: Vec<Identifier> = (0..count).map(|_| Identifier::new(&random32()).unwrap()).collect();
        node.rt.block_on(async {
            for (i, id) in ids.iter().enumerate() {
                writer.upload(&batch, id, &fixture[i * 1024..i * 1024 + 1024], None).await.map_err(err)?;
            }
            Ok(None)
        })
    }), (count * 1024) as u64, count as u64, "soc")
}

fn pins(e: &Env) -> Result<Outcome, String> {
    let (node, batch, count) = (e.node.clone(), batch_of(e)?, e.p("count"));
    let refs: Vec<Reference> = (0..count)
        .map(|_| node.rt.block_on(node.client.file().upload_data(&batch, Bytes::from(random32().to_vec()), None)).map(|r| r.reference).map_err(err))
        .collect::<Result<_, _>>()?;
    ready(None, Box::new(move |_| {
        node.rt.block_on(async {
            let api = node.client.api();
            for r in &refs {
                api.pin(r).await.map_err(err)?;
            }
            let listed = api.list_pins().await.map_err(err)?;
            if refs.iter().any(|r| !listed.contains(r)) {
                return Err("a pinned reference is missing from GET /pins".into());
            }
            for r in &refs {
                api.unpin(r).await.map_err(err)?;
            }
            Ok(None)
        })
    }), 0, (count * 2 + 1) as u64, "call")
}

fn tagged(e: &Env) -> Result<Outcome, String> {
    let (node, batch) = (e.node.clone(), batch_of(e)?);
    let fixture = e.fixture(e.p("size_mb") as u64);
    let len = (fixture.len() + 32) as u64;
    ready(None, Box::new(move |_| {
        let mut buf = salted(&fixture);
        buf[..32].copy_from_slice(&random32());
        let body = Bytes::from(buf);
        node.rt.block_on(async {
            let api = node.client.api();
            let tag = api.create_tag().await.map_err(err)?;
            let opts = bee::api::RedundantUploadOptions { base: bee::api::UploadOptions { tag: tag.uid, ..Default::default() }, ..Default::default() };
            node.client.file().upload_data(&batch, body, Some(&opts)).await.map_err(err)?;
            let after = api.get_tag(tag.uid).await.map_err(err)?;
            if (after.split as u64) < len / 4096 {
                return Err(format!("tag {} split {} chunks", tag.uid, after.split));
            }
            Ok(None)
        })
    }), len, 3, "call")
}

fn from_disk(_: &Env) -> Result<Outcome, String> {
    Ok(Outcome::Skip("bee-rs takes upload bodies as in-memory Bytes only (no streaming request body)".into()))
}

pub fn cases() -> HashMap<&'static str, CaseFn> {
    let mut m: HashMap<&'static str, CaseFn> = HashMap::new();
    m.insert("net.stamps.list", stamps_list);
    m.insert("net.stamps.concurrent", stamps_concurrent);
    m.insert("net.feed.write-read.fresh", |e| feed_case(e, false));
    m.insert("net.feed.write-read.warm", |e| feed_case(e, true));
    m.insert("net.bzz.upload", |e| upload_case(e, true, false));
    m.insert("net.bzz.upload.encrypted", |e| upload_case(e, true, true));
    m.insert("net.bytes.upload", |e| upload_case(e, false, false));
    m.insert("net.bzz.upload.parallel", bzz_parallel);
    m.insert("net.chunks.upload.parallel", |e| chunks_case(e, true));
    m.insert("net.bzz.upload-from-disk", from_disk);
    m.insert("net.bzz.download", bzz_download);
    m.insert("net.bytes.head", bytes_head);
    m.insert("net.bytes.download.range", bytes_range);
    m.insert("net.bytes.download.parallel", bytes_parallel);
    m.insert("net.chunks.upload", |e| chunks_case(e, false));
    m.insert("net.stream-dir.upload", stream_dir);
    m.insert("net.soc.upload", soc_upload);
    m.insert("net.pin.add-list", pins);
    m.insert("net.tags.upload-with-tag", tagged);
    m
}
