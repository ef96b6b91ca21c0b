/**
 * The only module that talks to the backend. Every call goes through the typed client
 * generated from the command table (`./bindings/commands`, one function per command);
 * errors come back as `CommandError` holding the backend's typed `AppError`, so screens
 * can always show words.
 */
import * as commands from './bindings/commands';
import type { AppError } from './bindings/AppError';
import type { AppStatus } from './bindings/AppStatus';
import type { Settings } from './bindings/Settings';

/** A command that did nothing, with the backend's reason. */
export class CommandError extends Error {
  /** The backend's typed error. */
  readonly error: AppError;

  constructor(error: AppError) {
    super(error.message);
    this.name = 'CommandError';
    this.error = error;
  }
}

/** Turns whatever `invoke` rejected with into a `CommandError` with a readable message. */
export function toCommandError(raw: unknown): CommandError {
  if (raw instanceof CommandError) return raw;
  if (typeof raw === 'object' && raw !== null && 'kind' in raw && 'message' in raw) {
    return new CommandError(raw as AppError);
  }
  // Outside Tauri, or when the webview bridge itself fails, the rejection is a plain string or Error.
  const message = raw instanceof Error ? raw.message : String(raw);
  return new CommandError({ kind: 'unknown_command', message });
}

/** Awaits a command of the generated client; a rejection becomes a `CommandError`. */
async function call<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (raw) {
    throw toCommandError(raw);
  }
}

/** Who owns the save files, and whether stored settings were ignored. */
export function appStatus(): Promise<AppStatus> {
  return call(() => commands.app_status());
}

/**
 * Sets aside an invalid file of the app data directory that the player confirmed (it is
 * renamed `<stem>.invalid-<time>.json`, never deleted); returns the new status.
 */
export function setAsideInvalidFile(name: string): Promise<AppStatus> {
  return call(() => commands.app_set_aside_invalid({ name, confirm: true }));
}

/** The stored settings. */
export function getSettings(): Promise<Settings> {
  return call(() => commands.settings_get());
}

/** Validates and stores settings; returns what was stored. */
export function setSettings(settings: Settings): Promise<Settings> {
  return call(() => commands.settings_set(settings));
}

// ---- TimeGo --------------------------------------------------------------------------
// The screen works on the plain values of `games/timego/model.ts`; `games/timego/adapt.ts`
// turns the generated types into them.
import type { Action } from './bindings/Action';
import type { Arrival, Group, TimeGoState, TimePreview } from '../games/timego/model';
import { arrivalFromBackend, groupFromChain, previewFromConsequences, stateFromView } from '../games/timego/adapt';

/** The saved TimeGo game at its viewed cursor, or a new one with the default settings. */
export async function timegoOpen(): Promise<TimeGoState> {
  return stateFromView(await call(() => commands.timego_open()));
}

/** Starts a new TimeGo game of `size` with `komi`, replacing the current one. */
export async function timegoNew(size: number, komi: number): Promise<TimeGoState> {
  return stateFromView(await call(() => commands.timego_new({ size, komi })));
}

/**
 * Plays one action in the viewed position; a refusal rejects with the engine's reason.
 * While reviewing, `replaceFuture` must be true (the backend asks for confirmation otherwise).
 */
export async function timegoApply(action: Action, replaceFuture = false): Promise<TimeGoState> {
  return stateFromView(await call(() => commands.timego_apply({ action, replace_future: replaceFuture })));
}

/** Views the position after the first `cursor` actions, keeping the later turns. */
export async function timegoReview(cursor: number): Promise<TimeGoState> {
  return stateFromView(await call(() => commands.timego_review({ cursor })));
}

/** Every permitted gap for the traveller born at `source`, each legal or with its reason. */
export async function timegoArrivals(source: number): Promise<Arrival[]> {
  return (await call(() => commands.timego_arrivals({ source }))).map(arrivalFromBackend);
}

/** The possible present of moving birth `source` to gap `target`, without changing the game. */
export async function timegoPreview(source: number, target: number): Promise<TimePreview> {
  const preview = await call(() => commands.timego_preview({ source, target }));
  return previewFromConsequences(preview.consequences, preview.comparison);
}

/** The group through `point` of `board` (any board of the viewed game) and its empty liberties, from the engine; null if empty. */
export async function timegoGroup(board: readonly number[], point: number): Promise<Group | null> {
  const chain = await call(() => commands.timego_group({ board: [...board], point }));
  return chain ? groupFromChain(chain) : null;
}

/** The complete `time-go-game` document of the line with the viewed cursor. */
export function timegoExport(): Promise<string> {
  return call(() => commands.timego_export());
}

/** Replaces the game with an imported document; a rejected document changes nothing. */
export async function timegoImport(text: string): Promise<TimeGoState> {
  return stateFromView(await call(() => commands.timego_import({ text })));
}

/** The text of the unreadable save file kept on disk, or null when the save is fine. */
export function timegoInvalidSave(): Promise<string | null> {
  return call(() => commands.timego_invalid_save());
}

/** After the player confirmed, sets the unreadable save aside and saves the current game. */
export async function timegoSetAsideInvalid(): Promise<TimeGoState> {
  return stateFromView(await call(() => commands.timego_set_aside_invalid({ confirm: true })));
}

// ---- TimeGo practice opponent ---------------------------------------------------------
import type { Level } from './bindings/Level';
import type { LevelInfo } from './bindings/LevelInfo';
import type { Opponent } from '../games/timego/model';

/** How a computer move ended: the game to show, and for a played time move its consequences. */
export type ComputerResult =
  | { kind: 'played'; state: TimeGoState; action: Action; timeMove: TimePreview | null; traveller: number | null }
  | { kind: 'cancelled' | 'deadline' | 'discarded' | 'failed'; state: TimeGoState; message: string };

/** The engine's levels, weakest first, with their one-line summaries. */
export function timegoLevels(): Promise<LevelInfo[]> {
  return call(() => commands.timego_levels());
}

/** Sets who the computer plays in this game and its level (stored with the game). */
export async function timegoSetOpponent(opponent: Opponent): Promise<TimeGoState> {
  const args = { computer: opponent.computer, level: opponent.level as Level };
  return stateFromView(await call(() => commands.timego_opponent_set(args)));
}

/**
 * Lets the computer play for the side to move; resolves when it played or stopped. While
 * reviewing, `replaceFuture` must be true (the backend asks for confirmation otherwise).
 */
export async function timegoComputerMove(replaceFuture = false): Promise<ComputerResult> {
  const outcome = await call(() => commands.timego_computer_move({ replace_future: replaceFuture }));
  const state = stateFromView(outcome.view);
  switch (outcome.kind) {
    case 'played': {
      const time = outcome.time_move;
      const action = outcome.action;
      return {
        kind: 'played',
        state,
        action,
        timeMove: time ? previewFromConsequences(time.consequences, time.comparison) : null,
        traveller: action.type === 'time' ? action.source : null,
      };
    }
    case 'deadline':
      return { kind: 'deadline', state, message: String(outcome.deadline_ms) };
    case 'cancelled':
      return { kind: 'cancelled', state, message: '' };
    default:
      return { kind: outcome.kind, state, message: outcome.message };
  }
}

/** Stops the computer's search, if one is running; the game stays as it is. */
export function timegoComputerCancel(): Promise<boolean> {
  return call(() => commands.timego_computer_cancel());
}

// ---- TimeGo tutorial -----------------------------------------------------------------
// A sandbox apart from the saved game: the backend never reads or writes timego.json here.
import type { TutorialLesson } from './bindings/TutorialLesson';
import type { TutorialOverview } from './bindings/TutorialOverview';

/** The seven lessons with the player's completed marks. */
export function tutorialLessons(): Promise<TutorialOverview> {
  return call(() => commands.tutorial_lessons());
}

/** Starts (or restarts) lesson `index` from its starting position. */
export function tutorialStart(index: number): Promise<TutorialLesson> {
  return call(() => commands.tutorial_start({ index }));
}

/** Returns the open lesson to its starting position. */
export function tutorialReset(): Promise<TutorialLesson> {
  return call(() => commands.tutorial_reset());
}

/** Reveals the next hint of the open lesson. */
export function tutorialHint(): Promise<TutorialLesson> {
  return call(() => commands.tutorial_hint());
}

/** Plays one action in the open lesson; a refusal rejects with the engine's reason. */
export function tutorialApply(action: Action): Promise<TutorialLesson> {
  return call(() => commands.tutorial_apply({ action }));
}

// ---- Files (the app only: the operating system's dialogs open from Rust) -----------------

/** Saves the game's document where the player chooses; the chosen path, or null if cancelled. */
export function timegoExportFile(): Promise<string | null> {
  return call(() => commands.timego_export_file());
}

/** Replaces the game with a file the player chooses; null if cancelled. A rejected file changes nothing. */
export async function timegoImportFile(): Promise<TimeGoState | null> {
  const view = await call(() => commands.timego_import_file());
  return view ? stateFromView(view) : null;
}

/** Saves a copy of the unreadable save where the player chooses; the path, or null if cancelled. */
export function timegoExportInvalidFile(): Promise<string | null> {
  return call(() => commands.timego_export_invalid_file());
}

/** Replaces the game with the file the app was started with (see `AppStatus.opened_file`). */
export async function timegoImportOpenedFile(): Promise<TimeGoState> {
  return stateFromView(await call(() => commands.timego_import_opened_file()));
}

/** Forgets the file the app was started with; the game stays as it is. */
export function timegoDismissOpenedFile(): Promise<AppStatus> {
  return call(() => commands.timego_dismiss_opened_file());
}

// ---- Go on three surfaces ------------------------------------------------------------
// The screen works on the generated types directly: they are already what it shows.
import type { SurfaceLineId } from './bindings/SurfaceLineId';
import type { SurfaceAction } from './bindings/SurfaceAction';
import type { SurfaceDocumentKind } from './bindings/SurfaceDocumentKind';
import type { SurfaceEditArgs } from './bindings/SurfaceEditArgs';
import type { SurfaceEditorSource } from './bindings/SurfaceEditorSource';
import type { SurfaceNewArgs } from './bindings/SurfaceNewArgs';
import type { ReviewTo } from './bindings/ReviewTo';
import type { Surface } from './bindings/Surface';
import type { SurfaceOpponent } from './bindings/SurfaceOpponent';
import type { SurfaceReadDepth } from './bindings/SurfaceReadDepth';

/** The surfaces commands, each refusal a `CommandError`. */
export const surfaceApi = {
  /** The game, the study (if any), the editor's diagram (if any) and their save states. */
  open: () => call(() => commands.surface_open()),
  /** A new game, replacing the current one. */
  newGame: (args: SurfaceNewArgs) => call(() => commands.surface_new(args)),
  /** Plays in `line` at the viewed position named by `revision`. */
  apply: (line: SurfaceLineId, action: SurfaceAction, revision: string, replaceFuture: boolean) =>
    call(() => commands.surface_apply({ line, action, revision, replace_future: replaceFuture })),
  /** Moves `line`'s review cursor. */
  review: (line: SurfaceLineId, to: ReviewTo) => call(() => commands.surface_review({ line, to })),
  /** The chain through `point` of `line`'s viewed board, with its liberties. */
  chain: (line: SurfaceLineId, point: number) => call(() => commands.surface_chain({ line, point })),
  /** What placing at `point` would do in `line`, or why it is illegal. */
  explain: (line: SurfaceLineId, point: number) => call(() => commands.surface_explain({ line, point })),
  /** The groups, eyes and two-eye certificates of `line`'s viewed board. */
  inspect: (line: SurfaceLineId) => call(() => commands.surface_inspect({ line })),
  /** Starts the editor from an empty board or a line's viewed position. */
  editorStart: (from: SurfaceEditorSource, replace: boolean) => call(() => commands.surface_editor_start({ from, replace })),
  /** One edit of the diagram. */
  edit: (args: SurfaceEditArgs) => call(() => commands.surface_edit(args)),
  /** Begins a study from the diagram. */
  beginStudy: (replace: boolean) => call(() => commands.surface_begin_study({ replace })),
  /** Opens an analysis of the game from `fromMove`. */
  analyse: (fromMove: number, replace: boolean) => call(() => commands.surface_analyse({ from_move: fromMove, replace })),
  /** The automorphisms of `line`'s surface, with what each does. */
  symmetries: (line: SurfaceLineId) => call(() => commands.surface_symmetries({ line })),
  /** Applies automorphism `index` to `line`. */
  transform: (line: SurfaceLineId, index: number) => call(() => commands.surface_transform({ line, index })),
  /** Exchanges the colours of `line` (into the study). */
  exchangeColours: (line: SurfaceLineId, replace: boolean) => call(() => commands.surface_exchange_colours({ line, replace })),
  /** A document of `kind` as text. */
  exportText: (kind: SurfaceDocumentKind, line?: SurfaceLineId) => call(() => commands.surface_export({ kind, line })),
  /** `line` as SGF text. */
  exportSgf: (line: SurfaceLineId) => call(() => commands.surface_export_sgf({ line })),
  /** Imports a document of any kind into its place. */
  importText: (text: string) => call(() => commands.surface_import({ text })),
  /** The text of `line`'s unreadable save. */
  invalidSave: (line: SurfaceLineId) => call(() => commands.surface_invalid_save({ line })),
  /** Sets `line`'s unreadable save aside after the player confirmed. */
  setAsideInvalid: (line: SurfaceLineId) => call(() => commands.surface_set_aside_invalid({ line, confirm: true })),
  /** Opens the file the app was started with. */
  importOpenedFile: () => call(() => commands.surface_import_opened_file()),
  /** The flat chart, or the chart with its cut moved so `recentreOn` is in the middle. */
  layout: (surface: Surface, recentreOn?: number) => call(() => commands.surface_layout({ surface, recentre_on: recentreOn })),
  /** The chart repeated across its seams. */
  tiling: (surface: Surface) => call(() => commands.surface_tiling({ surface })),
  /** Saves a document where the player chooses (the app only); null if cancelled. */
  exportFile: (kind: SurfaceDocumentKind, line?: SurfaceLineId) => call(() => commands.surface_export_file({ kind, line })),
  /** Saves `line` as SGF where the player chooses (the app only); null if cancelled. */
  exportSgfFile: (line: SurfaceLineId) => call(() => commands.surface_export_sgf_file({ line })),
  /** Opens a document the player chooses (the app only); null if cancelled. */
  importFile: () => call(() => commands.surface_import_file()),
  /** The computer's levels, weakest first. */
  levels: () => call(() => commands.surface_levels()),
  /** Each surface's komi choices: the rules' komi and the engine's measured komi, if any. */
  komiChoices: () => call(() => commands.surface_komi_choices()),
  /** Sets who the computer plays in the game and its level (stored with the game). */
  setPlayers: (opponent: SurfaceOpponent) => call(() => commands.surface_players_set(opponent)),
  /** Lets the computer play for the side to move in the game; resolves when it played or stopped. */
  computerMove: (replaceFuture: boolean) => call(() => commands.surface_computer_move({ replace_future: replaceFuture })),
  /** Stops every running search of the surfaces; the game stays as it is. */
  computerCancel: () => call(() => commands.surface_computer_cancel()),
  /** Reads a position of `line` (the viewed one unless `cursor`): win rate, candidates, ownership. */
  read: (line: SurfaceLineId, depth: SurfaceReadDepth, cursor?: number) => call(() => commands.surface_read({ line, depth, cursor })),
};
// ---- Time Chess ------------------------------------------------------------------------
// The screen works on the engine's own view (`ChessView`) with the session's names added
// (`games/chess/model.ts`).
import type { ChessState } from '../games/chess/model';
import type { ChessHint } from './bindings/ChessHint';
import type { ChessLevelInfo } from './bindings/ChessLevelInfo';
import type { ChessOpponentSettings } from './bindings/ChessOpponentSettings';
import { chessStateFromView } from '../games/chess/model';
import type { ChessAnswer } from './bindings/ChessAnswer';
import { KeptStack } from './chessStack';
import type { Completion } from './bindings/Completion';
import type { Move } from './bindings/Move';
import type { Pos } from './bindings/Pos';
import type { Selection } from './bindings/Selection';

// The stack's layers of the last chess answer: an answer carries only the layers that
// changed since the one before, and an answer this page cannot make whole is replaced by
// the one of commands.chess_open, which carries every layer.
const keptStack = new KeptStack();

/** The whole state of a chess answer, made whole with the kept layers or opened again. */
async function chessState(answer: ChessAnswer): Promise<ChessState> {
  const view = keptStack.take(answer) ?? keptStack.takeAll(await call(() => commands.chess_open()));
  return chessStateFromView(view);
}

/** The saved Time Chess game at its last move, or the chess starting position. */
export async function chessOpen(): Promise<ChessState> {
  return chessState(await call(() => commands.chess_open()));
}

/** Starts a new game from the chess starting position, replacing the current one. */
export async function chessNew(): Promise<ChessState> {
  return chessState(await call(() => commands.chess_new()));
}

/** The legal destinations, by layer, of the piece on `from` in the viewed position, or why there is none. */
export function chessSelect(from: Pos): Promise<Selection> {
  return call(() => commands.chess_select({ from }));
}

/**
 * Plays `mv` in the position of `revision`; a refusal rejects with the engine's reason. While
 * reviewing, `replaceFuture` must be true (the backend asks for confirmation otherwise).
 */
export async function chessPlay(mv: Move, revision: string, replaceFuture = false): Promise<ChessState> {
  return chessState(await call(() => commands.chess_play({ mv, revision, replace_future: replaceFuture })));
}

/** Every legal move of the viewed position starting with the typed `prefix`, or why none does. */
export function chessComplete(prefix: string): Promise<Completion> {
  return call(() => commands.chess_complete({ prefix }));
}

/** Reads and plays a typed move (`e2t0e4t0`) as `chessPlay` does. */
export async function chessPlayTyped(text: string, revision: string, replaceFuture = false): Promise<ChessState> {
  return chessState(await call(() => commands.chess_play_typed({ text, revision, replace_future: replaceFuture })));
}

/** Moves the viewed cursor (the later moves are kept). */
export async function chessReview(to: ReviewTo): Promise<ChessState> {
  return chessState(await call(() => commands.chess_review(to)));
}

/** The complete `time-chess-game` document of the line. */
export function chessExport(): Promise<string> {
  return call(() => commands.chess_export());
}

/** Replaces the game with an imported document; a rejected document changes nothing. */
export async function chessImport(text: string): Promise<ChessState> {
  return chessState(await call(() => commands.chess_import({ text })));
}

/** The text of the unreadable save file kept on disk, or null when the save is fine. */
export function chessInvalidSave(): Promise<string | null> {
  return call(() => commands.chess_invalid_save());
}

/** After the player confirmed, sets the unreadable save aside and saves the current game. */
export async function chessSetAsideInvalid(): Promise<ChessState> {
  return chessState(await call(() => commands.chess_set_aside_invalid({ confirm: true })));
}

/** Saves the game's document where the player chooses (the app only); the path, or null if cancelled. */
export function chessExportFile(): Promise<string | null> {
  return call(() => commands.chess_export_file());
}

/** How a computer move of Time Chess ended, in the shared session's words. */
export type ChessComputerResult =
  | { kind: 'played'; state: ChessState; mv: Move }
  | { kind: 'cancelled' | 'deadline' | 'discarded' | 'failed'; state: ChessState; message: string };

/** The Time Chess engine's levels, weakest first, with their one-line summaries. */
export function chessLevels(): Promise<ChessLevelInfo[]> {
  return call(() => commands.chess_levels());
}

/** Sets who the computer plays in the Time Chess game and its level (stored beside the game). */
export async function chessSetOpponent(opponent: ChessOpponentSettings): Promise<ChessState> {
  return chessState(await call(() => commands.chess_opponent_set(opponent)));
}

/** Lets the computer play for the side to move; resolves when it played or stopped. */
export async function chessComputerMove(replaceFuture = false): Promise<ChessComputerResult> {
  const outcome = await call(() => commands.chess_computer_move({ replace_future: replaceFuture }));
  const state = await chessState(outcome.view);
  switch (outcome.kind) {
    case 'played':
      return { kind: 'played', state, mv: outcome.mv };
    case 'deadline':
      return { kind: 'deadline', state, message: String(outcome.deadline_ms) };
    case 'cancelled':
      return { kind: 'cancelled', state, message: '' };
    default:
      return { kind: outcome.kind, state, message: outcome.message };
  }
}

/** Stops the Time Chess computer's search, if one is running; the game stays as it is. */
export function chessComputerCancel(): Promise<boolean> {
  return call(() => commands.chess_computer_cancel());
}

/** The engine's move for the side to move in the viewed position, not played; `null` after the end. */
export function chessHint(): Promise<ChessHint | null> {
  return call(() => commands.chess_hint());
}

/** Opens the file the app was started with (a `time-chess-game` document); a rejected file changes nothing. */
export async function chessImportOpenedFile(): Promise<ChessState> {
  return chessState(await call(() => commands.chess_import_opened_file()));
}

/** Replaces the game with a file the player chooses (the app only); null if cancelled. A rejected file changes nothing. */
export async function chessImportFile(): Promise<ChessState | null> {
  const view = await call(() => commands.chess_import_file());
  return view ? chessState(view) : null;
}
