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
import type { SetAsideFileArgs } from './SetAsideFileArgs';
import type { Settings } from './Settings';
import type { SurfaceLayoutArgs } from './SurfaceLayoutArgs';
import type { SurfaceTilingArgs } from './SurfaceTilingArgs';
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
  surface_layout: 'sync',
  surface_tiling: 'sync',
  timego_computer_move: 'job',
  timego_export_file: 'app',
  timego_import_file: 'app',
  timego_export_invalid_file: 'app',
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

/** The `surface_layout` command (sync). */
export function surface_layout(args: SurfaceLayoutArgs): Promise<BoardLayout> {
  return invoke<BoardLayout>('surface_layout', { args });
}

/** The `surface_tiling` command (sync). */
export function surface_tiling(args: SurfaceTilingArgs): Promise<TiledLayout> {
  return invoke<TiledLayout>('surface_tiling', { args });
}

/** The `timego_computer_move` command (job). */
export function timego_computer_move(args: ComputerMoveArgs): Promise<ComputerOutcome> {
  return invoke<ComputerOutcome>('timego_computer_move', { args });
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
