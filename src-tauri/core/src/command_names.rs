//! The name of every app command, made from the one table (`command_table.rs`): the
//! shell's build script makes the same lists (one `allow-<name>` permission each), and
//! the tests check the capability, the bridge and the TypeScript client against them.

crate::command_table!(define_command_names);
