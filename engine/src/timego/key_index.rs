//! A small open-addressing map from exact board keys to indices, cleared in O(1) by a
//! generation stamp so replays can reuse it without allocating.

#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    value: u32,
    stamp: u32,
}

/// Map from a 64-bit key to a `u32` index; [`KeyIndex::insert`] keeps the first value for a
/// key, [`KeyIndex::set`] the last.
#[derive(Clone, Debug)]
pub(crate) struct KeyIndex {
    slots: Vec<Slot>,
    /// `64 - log2(slots.len())`: Fibonacci hashing keeps the top bits of one multiply.
    shift: u32,
    len: usize,
    stamp: u32,
}

const FIBONACCI: u64 = 0x9E37_79B9_7F4A_7C15;

impl Default for KeyIndex {
    fn default() -> KeyIndex {
        KeyIndex {
            slots: vec![
                Slot {
                    key: 0,
                    value: 0,
                    stamp: 0
                };
                64
            ],
            shift: 64 - 6,
            len: 0,
            stamp: 1,
        }
    }
}

impl KeyIndex {
    /// Forgets every entry without touching the slots.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|slot| slot.stamp = 0);
            self.stamp = 1;
        }
    }

    /// The value stored for `key`.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(FIBONACCI) >> self.shift) as usize;
        loop {
            let slot = &self.slots[i];
            if slot.stamp != self.stamp {
                return None;
            }
            if slot.key == key {
                return Some(slot.value);
            }
            i = (i + 1) & mask;
        }
    }

    /// Number of keys stored.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Stores `value` for `key`, replacing any earlier value.
    #[inline]
    pub(crate) fn set(&mut self, key: u64, value: u32) {
        self.store(key, value, true);
    }

    /// Stores `value` for `key` unless the key is present.
    #[inline]
    pub(crate) fn insert(&mut self, key: u64, value: u32) {
        self.store(key, value, false);
    }

    #[inline]
    fn store(&mut self, key: u64, value: u32, replace: bool) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(FIBONACCI) >> self.shift) as usize;
        loop {
            let slot = &mut self.slots[i];
            if slot.stamp != self.stamp {
                *slot = Slot {
                    key,
                    value,
                    stamp: self.stamp,
                };
                self.len += 1;
                return;
            }
            if slot.key == key {
                if replace {
                    slot.value = value;
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let live: Vec<Slot> = self
            .slots
            .iter()
            .filter(|slot| slot.stamp == self.stamp)
            .copied()
            .collect();
        let capacity = self.slots.len() * 2;
        self.slots = vec![
            Slot {
                key: 0,
                value: 0,
                stamp: 0
            };
            capacity
        ];
        self.shift -= 1;
        self.stamp = 1;
        self.len = 0;
        for slot in live {
            self.insert(slot.key, slot.value);
        }
    }
}
