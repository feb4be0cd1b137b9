//! One list per kind of item the report counts (problems, findings): the enum, its `ALL`, its
//! JSON names and its counts struct are all made from that list by [`kinds!`], so a kind added
//! to the list has its place in `ALL`, its name and its count, and one left out of it does not
//! exist. Everything that says something per kind (messages, SPEC ids, where it is found) is
//! an exhaustive `match`, which the compiler asks to extend (docs/architecture.md, "How to add
//! a problem kind").

/// Declares a kind enum and its counts struct from one list of
/// `Variant => json_name` entries (the JSON name is the counts field's name; the enum is
/// serialised in `snake_case`, which each kind's tests hold equal to it). Makes `ALL` (declaration order), `name()`, `index()` (position in
/// `ALL`), and the counts' `get`, `get_mut` and `total`.
macro_rules! kinds {
    (
        $(#[$kind_meta:meta])*
        pub enum $Kind:ident;
        $(#[$counts_meta:meta])*
        pub struct $Counts:ident;
        $(
            $(#[doc = $doc:literal])*
            $Variant:ident => $(#[$field_meta:meta])* $field:ident,
        )*
    ) => {
        $(#[$kind_meta])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
        #[serde(rename_all = "snake_case")]
        pub enum $Kind {
            $( $(#[doc = $doc])* $Variant, )*
        }

        impl $Kind {
            /// Every kind, in report order.
            pub const ALL: [$Kind; [$(stringify!($Variant)),*].len()] = [$($Kind::$Variant),*];

            /// The JSON name (`snake_case`, as the counts field).
            pub fn name(self) -> &'static str {
                match self {
                    $( $Kind::$Variant => stringify!($field), )*
                }
            }

            /// Position in `ALL`.
            pub fn index(self) -> usize {
                self as usize
            }
        }

        $(#[$counts_meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
        pub struct $Counts {
            $( $(#[doc = $doc])* $(#[$field_meta])* pub $field: u64, )*
        }

        impl $Counts {
            /// The count of one kind, to add to.
            pub(crate) fn get_mut(&mut self, kind: $Kind) -> &mut u64 {
                match kind {
                    $( $Kind::$Variant => &mut self.$field, )*
                }
            }

            /// The count of one kind.
            pub fn get(&self, kind: $Kind) -> u64 {
                match kind {
                    $( $Kind::$Variant => self.$field, )*
                }
            }

            /// All kinds together.
            pub fn total(&self) -> u64 {
                $Kind::ALL.iter().map(|&k| self.get(k)).sum()
            }
        }
    };
}

pub(crate) use kinds;
