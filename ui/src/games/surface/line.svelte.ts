/**
 * One line of the surfaces screen (the game, or the study/analysis) on the shared game
 * session: review, the "replace the later turns" confirmation and refusals come from
 * `lib/game`; this adds the surfaces' actions and the revision every move must name.
 */
import { surfaceApi } from '../../lib/api';
import { GameSession, type ComputerReply, type GameBackend } from '../../lib/game/session.svelte';
import type { SurfaceAction } from '../../lib/bindings/SurfaceAction';
import type { SurfaceLineId } from '../../lib/bindings/SurfaceLineId';
import type { SurfaceView } from '../../lib/bindings/SurfaceView';

/** A line's view as the session reads it: the engine's view plus the session's names. */
export type LineView = SurfaceView & { turns: readonly SurfaceAction[]; computerToMove: boolean };

/** The session's view of the backend's. The actions the `previous` view shows too are kept
 * as its objects, so the move list redraws only the turns that changed, not every turn. */
export function lineView(view: SurfaceView, previous?: LineView | null): LineView {
  const before = previous?.actions ?? [];
  const actions = view.actions.map((action, i) => {
    const was = before[i];
    return was && sameAction(was, action) ? was : action;
  });
  return { ...view, actions, turns: actions, computerToMove: view.computer_to_move };
}

/** Whether two actions say the same thing (each field the same). */
function sameAction(a: SurfaceAction, b: SurfaceAction): boolean {
  const keys = Object.keys(a) as (keyof SurfaceAction)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The surfaces commands for one line; `revision` is read from the session when a move is sent. */
class LineBackend implements GameBackend<LineView, SurfaceAction> {
  session: LineSession | null = null;

  constructor(private readonly line: SurfaceLineId) {}

  async apply(action: SurfaceAction, replaceFuture: boolean): Promise<LineView> {
    const revision = this.session?.view?.revision ?? '';
    return lineView(await surfaceApi.apply(this.line, action, revision, replaceFuture), this.session?.view);
  }

  async review(cursor: number): Promise<LineView> {
    return lineView(await surfaceApi.review(this.line, { kind: 'jump', cursor }), this.session?.view);
  }

  async computerMove(replaceFuture: boolean): Promise<ComputerReply<LineView>> {
    if (this.line !== 'game') return Promise.reject(new Error('the computer plays in the game only'));
    const outcome = await surfaceApi.computerMove(replaceFuture);
    const state = lineView(outcome.view, this.session?.view);
    switch (outcome.kind) {
      case 'played':
        return { kind: 'played', state };
      case 'deadline':
        return { kind: 'deadline', state, message: String(outcome.deadline_ms) };
      case 'cancelled':
        return { kind: 'cancelled', state, message: '' };
      default:
        return { kind: outcome.kind, state, message: outcome.message };
    }
  }

  computerCancel(): Promise<boolean> {
    return surfaceApi.computerCancel();
  }
}

/** The game or the study: its view, and the moves a player makes in it. */
export class LineSession extends GameSession<LineView, SurfaceAction> {
  /** Which line this is. */
  readonly line: SurfaceLineId;

  constructor(line: SurfaceLineId) {
    const backend = new LineBackend(line);
    super(backend);
    backend.session = this;
    this.line = line;
  }

  /** Shows a view the backend sent with another command (open, import, analysis); the computer starts if it is its turn. */
  show(view: SurfaceView | null): void {
    this.view = view ? lineView(view, this.view) : null;
    this.notice = null;
    if (this.view?.computerToMove && !this.thinking && !this.computerProblem) queueMicrotask(() => void this.think());
  }

  /** Places a stone for the player to move. */
  place(point: number): Promise<void> {
    return this.play({ type: 'place', at: point });
  }

  /** Passes for the player to move. */
  pass(): Promise<void> {
    return this.play({ type: 'pass' });
  }

  /** Resigns for the player to move. */
  resign(): Promise<void> {
    return this.play({ type: 'resign' });
  }

  /** Reviews one of the named positions (first, previous, next, last). */
  reviewTo(to: 'first' | 'previous' | 'next' | 'last'): Promise<void> {
    const view = this.view;
    if (!view) return Promise.resolve();
    const target = { first: view.first_cursor, previous: view.cursor - 1, next: view.cursor + 1, last: view.line_length }[to];
    if (target < view.first_cursor) return Promise.resolve();
    return this.review(target);
  }
}
