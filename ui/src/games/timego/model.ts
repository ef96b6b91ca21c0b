/**
 * What the TimeGo screen shows, as plain data. `lib/api.ts` builds these values from the
 * backend's generated types; no rule is decided here — legality, previews, scores and
 * reasons all come from the engine.
 */

import type { Action } from '../../lib/bindings/Action';
import type { Color } from '../../lib/bindings/Color';
import type { GameResult } from '../../lib/bindings/GameResult';
import type { Placement as EnginePlacement } from '../../lib/bindings/Placement';
import type { SaveStatus } from '../../lib/bindings/SaveStatus';
import type { BoardLayout } from '../../lib/bindings/BoardLayout';

/** A stone colour, as in records. */
export type Stone = Color;

/** One entry of the current placement order `H`. */
export type Placement = EnginePlacement;

/** One actual action, in the record format (indices from 0). */
export type Turn = Action;

/**
 * Why something was refused: the engine's typed rejection (`kind` plus its fields, such as
 * `point` or `earlier_board`), or a backend error with only a sentence in `message`.
 */
export type Reason = { kind: string; message?: string } & Record<string, unknown>;

/** The final score; `white` includes komi. */
export type Result = GameResult;

/** Whether the game reaches the disk, as the screen says it. */
export type SaveState = SaveStatus;

/** The actual game as the screen shows it. */
export interface TimeGoState {
  size: number;
  /** How the board is drawn and its points named, from the engine. */
  layout: BoardLayout;
  komi: number;
  /** Colour per point: 0 empty, 1 black, 2 white. */
  board: number[];
  placements: Placement[];
  /** Length of the locked prefix `m`. */
  locked: number;
  /** Player to move; null once the game has ended. */
  next: Stone | null;
  passes: number;
  /** Area counts without komi. */
  area: { black: number; white: number };
  result: Result | null;
  /** Every actual action. */
  turns: Turn[];
  /** Number of actions applied in the viewed position. */
  cursor: number;
  /** Birth indices (from 0) of stones the player to move may send back in time. */
  travellers: number[];
  /** Every living stone by birth index, with the engine's flags and permitted arrival gaps. */
  births: BirthInfo[];
  /** Why Lock is illegal now, or null when it is legal. */
  lockBlocked: Reason | null;
  /** The engine's reason why no stone may travel now, or null when one may. */
  timeBlocked: Reason | null;
  /** True once the 1,024-action limit is reached. */
  limitReached: boolean;
  save: SaveState;
  /** Who the computer plays in this game (`none`: people play both sides) and its level. */
  opponent: Opponent;
  /** The computer is to move (at the end of the line, in a game that goes on). */
  computerToMove: boolean;
}

/** A living stone as the engine describes it. */
export interface BirthInfo {
  /** Birth index (from 0). */
  source: number;
  point: number;
  /** In the locked prefix. */
  locked: boolean;
  /** The gaps `first..=last` the rules permit for it, or null when there is none. */
  arrivals: { first: number; last: number } | null;
}

/** The practice opponent of a game. */
export interface Opponent {
  computer: 'none' | Stone;
  /** The engine's level name (`classic`, `strong`, ...). */
  level: string;
}

/** One permitted gap for a chosen traveller, legal or with the reason it is not. */
export interface Arrival {
  target: number;
  reason: Reason | null;
}

/** A placement the time move cancels, with its index in the old order. */
export interface Cancelled {
  oldIndex: number;
  player: Stone;
  point: number;
}

/** A group of stones with its empty liberties, as the engine found it. */
export interface Group {
  stone: Stone;
  stones: number[];
  liberties: number[];
}

/** One board of a comparison with the engine's relevant groups and the stones the event removed. */
export interface ComparedBoard {
  board: number[];
  groups: Group[];
  captured: number[];
  /** The colour of the captured stones, as the engine says (absent when nothing was captured). */
  capturedColor?: Stone;
}

/**
 * What a replay frame is compared with: for the arrival, the board just before the insertion
 * (`earlier`) and just after (`later`); for a replayed placement, its original version in the
 * old order (`earlier`) and the replayed board (`later`).
 */
export interface FrameComparison {
  earlier: ComparedBoard;
  later: ComparedBoard;
  /** For a replayed placement, the index of the old chronology's board it is compared with. */
  originalBoard: number | null;
  /** Stones the original version captured that still stand after this step. */
  restored: number[];
}

/** One frame of the causal replay: the traveller's arrival, then each later old placement. */
export interface ReplayFrame {
  /** True for the arrival frame. */
  arrival: boolean;
  player: Stone;
  point: number;
  /** Index in the old order (the traveller's source for the arrival). */
  oldIndex: number;
  /** Index in the new order, or null if the placement was cancelled. */
  newIndex: number | null;
  /** Why it was cancelled (engine cancellation kind such as `occupied`), or null. */
  cancelled: Reason | null;
  /** Stones this placement captured. */
  captured: number[];
  /** The board before and after this frame. */
  before: number[];
  after: number[];
  /** The frame beside its original version, with the engine's groups and liberties. */
  compare: FrameComparison;
}

/** The possible present after a time move, with its consequences. */
export interface TimePreview {
  source: number;
  target: number;
  board: number[];
  placements: Placement[];
  /** Points holding stones that return. */
  restored: number[];
  /** Points whose stones are removed compared with the actual board. */
  captured: number[];
  cancelled: Cancelled[];
  travellerDied: boolean;
  /** Index of the traveller in the new order, or null if it was captured in replay. */
  travellerIndex: number | null;
  /** The causal replay, arrival first. */
  frames: ReplayFrame[];
}

/** The stone of a colour code on the board. */
export function stoneOf(code: number): Stone | null {
  return code === 1 ? 'black' : code === 2 ? 'white' : null;
}

/** The board code of a stone. */
export function codeOf(stone: Stone): 1 | 2 {
  return stone === 'black' ? 1 : 2;
}

/** The point most recently played on the actual board, for the last-move mark. */
export function lastMovePoint(view: Pick<TimeGoState, 'turns' | 'cursor' | 'placements'>): number | null {
  const turn = view.turns[view.cursor - 1];
  if (!turn) return null;
  if (turn.type === 'place') return turn.point;
  return null;
}

/** Birth index (from 0) of the stone standing on each point, as the engine lists the living stones. */
export function birthsByPoint(view: Pick<TimeGoState, 'births'>): Map<number, number> {
  return new Map(view.births.map((b) => [b.point, b.source]));
}
