import { describe, expect, it } from 'vitest';
import { get } from 'svelte/store';
import { t } from '../../lib/i18n';
import { toCommandError } from '../../lib/api';
import { reasonOf } from '../../lib/game/session.svelte';
import type { ScreenView } from '../../lib/bindings/ScreenView';
import type { ChessState } from './model';
import { moveAnnouncement } from './announce';
import { attackText, consequenceText, entryErrorText, layerSummary, moveOutcome, noDestinationText, outcomeText, reasonText, reportText } from './words';

const tr = get(t);

const emptyTurn = (turn: number) => ({ turn, departures: [], arrivals: [], lostInTime: [], capturesInPast: [], steamrolled: [], check: false });

describe('Time Chess in words', () => {
  it('says every consequence of a move', () => {
    expect(consequenceText(tr, { type: 'captured', at: 'd5t2', color: 'black', kind: 'pawn' })).toBe('captures the Black pawn on d5 at turn 2');
    expect(
      consequenceText(tr, { type: 'erasedInPast', at: 'd1t1', color: 'black', kind: 'knight', vanished: ['d1t1', 'd1t2'] }),
    ).toBe('captures the Black knight on d1 at turn 1 in the past, erasing its lineage (2 instances vanished)');
    expect(
      consequenceText(tr, { type: 'steamrolled', at: 'd1t3', color: 'white', kind: 'bishop', byColor: 'black', byKind: 'knight' }),
    ).toBe('the White bishop on d1 at turn 3 is steamrollered by the Black knight');
    expect(consequenceText(tr, { type: 'lostInTime', from: 'e1t0', at: 'e2t1', color: 'white', kind: 'king' })).toBe(
      'the White king due on e2 at turn 1 is Lost in Time',
    );
    expect(consequenceText(tr, { type: 'arrived', from: 'e2t0', at: 'e2t1', color: 'white', kind: 'pawn' })).toBe(
      'the White pawn arrives on e2 at turn 1',
    );
    expect(consequenceText(tr, { type: 'check', color: 'black' })).toBe('Black is in check');
  });

  it('announces the result with its reason', () => {
    expect(outcomeText(tr, { winner: 'black', reason: 'king-lost-in-time' })).toBe('King Lost in Time: Black wins.');
    expect(outcomeText(tr, { winner: 'white', reason: 'checkmate' })).toBe('Checkmate: White wins.');
    expect(outcomeText(tr, { winner: 'draw', reason: 'stalemate' })).toBe('Stalemate: a draw.');
  });

  it("puts the engine's refusals in words", () => {
    expect(entryErrorText(tr, { error: 'illegal', mv: 'a7t5a4t5', rule: { rule: 'notAMove', kind: 'pawn' }, message: 'x' })).toBe(
      'a7t5a4t5 is not allowed: a pawn does not move that way.',
    );
    expect(entryErrorText(tr, { error: 'badSquare', text: 'z9t0' })).toBe('Not a square: “z9t0”. Squares are a1 to h8.');
    expect(entryErrorText(tr, { error: 'noMatch', text: 'a1t0' })).toBe('No legal move starts with “a1t0”.');
    expect(noDestinationText(tr, { reason: 'notPresent', present: 4 })).toBe(
      'Only pieces in the present (turn 4) move. Show the present to choose one.',
    );
    expect(noDestinationText(tr, { reason: 'notYourPiece', toMove: 'black' })).toBe("That piece is not Black's; Black is to move.");
  });

  it('reads a refused command: the typed rejection when there is one, else the backend sentence', () => {
    const illegal = toCommandError({
      kind: 'illegal',
      game: 'chess',
      message: 'e2t0e5t0: a pawn cannot move like that',
      rejection: { error: 'illegal', mv: 'e2t0e5t0', rule: { rule: 'notAMove', kind: 'pawn' }, message: 'x' },
    });
    expect(reasonText(tr, reasonOf(illegal))).toBe('e2t0e5t0 is not allowed: a pawn does not move that way.');
    expect(reasonText(tr, reasonOf(toCommandError({ kind: 'invalid_record', message: 'line 3: not a move' })))).toBe('line 3: not a move');
  });

  it("says a played move's travel and consequences, and who moves next", () => {
    const report = {
      turn: 4,
      mv: 'f3t4f5t3',
      color: 'white' as const,
      kind: 'knight' as const,
      moveKind: 'backward' as const,
      consequences: [{ type: 'erasedInPast' as const, at: 'f5t3', color: 'black' as const, kind: 'pawn' as const, vanished: ['f5t3', 'f5t4'] }],
    };
    expect(reportText(tr, report)).toBe(
      'White knight from f3 at turn 4 to f5 at turn 3. travels back to turn 3. it sits braindead from turn 3 up to the present. captures the Black pawn on f5 at turn 3 in the past, erasing its lineage (2 instances vanished).',
    );
    const steamrolled = {
      ...report,
      consequences: [{ type: 'steamrolled' as const, at: 'f5t4', color: 'white' as const, kind: 'knight' as const, byColor: 'black' as const, byKind: 'bishop' as const }],
    };
    expect(reportText(tr, steamrolled)).toBe(
      'White knight from f3 at turn 4 to f5 at turn 3. travels back to turn 3. the White knight on f5 at turn 4 is steamrollered by the Black bishop.',
    );
    const screen = { present: 5, toMove: 'black', lastMove: report, outcome: null } as unknown as ScreenView;
    const before = { moves: ['a', 'b', 'c', 'd'], cursor: 4 } as unknown as ChessState;
    const after = { moves: ['a', 'b', 'c', 'd', 'f3t4f5t3'], cursor: 5, screen } as unknown as ChessState;
    expect(moveAnnouncement(tr, before, after)).toMatch(/in the past.*\. Black to move\.$/);
    // A review step or a loaded game is shown, not read.
    expect(moveAnnouncement(tr, null, after)).toBeNull();
    expect(moveAnnouncement(tr, { ...after, cursor: 5 } as ChessState, { ...after, cursor: 4 } as ChessState)).toBeNull();
  });

  it("tells each listed move's outcome from the timeline when its report was not seen", () => {
    const screen = {
      present: 5,
      toMove: 'black',
      outcome: null,
      lastMove: null,
      check: null,
      ghosts: [],
      layers: [],
      timeline: [
        { ...emptyTurn(0), departures: [{ color: 'white', kind: 'pawn', from: 'e2t0', to: 'e2t1' }] },
        { ...emptyTurn(1), arrivals: [{ color: 'white', kind: 'pawn', from: 'e2t0', to: 'e2t1' }] },
        emptyTurn(2),
        { ...emptyTurn(3), capturesInPast: [{ at: 'f5t3', color: 'black', kind: 'pawn', byTurn: 4 }] },
        emptyTurn(4),
        { ...emptyTurn(5), check: true },
      ],
    } as unknown as ScreenView;
    expect(moveOutcome(tr, screen, 0, 'e2t0e2t1')).toBe('travels forward to turn 1; the White pawn arrives on e2 at turn 1');
    expect(moveOutcome(tr, screen, 4, 'f3t4f5t3')).toBe('travels back to turn 3; captured the Black pawn on f5 at turn 3 in the past; check');
    expect(moveOutcome(tr, screen, 2, 'g1t2f3t2')).toBe('');
  });

  it('says each line of a check across time', () => {
    expect(attackText(tr, { attacker: 'a1t3', kind: 'rook', king: 'e1t2', path: [], threat: null })).toBe(
      'the rook on a1 at turn 3 attacks the king on e1 at turn 2',
    );
  });

  it('summarises a layer as text', () => {
    const layer = {
      turn: 3,
      mover: 'black' as const,
      played: 'f7t3f5t3',
      pieces: [
        { at: 'e1t3', color: 'white' as const, kind: 'king' as const, lineage: 4, braindead: false },
        { at: 'f5t3', color: 'white' as const, kind: 'knight' as const, lineage: 6, braindead: true },
        { at: 'e8t3', color: 'black' as const, kind: 'king' as const, lineage: 28, braindead: false },
      ],
    };
    expect(layerSummary(tr, layer, 5)).toBe('Turn 3: Black played f7t3f5t3. White: king e1, knight f5 (braindead). Black: king e8.');
  });
});
