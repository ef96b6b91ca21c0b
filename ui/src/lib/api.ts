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
// The screen works on the plain values of `games/timego/model.ts`; the functions below are
// the one place that turns the backend's generated types into those values.
import type { Arrival, TimeGoState, TimePreview, Turn } from '../games/timego/model';

/** The saved TimeGo game, or a new one with the default settings when nothing is saved. */
export function timegoOpen(): Promise<TimeGoState> {
  return call('timego_open');
}

/** Starts a new TimeGo game of `size` with `komi`, replacing the current one. */
export function timegoNew(size: number, komi: number): Promise<TimeGoState> {
  return call('timego_new', { size, komi });
}

/** Applies one action of the player to move; a refusal rejects with the engine's reason. */
export function timegoApply(action: Turn): Promise<TimeGoState> {
  return call('timego_apply', action);
}

/** Every permitted gap for the traveller born at `source`, each legal or with its reason. */
export function timegoArrivals(source: number): Promise<Arrival[]> {
  return call('timego_arrivals', { source });
}

/** The possible present of moving birth `source` to gap `target`, without changing the game. */
export function timegoPreview(source: number, target: number): Promise<TimePreview> {
  return call('timego_preview', { source, target });
}
