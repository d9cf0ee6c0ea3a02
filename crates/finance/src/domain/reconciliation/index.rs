//! Hash indexes over the targets, built once per run: one sorted vector of target numbers and, per key, its range
//! in it (no vector per key, so 100,000 targets cost a handful of allocations).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The Fx hash (rustc's): keys here are amounts and FNV hashes, never chosen by an attacker, so SipHash's
/// protection buys nothing and costs most of a lookup.
#[derive(Default, Clone, Copy)]
pub(crate) struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Fx {
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

pub(crate) type FxBuild = BuildHasherDefault<Fx>;

/// Items per key, each key's items sorted by day so a date window is two binary searches.
pub(crate) struct RangeIndex {
    ranges: HashMap<u64, (u32, u32), FxBuild>,
    items: Vec<u32>,
}

impl RangeIndex {
    pub(crate) fn build(mut entries: Vec<(u64, u32)>, day: impl Fn(u32) -> i32) -> Self {
        entries.sort_unstable_by_key(|&(key, item)| (key, day(item), item));
        entries.dedup();
        let mut ranges = HashMap::with_capacity_and_hasher(entries.len(), FxBuild::default());
        let mut start = 0;
        while start < entries.len() {
            let key = entries[start].0;
            let end = start + entries[start..].partition_point(|e| e.0 == key);
            ranges.insert(key, (start as u32, end as u32));
            start = end;
        }
        let items = entries.into_iter().map(|(_, item)| item).collect();
        RangeIndex { ranges, items }
    }

    pub(crate) fn get(&self, key: u64) -> &[u32] {
        match self.ranges.get(&key) {
            Some(&(start, end)) => &self.items[start as usize..end as usize],
            None => &[],
        }
    }
}

/// The part of `items` (sorted by day) whose day lies in `lo..=hi`.
pub(crate) fn window(items: &[u32], lo: i32, hi: i32, day: impl Fn(u32) -> i32) -> &[u32] {
    let start = items.partition_point(|&i| day(i) < lo);
    let end = start + items[start..].partition_point(|&i| day(i) <= hi);
    &items[start..end]
}
