//! Exact subset sums by meet-in-the-middle, for 1:N (one transfer for several installments) and N:1 (two PIX for
//! one installment).
//!
//! Why at most [`MAX_ITEMS`]: an exact sum is evidence only while few subsets could produce it. With n candidates
//! there are 2ⁿ subsets but the totals of a counterparty's installments span a few thousand reais, so past about
//! 16 items coincident sums become likely and "the amounts add up" stops identifying anything — that is a case for
//! a person, or for a structured group (retorno, remessa, lote). The bound also fixes the cost: two halves of at
//! most 2⁸ sums each, on the stack, whatever the input.

/// The most candidates a search looks at.
pub(crate) const MAX_ITEMS: usize = 16;
const HALF: usize = 1 << (MAX_ITEMS / 2);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    None,
    /// Exactly one subset (bit i = item i).
    One(u32),
    /// Two or more: ambiguous.
    Many,
}

/// The subsets of `amounts` (≤ [`MAX_ITEMS`]) with at least `min_len` items summing exactly to `goal`.
pub(crate) fn exact(amounts: &[i64], goal: i64, min_len: u32) -> Found {
    if amounts.len() > MAX_ITEMS {
        return Found::None;
    }
    let (left, right) = amounts.split_at(amounts.len() / 2);
    let mut left_sums = [0i128; HALF];
    sums(left, &mut left_sums);
    let mut right_sums = [(0i128, 0u32); HALF];
    let right_len = 1usize << right.len();
    let mut plain = [0i128; HALF];
    sums(right, &mut plain);
    for (mask, slot) in right_sums.iter_mut().enumerate().take(right_len) {
        *slot = (plain[mask], mask as u32);
    }
    let right_sums = &mut right_sums[..right_len];
    right_sums.sort_unstable();
    let mut found = Found::None;
    for (left_mask, &left_sum) in left_sums.iter().enumerate().take(1 << left.len()) {
        let want = i128::from(goal) - left_sum;
        let start = right_sums.partition_point(|&(s, _)| s < want);
        for &(sum, right_mask) in &right_sums[start..] {
            if sum != want {
                break;
            }
            let mask = left_mask as u32 | (right_mask << left.len());
            if mask.count_ones() < min_len {
                continue;
            }
            found = match found {
                Found::None => Found::One(mask),
                _ => return Found::Many,
            };
        }
    }
    found
}

/// `out[mask]` = the sum of the items whose bits are set, each from a smaller mask.
fn sums(items: &[i64], out: &mut [i128; HALF]) {
    out[0] = 0;
    for mask in 1usize..(1 << items.len()) {
        let low = mask.trailing_zeros() as usize;
        out[mask] = out[mask & (mask - 1)] + i128::from(items[low]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_many_or_none() {
        assert_eq!(exact(&[100, 250, 400], 500, 2), Found::One(0b101));
        assert_eq!(exact(&[100, 100, 400], 500, 2), Found::Many);
        assert_eq!(exact(&[100, 250, 400], 50, 2), Found::None);
        // A single item equal to the goal is a 1:1, not a subset.
        assert_eq!(exact(&[500, 7], 500, 2), Found::None);
    }

    #[test]
    fn sixteen_items_and_no_more() {
        let items: Vec<i64> = (0..16).map(|i| 1i64 << i).collect();
        assert_eq!(exact(&items, (1 << 16) - 1, 2), Found::One(0xffff));
        let mut more = items.clone();
        more.push(1 << 16);
        assert_eq!(exact(&more, 3, 2), Found::None);
    }
}
