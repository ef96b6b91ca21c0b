// Generated from the command table (src-tauri/core/src/command_table.rs) by
// `cargo test -p canon-app-core --test bindings`. Do not edit by hand.
// One function per command; a rejection is the backend's `AppError`.
import { invoke } from '@tauri-apps/api/core';
import type { Action } from './Action';
import type { AppStatus } from './AppStatus';
import type { ApplyArgs } from './ApplyArgs';
import type { ArrivalOption } from './ArrivalOption';
import type { ArrivalsArgs } from './ArrivalsArgs';
import type { BoardLayout } from './BoardLayout';
import type { Chain } from './Chain';
import type { ChessAnswer } from './ChessAnswer';
import type { ChessCompleteArgs } from './ChessCompleteArgs';
import type { ChessComputerOutcome } from './ChessComputerOutcome';
import type { ChessHint } from './ChessHint';
import type { ChessImportArgs } from './ChessImportArgs';
import type { ChessLevelInfo } from './ChessLevelInfo';
import type { ChessOpponentSettings } from './ChessOpponentSettings';
import type { ChessPlayArgs } from './ChessPlayArgs';
import type { ChessSelectArgs } from './ChessSelectArgs';
import type { ChessTypedArgs } from './ChessTypedArgs';
import type { Completion } from './Completion';
import type { ComputerMoveArgs } from './ComputerMoveArgs';
import type { ComputerOutcome } from './ComputerOutcome';
import type { ConfirmArgs } from './ConfirmArgs';
import type { GroupArgs } from './GroupArgs';
import type { ImportArgs } from './ImportArgs';
import type { LessonArgs } from './LessonArgs';
import type { LevelInfo } from './LevelInfo';
import type { NewGameArgs } from './NewGameArgs';
import type { OpponentSettings } from './OpponentSettings';
import type { PreviewArgs } from './PreviewArgs';
import type { ReviewArgs } from './ReviewArgs';
import type { ReviewTo } from './ReviewTo';
import type { Selection } from './Selection';
import type { SetAsideFileArgs } from './SetAsideFileArgs';
import type { Settings } from './Settings';
import type { SurfaceAnalyseArgs } from './SurfaceAnalyseArgs';
import type { SurfaceApplyArgs } from './SurfaceApplyArgs';
import type { SurfaceBoardInspection } from './SurfaceBoardInspection';
import type { SurfaceComputerArgs } from './SurfaceComputerArgs';
import type { SurfaceComputerOutcome } from './SurfaceComputerOutcome';
import type { SurfaceEditArgs } from './SurfaceEditArgs';
import type { SurfaceEditorStartArgs } from './SurfaceEditorStartArgs';
import type { SurfaceEditorView } from './SurfaceEditorView';
import type { SurfaceExchangeArgs } from './SurfaceExchangeArgs';
import type { SurfaceExplanation } from './SurfaceExplanation';
import type { SurfaceExportArgs } from './SurfaceExportArgs';
import type { SurfaceImportArgs } from './SurfaceImportArgs';
import type { SurfaceImported } from './SurfaceImported';
import type { SurfaceKomiChoice } from './SurfaceKomiChoice';
import type { SurfaceLayoutArgs } from './SurfaceLayoutArgs';
import type { SurfaceLevelInfo } from './SurfaceLevelInfo';
import type { SurfaceLineArgs } from './SurfaceLineArgs';
import type { SurfaceNewArgs } from './SurfaceNewArgs';
import type { SurfaceOpponent } from './SurfaceOpponent';
import type { SurfacePointArgs } from './SurfacePointArgs';
import type { SurfaceReadArgs } from './SurfaceReadArgs';
import type { SurfaceReadOutcome } from './SurfaceReadOutcome';
import type { SurfaceReplaceArgs } from './SurfaceReplaceArgs';
import type { SurfaceReviewArgs } from './SurfaceReviewArgs';
import type { SurfaceSetAsideArgs } from './SurfaceSetAsideArgs';
import type { SurfaceState } from './SurfaceState';
import type { SurfaceSymmetry } from './SurfaceSymmetry';
import type { SurfaceTilingArgs } from './SurfaceTilingArgs';
import type { SurfaceTransformArgs } from './SurfaceTransformArgs';
import type { SurfaceView } from './SurfaceView';
import type { TiledLayout } from './TiledLayout';
import type { TimeGoView } from './TimeGoView';
import type { TimePreview } from './TimePreview';
import type { TutorialActionArgs } from './TutorialActionArgs';
import type { TutorialLesson } from './TutorialLesson';
import type { TutorialOverview } from './TutorialOverview';

/** Every command and how it runs: `sync`, `job` (runs outside the app lock) or `app` (the app only). */
export const COMMANDS = {
  app_status: 'sync',
  settings_get: 'sync',
  settings_set: 'sync',
  timego_open: 'sync',
  timego_new: 'sync',
  timego_apply: 'sync',
  timego_review: 'sync',
  timego_arrivals: 'sync',
  timego_preview: 'sync',
  timego_group: 'sync',
  timego_legal: 'sync',
  timego_export: 'sync',
  timego_import: 'sync',
  timego_invalid_save: 'sync',
  timego_set_aside_invalid: 'sync',
  tutorial_lessons: 'sync',
  tutorial_start: 'sync',
  tutorial_current: 'sync',
  tutorial_reset: 'sync',
  tutorial_hint: 'sync',
  tutorial_apply: 'sync',
  timego_import_opened_file: 'sync',
  timego_dismiss_opened_file: 'sync',
  timego_levels: 'sync',
  timego_opponent_set: 'sync',
  timego_computer_cancel: 'sync',
  app_set_aside_invalid: 'sync',
  surface_open: 'sync',
  surface_new: 'sync',
  surface_apply: 'sync',
  surface_review: 'sync',
  surface_chain: 'sync',
  surface_explain: 'sync',
  surface_inspect: 'sync',
  surface_editor_start: 'sync',
  surface_edit: 'sync',
  surface_begin_study: 'sync',
  surface_analyse: 'sync',
  surface_symmetries: 'sync',
  surface_transform: 'sync',
  surface_exchange_colours: 'sync',
  surface_export: 'sync',
  surface_export_sgf: 'sync',
  surface_import: 'sync',
  surface_invalid_save: 'sync',
  surface_set_aside_invalid: 'sync',
  surface_import_opened_file: 'sync',
  chess_open: 'sync',
  chess_new: 'sync',
  chess_select: 'sync',
  chess_play: 'sync',
  chess_complete: 'sync',
  chess_play_typed: 'sync',
  chess_review: 'sync',
  chess_export: 'sync',
  chess_import: 'sync',
  chess_invalid_save: 'sync',
  chess_set_aside_invalid: 'sync',
  chess_import_opened_file: 'sync',
  chess_levels: 'sync',
  chess_opponent_set: 'sync',
  chess_computer_cancel: 'sync',
  chess_hint: 'sync',
  surface_layout: 'sync',
  surface_tiling: 'sync',
  surface_levels: 'sync',
  surface_komi_choices: 'sync',
  surface_players_set: 'sync',
  surface_computer_cancel: 'sync',
  timego_computer_move: 'job',
  surface_computer_move: 'job',
  surface_read: 'job',
  chess_computer_move: 'job',
  timego_export_file: 'app',
  timego_import_file: 'app',
  timego_export_invalid_file: 'app',
  surface_export_file: 'app',
  surface_import_file: 'app',
  surface_export_sgf_file: 'app',
  chess_export_file: 'app',
  chess_import_file: 'app',
} as const;

/** The `app_status` command (sync). */
export function app_status(): Promise<AppStatus> {
  return invoke<AppStatus>('app_status');
}

/** The `settings_get` command (sync). */
export function settings_get(): Promise<Settings> {
  return invoke<Settings>('settings_get');
}

/** The `settings_set` command (sync). */
export function settings_set(args: Settings): Promise<Settings> {
  return invoke<Settings>('settings_set', { args });
}

/** The `timego_open` command (sync). */
export function timego_open(): Promise<TimeGoView> {
  return invoke<TimeGoView>('timego_open');
}

/** The `timego_new` command (sync). */
export function timego_new(args: NewGameArgs): Promise<TimeGoView> {
  return invoke<TimeGoView>('timego_new', { args });
}

/** The `timego_apply` command (sync). */
export function timego_apply(args: ApplyArgs): Promise<TimeGoView> {
  return invoke<TimeGoView>('timego_apply', { args });
}

/** The `timego_review` command (sync). */
export function timego_review(args: ReviewArgs): Promise<TimeGoView> {
  return invoke<TimeGoView>('timego_review', { args });
}

/** The `timego_arrivals` command (sync). */
export function timego_arrivals(args: ArrivalsArgs): Promise<Array<ArrivalOption>> {
  return invoke<Array<ArrivalOption>>('timego_arrivals', { args });
}

/** The `timego_preview` command (sync). */
export function timego_preview(args: PreviewArgs): Promise<TimePreview> {
  return invoke<TimePreview>('timego_preview', { args });
}

/** The `timego_group` command (sync). */
export function timego_group(args: GroupArgs): Promise<Chain | null> {
  return invoke<Chain | null>('timego_group', { args });
}

/** The `timego_legal` command (sync). */
export function timego_legal(): Promise<Array<Action>> {
  return invoke<Array<Action>>('timego_legal');
}

/** The `timego_export` command (sync). */
export function timego_export(): Promise<string> {
  return invoke<string>('timego_export');
}

/** The `timego_import` command (sync). */
export function timego_import(args: ImportArgs): Promise<TimeGoView> {
  return invoke<TimeGoView>('timego_import', { args });
}

/** The `timego_invalid_save` command (sync). */
export function timego_invalid_save(): Promise<string | null> {
  return invoke<string | null>('timego_invalid_save');
}

/** The `timego_set_aside_invalid` command (sync). */
export function timego_set_aside_invalid(args: ConfirmArgs): Promise<TimeGoView> {
  return invoke<TimeGoView>('timego_set_aside_invalid', { args });
}

/** The `tutorial_lessons` command (sync). */
export function tutorial_lessons(): Promise<TutorialOverview> {
  return invoke<TutorialOverview>('tutorial_lessons');
}

/** The `tutorial_start` command (sync). */
export function tutorial_start(args: LessonArgs): Promise<TutorialLesson> {
  return invoke<TutorialLesson>('tutorial_start', { args });
}

/** The `tutorial_current` command (sync). */
export function tutorial_current(): Promise<TutorialLesson> {
  return invoke<TutorialLesson>('tutorial_current');
}

/** The `tutorial_reset` command (sync). */
export function tutorial_reset(): Promise<TutorialLesson> {
  return invoke<TutorialLesson>('tutorial_reset');
}

/** The `tutorial_hint` command (sync). */
export function tutorial_hint(): Promise<TutorialLesson> {
  return invoke<TutorialLesson>('tutorial_hint');
}

/** The `tutorial_apply` command (sync). */
export function tutorial_apply(args: TutorialActionArgs): Promise<TutorialLesson> {
  return invoke<TutorialLesson>('tutorial_apply', { args });
}

/** The `timego_import_opened_file` command (sync). */
export function timego_import_opened_file(): Promise<TimeGoView> {
  return invoke<TimeGoView>('timego_import_opened_file');
}

/** The `timego_dismiss_opened_file` command (sync). */
export function timego_dismiss_opened_file(): Promise<AppStatus> {
  return invoke<AppStatus>('timego_dismiss_opened_file');
}

/** The `timego_levels` command (sync). */
export function timego_levels(): Promise<Array<LevelInfo>> {
  return invoke<Array<LevelInfo>>('timego_levels');
}

/** The `timego_opponent_set` command (sync). */
export function timego_opponent_set(args: OpponentSettings): Promise<TimeGoView> {
  return invoke<TimeGoView>('timego_opponent_set', { args });
}

/** The `timego_computer_cancel` command (sync). */
export function timego_computer_cancel(): Promise<boolean> {
  return invoke<boolean>('timego_computer_cancel');
}

/** The `app_set_aside_invalid` command (sync). */
export function app_set_aside_invalid(args: SetAsideFileArgs): Promise<AppStatus> {
  return invoke<AppStatus>('app_set_aside_invalid', { args });
}

/** The `surface_open` command (sync). */
export function surface_open(): Promise<SurfaceState> {
  return invoke<SurfaceState>('surface_open');
}

/** The `surface_new` command (sync). */
export function surface_new(args: SurfaceNewArgs): Promise<SurfaceView> {
  return invoke<SurfaceView>('surface_new', { args });
}

/** The `surface_apply` command (sync). */
export function surface_apply(args: SurfaceApplyArgs): Promise<SurfaceView> {
  return invoke<SurfaceView>('surface_apply', { args });
}

/** The `surface_review` command (sync). */
export function surface_review(args: SurfaceReviewArgs): Promise<SurfaceView> {
  return invoke<SurfaceView>('surface_review', { args });
}

/** The `surface_chain` command (sync). */
export function surface_chain(args: SurfacePointArgs): Promise<Chain | null> {
  return invoke<Chain | null>('surface_chain', { args });
}

/** The `surface_explain` command (sync). */
export function surface_explain(args: SurfacePointArgs): Promise<SurfaceExplanation> {
  return invoke<SurfaceExplanation>('surface_explain', { args });
}

/** The `surface_inspect` command (sync). */
export function surface_inspect(args: SurfaceLineArgs): Promise<SurfaceBoardInspection> {
  return invoke<SurfaceBoardInspection>('surface_inspect', { args });
}

/** The `surface_editor_start` command (sync). */
export function surface_editor_start(args: SurfaceEditorStartArgs): Promise<SurfaceEditorView> {
  return invoke<SurfaceEditorView>('surface_editor_start', { args });
}

/** The `surface_edit` command (sync). */
export function surface_edit(args: SurfaceEditArgs): Promise<SurfaceEditorView> {
  return invoke<SurfaceEditorView>('surface_edit', { args });
}

/** The `surface_begin_study` command (sync). */
export function surface_begin_study(args: SurfaceReplaceArgs): Promise<SurfaceView> {
  return invoke<SurfaceView>('surface_begin_study', { args });
}

/** The `surface_analyse` command (sync). */
export function surface_analyse(args: SurfaceAnalyseArgs): Promise<SurfaceView> {
  return invoke<SurfaceView>('surface_analyse', { args });
}

/** The `surface_symmetries` command (sync). */
export function surface_symmetries(args: SurfaceLineArgs): Promise<Array<SurfaceSymmetry>> {
  return invoke<Array<SurfaceSymmetry>>('surface_symmetries', { args });
}

/** The `surface_transform` command (sync). */
export function surface_transform(args: SurfaceTransformArgs): Promise<SurfaceView> {
  return invoke<SurfaceView>('surface_transform', { args });
}

/** The `surface_exchange_colours` command (sync). */
export function surface_exchange_colours(args: SurfaceExchangeArgs): Promise<SurfaceView> {
  return invoke<SurfaceView>('surface_exchange_colours', { args });
}

/** The `surface_export` command (sync). */
export function surface_export(args: SurfaceExportArgs): Promise<string> {
  return invoke<string>('surface_export', { args });
}

/** The `surface_export_sgf` command (sync). */
export function surface_export_sgf(args: SurfaceLineArgs): Promise<string> {
  return invoke<string>('surface_export_sgf', { args });
}

/** The `surface_import` command (sync). */
export function surface_import(args: SurfaceImportArgs): Promise<SurfaceImported> {
  return invoke<SurfaceImported>('surface_import', { args });
}

/** The `surface_invalid_save` command (sync). */
export function surface_invalid_save(args: SurfaceLineArgs): Promise<string | null> {
  return invoke<string | null>('surface_invalid_save', { args });
}

/** The `surface_set_aside_invalid` command (sync). */
export function surface_set_aside_invalid(args: SurfaceSetAsideArgs): Promise<SurfaceState> {
  return invoke<SurfaceState>('surface_set_aside_invalid', { args });
}

/** The `surface_import_opened_file` command (sync). */
export function surface_import_opened_file(): Promise<SurfaceImported> {
  return invoke<SurfaceImported>('surface_import_opened_file');
}

/** The `chess_open` command (sync). */
export function chess_open(): Promise<ChessAnswer> {
  return invoke<ChessAnswer>('chess_open');
}

/** The `chess_new` command (sync). */
export function chess_new(): Promise<ChessAnswer> {
  return invoke<ChessAnswer>('chess_new');
}

/** The `chess_select` command (sync). */
export function chess_select(args: ChessSelectArgs): Promise<Selection> {
  return invoke<Selection>('chess_select', { args });
}

/** The `chess_play` command (sync). */
export function chess_play(args: ChessPlayArgs): Promise<ChessAnswer> {
  return invoke<ChessAnswer>('chess_play', { args });
}

/** The `chess_complete` command (sync). */
export function chess_complete(args: ChessCompleteArgs): Promise<Completion> {
  return invoke<Completion>('chess_complete', { args });
}

/** The `chess_play_typed` command (sync). */
export function chess_play_typed(args: ChessTypedArgs): Promise<ChessAnswer> {
  return invoke<ChessAnswer>('chess_play_typed', { args });
}

/** The `chess_review` command (sync). */
export function chess_review(args: ReviewTo): Promise<ChessAnswer> {
  return invoke<ChessAnswer>('chess_review', { args });
}

/** The `chess_export` command (sync). */
export function chess_export(): Promise<string> {
  return invoke<string>('chess_export');
}

/** The `chess_import` command (sync). */
export function chess_import(args: ChessImportArgs): Promise<ChessAnswer> {
  return invoke<ChessAnswer>('chess_import', { args });
}

/** The `chess_invalid_save` command (sync). */
export function chess_invalid_save(): Promise<string | null> {
  return invoke<string | null>('chess_invalid_save');
}

/** The `chess_set_aside_invalid` command (sync). */
export function chess_set_aside_invalid(args: ConfirmArgs): Promise<ChessAnswer> {
  return invoke<ChessAnswer>('chess_set_aside_invalid', { args });
}

/** The `chess_import_opened_file` command (sync). */
export function chess_import_opened_file(): Promise<ChessAnswer> {
  return invoke<ChessAnswer>('chess_import_opened_file');
}

/** The `chess_levels` command (sync). */
export function chess_levels(): Promise<Array<ChessLevelInfo>> {
  return invoke<Array<ChessLevelInfo>>('chess_levels');
}

/** The `chess_opponent_set` command (sync). */
export function chess_opponent_set(args: ChessOpponentSettings): Promise<ChessAnswer> {
  return invoke<ChessAnswer>('chess_opponent_set', { args });
}

/** The `chess_computer_cancel` command (sync). */
export function chess_computer_cancel(): Promise<boolean> {
  return invoke<boolean>('chess_computer_cancel');
}

/** The `chess_hint` command (sync). */
export function chess_hint(): Promise<ChessHint | null> {
  return invoke<ChessHint | null>('chess_hint');
}

/** The `surface_layout` command (sync). */
export function surface_layout(args: SurfaceLayoutArgs): Promise<BoardLayout> {
  return invoke<BoardLayout>('surface_layout', { args });
}

/** The `surface_tiling` command (sync). */
export function surface_tiling(args: SurfaceTilingArgs): Promise<TiledLayout> {
  return invoke<TiledLayout>('surface_tiling', { args });
}

/** The `surface_levels` command (sync). */
export function surface_levels(): Promise<Array<SurfaceLevelInfo>> {
  return invoke<Array<SurfaceLevelInfo>>('surface_levels');
}

/** The `surface_komi_choices` command (sync). */
export function surface_komi_choices(): Promise<Array<SurfaceKomiChoice>> {
  return invoke<Array<SurfaceKomiChoice>>('surface_komi_choices');
}

/** The `surface_players_set` command (sync). */
export function surface_players_set(args: SurfaceOpponent): Promise<SurfaceState> {
  return invoke<SurfaceState>('surface_players_set', { args });
}

/** The `surface_computer_cancel` command (sync). */
export function surface_computer_cancel(): Promise<boolean> {
  return invoke<boolean>('surface_computer_cancel');
}

/** The `timego_computer_move` command (job). */
export function timego_computer_move(args: ComputerMoveArgs): Promise<ComputerOutcome> {
  return invoke<ComputerOutcome>('timego_computer_move', { args });
}

/** The `surface_computer_move` command (job). */
export function surface_computer_move(args: SurfaceComputerArgs): Promise<SurfaceComputerOutcome> {
  return invoke<SurfaceComputerOutcome>('surface_computer_move', { args });
}

/** The `surface_read` command (job). */
export function surface_read(args: SurfaceReadArgs): Promise<SurfaceReadOutcome> {
  return invoke<SurfaceReadOutcome>('surface_read', { args });
}

/** The `chess_computer_move` command (job). */
export function chess_computer_move(args: ComputerMoveArgs): Promise<ChessComputerOutcome> {
  return invoke<ChessComputerOutcome>('chess_computer_move', { args });
}

/** The `timego_export_file` command (app). */
export function timego_export_file(): Promise<string | null> {
  return invoke<string | null>('timego_export_file');
}

/** The `timego_import_file` command (app). */
export function timego_import_file(): Promise<TimeGoView | null> {
  return invoke<TimeGoView | null>('timego_import_file');
}

/** The `timego_export_invalid_file` command (app). */
export function timego_export_invalid_file(): Promise<string | null> {
  return invoke<string | null>('timego_export_invalid_file');
}

/** The `surface_export_file` command (app). */
export function surface_export_file(args: SurfaceExportArgs): Promise<string | null> {
  return invoke<string | null>('surface_export_file', { args });
}

/** The `surface_import_file` command (app). */
export function surface_import_file(): Promise<SurfaceImported | null> {
  return invoke<SurfaceImported | null>('surface_import_file');
}

/** The `surface_export_sgf_file` command (app). */
export function surface_export_sgf_file(args: SurfaceLineArgs): Promise<string | null> {
  return invoke<string | null>('surface_export_sgf_file', { args });
}

/** The `chess_export_file` command (app). */
export function chess_export_file(): Promise<string | null> {
  return invoke<string | null>('chess_export_file');
}

/** The `chess_import_file` command (app). */
export function chess_import_file(): Promise<ChessAnswer | null> {
  return invoke<ChessAnswer | null>('chess_import_file');
}
