// What the stack shows, derived from the engine's view and selection: every piece
// instance with its opacity and marks, the destinations, the arrows across time and the
// check. Pure (no three.js), so the scene only draws it and the unit tests read it.
import type { ChessColor } from '../../../lib/bindings/ChessColor';
import type { ChessView } from '../../../lib/bindings/ChessView';
import type { Kind } from '../../../lib/bindings/Kind';
import type { MoveKind } from '../../../lib/bindings/MoveKind';
import type { Selection } from '../../../lib/bindings/Selection';
import { layerOpacity, parseMove, parsePos, posName, type Spot } from './layout';

/** One drawn piece: an instance in a layer, or a ghost due to arrive there. */
export interface PieceMark extends Spot {
  kind: Kind;
  color: ChessColor;
  opacity: number;
  /** A traveller in the future queue, drawn where and when it is due to appear. */
  ghost: boolean;
  braindead: boolean;
  /** The selected piece (in the present). */
  selected: boolean;
  /** A king instance in check. */
  inCheck: boolean;
}

/** One legal destination of the selected piece. */
export interface DestinationMark extends Spot {
  mv: string;
  moveKind: MoveKind;
  capture: boolean;
}

/** One layer of the stack as drawn. */
export interface LayerMark {
  turn: number;
  era: 'past' | 'present' | 'future';
  opacity: number;
  /** A line of the check across time touches it: its border turns red. */
  check: boolean;
}

/** An arrow through the stack: a move that crossed time, or a ghost's journey. */
export interface ArrowMark {
  from: Spot;
  to: Spot;
  color: ChessColor;
  /** The last move (drawn stronger). */
  last: boolean;
  ghost: boolean;
  /** The engine's suggested move (the Hint), drawn in the hint colour. */
  hint?: boolean;
}

/** One attacking line of a check, from the attacker through its path to the king. */
export interface CheckLineMark {
  points: Spot[];
}

/** Everything the scene draws. */
export interface StackModel {
  present: number;
  /** The highest turn drawn: the present, or the furthest future destination or ghost. */
  top: number;
  toMove: ChessColor | null;
  layers: LayerMark[];
  pieces: PieceMark[];
  destinations: DestinationMark[];
  /** The last move's two positions, highlighted. */
  lastMove: Spot[];
  arrows: ArrowMark[];
  checkLines: CheckLineMark[];
}

const spotOrThrow = (pos: string): Spot => {
  const spot = parsePos(pos);
  if (!spot) throw new Error(`not a position: ${pos}`);
  return spot;
};

const same = (a: Spot, b: Spot) => a.file === b.file && a.rank === b.rank && a.turn === b.turn;

/** Opacity of a ghost piece. */
export const GHOST_OPACITY = 0.45;

/** Derives the stack from a view, the current selection and the past layers' fade. */
export function stackModel(view: ChessView, selection: Selection | null, fade: number, hint: string | null = null): StackModel {
  const screen = view.screen;
  const present = screen.present;
  const selectedFrom = selection?.piece ? parsePos(selection.from) : null;
  const kings = (screen.check?.kings ?? []).map(spotOrThrow);
  const destinations: DestinationMark[] = [];
  for (const group of selection?.piece ? selection.layers : []) {
    for (const d of group.destinations) {
      destinations.push({ ...spotOrThrow(d.to), mv: d.mv, moveKind: d.moveKind, capture: d.captures !== null });
    }
  }
  const pieces: PieceMark[] = [];
  for (const layer of screen.layers) {
    const opacity = layerOpacity(layer.turn, present, fade);
    for (const p of layer.pieces) {
      const spot = spotOrThrow(p.at);
      pieces.push({
        ...spot,
        kind: p.kind,
        color: p.color,
        opacity,
        ghost: false,
        braindead: p.braindead,
        selected: selectedFrom !== null && same(spot, selectedFrom),
        inCheck: p.kind === 'king' && kings.some((k) => same(k, spot)),
      });
    }
  }
  const arrows: ArrowMark[] = [];
  for (const g of screen.ghosts) {
    const to = spotOrThrow(g.to);
    pieces.push({
      ...to,
      kind: g.kind,
      color: g.color,
      opacity: GHOST_OPACITY,
      ghost: true,
      braindead: false,
      selected: false,
      inCheck: false,
    });
    arrows.push({ from: spotOrThrow(g.from), to, color: g.color, last: false, ghost: true });
  }
  const last = screen.lastMove;
  for (const layer of screen.layers) {
    const ends = layer.played ? parseMove(layer.played) : null;
    if (!ends || ends[0].turn === ends[1].turn) continue;
    // A forward traveller still in the queue is drawn by its ghost's arrow already.
    if (screen.ghosts.some((g) => g.from === posName(ends[0]) && g.to === posName(ends[1]))) continue;
    arrows.push({ from: ends[0], to: ends[1], color: layer.mover, last: last?.turn === layer.turn, ghost: false });
  }
  const hintEnds = hint ? parseMove(hint) : null;
  if (hintEnds && screen.toMove) {
    arrows.push({ from: hintEnds[0], to: hintEnds[1], color: screen.toMove, last: false, ghost: false, hint: true });
  }
  const lastEnds = last ? parseMove(last.mv) : null;
  const checkLines: CheckLineMark[] = (screen.check?.lines ?? []).map((line) => ({
    points: [line.attacker, ...line.path, line.king].map(spotOrThrow),
  }));
  const checkLayers = new Set(screen.check?.layers ?? []);
  const top = Math.max(present, ...destinations.map((d) => d.turn), ...pieces.map((p) => p.turn));
  const layers: LayerMark[] = [];
  for (let turn = 0; turn <= top; turn++) {
    layers.push({
      turn,
      era: turn < present ? 'past' : turn === present ? 'present' : 'future',
      opacity: layerOpacity(turn, present, fade),
      check: checkLayers.has(turn),
    });
  }
  return {
    present,
    top,
    toMove: screen.toMove,
    layers,
    pieces,
    destinations,
    lastMove: lastEnds ? [...lastEnds] : [],
    arrows,
    checkLines,
  };
}

/** What a click on a position of the stack asks for. */
export type ClickIntent =
  | { kind: 'play'; mv: string }
  | { kind: 'select'; pos: string }
  | { kind: 'deselect' }
  | { kind: 'none' };

/**
 * What clicking along a ray means, given the positions it crosses nearest first (C.2–C.3):
 * a destination of the selection plays its move; the selected piece again deselects it; a
 * piece of the side to move in the present selects it; anything else does nothing.
 */
export function clickIntent(model: StackModel, hits: Spot[]): ClickIntent {
  for (const hit of hits) {
    const dest = model.destinations.find((d) => same(d, hit));
    if (dest) return { kind: 'play', mv: dest.mv };
  }
  for (const hit of hits) {
    if (hit.turn !== model.present) continue;
    const piece = model.pieces.find((p) => !p.ghost && same(p, hit));
    if (!piece) continue;
    if (piece.selected) return { kind: 'deselect' };
    if (model.toMove !== null && piece.color === model.toMove) return { kind: 'select', pos: posName(hit) };
  }
  return { kind: 'none' };
}
