//! When a sum of costs is exact in f64: the unit every cost is a whole multiple of (decision
//! 65). The builder of the statics (`freeze.rs`) folds the ASCII costs (`bytes.rs`) and a
//! page's (`price.rs`) through it, and `tables.rs` holds the units (issue 42).

/// The exponent of the lowest bit set in `x`, and how many bits lie from it to the highest
/// (`None` for 0 and for values that are not finite).
pub(super) fn bits(x: f64) -> Option<(i32, u32)> {
    if x == 0.0 || !x.is_finite() {
        return None;
    }
    let raw = x.to_bits();
    let exponent = ((raw >> 52) & 0x7FF) as i32;
    let fraction = raw & ((1u64 << 52) - 1);
    let (mantissa, e) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1u64 << 52, exponent - 1075)
    };
    let low = mantissa.trailing_zeros();
    Some((e + low as i32, 64 - mantissa.leading_zeros() - low))
}

/// `unit` lowered to the lowest bit of `x` when a count below 2^18 times `x` is exact (`x` has
/// at most 53 - 18 significant bits), `None` when it is not; 0 leaves it as it is. Folded over
/// a set of costs, the unit every one of them is a whole multiple of.
pub(super) fn with_unit(unit: Option<i32>, x: f64) -> Option<i32> {
    match bits(x) {
        Some((e, n)) if n <= 35 => unit.map(|u| u.min(e)),
        Some(_) => None,
        None => unit,
    }
}
