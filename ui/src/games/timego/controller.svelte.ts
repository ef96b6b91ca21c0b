import * as api from '../../lib/api';
import { CommandError } from '../../lib/api';
import type { Arrival, Group, TimeGoState, Reason, TimePreview, Turn } from './model';

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
  /** An action waiting for the player's confirmation to replace the later turns. */
  pendingReplace: { message: string; action: Turn } | null = $state(null);
  #request = 0;
  #inspectRequest = 0;
  #reviewTarget: number | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;

  /** Loads the saved game (or a fresh one) from the backend. */
  async load(): Promise<void> {
    await this.#run(() => api.timegoOpen());
  }

  /** Starts a new game, replacing the current one. */
  async newGame(size: number, komi: number): Promise<void> {
    this.#resetExploration();
    this.mode = 'place';
    await this.#run(() => api.timegoNew(size, komi));
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
    if (pending) await this.#run(() => api.timegoApply(pending.action, true), () => this.#resetExploration());
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

  /** Birth index of the stone on `point` in the actual order, if any. */
  birthAt(point: number): number | null {
    const view = this.view;
    if (!view || !view.board[point]) return null;
    for (let i = view.placements.length - 1; i >= 0; i--) if (view.placements[i].point === point) return i;
    return null;
  }

  #clearInspection(): void {
    this.#inspectRequest++;
    this.inspected = null;
    this.inspectedGroup = null;
  }

  #resetExploration(): void {
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
    } catch (e) {
      if (!handled?.(e)) this.notice = { reason: reasonOf(e) };
    } finally {
      this.busy = false;
    }
  }
}
