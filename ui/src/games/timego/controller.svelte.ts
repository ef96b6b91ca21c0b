import * as api from '../../lib/api';
import { CommandError } from '../../lib/api';
import type { Arrival, Group, Opponent, TimeGoState, Reason, TimePreview, Turn } from './model';
import type { LevelInfo } from '../../lib/bindings/LevelInfo';

/** Why the computer did not move, for the message with Retry and Continue by hand. */
export interface ComputerProblem {
  kind: 'cancelled' | 'deadline' | 'discarded' | 'failed';
  /** The backend's words (failed, discarded) or the deadline in milliseconds. */
  message: string;
}

/** A time move the computer played, kept so the player can replay and compare it. */
export interface ComputerTimeMove {
  preview: TimePreview;
  /** Birth index of the traveller before the move. */
  traveller: number;
  /** The game just before the move (the "actual" side of the comparison). */
  before: TimeGoState;
}

/** The three ways the board responds to a choice. */
export type Mode = 'place' | 'time' | 'inspect';

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
    return { kind: e.kind, message: e.message };
  }
  return { kind: 'unknown', message: error instanceof Error ? error.message : String(error) };
}

/**
 * The state of the TimeGo screen: the actual game from the backend plus what the player is
 * exploring (mode, traveller, arrival, preview). Replies that arrive after a newer request
 * are dropped, so a fast-moving slider never shows a stale preview.
 */
export class TimeGoController {
  view: TimeGoState | null = $state(null);
  mode: Mode = $state('place');
  notice: Notice | null = $state(null);
  busy = $state(false);
  /** Birth index of the chosen traveller in Time mode. */
  traveller: number | null = $state(null);
  arrivals: Arrival[] = $state([]);
  /** The arrival gap being previewed or explained. */
  target: number | null = $state(null);
  preview: TimePreview | null = $state(null);
  /** Why the chosen arrival is not allowed, if it is not. */
  arrivalProblem: Reason | null = $state(null);
  /** Point whose group Inspect mode shows. */
  inspected: number | null = $state(null);
  /** The engine's group and liberties at `inspected`, once it has answered. */
  inspectedGroup: Group | null = $state(null);
  /** Whether the original and rewritten boards are shown side by side (stacked on phones). */
  comparing = $state(false);
  /** Frame of the causal replay being shown, or null for the final outcome. */
  replayFrame: number | null = $state(null);
  /** Whether the replay advances by itself. */
  replayPlaying = $state(false);
  /** An action (or, with `null`, a computer move) waiting for the player's confirmation to replace the later turns. */
  pendingReplace: { message: string; action: Turn | null } | null = $state(null);
  /** The engine's levels for the new-game dialog. */
  levels: LevelInfo[] = $state([]);
  /** Whether the computer is searching for its move. */
  thinking = $state(false);
  /** Why the computer's last search gave no move, until the player retries or moves. */
  computerProblem: ComputerProblem | null = $state(null);
  /** The computer's last move when it was a time move. */
  computerTime: ComputerTimeMove | null = $state(null);
  /** Whether the preview shown is the computer's time move (after the fact) rather than an exploration. */
  showingComputerTime = $state(false);
  /** Whether the player is making the computer's move by hand this turn. */
  byHand = $state(false);
  /** The line length at which the player chose to make the computer's move by hand. */
  #byHandAt: number | null = null;
  #userCancelled = false;
  #left = false;
  #request = 0;
  #inspectRequest = 0;
  #reviewTarget: number | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;

  /** Loads the saved game (or a fresh one) and the engine's levels from the backend. */
  async load(): Promise<void> {
    this.#left = false;
    api.timegoLevels().then(
      (levels) => (this.levels = levels),
      () => (this.levels = []),
    );
    await this.#run(() => api.timegoOpen());
  }

  /** Starts a new game, replacing the current one; `opponent` says who the computer plays (nobody if absent). */
  async newGame(size: number, komi: number, opponent?: Opponent): Promise<void> {
    this.#resetExploration();
    this.mode = 'place';
    this.computerProblem = null;
    this.computerTime = null;
    this.#byHandAt = null;
    await this.#run(async () => {
      const fresh = await api.timegoNew(size, komi);
      return !opponent || opponent.computer === 'none' ? fresh : api.timegoSetOpponent(opponent);
    });
  }

  /**
   * Lets the computer move for the side to move. While reviewing, the backend asks for
   * the same confirmation as a person's move there, and the computer's move then replaces
   * the later turns.
   */
  async think(replaceFuture = false): Promise<void> {
    if (this.thinking || this.#left || !this.view) return;
    this.thinking = true;
    this.#beforeThinking = this.view;
    this.#userCancelled = false;
    this.computerProblem = null;
    this.#byHandAt = null;
    this.byHand = false;
    this.#clearComputerTime();
    let again = false;
    try {
      const result = await api.timegoComputerMove(replaceFuture);
      // A command answered meanwhile (new game, review) already brought a fresher view.
      if (!this.busy) this.view = result.state;
      if (result.kind === 'played') {
        if (result.timeMove && result.traveller !== null && this.#beforeThinking) {
          this.computerTime = { preview: result.timeMove, traveller: result.traveller, before: this.#beforeThinking };
        }
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
      await api.timegoComputerCancel();
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

  /** Leaving the screen: a running search is cancelled and no new one starts. */
  leave(): void {
    this.#left = true;
    if (this.thinking) {
      this.#userCancelled = true;
      api.timegoComputerCancel().catch(() => {});
    }
  }

  /** Shows the computer's last time move with the preview tools: consequences, replay and Compare. */
  showComputerTime(): void {
    const move = this.computerTime;
    if (!move) return;
    this.#resetExploration();
    this.preview = move.preview;
    this.traveller = move.traveller;
    this.showingComputerTime = true;
  }

  /** Back from the computer's time move to the actual board. */
  hideComputerTime(): void {
    this.#resetExploration();
    this.comparing = false;
  }

  /** The game the preview shown starts from: the position before the computer's time move, or the actual one. */
  get base(): TimeGoState | null {
    return this.showingComputerTime && this.computerTime ? this.computerTime.before : this.view;
  }

  #beforeThinking: TimeGoState | null = null;

  /** Starts the computer when it is its turn, unless the player is making its move by hand. */
  #maybeThink(): void {
    const view = this.view;
    if (!view || !view.computerToMove || this.thinking || this.#left || this.computerProblem) return;
    if (this.#byHandAt === view.turns.length) return;
    void this.think();
  }

  #clearComputerTime(): void {
    if (this.showingComputerTime) this.hideComputerTime();
    this.computerTime = null;
  }

  /** Places a stone for the player to move. */
  async place(point: number): Promise<void> {
    await this.#play({ type: 'place', point });
  }

  /** Passes the turn. */
  async pass(): Promise<void> {
    await this.#play({ type: 'pass' });
  }

  /** Locks the current placement order. */
  async lock(): Promise<void> {
    await this.#play({ type: 'lock' });
  }

  /** Commits the previewed time move. */
  async playTimeMove(): Promise<void> {
    if (this.traveller === null || this.target === null || !this.preview) return;
    const action = { type: 'time' as const, source: this.traveller, target: this.target };
    await this.#play(action);
  }

  /** Switches mode; leaving Time mode drops any preview. */
  setMode(mode: Mode): void {
    this.mode = mode;
    this.notice = null;
    this.#clearInspection();
    if (mode !== 'time') this.#resetExploration();
  }

  /** Chooses a traveller and at once checks its nearest earlier arrival. */
  async chooseTraveller(source: number): Promise<void> {
    this.#resetExploration();
    this.traveller = source;
    this.notice = null;
    const request = ++this.#request;
    try {
      const arrivals = await api.timegoArrivals(source);
      if (request !== this.#request) return;
      this.arrivals = arrivals;
      const nearest = arrivals.reduce<number | null>((best, a) => (best === null || a.target > best ? a.target : best), null);
      if (nearest !== null) await this.chooseArrival(nearest);
    } catch (e) {
      if (request !== this.#request) return;
      this.traveller = null;
      this.notice = { reason: reasonOf(e) };
    }
  }

  /** Previews the time move to gap `target`, or explains why that arrival is not allowed. */
  async chooseArrival(target: number): Promise<void> {
    if (this.traveller === null) return;
    this.showResult();
    this.target = target;
    this.preview = null;
    this.arrivalProblem = null;
    const request = ++this.#request;
    try {
      const preview = await api.timegoPreview(this.traveller, target);
      if (request !== this.#request) return;
      this.preview = preview;
    } catch (e) {
      if (request !== this.#request) return;
      this.arrivalProblem = reasonOf(e);
    }
  }

  /** Shows or hides the comparison of original and rewritten boards. */
  toggleCompare(): void {
    this.comparing = !this.comparing;
  }

  /** Asks the engine for the group through `point` of the actual board and its liberties (Inspect mode). */
  async inspect(point: number): Promise<void> {
    const view = this.view;
    if (!view) return;
    this.inspected = point;
    this.inspectedGroup = null;
    const request = ++this.#inspectRequest;
    try {
      const group = await api.timegoGroup(view.board, point);
      if (request !== this.#inspectRequest) return;
      this.inspectedGroup = group;
      if (!group) this.inspected = null;
    } catch (e) {
      if (request === this.#inspectRequest) this.notice = { reason: reasonOf(e) };
    }
  }

  /** Starts the causal replay of the previewed time move at its arrival. */
  watchReplay(): void {
    if (!this.preview?.frames.length) return;
    this.replayFrame = 0;
    this.playReplay();
  }

  /** Shows replay frame `index` and pauses, as manual navigation does. */
  showFrame(index: number): void {
    const frames = this.preview?.frames.length ?? 0;
    if (!frames) return;
    this.pauseReplay();
    this.replayFrame = Math.max(0, Math.min(frames - 1, index));
  }

  /** Advances the replay by itself until its last frame. */
  playReplay(): void {
    const frames = this.preview?.frames.length ?? 0;
    if (!frames) return;
    if (this.replayFrame === null || this.replayFrame >= frames - 1) this.replayFrame = 0;
    this.pauseReplay();
    this.replayPlaying = true;
    this.#timer = setInterval(() => {
      const last = (this.preview?.frames.length ?? 1) - 1;
      if (this.replayFrame === null || this.replayFrame >= last) this.pauseReplay();
      else this.replayFrame += 1;
    }, 900);
  }

  /** Stops automatic playback, keeping the frame. */
  pauseReplay(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.replayPlaying = false;
  }

  /** Leaves the replay for the final outcome. */
  showResult(): void {
    this.pauseReplay();
    this.replayFrame = null;
  }

  /** Views the position after the first `cursor` actions (review keeps the later turns). */
  async review(cursor: number): Promise<void> {
    const view = this.view;
    const current = this.#reviewTarget ?? view?.cursor;
    if (!view || cursor < 0 || cursor > view.turns.length || cursor === current) return;
    this.#resetExploration();
    this.#clearInspection();
    this.#reviewTarget = cursor;
    try {
      await this.#run(() => api.timegoReview(cursor));
    } finally {
      if (this.#reviewTarget === cursor) this.#reviewTarget = null;
    }
  }

  /** Steps the review by `delta` turns from the last requested position, so fast key repeats add up. */
  async reviewBy(delta: number): Promise<void> {
    const from = this.#reviewTarget ?? this.view?.cursor;
    if (from !== undefined) await this.review(from + delta);
  }

  /** Replaces the game by a command's result (import); a refusal is thrown to the caller. */
  async replaceWith(command: () => Promise<TimeGoState>): Promise<void> {
    this.#resetExploration();
    this.view = await command();
    this.notice = null;
    this.mode = 'place';
  }

  /** Runs a command that returns the game, showing a refusal next to the board. */
  run(command: () => Promise<TimeGoState>): Promise<void> {
    return this.#run(command, () => this.#resetExploration());
  }

  /** Plays the action that waited for confirmation, replacing the later turns. */
  async confirmReplace(): Promise<void> {
    const pending = this.pendingReplace;
    this.pendingReplace = null;
    if (!pending) return;
    const action = pending.action;
    if (action === null) {
      await this.think(true);
    } else await this.#run(() => api.timegoApply(action, true), () => this.#resetExploration());
  }

  /** Drops the action that waited for confirmation; nothing changes. */
  cancelReplace(): void {
    this.pendingReplace = null;
  }

  /** Drops the traveller but stays in Time mode. */
  chooseAnotherStone(): void {
    this.#resetExploration();
  }

  /** Returns to the actual board: Escape and the Cancel preview button. */
  cancelPreview(): void {
    this.#resetExploration();
    if (this.mode === 'time') this.mode = 'place';
  }

  /** Handles a point chosen on the board according to the mode. */
  async select(point: number): Promise<void> {
    const view = this.view;
    if (!view) return;
    if (this.mode === 'place') return this.place(point);
    if (this.mode === 'inspect') return this.inspect(point);
    // Any stone may be chosen: for one that cannot travel the engine says why (locked, not yours...).
    const birth = this.birthAt(point);
    if (birth !== null) await this.chooseTraveller(birth);
  }

  /** Birth index of the stone on `point` in the actual order, if any (from the engine's list of living stones). */
  birthAt(point: number): number | null {
    return this.view?.births.find((b) => b.point === point)?.source ?? null;
  }

  #clearInspection(): void {
    this.#inspectRequest++;
    this.inspected = null;
    this.inspectedGroup = null;
  }

  #resetExploration(): void {
    this.showingComputerTime = false;
    this.showResult();
    this.#request++;
    this.traveller = null;
    this.arrivals = [];
    this.target = null;
    this.preview = null;
    this.arrivalProblem = null;
  }

  async #play(action: { type: Turn['type']; point?: number; source?: number; target?: number }): Promise<void> {
    const next = this.view?.next;
    if (!next) return;
    const turn = { ...action, player: next } as Turn;
    await this.#run(
      () => api.timegoApply(turn),
      () => this.#resetExploration(),
      (e) => {
        // Playing while reviewing would discard later turns: ask first, change nothing yet.
        if (e instanceof CommandError && e.error.kind === 'confirmation_needed') {
          this.pendingReplace = { message: e.error.message, action: turn };
          return true;
        }
        return false;
      },
    );
  }

  async #run(command: () => Promise<TimeGoState>, onSuccess?: () => void, handled?: (e: unknown) => boolean): Promise<void> {
    this.busy = true;
    try {
      this.view = await command();
      this.notice = null;
      this.#clearInspection();
      onSuccess?.();
      if (this.mode === 'time' && this.view.next === null) this.mode = 'place';
      if (this.view.turns.length !== this.#byHandAt) this.#byHandAt = null;
      this.byHand = this.#byHandAt !== null;
      if (!this.view.computerToMove) this.computerProblem = null;
      if (this.computerTime && this.view.turns.length !== this.computerTime.before.turns.length + 1) this.#clearComputerTime();
      queueMicrotask(() => this.#maybeThink());
    } catch (e) {
      if (!handled?.(e)) this.notice = { reason: reasonOf(e) };
    } finally {
      this.busy = false;
    }
  }
}
