//! The app's commands as a program sees them, made from the one table in
//! `command_table.rs`: [`COMMANDS`] (name, kind, typed handler), the dispatch the IPC
//! bridge and the Tauri shell both go through ([`start`], [`dispatch`]), and the typed
//! TypeScript client ([`typescript_client`]).
//!
//! A command's invoke arguments are an object; a command with arguments takes them under
//! its key `args` (`invoke("timego_apply", { args: { action, replace_future } })`). The
//! arguments are decoded into the command's type before its handler runs, so a wrong
//! shape is refused with a typed error and changes nothing.

use crate::app::{AppCore, AppStatus, SetAsideFileArgs};
use crate::chess::ChessAnswer;
use crate::chess::{
    chess_levels, ChessCompleteArgs, ChessComputerJob, ChessComputerOutcome, ChessHint,
    ChessImportArgs, ChessLevelInfo, ChessOpponentSettings, ChessPlayArgs, ChessSelectArgs,
    ChessTypedArgs,
};
use crate::error::{AppError, CommandResult};
use crate::host::job::EngineJob;
use crate::host::session::ReviewTo;
use crate::host::{playable_ids, GameId};
use crate::settings::Settings;
use crate::surface::layout::{
    surface_layout, surface_tiling, SurfaceLayoutArgs, SurfaceTilingArgs,
};
use crate::surface::{
    surface_komi_choices, surface_levels, SurfaceAnalyseArgs, SurfaceApplyArgs,
    SurfaceComputerArgs, SurfaceComputerOutcome, SurfaceEditArgs, SurfaceEditorStartArgs,
    SurfaceEditorView, SurfaceExchangeArgs, SurfaceExplanation, SurfaceExportArgs,
    SurfaceImportArgs, SurfaceImported, SurfaceKomiChoice, SurfaceLevelInfo, SurfaceLineArgs,
    SurfaceMoveJob, SurfaceNewArgs, SurfaceOpponent, SurfacePointArgs, SurfaceReadArgs,
    SurfaceReadJob, SurfaceReadOutcome, SurfaceReplaceArgs, SurfaceReviewArgs, SurfaceSetAsideArgs,
    SurfaceState, SurfaceSymmetry, SurfaceTransformArgs, SurfaceView,
};
use crate::timego::{
    levels, ApplyArgs, ArrivalOption, ArrivalsArgs, ComputerJob, ComputerMoveArgs, ComputerOutcome,
    ConfirmArgs, GroupArgs, ImportArgs, LevelInfo, NewGameArgs, OpponentSettings, PreviewArgs,
    ReviewArgs, TimeGoView, TimePreview,
};
use crate::tutorial::{LessonArgs, TutorialActionArgs, TutorialLesson, TutorialOverview};
use canon_engine::go::layout::BoardLayout;
use canon_engine::go::Chain;
use canon_engine::surfaces::layout::TiledLayout;
use canon_engine::surfaces::Inspection;
use canon_engine::timechess::{Completion, Selection};
use canon_engine::timego::opponent::{SearchReply, SearchStop};
use canon_engine::timego::Action;
use lineread::{excerpt, shorten, EXCERPT_CHARS};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use ts_rs::TS;

/// How a command runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Answered under the app lock.
    Sync,
    /// Started under the lock, run without it, finished under it again.
    Job,
    /// Only the app has it (a native file dialog); the shell implements it.
    App,
}

impl Kind {
    /// The kind's name in the table and in the TypeScript client.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Sync => "sync",
            Kind::Job => "job",
            Kind::App => "app",
        }
    }
}

/// Starts a command: decodes its arguments and runs its handler under the lock.
type StartFn = fn(&mut AppCore, Value) -> CommandResult<Started>;

/// One row of the command table.
pub struct Command {
    /// The name the UI invokes.
    pub name: &'static str,
    /// How it runs.
    pub kind: Kind,
    /// `None` for app-only commands, which the shell runs itself.
    start: Option<StartFn>,
    /// The TypeScript types of its argument and result.
    signature: fn() -> Signature,
    /// Writes the TypeScript bindings of its argument and result types to a directory.
    export: fn(&Path) -> Result<(), ts_rs::ExportError>,
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Command")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .finish()
    }
}

/// A command's answer as JSON text, written once from the command's result type: the
/// bridge and Tauri's IPC pass it on as it is (a `serde_json::Value` in between would
/// build the whole tree and write it out a second time: 1 ms for a 156 KB chess view).
pub type Answer = Box<RawValue>;

/// What a started command needs next.
pub enum Started {
    /// The answer, computed under the lock.
    Done(Answer),
    /// Work to run without the lock, then finish under it.
    Running(RunningJob),
}

/// A job's work, to run on any thread without the app lock.
pub struct RunningJob(Box<dyn FnOnce() -> FinishJob + Send>);

impl RunningJob {
    /// Runs the work (a search: long, cancellable) and returns what finishes it.
    pub fn run(self) -> FinishJob {
        (self.0)()
    }
}

/// Applies a job's result to the app.
type FinishFn = dyn FnOnce(&mut AppCore) -> CommandResult<Answer> + Send;

/// The end of a job, to run under the app lock.
pub struct FinishJob(Box<FinishFn>);

impl FinishJob {
    /// Applies the job's result to the app (revalidated by the job) and gives the answer.
    pub fn finish(self, core: &mut AppCore) -> CommandResult<Answer> {
        (self.0)(core)
    }
}

/// Work that a `job` command starts under the app lock and that runs without it.
pub trait Job: Send + 'static {
    /// What the work found, handed back under the lock.
    type Found: Send + 'static;
    /// The command's result.
    type Output: Serialize;
    /// Does the work on the job's own snapshot; must not need the app.
    fn run(&self) -> Self::Found;
    /// Under the lock again: applies what was found, if it still applies.
    fn finish(self, core: &mut AppCore, found: Self::Found) -> CommandResult<Self::Output>;
}

impl Job for ChessComputerJob {
    type Found = Result<canon_engine::timechess::SearchReply, canon_engine::timechess::SearchStop>;
    type Output = ChessComputerOutcome;

    fn run(&self) -> Self::Found {
        ChessComputerJob::run(self)
    }

    fn finish(self, core: &mut AppCore, found: Self::Found) -> CommandResult<Self::Output> {
        Ok(core.chess_mut().computer_finish(self, found))
    }
}

impl Job for ComputerJob {
    type Found = Result<SearchReply, SearchStop>;
    type Output = ComputerOutcome;

    fn run(&self) -> Self::Found {
        ComputerJob::run(self)
    }

    fn finish(self, core: &mut AppCore, found: Self::Found) -> CommandResult<ComputerOutcome> {
        Ok(core.timego_mut().computer_finish(self, found))
    }
}

impl Job for SurfaceMoveJob {
    type Found = Result<canon_engine::surfaces::search::Analysis, crate::host::job::JobStop>;
    type Output = SurfaceComputerOutcome;

    fn run(&self) -> Self::Found {
        EngineJob::run(self)
    }

    fn finish(self, core: &mut AppCore, found: Self::Found) -> CommandResult<Self::Output> {
        Ok(core.surface_mut().computer_finish(self, found))
    }
}

impl Job for SurfaceReadJob {
    type Found = Result<canon_engine::surfaces::search::Analysis, crate::host::job::JobStop>;
    type Output = SurfaceReadOutcome;

    fn run(&self) -> Self::Found {
        EngineJob::run(self)
    }

    fn finish(self, core: &mut AppCore, found: Self::Found) -> CommandResult<Self::Output> {
        Ok(core.surface_mut().read_finish(self, found))
    }
}

fn running<J: Job>(job: J) -> Started {
    Started::Running(RunningJob(Box::new(move || {
        let found = job.run();
        FinishJob(Box::new(move |core: &mut AppCore| {
            reply(job.finish(core, found)?)
        }))
    })))
}

/// Decodes the invoke arguments of `cmd`: the object's key `args`, or nothing for a
/// command that takes `()`. The error names the command and what is wrong.
pub fn decode<A: DeserializeOwned>(cmd: &str, payload: Value) -> CommandResult<A> {
    let args = match payload {
        Value::Null => Value::Null,
        Value::Object(mut map) => map.remove("args").unwrap_or(Value::Null),
        other => {
            return Err(AppError::invalid(format!(
                "bad arguments for {cmd}: expected an object holding `args`, not {}",
                json_kind(&other)
            )))
        }
    };
    let missing = args.is_null();
    serde_json::from_value(args).map_err(|error| {
        let hint = if missing { " (no `args` given)" } else { "" };
        // In JSON's words, never Rust's ("expected a JSON object", not "struct ApplyArgs").
        AppError::invalid(format!(
            "bad arguments for {cmd}: {}{hint}",
            canon_engine::strict::describe_path(".", &error)
        ))
    })
}

/// A parser's message quoting at most [`EXCERPT_CHARS`] characters of the
/// request: its words may quote a value whole (a 5 MB unknown field). The list of what
/// was expected (from the types, not the request) and the position are kept.
pub(crate) fn shortened(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let position = format!(" at line {} column {}", error.line(), error.column());
    let (words, position) = match text.strip_suffix(&position) {
        Some(words) => (words, position.as_str()),
        None => (text.as_str(), ""),
    };
    let (quoted, expected) = words.split_at(words.rfind(", expected ").unwrap_or(words.len()));
    // The list is short for every type the bridge reads; a longer one is cut too.
    format!(
        "{}{}{position}",
        excerpt(quoted),
        shorten(expected, 2 * EXCERPT_CHARS)
    )
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn reply<T: Serialize>(value: T) -> CommandResult<Answer> {
    serde_json::value::to_raw_value(&value).map_err(|error| AppError::storage(error.to_string()))
}

/// The TypeScript side of one command.
struct Signature {
    /// `None` for a command without arguments.
    args: Option<String>,
    result: String,
    /// Every named type used, with its module file (`ApplyArgs.ts`).
    imports: Vec<(String, String)>,
}

/// The named types (those with a bindings file) a type is made of: the type itself, or
/// for `Vec<T>`, `Option<T>` and the like, the named types among its parameters.
#[derive(Default)]
struct Named(Vec<(String, String)>);

impl ts_rs::TypeVisitor for Named {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if let Some(dependency) = ts_rs::Dependency::from_ty::<T>() {
            let path = dependency.output_path.to_string_lossy().replace('\\', "/");
            self.0.push((dependency.ts_name, path));
        }
    }
}

fn ts_imports<T: TS + 'static>() -> Vec<(String, String)> {
    use ts_rs::TypeVisitor;
    let mut named = Named::default();
    named.visit::<T>();
    T::visit_generics(&mut named);
    named.0
}

fn signature<A: TS + 'static, R: TS + 'static>() -> Signature {
    let no_args = std::any::TypeId::of::<A>() == std::any::TypeId::of::<()>();
    let mut imports = ts_imports::<R>();
    if !no_args {
        imports.extend(ts_imports::<A>());
    }
    Signature {
        args: (!no_args).then(A::name),
        result: R::name(),
        imports,
    }
}

/// Exports every named type of a command's types, with the types they use.
struct Exporter<'a> {
    dir: &'a Path,
    result: Result<(), ts_rs::ExportError>,
}

impl ts_rs::TypeVisitor for Exporter<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if self.result.is_ok() && T::output_path().is_some() {
            self.result = T::export_all_to(self.dir);
        }
    }
}

fn export_types<A: TS + 'static, R: TS + 'static>(dir: &Path) -> Result<(), ts_rs::ExportError> {
    use ts_rs::TypeVisitor;
    let mut exporter = Exporter {
        dir,
        result: Ok(()),
    };
    exporter.visit::<A>();
    A::visit_generics(&mut exporter);
    exporter.visit::<R>();
    R::visit_generics(&mut exporter);
    exporter.result
}

/// Writes the TypeScript bindings of every argument and result type of the table to `dir`
/// (with the types they use), and the typed client of the commands as `commands.ts`.
pub fn export_bindings(dir: &Path) -> std::io::Result<()> {
    for command in COMMANDS {
        (command.export)(dir).map_err(|error| std::io::Error::other(error.to_string()))?;
    }
    std::fs::write(dir.join(CLIENT_FILE_NAME), typescript_client())
}

/// The file name of the generated TypeScript client in the bindings directory.
pub const CLIENT_FILE_NAME: &str = "commands.ts";

/// One row of [`COMMANDS`]: the command `$name` of kind `$kind`, started by `$start`,
/// taking `$args` and answering `$result`.
macro_rules! command_row {
    ($name:ident, $kind:expr, $start:expr, $args:ty, $result:ty) => {
        Command {
            name: stringify!($name),
            kind: $kind,
            start: $start,
            signature: signature::<$args, $result>,
            export: export_types::<$args, $result>,
        }
    };
}

/// Turns the table into [`COMMANDS`]: each sync or job line becomes a start function that
/// decodes the arguments into the line's type and calls its handler.
macro_rules! define_commands {
    (
        sync { $( $sync:ident : $sa:ty => $sr:ty = |$sc:ident, $sp:pat_param| $sb:expr ; )* }
        job { $( $job:ident : $ja:ty => $jr:ty = |$jc:ident, $jp:pat_param| $jb:expr ; )* }
        app { $( $app:ident : $aa:ty => $ar:ty ; )* }
    ) => {
        /// Every command of the app, in the table's order.
        pub static COMMANDS: &[Command] = &[
            $(command_row!(
                $sync,
                Kind::Sync,
                Some(|core, payload| {
                    fn handler($sc: &mut AppCore, $sp: $sa) -> CommandResult<$sr> {
                        $sb
                    }
                    let args = decode::<$sa>(stringify!($sync), payload)?;
                    Ok(Started::Done(reply(handler(core, args)?)?))
                }),
                $sa,
                $sr
            ),)*
            $(command_row!(
                $job,
                Kind::Job,
                Some(|core, payload| {
                    fn start<J: Job<Output = $jr>>(
                        started: CommandResult<J>,
                    ) -> CommandResult<Started> {
                        started.map(running)
                    }
                    let args = decode::<$ja>(stringify!($job), payload)?;
                    let $jc = core;
                    let $jp = args;
                    start($jb)
                }),
                $ja,
                $jr
            ),)*
            $(command_row!($app, Kind::App, None, $aa, $ar),)*
        ];
    };
}

crate::command_table!(define_commands);

/// The command named `name`; an unknown name is refused with a typed error that says
/// which part of it is unknown (a game that does not exist, or the command).
pub fn find(name: &str) -> CommandResult<&'static Command> {
    COMMANDS
        .iter()
        .find(|command| command.name == name)
        .ok_or_else(|| unknown_command(name))
}

fn unknown_command(name: &str) -> AppError {
    let groups: BTreeSet<&str> = COMMANDS
        .iter()
        .filter_map(|command| command.name.split_once('_').map(|(group, _)| group))
        .collect();
    match name.split_once('_') {
        Some((game, _)) if !game.is_empty() && !groups.contains(game) => {
            match GameId::from_id(game) {
                Some(known) => not_playable_yet(known),
                None => AppError::UnknownCommand {
                    message: format!(
                        "there is no command named '{}': {}",
                        excerpt(name),
                        no_game_named(game)
                    ),
                },
            }
        }
        _ => AppError::UnknownCommand {
            message: format!("there is no command named '{}'", excerpt(name)),
        },
    }
}

/// The words for a game name that is not a game of the app.
fn no_game_named(name: &str) -> String {
    format!(
        "there is no game named '{}' (the games are: {})",
        excerpt(name),
        playable_ids().collect::<Vec<_>>().join(", ")
    )
}

/// The error for a game of the app that this version has no screen for.
fn not_playable_yet(game: GameId) -> AppError {
    AppError::NotPlayableYet {
        game,
        message: format!(
            "{} has no screen in this version yet; nothing was changed",
            game.name()
        ),
    }
}

/// Checks a game's name (for commands that name their game in their arguments): the id
/// of a playable game; a name that is no game, or a game without a screen yet, is refused
/// with a typed error saying which.
pub fn game(name: &str) -> CommandResult<&'static str> {
    match GameId::from_id(name) {
        Some(game) if game.playable() => Ok(game.id()),
        Some(game) => Err(not_playable_yet(game)),
        None => Err(AppError::invalid(no_game_named(name))),
    }
}

/// Starts command `cmd` with the invoke arguments `payload` under the lock: a sync command
/// is answered, a job command hands out its work. App-only commands are refused by name
/// (only the shell has them). Bad arguments change nothing.
pub fn start(core: &mut AppCore, cmd: &str, payload: Value) -> CommandResult<Started> {
    let command = find(cmd)?;
    match command.start {
        Some(start) => start(core, payload),
        None => Err(AppError::UnknownCommand {
            message: format!(
                "{cmd} opens the operating system's file dialog, which only the app has; \
                 the bridge offers {game}_export and {game}_import instead",
                game = cmd.split('_').next().unwrap_or_default()
            ),
        }),
    }
}

/// Runs command `cmd` to its end in the calling thread (a job's work included): for
/// callers that hold the app anyway.
pub fn answer(core: &mut AppCore, cmd: &str, payload: Value) -> CommandResult<Answer> {
    match start(core, cmd, payload)? {
        Started::Done(answer) => Ok(answer),
        Started::Running(job) => job.run().finish(core),
    }
}

/// As [`answer`], read back into a `serde_json::Value`: for callers that look into the
/// answer (tests, tools), not for the app's answers on their way to the UI.
pub fn dispatch(core: &mut AppCore, cmd: &str, payload: Value) -> CommandResult<Value> {
    let answer = answer(core, cmd, payload)?;
    serde_json::from_str(answer.get()).map_err(|error| AppError::storage(error.to_string()))
}

/// The typed TypeScript client of every command (`ui/src/lib/bindings/commands.ts`): one
/// function per command, named as the command, taking its arguments type and resolving
/// to its result type; a rejection is the backend's `AppError`.
pub fn typescript_client() -> String {
    let signatures: Vec<(&Command, Signature)> = COMMANDS
        .iter()
        .map(|command| (command, (command.signature)()))
        .collect();
    let imports: BTreeSet<(String, String)> = signatures
        .iter()
        .flat_map(|(_, signature)| signature.imports.iter().cloned())
        .collect();
    let mut out = String::from(
        "// Generated from the command table (src-tauri/core/src/command_table.rs) by\n\
         // `cargo test -p canon-app-core --test bindings`. Do not edit by hand.\n\
         // One function per command; a rejection is the backend's `AppError`.\n\
         import { invoke } from '@tauri-apps/api/core';\n",
    );
    for (name, path) in &imports {
        let module = path.strip_suffix(".ts").unwrap_or(path);
        out.push_str(&format!("import type {{ {name} }} from './{module}';\n"));
    }
    out.push_str("\n/** Every command and how it runs: `sync`, `job` (runs outside the app lock) or `app` (the app only). */\n");
    out.push_str("export const COMMANDS = {\n");
    for (command, _) in &signatures {
        out.push_str(&format!("  {}: '{}',\n", command.name, command.kind.name()));
    }
    out.push_str("} as const;\n");
    for (command, signature) in &signatures {
        let (params, payload) = match &signature.args {
            Some(args) => (format!("args: {args}"), ", { args }"),
            None => (String::new(), ""),
        };
        out.push_str(&format!(
            "\n/** The `{name}` command ({kind}). */\n\
             export function {name}({params}): Promise<{result}> {{\n  \
             return invoke<{result}>('{name}'{payload});\n}}\n",
            name = command.name,
            kind = command.kind.name(),
            result = signature.result,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::dispatch;
    use crate::command_names::{FILE_DIALOG_NAMES, JOB_NAMES, NAMES};
    use crate::test_dir::{core_in, core_thinking_steadily, files_in, TestDir};
    use serde_json::json;

    /// A core with one turn played and saved, so a refused command has something to spoil.
    fn played(label: &str) -> (TestDir, AppCore) {
        let dir = TestDir::new(label);
        let mut core = core_in(&dir);
        let apply = json!({"args": {"action": {"player": "black", "type": "place", "point": 0}, "replace_future": false}});
        dispatch(&mut core, "timego_apply", apply).expect("a legal first move");
        (dir, core)
    }

    /// Runs `cmd` with `payload`, checks it is refused, and that neither the files nor the
    /// game changed; returns the error.
    fn refused(cmd: &str, payload: Value) -> AppError {
        let (dir, mut core) = played(&format!("refused-{cmd}"));
        let files = files_in(dir.path());
        let view = dispatch(&mut core, "timego_open", json!({})).unwrap();
        let status = dispatch(&mut core, "app_status", json!({})).unwrap();
        let error = dispatch(&mut core, cmd, payload.clone())
            .expect_err(&format!("{cmd} {payload} was accepted"));
        assert_eq!(files_in(dir.path()), files, "{cmd} {payload} wrote");
        assert_eq!(dispatch(&mut core, "timego_open", json!({})).unwrap(), view);
        assert_eq!(
            dispatch(&mut core, "app_status", json!({})).unwrap(),
            status
        );
        error
    }

    fn message(error: &AppError) -> String {
        error.to_string()
    }

    /// Checks that `error` is of the kind `kind` (its tag for the UI) and that its words
    /// contain `words`.
    fn assert_refused_as(error: &AppError, kind: &str, words: &str) {
        assert_eq!(
            serde_json::to_value(error).unwrap()["kind"],
            kind,
            "{error:?}"
        );
        assert!(message(error).contains(words), "{error}");
    }

    #[test]
    fn the_name_lists_are_the_table() {
        let mut all: Vec<&str> = NAMES.iter().chain(FILE_DIALOG_NAMES).copied().collect();
        let table: Vec<&str> = COMMANDS.iter().map(|command| command.name).collect();
        assert_eq!(all.len(), table.len());
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), table.len(), "a name is declared twice");
        for command in COMMANDS {
            let listed = match command.kind {
                Kind::Sync => NAMES.contains(&command.name) && !JOB_NAMES.contains(&command.name),
                Kind::Job => NAMES.contains(&command.name) && JOB_NAMES.contains(&command.name),
                Kind::App => FILE_DIALOG_NAMES.contains(&command.name),
            };
            assert!(listed, "{command:?} is not in its list");
            assert_eq!(find(command.name).unwrap().name, command.name);
        }
    }

    #[test]
    fn an_unknown_command_is_refused_by_name() {
        let error = refused("format_disk", json!({}));
        assert_refused_as(&error, "unknown_command", "'format_disk'");
        let error = refused("timego_resign", json!({}));
        assert_refused_as(&error, "unknown_command", "'timego_resign'");
        assert!(!message(&error).contains("game named"), "{error}");
    }

    #[test]
    fn a_missing_command_of_a_game_that_exists_is_refused_by_its_name() {
        let error = refused("surface_teleport", json!({}));
        assert_refused_as(&error, "unknown_command", "'surface_teleport'");
        assert!(!message(&error).contains("game named"), "{error}");
    }

    #[test]
    fn a_game_that_does_not_exist_is_named() {
        let error = refused("poker_open", json!({}));
        assert_refused_as(&error, "unknown_command", "no game named 'poker'");
        assert!(message(&error).contains("timego"), "{error}");
        assert_eq!(game("timego"), Ok("timego"));
        let error = game("poker").unwrap_err();
        assert_refused_as(&error, "invalid_argument", "no game named 'poker'");
    }

    #[test]
    fn every_playable_game_is_accepted_as_an_argument_and_an_unknown_one_is_refused() {
        for id in ["timego", "surface", "chess"] {
            assert_eq!(game(id), Ok(id));
        }
        for unknown in ["Chess", "go", ""] {
            let error = game(unknown).unwrap_err();
            assert_refused_as(&error, "invalid_argument", "no game named");
            assert!(!matches!(error, AppError::NotPlayableYet { .. }), "{error}");
        }
    }

    #[test]
    fn a_wrong_argument_shape_is_refused_naming_the_command() {
        // White's legal move: only the shape is wrong in each payload.
        let place = json!({"player": "white", "type": "place", "point": 1});
        for payload in [
            json!({}),
            json!(null),
            json!([]),
            json!("timego"),
            json!({"args": null}),
            json!({"args": 5}),
            json!({"args": {"replace_future": false}}),
            json!({"args": {"action": 5, "replace_future": false}}),
            json!({"args": {"action": place, "replace_future": false, "extra": 1}}),
            json!({"args": {"action": {"player": "white", "type": "fly"}, "replace_future": false}}),
            json!({"action": place, "replace_future": false}),
        ] {
            let error = refused("timego_apply", payload.clone());
            assert!(
                matches!(error, AppError::InvalidArgument { .. }),
                "{payload}: {error:?}"
            );
            assert!(
                message(&error).contains("bad arguments for timego_apply"),
                "{payload}: {error}"
            );
            for rust_word in [
                "struct ",
                "enum ",
                "ApplyArgs",
                "RawAction",
                "sequence",
                " map",
            ] {
                assert!(!message(&error).contains(rust_word), "{payload}: {error}");
            }
        }
        // A command without arguments refuses arguments rather than ignoring them.
        let error = refused("timego_new", json!({"args": {"size": "five", "komi": 0}}));
        assert!(message(&error).contains("timego_new"), "{error}");
        let error = refused("timego_legal", json!({"args": {"size": 5}}));
        assert!(
            matches!(error, AppError::InvalidArgument { .. }),
            "{error:?}"
        );
        let error = refused("timego_computer_move", json!({"args": {"bogus": 1}}));
        assert!(message(&error).contains("timego_computer_move"), "{error}");
        let error = refused("settings_set", json!({"args": {"language": "en"}}));
        assert!(message(&error).contains("settings_set"), "{error}");
    }

    #[test]
    fn app_only_commands_are_refused_by_the_core_by_name() {
        for name in FILE_DIALOG_NAMES {
            let error = refused(name, json!({}));
            assert_refused_as(&error, "unknown_command", "file dialog");
        }
    }

    #[test]
    fn a_job_command_runs_to_its_end_in_dispatch() {
        let dir = TestDir::new("commands-job");
        let mut core = core_thinking_steadily(&dir);
        let outcome = dispatch(
            &mut core,
            "timego_computer_move",
            json!({"args": {"replace_future": false}}),
        )
        .unwrap();
        assert_eq!(outcome["kind"], "played", "{outcome}");
        assert_eq!(outcome["view"]["turns"].as_array().unwrap().len(), 1);
    }

    #[test]
    fn the_client_has_one_typed_function_per_command() {
        let client = typescript_client();
        for command in COMMANDS {
            let signature = (command.signature)();
            let params = match &signature.args {
                Some(args) => format!("args: {args}"),
                None => String::new(),
            };
            let head = format!(
                "export function {}({params}): Promise<{}> {{",
                command.name, signature.result
            );
            assert_eq!(client.matches(&head).count(), 1, "{head} in\n{client}");
            assert!(client.contains(&format!("  {}: '{}',", command.name, command.kind.name())));
        }
        assert!(
            client.contains("export function timego_apply(args: ApplyArgs): Promise<TimeGoView>")
        );
        assert!(
            client.contains("export function timego_group(args: GroupArgs): Promise<Chain | null>")
        );
        assert!(client.contains(
            "export function timego_arrivals(args: ArrivalsArgs): Promise<Array<ArrivalOption>>"
        ));
        assert!(client.contains("import type { ArrivalOption } from './ArrivalOption';"));
        assert!(client.contains("export function app_status(): Promise<AppStatus>"));
    }
}
