import * as api from '../../lib/api';
import { Latest } from '../../lib/game/latest';
import { GameSession, reasonOf, type GameBackend, type Reason } from '../../lib/game/session.svelte';
import type { Completion } from '../../lib/bindings/Completion';
import type { MoveReport } from '../../lib/bindings/MoveReport';
import type { ChessHint } from '../../lib/bindings/ChessHint';
import type { ChessOpponentSettings } from '../../lib/bindings/ChessOpponentSettings';
import type { ChessState, Move, Pos, Selection } from './model';
import { destinationsIn } from './model';

export { reasonOf };

/** How often review playback steps, in milliseconds. */
export const PLAYBACK_MS = 900;

/**
 * The state of the Time Chess screen: the shared game session (`lib/game`) plus what only
 * Time Chess has — the layer shown, the selected piece with its destinations from the
 * engine, the typed move with its completions, the reports of moves seen played, and review
 * playback. Every move is played at the viewed position's revision, so a move chosen in a
 * stale view is refused, not misplayed.
 */
export class ChessController extends GameSession<ChessState, Move, api.ChessComputerResult> {
  /** The layer the board shows, or null for the present. */
  shownTurn: number | null = $state(null);
  /** The selected piece and its destinations in every layer, or why it has none. */
  selection: Selection | null = $state(null);
  /** The typed move and what it can become. */
  typed = $state('');
  completion: Completion | null = $state(null);
  /** Why the typed move was refused, until the text changes. */
  typedProblem: Reason | null = $state(null);
  /** Whether review playback advances by itself. */
  playing = $state(false);
  /** The engine's reports of the moves seen played here, by `turn:move`, for the move list. */
  reports: Record<string, MoveReport> = $state({});
  /** The engine's suggested move for the viewed position (the Hint), until the position changes. */
  hint: ChessHint | null = $state(null);
  /** Whether a hint is being asked for. */
  hinting = $state(false);
  #hinting = new Latest();
  #selecting = new Latest();
  #completing = new Latest();
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    const backend: GameBackend<ChessState, Move, api.ChessComputerResult> = {
      apply: (mv, replaceFuture) => api.chessPlay(mv, this.view?.revision ?? '', replaceFuture),
      review: (cursor) => api.chessReview({ kind: 'jump', cursor }),
      computerMove: (replaceFuture) => api.chessComputerMove(replaceFuture),
      computerCancel: () => api.chessComputerCancel(),
    };
    super(backend);
  }

  /** Loads the saved game (or the starting position). */
  async load(): Promise<void> {
    await this.open(() => api.chessOpen());
  }

  /**
   * Starts a new game from the chess starting position; `opponent` says who the computer
   * plays (two people when absent). The computer starts at once when it plays White.
   */
  async newGame(opponent?: ChessOpponentSettings): Promise<void> {
    this.pause();
    this.reports = {};
    this.computerProblem = null;
    this.forgetByHand();
    await this.run(async () => {
      const fresh = await api.chessNew();
      return !opponent || opponent.computer === 'none' ? fresh : api.chessSetOpponent(opponent);
    });
  }

  /** Asks the engine for its move in the viewed position and shows it as an arrow (not played). */
  async showHint(): Promise<void> {
    const view = this.view;
    if (!view || view.screen.outcome || this.thinking) return;
    this.hinting = true;
    await this.#hinting.run(
      () => api.chessHint(),
      (hint) => {
        this.hinting = false;
        // A hint for a position no longer shown is dropped.
        this.hint = hint && hint.revision === this.view?.revision ? hint : null;
      },
      (e) => {
        this.hinting = false;
        this.notice = { reason: reasonOf(e) };
      },
    );
  }

  /** Hides the hint's arrow. */
  hideHint(): void {
    this.#hinting.drop();
    this.hinting = false;
    this.hint = null;
  }

  /** The turn of the layer on the board. */
  get boardTurn(): number {
    return this.shownTurn ?? this.view?.screen.present ?? 0;
  }

  /** Shows the layer of `turn` (the present when it is the present's). */
  showLayer(turn: number): void {
    const present = this.view?.screen.present ?? 0;
    this.shownTurn = turn >= present ? null : Math.max(0, turn);
  }

  /**
   * A square of the shown layer was chosen: a destination of the selection plays its move;
   * a piece of the present is selected (the engine answers with its destinations or why it
   * has none); choosing the selected piece again drops it.
   */
  async choose(square: string): Promise<void> {
    const view = this.view;
    // While the computer thinks the board waits (its pieces are not the person's to move).
    if (!view || this.busy || this.thinking) return;
    const turn = this.boardTurn;
    const destination = destinationsIn(this.selection, turn).get(square);
    if (destination) {
      await this.playMove(destination.mv);
      return;
    }
    const pos: Pos = `${square}t${turn}`;
    if (this.selection?.from === pos) {
      this.clearSelection();
      return;
    }
    await this.select(pos);
  }

  /** Asks the engine what the piece on `pos` may do. */
  async select(pos: Pos): Promise<void> {
    this.notice = null;
    await this.#selecting.run(
      () => api.chessSelect(pos),
      (selection) => {
        this.selection = selection;
      },
      (e) => {
        this.selection = null;
        this.notice = { reason: reasonOf(e) };
      },
    );
  }

  /** Drops the selected piece. */
  clearSelection(): void {
    this.#selecting.drop();
    this.selection = null;
  }

  /** Plays `mv` (while reviewing, the session asks before replacing the later moves). */
  async playMove(mv: Move): Promise<void> {
    this.pause();
    await this.play(mv);
  }

  /** The typed text changed: asks the engine what it can become. */
  async setTyped(text: string): Promise<void> {
    this.typed = text;
    this.typedProblem = null;
    if (!text.trim()) {
      this.#completing.drop();
      this.completion = null;
      return;
    }
    await this.#completing.run(
      () => api.chessComplete(text),
      (completion) => {
        this.completion = completion;
      },
      () => {
        this.completion = null;
      },
    );
  }

  /**
   * Plays the typed move: a single completion is played as the engine wrote it, anything
   * else is read by the engine, which says why when it is not a legal move.
   */
  async playTyped(): Promise<void> {
    const view = this.view;
    if (!view || !this.typed.trim()) return;
    this.pause();
    const only = this.completion?.moves.length === 1 ? this.completion.moves[0] : null;
    if (only && only === this.completion?.prefix) {
      await this.playMove(only);
      return;
    }
    try {
      const revision = view.revision;
      const text = this.typed;
      // The engine reads the text; a refusal carries its reason and changes nothing.
      const state = await api.chessPlayTyped(text, revision, false);
      this.#accept(state);
    } catch (e) {
      this.typedProblem = reasonOf(e);
    }
  }

  #accept(state: ChessState): void {
    this.view = state;
    this.notice = null;
    this.resetExploration();
    this.afterView(state);
  }

  // ---- Review playback -------------------------------------------------------------

  /** Replays the game from the viewed position, one move per step, until its end. */
  replay(): void {
    const view = this.view;
    if (!view || !view.moves.length) return;
    this.pause();
    if (view.cursor >= view.moves.length) void this.review(0);
    this.playing = true;
    this.#timer = setInterval(() => {
      const now = this.view;
      if (!now || now.cursor >= now.moves.length) this.pause();
      else void this.review(now.cursor + 1);
    }, PLAYBACK_MS);
  }

  /** Stops playback where it is. */
  pause(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.playing = false;
  }

  /** Leaving the screen stops playback. */
  override leave(): void {
    this.pause();
    super.leave();
  }

  protected override resetExploration(): void {
    // A new position is shown from its present, without the old position's hint.
    this.shownTurn = null;
    this.hideHint();
    this.clearSelection();
    this.#completing.drop();
    this.typed = '';
    this.completion = null;
    this.typedProblem = null;
  }

  protected override beforeReview(): void {
    this.clearSelection();
    this.hideHint();
    this.shownTurn = null;
  }

  protected override afterView(view: ChessState): void {
    if (this.hint && this.hint.revision !== view.revision) this.hideHint();
    const report = view.screen.lastMove;
    if (report && view.cursor === view.moves.length) {
      this.reports = { ...this.reports, [`${report.turn}:${report.mv}`]: report };
    }
    if (this.shownTurn !== null && this.shownTurn >= view.screen.present) this.shownTurn = null;
  }

  protected override beforeThink(): void {
    this.pause();
    this.hideHint();
  }

  protected override onComputerPlayed(reply: api.ChessComputerResult): void {
    // The computer's move is shown as a person's would be: from the present, reported.
    this.resetExploration();
    this.afterView(reply.state);
  }

  /** Replaces the game by a command's result (import); the reports of the old game are dropped. */
  override async replaceWith(command: () => Promise<ChessState>): Promise<void> {
    this.pause();
    await super.replaceWith(command);
    this.reports = {};
    this.shownTurn = null;
  }
}
