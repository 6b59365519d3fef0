//! A map that keeps only its most recently used entries.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

/// At most `capacity` entries; inserting past it forgets the least
/// recently inserted or read one. For caches a front-end learns as it goes
/// (users' names), which must not grow for ever.
pub struct Recent<K, V> {
    map: HashMap<K, (V, u64)>,
    order: BTreeMap<u64, K>,
    next: u64,
    capacity: usize,
}

impl<K: Clone + Eq + Hash, V> Recent<K, V> {
    #[must_use]
    pub fn new(capacity: usize) -> Recent<K, V> {
        Recent {
            map: HashMap::new(),
            order: BTreeMap::new(),
            next: 0,
            capacity: capacity.max(1),
        }
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.map.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    fn stamp(&mut self, k: &K) -> u64 {
        let s = self.next;
        self.next += 1;
        self.order.insert(s, k.clone());
        s
    }

    /// Sets `k`, making it the most recent.
    pub fn insert(&mut self, k: K, v: V) {
        if let Some((_, old)) = self.map.remove(&k) {
            self.order.remove(&old);
        }
        while self.map.len() >= self.capacity {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            self.map.remove(&oldest);
        }
        let s = self.stamp(&k);
        self.map.insert(k, (v, s));
    }

    /// Reads `k`, making it the most recent.
    pub fn get(&mut self, k: &K) -> Option<&V> {
        let old = self.map.get(k)?.1;
        self.order.remove(&old);
        let s = self.stamp(k);
        let e = self.map.get_mut(k)?;
        e.1 = s;
        Some(&e.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_goes_first() {
        let mut r = Recent::new(2);
        r.insert("a", 1);
        r.insert("b", 2);
        assert_eq!(r.get(&"a"), Some(&1));
        r.insert("c", 3);
        assert_eq!(r.get(&"b"), None);
        assert_eq!(r.len(), 2);
        assert_eq!(r.get(&"a"), Some(&1));
        r.insert("a", 4);
        r.insert("d", 5);
        assert_eq!(r.get(&"c"), None);
        assert_eq!(r.get(&"a"), Some(&4));
        assert_eq!(r.get(&"d"), Some(&5));
    }
}
