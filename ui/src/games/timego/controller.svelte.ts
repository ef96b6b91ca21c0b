import * as api from '../../lib/api';
import type { ComputerResult } from '../../lib/api';
import { Latest } from '../../lib/game/latest';
import { GameSession, reasonOf, type ComputerProblem, type GameBackend, type Notice } from '../../lib/game/session.svelte';
import type { Arrival, Group, Opponent, TimeGoState, Reason, TimePreview, Turn } from './model';
import type { LevelInfo } from '../../lib/bindings/LevelInfo';

export { reasonOf };
export type { ComputerProblem, Notice };

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

/** TimeGo's commands as the generic session calls them. */
const BACKEND: GameBackend<TimeGoState, Turn, ComputerResult> = {
  apply: (action, replaceFuture) => api.timegoApply(action, replaceFuture),
  review: (cursor) => api.timegoReview(cursor),
  computerMove: (replaceFuture) => api.timegoComputerMove(replaceFuture),
  computerCancel: () => api.timegoComputerCancel(),
};

/**
 * The state of the TimeGo screen: the game session (`lib/game`) plus what only TimeGo has —
 * the modes, what the player is exploring (traveller, arrival, preview, replay, Inspect)
 * and the computer's time moves. Replies that arrive after a newer request are dropped, so
 * a fast-moving slider never shows a stale preview.
 */
export class TimeGoController extends GameSession<TimeGoState, Turn, ComputerResult> {
  mode: Mode = $state('place');
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
  /** The engine's levels for the new-game dialog. */
  levels: LevelInfo[] = $state([]);
  /** The computer's last move when it was a time move. */
  computerTime: ComputerTimeMove | null = $state(null);
  /** Whether the preview shown is the computer's time move (after the fact) rather than an exploration. */
  showingComputerTime = $state(false);
  /** The traveller's arrivals and previews: a newer choice makes older replies stale. */
  #exploring = new Latest();
  /** The inspected group: a newer point makes older replies stale. */
  #inspecting = new Latest();
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    super(BACKEND);
  }

  /** Loads the saved game (or a fresh one) and the engine's levels from the backend. */
  async load(): Promise<void> {
    api.timegoLevels().then(
      (levels) => (this.levels = levels),
      () => (this.levels = []),
    );
    await this.open(() => api.timegoOpen());
  }

  /** Starts a new game, replacing the current one; `opponent` says who the computer plays (nobody if absent). */
  async newGame(size: number, komi: number, opponent?: Opponent): Promise<void> {
    this.resetExploration();
    this.mode = 'place';
    this.computerProblem = null;
    this.computerTime = null;
    this.forgetByHand();
    await this.runCommand(async () => {
      const fresh = await api.timegoNew(size, komi);
      return !opponent || opponent.computer === 'none' ? fresh : api.timegoSetOpponent(opponent);
    });
  }

  protected override beforeThink(): void {
    this.#clearComputerTime();
  }

  protected override onComputerPlayed(result: ComputerResult, before: TimeGoState): void {
    if (result.kind === 'played' && result.timeMove && result.traveller !== null) {
      this.computerTime = { preview: result.timeMove, traveller: result.traveller, before };
    }
  }

  /** Shows the computer's last time move with the preview tools: consequences, replay and Compare. */
  showComputerTime(): void {
    const move = this.computerTime;
    if (!move) return;
    this.resetExploration();
    this.preview = move.preview;
    this.traveller = move.traveller;
    this.showingComputerTime = true;
  }

  /** Back from the computer's time move to the actual board. */
  hideComputerTime(): void {
    this.resetExploration();
    this.comparing = false;
  }

  /** The game the preview shown starts from: the position before the computer's time move, or the actual one. */
  get base(): TimeGoState | null {
    return this.showingComputerTime && this.computerTime ? this.computerTime.before : this.view;
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
    if (mode !== 'time') this.resetExploration();
  }

  /** Chooses a traveller and at once checks its nearest earlier arrival. */
  async chooseTraveller(source: number): Promise<void> {
    this.resetExploration();
    this.traveller = source;
    this.notice = null;
    await this.#exploring.run(
      () => api.timegoArrivals(source),
      async (arrivals) => {
        this.arrivals = arrivals;
        const nearest = arrivals.reduce<number | null>((best, a) => (best === null || a.target > best ? a.target : best), null);
        if (nearest !== null) await this.chooseArrival(nearest);
      },
      (e) => {
        this.traveller = null;
        this.notice = { reason: reasonOf(e) };
      },
    );
  }

  /** Previews the time move to gap `target`, or explains why that arrival is not allowed. */
  async chooseArrival(target: number): Promise<void> {
    if (this.traveller === null) return;
    this.showResult();
    this.target = target;
    this.preview = null;
    this.arrivalProblem = null;
    const traveller = this.traveller;
    await this.#exploring.run(
      () => api.timegoPreview(traveller, target),
      (preview) => {
        this.preview = preview;
      },
      (e) => {
        this.arrivalProblem = reasonOf(e);
      },
    );
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
    await this.#inspecting.run(
      () => api.timegoGroup(view.board, point),
      (group) => {
        this.inspectedGroup = group;
        if (!group) this.inspected = null;
      },
      (e) => {
        this.notice = { reason: reasonOf(e) };
      },
    );
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

  /** Replaces the game by a command's result (import); a refusal is thrown to the caller. */
  override async replaceWith(command: () => Promise<TimeGoState>): Promise<void> {
    await super.replaceWith(command);
    this.mode = 'place';
  }

  /** Drops the traveller but stays in Time mode. */
  chooseAnotherStone(): void {
    this.resetExploration();
  }

  /** Returns to the actual board: Escape and the Cancel preview button. */
  cancelPreview(): void {
    this.resetExploration();
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
    this.#inspecting.drop();
    this.inspected = null;
    this.inspectedGroup = null;
  }

  protected override resetExploration(): void {
    this.showingComputerTime = false;
    this.showResult();
    this.#exploring.drop();
    this.traveller = null;
    this.arrivals = [];
    this.target = null;
    this.preview = null;
    this.arrivalProblem = null;
  }

  protected override beforeReview(): void {
    this.resetExploration();
    this.#clearInspection();
  }

  protected override afterView(view: TimeGoState): void {
    this.#clearInspection();
    if (this.mode === 'time' && view.next === null) this.mode = 'place';
    if (this.computerTime && view.turns.length !== this.computerTime.before.turns.length + 1) this.#clearComputerTime();
  }

  async #play(action: { type: Turn['type']; point?: number; source?: number; target?: number }): Promise<void> {
    const next = this.view?.next;
    if (!next) return;
    await this.play({ ...action, player: next } as Turn);
  }
}
