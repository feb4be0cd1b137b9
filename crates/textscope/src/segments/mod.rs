//! Files of two encodings (docs/mojibake.md G1–G7).
