/**
 * The only module that talks to the backend. Every engine call goes through `invoke`
 * with the generated types of `./bindings`; errors come back as `CommandError` holding
 * the backend's typed `AppError`, so screens can always show words.
 */
import { invoke } from '@tauri-apps/api/core';
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
  return new CommandError({ kind: 'unknownCommand', message });
}

async function call<T>(cmd: string, args?: unknown): Promise<T> {
  try {
    return await invoke<T>(cmd, args === undefined ? {} : { args });
  } catch (raw) {
    throw toCommandError(raw);
  }
}

/** Who owns the save files, and whether stored settings were ignored. */
export function appStatus(): Promise<AppStatus> {
  return call('app_status');
}

/** The stored settings. */
export function getSettings(): Promise<Settings> {
  return call('settings_get');
}

/** Validates and stores settings; returns what was stored. */
export function setSettings(settings: Settings): Promise<Settings> {
  return call('settings_set', settings);
}

// ---- TimeGo --------------------------------------------------------------------------
// The screen works on the plain values of `games/timego/model.ts`; `games/timego/adapt.ts`
// turns the generated types into them.
import type { Action } from './bindings/Action';
import type { Arrival as EngineArrival } from './bindings/Arrival';
import type { TimeGoSession } from './bindings/TimeGoSession';
import type { TimeMoveConsequences } from './bindings/TimeMoveConsequences';
import type { Arrival, TimeGoState, TimePreview } from '../games/timego/model';
import { arrivalFromEngine, previewFromConsequences, stateFromView } from '../games/timego/adapt';

function fromSession(s: TimeGoSession): TimeGoState {
  return stateFromView(s.view, s.cursor, s.save);
}

/** The saved TimeGo game, or a new one with the default settings when nothing is saved. */
export async function timegoOpen(): Promise<TimeGoState> {
  return fromSession(await call<TimeGoSession>('timego_open'));
}

/** Starts a new TimeGo game of `size` with `komi`, replacing the current one. */
export async function timegoNew(size: number, komi: number): Promise<TimeGoState> {
  return fromSession(await call<TimeGoSession>('timego_new', { size, komi }));
}

/** Applies one action of the player to move; a refusal rejects with the engine's reason. */
export async function timegoApply(action: Action): Promise<TimeGoState> {
  return fromSession(await call<TimeGoSession>('timego_apply', action));
}

/** Every permitted gap for the traveller born at `source`, each legal or with its reason. */
export async function timegoArrivals(source: number): Promise<Arrival[]> {
  return (await call<EngineArrival[]>('timego_arrivals', { source })).map(arrivalFromEngine);
}

/** The possible present of moving birth `source` to gap `target`, without changing the game. */
export async function timegoPreview(source: number, target: number): Promise<TimePreview> {
  return previewFromConsequences(await call<TimeMoveConsequences>('timego_preview', { source, target }));
}
