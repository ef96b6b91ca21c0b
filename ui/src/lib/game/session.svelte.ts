/**
 * What every game screen does with its backend, written once: the viewed game, busy and
 * refusal notices, review (with fast key repeats adding up), the "replace the later turns"
 * confirmation, and the computer's think / cancel / retry / by-hand loop. A game's
 * controller extends `GameSession` with its own parts (TimeGo: modes, time moves,
 * comparison) through the protected hooks.
 */
import { CommandError } from '../api';

/** What the session reads of every game's view. */
export interface SessionView {
  /** Every actual action of the line, including those after the cursor while reviewing. */
  turns: readonly unknown[];
  /** Number of actions applied in the viewed position. */
  cursor: number;
  /** The computer is to move: the end of the line, in a game that goes on, on its side. */
  computerToMove: boolean;
}

/**
 * Why something was refused: the engine's typed rejection (`kind` plus its fields), or a
 * backend error with only a sentence in `message`.
 */
export type Reason = { kind: string; message?: string } & Record<string, unknown>;

/** A message shown next to the board after a refused action or failed command. */
export interface Notice {
  reason: Reason;
}

/** Turns a command error into a reason the screen can put in words. */
export function reasonOf(error: unknown): Reason {
  if (error instanceof CommandError) {
    // An engine refusal may carry the typed rejection; then it is translated by kind.
    const e = error.error as { kind: string; message: string; rejection?: Reason };
    if (e.rejection && typeof e.rejection.kind === 'string') return { ...e.rejection, message: e.message };
    // A rejection tagged otherwise (Time Chess's `error`) is kept whole for the game's words.
    if (e.rejection) return { kind: e.kind, message: e.message, rejection: e.rejection };
    return { kind: e.kind, message: e.message };
  }
  return { kind: 'unknown', message: error instanceof Error ? error.message : String(error) };
}

/** Why the computer did not move, for the message with Retry and Continue by hand. */
export interface ComputerProblem {
  kind: 'cancelled' | 'deadline' | 'discarded' | 'failed';
  /** The backend's words (failed, discarded) or the deadline in milliseconds. */
  message: string;
}

/** How a computer move ended: the game to show, and why when it did not play. */
export type ComputerReply<V> = { kind: 'played'; state: V } | { kind: ComputerProblem['kind']; state: V; message: string };

/** The commands of one game that the session calls. */
export interface GameBackend<V, A, R extends ComputerReply<V> = ComputerReply<V>> {
  /** Plays `action` in the viewed position; while reviewing `replaceFuture` must be true. */
  apply(action: A, replaceFuture: boolean): Promise<V>;
  /** Views the position after the first `cursor` actions. */
  review(cursor: number): Promise<V>;
  /** Lets the computer play for the side to move (same confirmation rule as `apply`). */
  computerMove(replaceFuture: boolean): Promise<R>;
  /** Stops the computer's search, if one runs. */
  computerCancel(): Promise<unknown>;
}

/** A game screen's state on its backend; `A` is one action, `R` the computer's reply. */
export class GameSession<V extends SessionView, A, R extends ComputerReply<V> = ComputerReply<V>> {
  /** The engine's view of the game, replaced whole by every command and never changed in
   * place: held raw, as a deep proxy made every read of it (every point and turn, the Time
   * Chess stack's ~2,000 pieces) a signal read and a new proxy on every move. */
  view: V | null = $state.raw(null);
  notice: Notice | null = $state(null);
  busy = $state(false);
  /** An action (or, with `null`, a computer move) waiting for the player's confirmation to replace the later turns. */
  pendingReplace: { message: string; action: A | null } | null = $state(null);
  /** Whether the computer is searching for its move. */
  thinking = $state(false);
  /** Why the computer's last search gave no move, until the player retries or moves. */
  computerProblem: ComputerProblem | null = $state(null);
  /** Whether the player is making the computer's move by hand this turn. */
  byHand = $state(false);

  protected readonly backend: GameBackend<V, A, R>;
  /** The line length at which the player chose to make the computer's move by hand. */
  #byHandAt: number | null = null;
  #userCancelled = false;
  #left = false;
  #reviewTarget: number | null = null;

  constructor(backend: GameBackend<V, A, R>) {
    this.backend = backend;
  }

  // ---- Hooks for the game's own parts ------------------------------------------------

  /** Drops whatever the player was exploring (previews, choices); called when the position changes. */
  protected resetExploration(): void {}

  /** Before a review step; by default drops the exploration. */
  protected beforeReview(): void {
    this.resetExploration();
  }

  /** After a command brought a new view (the computer may start right after). */
  protected afterView(view: V): void {
    void view;
  }

  /** Before the computer starts thinking. */
  protected beforeThink(): void {}

  /** After the computer played, with the view from just before its search. */
  protected onComputerPlayed(reply: R, before: V): void {
    void reply;
    void before;
  }

  // ---- Commands ------------------------------------------------------------------------

  /** Opens the screen's game: the session may think again. */
  async open(command: () => Promise<V>): Promise<void> {
    this.#left = false;
    await this.runCommand(command);
  }

  /** Runs a command that returns the game, showing a refusal next to the board. */
  run(command: () => Promise<V>): Promise<void> {
    return this.runCommand(command, () => this.resetExploration());
  }

  /** Replaces the game by a command's result (import); a refusal is thrown to the caller. */
  async replaceWith(command: () => Promise<V>): Promise<void> {
    this.resetExploration();
    this.view = await command();
    this.notice = null;
  }

  /**
   * Plays `action`; while reviewing, the backend's question is kept for the confirmation dialog.
   * Nothing is played while the computer thinks: the move would be made for the computer.
   */
  protected async play(action: A): Promise<void> {
    if (this.thinking) return;
    await this.runCommand(
      () => this.backend.apply(action, false),
      () => this.resetExploration(),
      (e) => {
        // Playing while reviewing would discard later turns: ask first, change nothing yet.
        if (e instanceof CommandError && e.error.kind === 'confirmation_needed') {
          this.pendingReplace = { message: e.error.message, action };
          return true;
        }
        return false;
      },
    );
  }

  /** Plays the action that waited for confirmation, replacing the later turns. */
  async confirmReplace(): Promise<void> {
    const pending = this.pendingReplace;
    this.pendingReplace = null;
    if (!pending) return;
    const action = pending.action;
    if (action === null) await this.think(true);
    else await this.runCommand(() => this.backend.apply(action, true), () => this.resetExploration());
  }

  /** Drops the action that waited for confirmation; nothing changes. */
  cancelReplace(): void {
    this.pendingReplace = null;
  }

  /** Views the position after the first `cursor` actions (review keeps the later turns). */
  async review(cursor: number): Promise<void> {
    const view = this.view;
    const current = this.#reviewTarget ?? view?.cursor;
    if (!view || cursor < 0 || cursor > view.turns.length || cursor === current) return;
    this.beforeReview();
    this.#reviewTarget = cursor;
    try {
      await this.runCommand(() => this.backend.review(cursor));
    } finally {
      if (this.#reviewTarget === cursor) this.#reviewTarget = null;
    }
  }

  /** Steps the review by `delta` turns from the last requested position, so fast key repeats add up. */
  async reviewBy(delta: number): Promise<void> {
    const from = this.#reviewTarget ?? this.view?.cursor;
    if (from !== undefined) await this.review(from + delta);
  }

  // ---- The computer --------------------------------------------------------------------

  /**
   * Lets the computer move for the side to move. While reviewing, the backend asks for
   * the same confirmation as a person's move there, and the computer's move then replaces
   * the later turns.
   */
  async think(replaceFuture = false): Promise<void> {
    if (this.thinking || this.#left || !this.view) return;
    this.thinking = true;
    const before = this.view;
    this.#userCancelled = false;
    this.computerProblem = null;
    this.#byHandAt = null;
    this.byHand = false;
    this.beforeThink();
    let again = false;
    try {
      const result = await this.backend.computerMove(replaceFuture);
      // A command answered meanwhile (new game, review) already brought a fresher view.
      if (!this.busy) this.view = result.state;
      if (result.kind === 'played') {
        this.onComputerPlayed(result, before);
      } else if (this.#userCancelled || this.#left) {
        this.computerProblem = { kind: 'cancelled', message: '' };
      } else if (result.kind === 'cancelled' || result.kind === 'discarded') {
        // The position changed under the search (a new game, a review): think again if it
        // is still the computer's turn, otherwise say why its move was dropped.
        again = !!this.view?.computerToMove;
        if (!again && result.kind === 'discarded') this.computerProblem = { kind: 'discarded', message: result.message };
      } else {
        this.computerProblem = { kind: result.kind, message: result.message };
      }
    } catch (e) {
      if (e instanceof CommandError && e.error.kind === 'confirmation_needed') {
        this.pendingReplace = { message: e.error.message, action: null };
      } else if (!(e instanceof CommandError && e.error.kind === 'invalid_argument' && !this.view?.computerToMove)) {
        this.computerProblem = { kind: 'failed', message: reasonOf(e).message ?? '' };
      }
    } finally {
      this.thinking = false;
    }
    if (again) this.#maybeThink();
  }

  /** Stops the computer's search; the game stays as it is and Retry is offered. */
  async cancelThinking(): Promise<void> {
    if (!this.thinking) return;
    this.#userCancelled = true;
    try {
      await this.backend.computerCancel();
    } catch (e) {
      this.notice = { reason: reasonOf(e) };
    }
  }

  /** After a failed or cancelled search: the player makes this one move for the computer's side; the computer replies afterwards. */
  continueByHand(): void {
    this.computerProblem = null;
    this.#byHandAt = this.view?.turns.length ?? null;
    this.byHand = this.#byHandAt !== null;
  }

  /** Forgets a by-hand move the player chose (a new game starts without it). */
  protected forgetByHand(): void {
    this.#byHandAt = null;
  }

  /** Leaving the screen: a running search is cancelled and no new one starts. */
  leave(): void {
    this.#left = true;
    if (this.thinking) {
      this.#userCancelled = true;
      this.backend.computerCancel().catch(() => {});
    }
  }

  /** Starts the computer when it is its turn, unless the player is making its move by hand. */
  #maybeThink(): void {
    const view = this.view;
    if (!view || !view.computerToMove || this.thinking || this.#left || this.computerProblem) return;
    if (this.#byHandAt === view.turns.length) return;
    void this.think();
  }

  /**
   * Runs a command that returns the game: the new view replaces the old one, a refusal
   * becomes the notice unless `handled` takes it, and the computer starts if it is its turn.
   */
  protected async runCommand(command: () => Promise<V>, onSuccess?: () => void, handled?: (e: unknown) => boolean): Promise<void> {
    this.busy = true;
    try {
      const view = await command();
      this.view = view;
      this.notice = null;
      onSuccess?.();
      this.afterView(view);
      if (view.turns.length !== this.#byHandAt) this.#byHandAt = null;
      this.byHand = this.#byHandAt !== null;
      if (!view.computerToMove) this.computerProblem = null;
      queueMicrotask(() => this.#maybeThink());
    } catch (e) {
      if (!handled?.(e)) this.notice = { reason: reasonOf(e) };
    } finally {
      this.busy = false;
    }
  }
}
