//! CPU cases on bee-rs's own primitives: swarm::keccak256 (sha3 crate), calculate_chunk_address, FileChunker,
//! PrivateKey / Signature (libsecp256k1 through the secp256k1 crate), MantarayNode.

use crate::inputs::{lookup_paths, manifest_files, messages};
use crate::{CaseFn, Env, Outcome, Prepared};
use bee::manifest::{MantarayNode, populate_self_addresses};
use bee::swarm::{FileChunker, PrivateKey, Reference, calculate_chunk_address, keccak256};
use std::collections::{BTreeMap, HashMap};

const CHUNK: usize = 4096;

fn ready(run: Box<dyn FnMut(usize) -> Result<Option<String>, String>>, bytes: u64, units: u64, unit: &'static str) -> Result<Outcome, String> {
    Ok(Outcome::Ready(Prepared { before: None, run, bytes, units, unit }))
}

fn random_key() -> Result<PrivateKey, String> {
    PrivateKey::new(&rand::random::<[u8; 32]>()).map_err(|e| e.to_string())
}

fn chunk_hash(e: &Env) -> Result<Outcome, String> {
    let (data, count, size) = (e.fixture(1), e.p("count"), e.p("bytes"));
    let blocks = data.len() / size;
    ready(Box::new(move |_| {
        for i in 0..count {
            let at = (i % blocks) * size;
            std::hint::black_box(keccak256(&data[at..at + size]));
        }
        Ok(None)
    }), (count * size) as u64, count as u64, "hash")
}

fn bulk(e: &Env) -> Result<Outcome, String> {
    let data = e.fixture(e.p("size_mb") as u64);
    let len = data.len() as u64;
    ready(Box::new(move |_| Ok(Some(hex::encode(keccak256(&data))))), len, 1, "hash")
}

fn parallel(e: &Env) -> Result<Outcome, String> {
    let data = e.fixture(e.p("size_mb") as u64);
    let blocks = data.len().div_ceil(CHUNK);
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let len = data.len() as u64;
    ready(Box::new(move |_| {
        let per = blocks.div_ceil(threads);
        std::thread::scope(|s| {
            for t in 0..threads {
                let data = &data;
                s.spawn(move || {
                    for b in (t * per)..((t + 1) * per).min(blocks) {
                        std::hint::black_box(keccak256(&data[b * CHUNK..((b + 1) * CHUNK).min(data.len())]));
                    }
                });
            }
        });
        Ok(None)
    }), len, blocks as u64, "hash")
}

fn chunk_address(e: &Env) -> Result<Outcome, String> {
    let (data, count) = (e.fixture(1), e.p("count"));
    let blocks = data.len() / CHUNK;
    let mut buf = vec![0u8; 8 + CHUNK];
    buf[..8].copy_from_slice(&(CHUNK as u64).to_le_bytes());
    ready(Box::new(move |_| {
        let mut last = [0u8; 32];
        for i in 0..count {
            let at = (i % blocks) * CHUNK;
            buf[8..].copy_from_slice(&data[at..at + CHUNK]);
            last = calculate_chunk_address(&buf).map_err(|e| e.to_string())?;
        }
        Ok(Some(hex::encode(last)))
    }), (count * CHUNK) as u64, count as u64, "chunk")
}

pub fn file_root(data: &[u8]) -> Result<Reference, String> {
    let mut chunker = FileChunker::new();
    chunker.write(data).map_err(|e| e.to_string())?;
    Ok(chunker.finalize().map_err(|e| e.to_string())?.address)
}

fn file_root_case(e: &Env) -> Result<Outcome, String> {
    let data = e.fixture(e.p("size_mb") as u64);
    let len = data.len() as u64;
    ready(Box::new(move |_| Ok(Some(file_root(&data)?.to_hex()))), len, len.div_ceil(CHUNK as u64), "leaf chunk")
}

fn sign(e: &Env) -> Result<Outcome, String> {
    let key = random_key()?;
    let inputs = messages(e.p("count"));
    let n = inputs.len() as u64;
    ready(Box::new(move |_| {
        for m in &inputs {
            key.sign(m).map_err(|e| e.to_string())?;
        }
        Ok(None)
    }), 0, n, "signature")
}

fn verify(e: &Env) -> Result<Outcome, String> {
    let key = random_key()?;
    let want = key.public_key().map_err(|e| e.to_string())?.address();
    let inputs = messages(e.p("count"));
    let sigs = inputs.iter().map(|m| key.sign(m).map_err(|e| e.to_string())).collect::<Result<Vec<_>, _>>()?;
    let n = inputs.len() as u64;
    ready(Box::new(move |_| {
        for (m, s) in inputs.iter().zip(&sigs) {
            if s.recover_public_key(m).map_err(|e| e.to_string())?.address() != want {
                return Err("recovered a different signer".into());
            }
        }
        Ok(None)
    }), 0, n, "recovery")
}

fn identity(e: &Env) -> Result<Outcome, String> {
    let count = e.p("count");
    ready(Box::new(move |_| {
        for _ in 0..count {
            std::hint::black_box(random_key()?.public_key().map_err(|e| e.to_string())?.address());
        }
        Ok(None)
    }), 0, count as u64, "identity")
}

fn manifest_hash(e: &Env) -> Result<Outcome, String> {
    let files = manifest_files(e.p("files"));
    let n = files.len() as u64;
    ready(Box::new(move |_| {
        let mut root = MantarayNode::new();
        for f in &files {
            let mut meta = BTreeMap::new();
            meta.insert("Content-Type".to_string(), "application/octet-stream".to_string());
            meta.insert("Filename".to_string(), f.name.clone());
            let r = Reference::new(&f.reference).map_err(|e| e.to_string())?;
            root.add_fork(f.path.as_bytes(), Some(&r), Some(&meta));
        }
        Ok(Some(hex::encode(populate_self_addresses(&mut root).map_err(|e| e.to_string())?)))
    }), 0, n, "file")
}

fn manifest_lookup(e: &Env) -> Result<Outcome, String> {
    let files = manifest_files(e.p("entries"));
    let mut root = MantarayNode::new();
    for f in &files {
        let r = Reference::new(&f.reference).map_err(|e| e.to_string())?;
        root.add_fork(f.path.as_bytes(), Some(&r), None);
    }
    let queries = lookup_paths(&files, e.p("finds"), e.params["hit_ratio"]);
    let n = queries.len() as u64;
    ready(Box::new(move |_| {
        let hits = queries.iter().filter(|q| root.find(q.as_bytes()).is_some()).count();
        Ok(Some(hits.to_string()))
    }), 0, n, "lookup")
}

pub fn cases() -> HashMap<&'static str, CaseFn> {
    let mut m: HashMap<&'static str, CaseFn> = HashMap::new();
    m.insert("cpu.keccak.chunk-hash", chunk_hash);
    m.insert("cpu.keccak.bulk", bulk);
    m.insert("cpu.keccak.parallel", parallel);
    m.insert("cpu.bmt.chunk-address", chunk_address);
    m.insert("cpu.bmt.file-root", file_root_case);
    m.insert("cpu.ecdsa.sign-1000", sign);
    m.insert("cpu.ecdsa.verify-1000", verify);
    m.insert("cpu.identity.create", identity);
    m.insert("cpu.manifest.hash-50files", manifest_hash);
    m.insert("cpu.manifest.lookup-large", manifest_lookup);
    m
}
