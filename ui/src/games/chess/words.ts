/**
 * Time Chess in the player's language: pieces, positions, the engine's reasons and every
 * consequence of a move, put in words from the engine's typed answers (never from rules of
 * our own). A kind without a translation keeps the sentence the backend sent.
 */
import type { Translate } from '../../lib/i18n';
import type { Reason } from '../../lib/game/session.svelte';
import type { AttackLine } from '../../lib/bindings/AttackLine';
import type { ChessColor } from '../../lib/bindings/ChessColor';
import type { Consequence } from '../../lib/bindings/Consequence';
import type { EntryError } from '../../lib/bindings/EntryError';
import type { Kind } from '../../lib/bindings/Kind';
import type { MoveReport } from '../../lib/bindings/MoveReport';
import type { NoDestination } from '../../lib/bindings/NoDestination';
import type { Outcome } from '../../lib/bindings/Outcome';
import type { Refusal } from '../../lib/bindings/Refusal';
import type { ScreenLayer } from '../../lib/bindings/ScreenLayer';
import type { ScreenView } from '../../lib/bindings/ScreenView';
import type { Travel } from '../../lib/bindings/Travel';
import { parsePos, pieceOn, splitMove, squareOf } from './model';

type T = Translate;

/** "White" or "Black". */
export function colorName(t: T, color: ChessColor): string {
  return t(`chess.color.${color}`);
}

/** The piece kind's name ("knight"). */
export function kindName(t: T, kind: Kind): string {
  return t(`chess.kind.${kind}`);
}

/** A side's piece ("white knight"). */
export function pieceName(t: T, color: ChessColor, kind: Kind): string {
  return t('chess.piece', { values: { color: colorName(t, color), kind: kindName(t, kind) } });
}

/** A position read aloud ("e2, turn 0"); the text itself when it is not one. */
export function posText(t: T, pos: string): string {
  const place = parsePos(pos);
  if (!place) return pos;
  return t('chess.pos', { values: { square: squareOf(place.file, place.rank), turn: place.turn } });
}

/** One consequence of a move, in words. */
export function consequenceText(t: T, c: Consequence): string {
  switch (c.type) {
    case 'captured':
      return t('chess.consequence.captured', { values: { piece: pieceName(t, c.color, c.kind), at: posText(t, c.at) } });
    case 'erasedInPast':
      return t('chess.consequence.erasedInPast', {
        values: { piece: pieceName(t, c.color, c.kind), at: posText(t, c.at), count: c.vanished.length },
      });
    case 'steamrolled':
      return t('chess.consequence.steamrolled', {
        values: { piece: pieceName(t, c.color, c.kind), at: posText(t, c.at), by: pieceName(t, c.byColor, c.byKind) },
      });
    case 'promoted':
      return t('chess.consequence.promoted', { values: { at: posText(t, c.at) } });
    case 'arrived':
      return t('chess.consequence.arrived', { values: { piece: pieceName(t, c.color, c.kind), at: posText(t, c.at) } });
    case 'lostInTime':
      return t('chess.consequence.lostInTime', { values: { piece: pieceName(t, c.color, c.kind), at: posText(t, c.at) } });
    case 'check':
      return t('chess.consequence.check', { values: { color: colorName(t, c.color) } });
    case 'gameOver':
      return outcomeText(t, c.outcome);
  }
}

/** The result with its reason ("Checkmate: white wins."). */
export function outcomeText(t: T, outcome: Outcome): string {
  const reason = t(`chess.end.${outcome.reason}`);
  if (outcome.winner === 'draw') return t('chess.end.draw', { values: { reason } });
  return t('chess.end.wins', { values: { reason, color: colorName(t, outcome.winner) } });
}

/** How a move went in time ("to the past, turn 1"). */
export function travelText(t: T, report: Pick<MoveReport, 'moveKind' | 'mv'>): string {
  const to = splitMove(report.mv)?.to;
  if (report.moveKind === 'ordinary' || !to) return '';
  return t(`chess.travel.${report.moveKind}`, { values: { turn: to.turn } });
}

/** A played move read in full: who moved what where, its travel, and everything it did. */
export function reportText(t: T, report: MoveReport): string {
  const move = splitMove(report.mv);
  const parts = [
    t('chess.announce.move', {
      values: {
        piece: pieceName(t, report.color, report.kind),
        from: move ? posText(t, `${squareOf(move.from.file, move.from.rank)}t${move.from.turn}`) : report.mv,
        to: move ? posText(t, `${squareOf(move.to.file, move.to.rank)}t${move.to.turn}`) : '',
      },
    }),
  ];
  const travel = travelText(t, report);
  if (travel) parts.push(travel);
  // A backward traveller sits braindead up to the present unless something steamrollers it.
  const to = move?.to;
  if (report.moveKind === 'backward' && to && !report.consequences.some((c) => c.type === 'steamrolled' && c.color === report.color && c.kind === report.kind)) {
    parts.push(t('chess.travel.braindead', { values: { turn: to.turn } }));
  }
  for (const c of report.consequences) parts.push(consequenceText(t, c));
  // Sentences are joined in the language's way; a part's own full stop is not doubled.
  const end = t('chess.announce.end');
  return parts.map((p) => p.replace(/[.。]$/, '')).join(t('chess.announce.separator')) + end;
}

/**
 * The outcome of the move played at `turn`, from the engine's view of the whole game: the
 * exact report when the screen saw it played, otherwise what the timeline and layers show
 * (a capture, a travel's arrival or loss, a capture in the past, a check). Empty for a quiet move.
 */
export function moveOutcome(t: T, screen: ScreenView, turn: number, mv: string, report?: MoveReport): string {
  if (report && report.turn === turn && report.mv === mv) {
    const words = [travelText(t, report), ...report.consequences.map((c) => consequenceText(t, c))].filter(Boolean);
    return words.join(t('chess.history.separator'));
  }
  const move = splitMove(mv);
  if (!move) return '';
  const words: string[] = [];
  const from = `${squareOf(move.from.file, move.from.rank)}t${move.from.turn}`;
  const kind = move.to.turn > turn ? 'forward' : move.to.turn < turn ? 'backward' : 'ordinary';
  if (kind !== 'ordinary') words.push(travelText(t, { moveKind: kind, mv }));
  const square = squareOf(move.to.file, move.to.rank);
  if (kind === 'ordinary') {
    const before = screen.layers[turn - 1];
    const mover = screen.layers[turn]?.mover;
    const taken = pieceOn(before, square);
    if (taken && taken.color !== mover) words.push(t('chess.consequence.captured', { values: { piece: pieceName(t, taken.color, taken.kind), at: posText(t, `${square}t${turn}`) } }));
  } else if (kind === 'forward') {
    const due = screen.timeline[move.to.turn];
    const arrived = due?.arrivals.find((a) => a.from === from);
    const lost = due?.lostInTime.find((a) => a.from === from);
    if (arrived) words.push(t('chess.consequence.arrived', { values: { piece: pieceName(t, arrived.color, arrived.kind), at: posText(t, arrived.to) } }));
    else if (lost) words.push(t('chess.consequence.lostInTime', { values: { piece: pieceName(t, lost.color, lost.kind), at: posText(t, lost.to) } }));
    else words.push(t('chess.history.inTransit'));
  } else {
    for (const layer of screen.timeline)
      for (const c of layer.capturesInPast)
        if (c.byTurn === turn) words.push(t('chess.history.capturedInPast', { values: { piece: pieceName(t, c.color, c.kind), at: posText(t, c.at) } }));
    for (const layer of screen.timeline)
      for (const p of layer.steamrolled) {
        const place = parsePos(p);
        if (place && squareOf(place.file, place.rank) === square && place.turn > move.to.turn && place.turn <= turn)
          words.push(t('chess.history.steamrolled', { values: { at: posText(t, p) } }));
      }
  }
  if (screen.timeline[turn + 1]?.check) words.push(t('chess.history.check'));
  if (turn === screen.present - 1 && screen.outcome) words.push(outcomeText(t, screen.outcome));
  return words.filter(Boolean).join(t('chess.history.separator'));
}

/** Why a move is refused, from the engine's rule. */
export function refusalText(t: T, rule: Refusal): string {
  switch (rule.rule) {
    case 'notPresent':
      return t('chess.refusal.notPresent', { values: { present: rule.present } });
    case 'noPiece':
      return t('chess.refusal.noPiece', { values: { at: posText(t, rule.at) } });
    case 'notYourPiece':
      return t('chess.refusal.notYourPiece', { values: { color: colorName(t, rule.toMove) } });
    case 'notAMove':
      return t('chess.refusal.notAMove', { values: { kind: kindName(t, rule.kind) } });
    case 'blocked':
      return t('chess.refusal.blocked', { values: { at: posText(t, rule.at) } });
    default:
      return t(`chess.refusal.${rule.rule}`);
  }
}

/** Why typed text is not a move that can be played. */
export function entryErrorText(t: T, error: EntryError): string {
  switch (error.error) {
    case 'illegal':
      return t('chess.entry.illegal', { values: { mv: error.mv, reason: refusalText(t, error.rule) } });
    case 'empty':
    case 'gameOver':
      return t(`chess.entry.${error.error}`);
    default:
      return t(`chess.entry.${error.error}`, { values: { text: error.text } });
  }
}

/** Why a selected position offers no move. */
export function noDestinationText(t: T, reason: NoDestination): string {
  switch (reason.reason) {
    case 'notPresent':
      return t('chess.select.notPresent', { values: { present: reason.present } });
    case 'notYourPiece':
      return t('chess.select.notYourPiece', { values: { color: colorName(t, reason.toMove) } });
    default:
      return t(`chess.select.${reason.reason}`);
  }
}

/** A refused command in words: the engine's typed reason when there is one, else the backend's sentence. */
export function reasonText(t: T, reason: Reason): string {
  const rejection = reason.rejection as EntryError | undefined;
  if (rejection && typeof rejection === 'object' && 'error' in rejection) return entryErrorText(t, rejection);
  return reason.message ?? reason.kind;
}

/** A text summary of one layer: its turn, who moved, the move played there and its pieces by side. */
export function layerSummary(t: T, layer: ScreenLayer, present: number): string {
  const pieces = (color: ChessColor) =>
    layer.pieces
      .filter((p) => p.color === color)
      .map((p) => `${kindName(t, p.kind)} ${p.at.slice(0, 2)}${p.braindead ? ` (${t('chess.board.braindead')})` : ''}`)
      .join(', ');
  const head =
    layer.turn === present
      ? t('chess.summary.present', { values: { turn: layer.turn, color: colorName(t, layer.mover) } })
      : t('chess.summary.past', { values: { turn: layer.turn, color: colorName(t, layer.mover), mv: layer.played ?? '' } });
  return [head, `${colorName(t, 'white')}: ${pieces('white')}.`, `${colorName(t, 'black')}: ${pieces('black')}.`].join(' ');
}

/** A traveller still in transit to the future, in words. */
export function transitText(t: T, travel: Travel): string {
  return t('chess.transit.item', { values: { piece: pieceName(t, travel.color, travel.kind), from: posText(t, travel.from), to: posText(t, travel.to) } });
}

/** One line of a check across time, in words: which piece, from where, reaches which king instance. */
export function attackText(t: T, line: AttackLine): string {
  return t('chess.checkLines.line', { values: { kind: kindName(t, line.kind), attacker: posText(t, line.attacker), king: posText(t, line.king) } });
}

/** A computer level's name in the player's language, or the engine's name. */
export function levelName(t: T, level: { name: string }): string {
  return t(`chess.opponent.levels.${level.name}.name`, { default: level.name });
}

/** A level's one-line summary in the player's language, or the engine's English sentence. */
export function levelSummary(t: T, level: { name: string; summary: string }): string {
  return t(`chess.opponent.levels.${level.name}.summary`, { default: level.summary });
}
