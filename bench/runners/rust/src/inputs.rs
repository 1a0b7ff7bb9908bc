//! Deterministic inputs shared with bench/lib/case-inputs.ts.

use bee::swarm::keccak256;

pub fn messages(n: usize) -> Vec<[u8; 32]> {
    (0..n).map(|i| keccak256(format!("msg-{i}").as_bytes())).collect()
}

pub struct ManifestFile {
    pub path: String,
    pub name: String,
    pub reference: [u8; 32],
}

pub fn manifest_files(n: usize) -> Vec<ManifestFile> {
    (0..n)
        .map(|i| ManifestFile { path: format!("site/dir-{}/file-{i}.bin", i % 16), name: format!("file-{i}.bin"), reference: keccak256(format!("ref-{i}").as_bytes()) })
        .collect()
}

pub fn lookup_paths(files: &[ManifestFile], finds: usize, hit_ratio: f64) -> Vec<String> {
    let hit_below = (hit_ratio * 100.0).round() as usize;
    (0..finds).map(|j| if j % 100 < hit_below { files[(j * 7919) % files.len()].path.clone() } else { format!("site/dir-{}/missing-{j}.bin", j % 16) }).collect()
}

/// The skip reason of net.bytes.head's default-level row (bench/lib/net-inputs.ts unreadableLength says the same).
pub fn unreadable_length(client: &str, said: &str) -> String {
    let said: String = said.chars().take(200).collect();
    format!("{client} cannot read the negative Content-Length Bee v2.8.1 sends for a redundancy-coded root (its span as a signed int64): {said}")
}
