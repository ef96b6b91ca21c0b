/**
 * The Time Chess screen's plain values: the engine's view with the names the shared game
 * session reads, and the notation of positions (`e2t0`) taken apart for drawing. Every rule
 * stays in the engine; these helpers only read what it answered.
 */
import type { ChessView } from '../../lib/bindings/ChessView';
import type { ChessColor } from '../../lib/bindings/ChessColor';
import type { Destination } from '../../lib/bindings/Destination';
import type { Kind } from '../../lib/bindings/Kind';
import type { Move } from '../../lib/bindings/Move';
import type { Pos } from '../../lib/bindings/Pos';
import type { ScreenLayer } from '../../lib/bindings/ScreenLayer';
import type { ScreenPiece } from '../../lib/bindings/ScreenPiece';
import type { Selection } from '../../lib/bindings/Selection';

export type { ChessColor, Destination, Kind, Move, Pos, ScreenLayer, ScreenPiece, Selection };

/** The engine's view as the shared session reads it: `turns` are the moves, no computer plays. */
export type ChessState = ChessView & { turns: readonly Move[]; computerToMove: boolean };

/** Adds the session's names to a view from the backend. */
export function chessStateFromView(view: ChessView): ChessState {
  return { ...view, turns: view.moves, computerToMove: view.computer_to_move };
}

/** A position taken apart: file 0–7 (a–h), rank 0–7 (1–8), turn. */
export interface Place {
  file: number;
  rank: number;
  turn: number;
}

const POS = /^([a-h])([1-8])t(0|[1-9][0-9]*)$/;
const MOVE = /^([a-h][1-8]t(?:0|[1-9][0-9]*))([a-h][1-8]t(?:0|[1-9][0-9]*))$/;

/** Reads a position the engine wrote (`e2t0`); null for anything else. */
export function parsePos(pos: string): Place | null {
  const m = POS.exec(pos);
  if (!m) return null;
  return { file: m[1].charCodeAt(0) - 97, rank: Number(m[2]) - 1, turn: Number(m[3]) };
}

/** Writes a position in the notation (`e2t0`). */
export function posOf(place: Place): Pos {
  return `${squareOf(place.file, place.rank)}t${place.turn}`;
}

/** The square's name without its turn (`e2`). */
export function squareOf(file: number, rank: number): string {
  return `${String.fromCharCode(97 + file)}${rank + 1}`;
}

/** A move the engine wrote, split into its two positions; null for anything else. */
export function splitMove(mv: Move): { from: Place; to: Place } | null {
  const m = MOVE.exec(mv);
  if (!m) return null;
  const from = parsePos(m[1]);
  const to = parsePos(m[2]);
  return from && to ? { from, to } : null;
}

/** The piece standing on `square` (`e2`) of `layer`, if any. */
export function pieceOn(layer: ScreenLayer | undefined, square: string): ScreenPiece | undefined {
  return layer?.pieces.find((p) => p.at.slice(0, square.length) === square && p.at[square.length] === 't');
}

/** A selection's destinations in the layer of `turn`, by square name. */
export function destinationsIn(selection: Selection | null, turn: number): Map<string, Destination> {
  const out = new Map<string, Destination>();
  for (const layer of selection?.layers ?? []) {
    if (layer.turn !== turn) continue;
    for (const d of layer.destinations) {
      const place = parsePos(d.to);
      if (place) out.set(squareOf(place.file, place.rank), d);
    }
  }
  return out;
}

/** How many destinations a selection has in each layer, by turn. */
export function destinationCounts(selection: Selection | null): Map<number, number> {
  return new Map((selection?.layers ?? []).map((l) => [l.turn, l.destinations.length]));
}

/** The square focused after an arrow key from (`file`, `rank`), seen from white's side; null for other keys. */
export function stepFocus(file: number, rank: number, key: string): { file: number; rank: number } | null {
  const clamp = (n: number) => Math.max(0, Math.min(7, n));
  switch (key) {
    case 'ArrowLeft':
      return { file: clamp(file - 1), rank };
    case 'ArrowRight':
      return { file: clamp(file + 1), rank };
    case 'ArrowUp':
      return { file, rank: clamp(rank + 1) };
    case 'ArrowDown':
      return { file, rank: clamp(rank - 1) };
    case 'Home':
      return { file: 0, rank };
    case 'End':
      return { file: 7, rank };
    default:
      return null;
  }
}

/** The chess glyph of a piece (the filled set; colour comes from the style). */
export const GLYPH: Record<Kind, string> = {
  king: '♚',
  queen: '♛',
  rook: '♜',
  bishop: '♝',
  knight: '♞',
  pawn: '♟',
};

/** What the 3D stack (drawn by `stack3d/`, wired by the shell) is given to draw and ask. */
export interface StackSlot {
  view: ChessState;
  /** The turn of the layer on the 2D board. */
  shownTurn: number;
  selection: Selection | null;
  /** Shows a layer on the 2D board. */
  showLayer: (turn: number) => void;
  /** Chooses a position: selects a piece of the present or plays to a destination. */
  choose: (pos: Pos) => void;
  /** Plays a destination of the selection (one in a future layer too). */
  play: (mv: Move) => void;
  /** Drops the selection. */
  deselect: () => void;
  /** The engine's suggested move (the Hint), drawn as an arrow; `null` when none is shown. */
  hint: Move | null;
}

