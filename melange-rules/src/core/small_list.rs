//! [`SmallList`]: a list of small `Copy` values (card ids, die faces) kept
//! inline up to a capacity, for the piles and pools of a game state.
//!
//! A state is copied for every simulation a search runs and for every
//! version the server keeps for its watchers; with its lists inline, a copy
//! is a few block copies instead of an allocation per list. A list that
//! outgrows its capacity moves to the heap and goes on working. It is a
//! [`SmallVec`] (whose methods it offers through `Deref`) with a copy that
//! moves the items in one block, where `SmallVec`'s own `clone` clones them
//! one by one; it is written as a plain list.
use std::ops::{Deref, DerefMut};

use smallvec::SmallVec;

/// A list kept inline up to `N` items (see the module).
#[derive(Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct SmallList<T, const N: usize>(SmallVec<[T; N]>);

impl<T, const N: usize> SmallList<T, N> {
    /// An empty list.
    pub fn new() -> Self {
        SmallList(SmallVec::new())
    }
}

impl<T, const N: usize> Default for SmallList<T, N> {
    fn default() -> Self {
        SmallList::new()
    }
}

impl<T: Copy, const N: usize> Clone for SmallList<T, N> {
    fn clone(&self) -> Self {
        SmallList(SmallVec::from_slice(&self.0))
    }
}

impl<T, const N: usize> Deref for SmallList<T, N> {
    type Target = SmallVec<[T; N]>;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<T, const N: usize> DerefMut for SmallList<T, N> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl<T, const N: usize> From<Vec<T>> for SmallList<T, N> {
    fn from(items: Vec<T>) -> Self {
        SmallList(SmallVec::from_vec(items))
    }
}

impl<T, const N: usize> FromIterator<T> for SmallList<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        SmallList(items.into_iter().collect())
    }
}

impl<T, const N: usize> Extend<T> for SmallList<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        self.0.extend(items);
    }
}

impl<T, const N: usize> IntoIterator for SmallList<T, N> {
    type Item = T;
    type IntoIter = smallvec::IntoIter<[T; N]>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a SmallList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a mut SmallList<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::SmallList;

    #[test]
    fn a_copy_holds_the_same_items_inline_or_spilled() {
        let inline: SmallList<u8, 4> = vec![3, 1, 2].into();
        assert_eq!(inline.clone(), inline);
        assert!(!inline.clone().spilled());
        let spilled: SmallList<u8, 4> = (0..9).collect();
        assert_eq!(spilled.clone(), spilled);
        assert_eq!(spilled.clone().as_slice(), &[0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn written_as_a_plain_list() {
        let list: SmallList<u8, 4> = (0..6).collect();
        let text = serde_json::to_string(&list).expect("written");
        assert_eq!(text, "[0,1,2,3,4,5]");
        let back: SmallList<u8, 4> = serde_json::from_str(&text).expect("read");
        assert_eq!(back, list);
    }
}
