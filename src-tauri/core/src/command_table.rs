// The one table of the app's commands. Every command is declared here once, as
//
//     name: ArgumentType => ResultType = |core, args| handler;
//
// and everything else is made from this table: the name lists (`command_names`), the
// core's dispatch used by the IPC bridge and the shell (`commands`), the shell's handler
// of the app-only commands, the `allow-<name>` permissions (the shell's build script
// includes this file), and the typed TypeScript client (`ui/src/lib/bindings/commands.ts`,
// written by `cargo test -p canon-app-core --test bindings`). Adding a command is one line
// here plus its handler (a method of `AppCore`, or for an app-only command a function in
// `src-tauri/src/commands/`).
//
// Three kinds:
// - `sync`: answered under the app lock by the handler (`&mut AppCore`, typed arguments).
// - `job`: the handler starts a job under the lock (`commands::Job`), which runs without
//   the lock (a blocking task in the shell, a thread of its own in the bridge) and is
//   finished under the lock again.
// - `app`: only the app has them (they open the operating system's file dialogs); the
//   shell implements each as `commands::<name>(AppHandle, args)`; the bridge refuses them
//   by name. They have no handler here.
//
// A command without arguments takes `()` (the UI passes none). The types are written as
// in `src/commands.rs`, which imports them; callers that only read names ignore them.
// This file is also `include!`d by `src-tauri/build.rs`, so it holds macros only.

/// Calls `$callback! { sync { .. } job { .. } app { .. } }` with every command of the app.
#[macro_export]
macro_rules! command_table {
    ($callback:ident) => {
        $callback! {
            sync {
                app_status: () => AppStatus = |core, ()| Ok(core.status());
                settings_get: () => Settings = |core, ()| Ok(core.settings());
                settings_set: Settings => Settings = |core, args| core.set_settings(args);
                timego_open: () => TimeGoView = |core, ()| Ok(core.timego().view());
                timego_new: NewGameArgs => TimeGoView = |core, args| core.timego_mut().new_game(args);
                timego_apply: ApplyArgs => TimeGoView = |core, args| core.timego_mut().apply(args);
                timego_review: ReviewArgs => TimeGoView = |core, args| core.timego_mut().review(args);
                timego_arrivals: ArrivalsArgs => Vec<ArrivalOption> = |core, args| core.timego().arrivals(args);
                timego_preview: PreviewArgs => TimePreview = |core, args| core.timego().preview(args);
                timego_group: GroupArgs => Option<Chain> = |core, args| core.timego().group(args);
                timego_legal: () => Vec<Action> = |core, ()| Ok(core.timego().legal());
                timego_export: () => String = |core, ()| core.timego().export();
                timego_import: ImportArgs => TimeGoView = |core, args| core.timego_mut().import(args);
                timego_invalid_save: () => Option<String> = |core, ()| core.timego().invalid_save();
                timego_set_aside_invalid: ConfirmArgs => TimeGoView = |core, args| core.timego_mut().set_aside_invalid(args);
                tutorial_lessons: () => TutorialOverview = |core, ()| Ok(core.tutorial().overview());
                tutorial_start: LessonArgs => TutorialLesson = |core, args| core.tutorial_mut().start(args);
                tutorial_current: () => TutorialLesson = |core, ()| core.tutorial().current();
                tutorial_reset: () => TutorialLesson = |core, ()| core.tutorial_mut().reset();
                tutorial_hint: () => TutorialLesson = |core, ()| core.tutorial_mut().hint();
                tutorial_apply: TutorialActionArgs => TutorialLesson = |core, args| core.tutorial_mut().apply(args);
                timego_import_opened_file: () => TimeGoView = |core, ()| core.import_opened_file();
                timego_dismiss_opened_file: () => AppStatus = |core, ()| Ok(core.dismiss_opened_file());
                timego_levels: () => Vec<LevelInfo> = |_core, ()| Ok(levels());
                timego_opponent_set: OpponentSettings => TimeGoView = |core, args| core.timego_mut().set_opponent(args);
                timego_computer_cancel: () => bool = |core, ()| Ok(core.timego_mut().computer_cancel());
                app_set_aside_invalid: SetAsideFileArgs => AppStatus = |core, args| core.set_aside_invalid_file(args);
                surface_open: () => SurfaceState = |core, ()| Ok(core.surface().state());
                surface_new: SurfaceNewArgs => SurfaceView = |core, args| core.surface_new(args);
                surface_apply: SurfaceApplyArgs => SurfaceView = |core, args| core.surface_mut().apply(args);
                surface_review: SurfaceReviewArgs => SurfaceView = |core, args| core.surface_mut().review(args);
                surface_chain: SurfacePointArgs => Option<Chain> = |core, args| core.surface().chain(args);
                surface_explain: SurfacePointArgs => SurfaceExplanation = |core, args| core.surface().explain(args);
                surface_inspect: SurfaceLineArgs => Inspection = |core, args| core.surface().inspect(args);
                surface_editor_start: SurfaceEditorStartArgs => SurfaceEditorView = |core, args| core.surface_editor_start(args);
                surface_edit: SurfaceEditArgs => SurfaceEditorView = |core, args| core.surface_mut().edit(args);
                surface_begin_study: SurfaceReplaceArgs => SurfaceView = |core, args| core.surface_mut().begin_study(args);
                surface_analyse: SurfaceAnalyseArgs => SurfaceView = |core, args| core.surface_mut().analyse(args);
                surface_symmetries: SurfaceLineArgs => Vec<SurfaceSymmetry> = |core, args| core.surface().symmetries(args);
                surface_transform: SurfaceTransformArgs => SurfaceView = |core, args| core.surface_mut().transform(args);
                surface_exchange_colours: SurfaceExchangeArgs => SurfaceView = |core, args| core.surface_mut().exchange_colours(args);
                surface_export: SurfaceExportArgs => String = |core, args| core.surface().export(args);
                surface_export_sgf: SurfaceLineArgs => String = |core, args| core.surface().export_sgf(args);
                surface_import: SurfaceImportArgs => SurfaceImported = |core, args| core.surface_import(args);
                surface_invalid_save: SurfaceLineArgs => Option<String> = |core, args| core.surface().invalid_save(args);
                surface_set_aside_invalid: SurfaceSetAsideArgs => SurfaceState = |core, args| core.surface_mut().set_aside_invalid(args);
                surface_import_opened_file: () => SurfaceImported = |core, ()| core.surface_import_opened_file();
                chess_open: () => ChessAnswer = |core, ()| Ok(core.chess_mut().open_answer());
                chess_new: () => ChessAnswer = |core, ()| core.chess_mut().answer(|chess| Ok(chess.new_game()));
                chess_select: ChessSelectArgs => Selection = |core, args| Ok(core.chess().select(args));
                chess_play: ChessPlayArgs => ChessAnswer = |core, args| core.chess_mut().answer(|chess| chess.play(args));
                chess_complete: ChessCompleteArgs => Completion = |core, args| Ok(core.chess().complete(args));
                chess_play_typed: ChessTypedArgs => ChessAnswer = |core, args| core.chess_mut().answer(|chess| chess.play_typed(args));
                chess_review: ReviewTo => ChessAnswer = |core, args| core.chess_mut().answer(|chess| chess.review(args));
                chess_export: () => String = |core, ()| core.chess().export();
                chess_import: ChessImportArgs => ChessAnswer = |core, args| core.chess_mut().answer(|chess| chess.import(args));
                chess_invalid_save: () => Option<String> = |core, ()| core.chess().invalid_save();
                chess_set_aside_invalid: ConfirmArgs => ChessAnswer = |core, args| core.chess_mut().answer(|chess| chess.set_aside_invalid(args.confirm));
                chess_import_opened_file: () => ChessAnswer = |core, ()| core.chess_import_opened_file().map(|view| core.chess_mut().answer_view(view, false));
                chess_levels: () => Vec<ChessLevelInfo> = |_core, ()| Ok(chess_levels());
                chess_opponent_set: ChessOpponentSettings => ChessAnswer = |core, args| core.chess_mut().answer(|chess| chess.set_opponent(args));
                chess_computer_cancel: () => bool = |core, ()| Ok(core.chess_mut().computer_cancel());
                chess_hint: () => Option<ChessHint> = |core, ()| core.chess().hint();
                surface_layout: SurfaceLayoutArgs => BoardLayout = |_core, args| surface_layout(args);
                surface_tiling: SurfaceTilingArgs => TiledLayout = |_core, args| Ok(surface_tiling(args));
                surface_levels: () => Vec<SurfaceLevelInfo> = |_core, ()| Ok(surface_levels());
                surface_komi_choices: () => Vec<SurfaceKomiChoice> = |_core, ()| Ok(surface_komi_choices());
                surface_players_set: SurfaceOpponent => SurfaceState = |core, args| core.surface_mut().set_players(args);
                surface_computer_cancel: () => bool = |core, ()| Ok(core.surface_mut().computer_cancel());
            }
            job {
                timego_computer_move: ComputerMoveArgs => ComputerOutcome = |core, args| core.timego_mut().computer_start(args);
                surface_computer_move: SurfaceComputerArgs => SurfaceComputerOutcome = |core, args| core.surface_mut().computer_start(args);
                surface_read: SurfaceReadArgs => SurfaceReadOutcome = |core, args| core.surface_mut().read_start(args);
                chess_computer_move: ComputerMoveArgs => ChessComputerOutcome = |core, args| core.chess_mut().computer_start(args);
            }
            app {
                timego_export_file: () => Option<String>;
                timego_import_file: () => Option<TimeGoView>;
                timego_export_invalid_file: () => Option<String>;
                surface_export_file: SurfaceExportArgs => Option<String>;
                surface_import_file: () => Option<SurfaceImported>;
                surface_export_sgf_file: SurfaceLineArgs => Option<String>;
                chess_export_file: () => Option<String>;
                chess_import_file: () => Option<ChessAnswer>;
            }
        }
    };
}

/// Defines the name lists of the table: `NAMES` (what the app and the bridge both
/// answer), `JOB_NAMES` and `FILE_DIALOG_NAMES` (the app-only commands).
#[macro_export]
macro_rules! define_command_names {
    (
        sync { $( $sync:ident : $sa:ty => $sr:ty = |$sc:ident, $sp:pat_param| $sb:expr ; )* }
        job { $( $job:ident : $ja:ty => $jr:ty = |$jc:ident, $jp:pat_param| $jb:expr ; )* }
        app { $( $app:ident : $aa:ty => $ar:ty ; )* }
    ) => {
        /// Every command of the app core: the app and the IPC bridge both answer these.
        pub const NAMES: &[&str] = &[$(stringify!($sync),)* $(stringify!($job),)*];

        /// The commands whose work runs outside the app lock (a subset of `NAMES`).
        pub const JOB_NAMES: &[&str] = &[$(stringify!($job),)*];

        /// Commands that open the operating system's file dialogs (so the webview never
        /// names a path to read or write); only the app has them, the bridge refuses them
        /// by name.
        pub const FILE_DIALOG_NAMES: &[&str] = &[$(stringify!($app),)*];
    };
}
