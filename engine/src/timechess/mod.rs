//! Time Chess: chess on a stack of boards, one per turn, where pieces move through time as
//! well as space (the 2011 dissertation's Appendix A, decided in `docs/rules/time-chess.md`).
//!
//! The stack keeps every past layer; a move starts in the present and may end in the
//! present, the past (capturing there and erasing the captured lineage from that instance
//! on) or the future (the piece waits in the future queue and appears at the end of its
//! arrival turn, unless its move has become illegal and it is Lost in Time).

mod api;
mod attack;
mod check_lines;
mod coord;
mod entry;
mod game;
mod geometry;
mod history;
mod judge;
mod layer;
mod legality;
mod perft;
mod piece;
mod playout;
mod record;
mod search;
mod select;
mod turn;
mod view;
mod words;
mod zobrist;

pub use coord::{Move, NotationError, Pos, Square, BOARD};
pub use entry::{Completion, EntryError, Refusal};
pub use game::{
    king_lineage, EndReason, Event, Game, Outcome, SetupError, Traveller, Winner, MAX_MOVES,
};
pub use geometry::{shape, Delta, Shape};
pub use layer::Layer;
pub use legality::IllegalMove;
pub use piece::{Color, Kind, Lineage, Piece, LINEAGES};
pub use playout::{random_playout, Playout, SplitMix64};
pub use record::{
    Checkpoint, GameRecord, PlacedPiece, QueuedPiece, RecordError, MAX_RECORD_BYTES, RULES, SCHEMA,
    VERSION,
};
pub use search::{
    choose_move, choose_move_within, Level, SearchLimits, SearchReply, SearchStats, SearchStop,
};
pub use select::{Destination, DestinationLayer, NoDestination, SelectedPiece, Selection};
pub use view::{
    AttackLine, CheckView, Consequence, MoveKind, MoveReport, PastCapture, ScreenLayer,
    ScreenPiece, ScreenView, TimelineTurn, Travel,
};
