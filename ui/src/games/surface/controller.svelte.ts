/**
 * The state of the surfaces screen: the game and the study (each a `LineSession`), the
 * editor's diagram, which tab and which view are shown, the layouts of the surface, and
 * what the player points at (its chain and liberties, lit in every view at once). Every
 * rule, label and explanation comes from the backend; replies to an older request than the
 * newest are dropped.
 */
import { CommandError, surfaceApi } from '../../lib/api';
import { Latest } from '../../lib/game/latest';
import { reasonOf, type Notice } from '../../lib/game/session.svelte';
import { LineSession } from './line.svelte';
import { SurfaceAnalysis } from './analysis.svelte';
import type { SurfaceOpponent } from '../../lib/bindings/SurfaceOpponent';
import type { BoardLayout } from '../../lib/bindings/BoardLayout';
import type { Chain } from '../../lib/bindings/Chain';
import type { Color } from '../../lib/bindings/Color';
import type { InvalidFile } from '../../lib/bindings/InvalidFile';
import type { SaveStatus } from '../../lib/bindings/SaveStatus';
import type { Surface } from '../../lib/bindings/Surface';
import type { SurfaceBoardInspection } from '../../lib/bindings/SurfaceBoardInspection';
import type { SurfaceEditorView } from '../../lib/bindings/SurfaceEditorView';
import type { SurfaceImported } from '../../lib/bindings/SurfaceImported';
import type { SurfaceLineId } from '../../lib/bindings/SurfaceLineId';
import type { SurfaceState } from '../../lib/bindings/SurfaceState';
import type { SurfaceSymmetry } from '../../lib/bindings/SurfaceSymmetry';
import type { SurfaceView } from '../../lib/bindings/SurfaceView';
import type { TiledLayout } from '../../lib/bindings/TiledLayout';

/** The screen's three tabs: the game, the study or analysis, the position editor. */
export type Tab = 'play' | 'study' | 'edit';
/** The three views of one board. */
export type ViewKind = 'flat' | 'tiled' | 'space';
/** What a click on the editor's board does. */
export type EditTool = 'black' | 'white' | 'erase';

/** The layouts of one surface, fetched once. */
export interface SurfaceLayouts {
  chart: BoardLayout;
  tiled: TiledLayout;
}

/** The surfaces screen's state on its backend. */
export class SurfaceController {
  readonly game = new LineSession('game');
  readonly study = new LineSession('study');
  /** Who the computer plays in the game, and its level. */
  opponent: SurfaceOpponent = $state({ computer: 'none', level: 'steady' });
  /** The analysis of the shown line (readings, ownership, candidates, graph). */
  readonly analysis = new SurfaceAnalysis(() => ({
    line: this.session.line,
    view: this.tab === 'edit' ? null : this.session.view,
    computerThinking: this.game.thinking,
  }));
  tab: Tab = $state('play');
  viewKind: ViewKind = $state('flat');
  editor: SurfaceEditorView | null = $state(null);
  studySave: SaveStatus = $state({ kind: 'nothing_to_save' });
  invalidFiles: InvalidFile[] = $state([]);
  /** A refusal of an editor or study command (the lines keep their own). */
  notice: Notice | null = $state(null);
  busy = $state(false);
  /** Layouts by surface, once fetched. Raw: never changed in place, and the boards read
   * every point of them on every move (the tiled view's 1,458 cells), which a deep proxy
   * would make a signal read each. */
  layouts: Partial<Record<Surface, SurfaceLayouts>> = $state.raw({});
  /** The flat chart with its cut moved to put this point in the middle, if asked. */
  recentred: { surface: Surface; point: number; layout: BoardLayout } | null = $state.raw(null);
  /** The point under the pointer or the keyboard focus, in any view. */
  pointed: number | null = $state(null);
  /** The chain at `pointed` and its liberties. */
  pointedChain: Chain | null = $state(null);
  /** Whether the board shows groups, eyes and two-eye certificates. */
  inspecting = $state(false);
  inspection: SurfaceBoardInspection | null = $state(null);
  editTool: EditTool = $state('black');
  #pointing = new Latest();
  #inspectingLatest = new Latest();

  /** The line the Play or Study tab shows (the game in Edit, for its surface). */
  get session(): LineSession {
    return this.tab === 'study' && this.study.view ? this.study : this.game;
  }

  /** Loads everything from the backend. */
  async load(): Promise<void> {
    await this.#guard(async () => this.#take(await surfaceApi.open()));
  }

  /** The layouts of `surface`, fetching them the first time. */
  async layoutsOf(surface: Surface): Promise<SurfaceLayouts> {
    const known = this.layouts[surface];
    if (known) return known;
    const [chart, tiled] = await Promise.all([surfaceApi.layout(surface), surfaceApi.tiling(surface)]);
    const fetched = { chart, tiled };
    this.layouts = { ...this.layouts, [surface]: fetched };
    return fetched;
  }

  /** Opens a tab; the Study tab only when there is a study. */
  setTab(tab: Tab): void {
    if (tab === 'study' && !this.study.view) return;
    this.tab = tab;
    this.leavePoint();
    void this.refreshInspection();
  }

  /** Shows one of the three views. */
  setView(kind: ViewKind): void {
    this.viewKind = kind;
  }

  /** Starts a new game on `surface` with White's komi in half points, the computer playing as `opponent` says. */
  async newGame(surface: Surface, komiHalfPoints: number, opponent: SurfaceOpponent = { computer: 'none', level: this.opponent.level }): Promise<void> {
    await this.#guard(async () => {
      const players = {
        black: opponent.computer === 'black' ? ('computer' as const) : ('person' as const),
        white: opponent.computer === 'white' ? ('computer' as const) : ('person' as const),
      };
      const view = await surfaceApi.newGame({ surface, komi_half_points: komiHalfPoints, players, level: opponent.level });
      this.opponent = opponent;
      await this.layoutsOf(surface);
      this.game.show(view);
      this.recentred = null;
      this.tab = 'play';
    });
  }

  // ---- Pointing, inspecting and recentring ------------------------------------------

  /** The player points at `point` (hover or focus) in any view: its chain lights everywhere. */
  async pointAt(point: number | null): Promise<void> {
    if (point === this.pointed) return;
    this.pointed = point;
    if (point === null || this.tab === 'edit') {
      this.#pointing.drop();
      this.pointedChain = null;
      return;
    }
    const line = this.session.line;
    await this.#pointing.run(
      () => surfaceApi.chain(line, point),
      (chain) => void (this.pointedChain = chain),
      () => (this.pointedChain = null),
    );
  }

  /** Forgets the pointed point. */
  leavePoint(): void {
    this.#pointing.drop();
    this.pointed = null;
    this.pointedChain = null;
  }

  /** Turns Inspect on or off. */
  async setInspecting(on: boolean): Promise<void> {
    this.inspecting = on;
    await this.refreshInspection();
  }

  /** Asks the engine for the viewed board's groups and eyes while Inspect is on. */
  async refreshInspection(): Promise<void> {
    if (!this.inspecting || this.tab === 'edit') {
      this.#inspectingLatest.drop();
      this.inspection = null;
      return;
    }
    const line = this.session.line;
    await this.#inspectingLatest.run(
      () => surfaceApi.inspect(line),
      (found) => void (this.inspection = found),
      (e) => (this.notice = { reason: reasonOf(e) }),
    );
  }

  /** Moves the flat chart's cut so `point` is in the middle (null restores the chart). */
  async recentre(surface: Surface, point: number | null): Promise<void> {
    if (point === null) {
      this.recentred = null;
      return;
    }
    await this.#guard(async () => {
      this.recentred = { surface, point, layout: await surfaceApi.layout(surface, point) };
    });
  }

  // ---- Editor, study, analysis, symmetry ----------------------------------------------

  /**
   * Opens the editor on an empty board of `surface` or on the viewed position of a line.
   * Without `replace` an unfinished diagram is kept and the answer is 'confirm'.
   */
  startEditorAsking(from: { surface: Surface } | { line: SurfaceLineId }, replace: boolean): Promise<'done' | 'confirm'> {
    const source = 'surface' in from ? { kind: 'empty' as const, surface: from.surface } : { kind: 'line' as const, line: from.line };
    return this.#asking(async () => {
      const editor = await surfaceApi.editorStart(source, replace);
      await this.layoutsOf(editor.diagram.surface);
      this.editor = editor;
      this.tab = 'edit';
      this.leavePoint();
    });
  }

  /** Applies the current tool at `point` of the diagram. */
  async editAt(point: number): Promise<void> {
    const diagram = this.editor?.diagram;
    if (!diagram) return;
    // Placing a stone of the colour already there erases it, as in every Go editor.
    const tool = this.editTool !== 'erase' && diagram.board[point] === (this.editTool === 'black' ? 1 : 2) ? 'erase' : this.editTool;
    await this.#guard(async () => {
      this.editor = await surfaceApi.edit({ kind: tool, point });
    });
  }

  /** Chooses the diagram's player to move (null: not chosen). */
  async setNextPlayer(player: Color | null): Promise<void> {
    await this.#guard(async () => {
      this.editor = await surfaceApi.edit({ kind: 'next', player });
    });
  }

  /**
   * Begins a study from the diagram. Without `replace` an existing study is kept and the
   * answer is 'confirm': the screen asks the player, then calls again with `replace`.
   */
  beginStudyAsking(replace: boolean): Promise<'done' | 'confirm'> {
    return this.#intoStudy(() => surfaceApi.beginStudy(replace));
  }

  /** Opens an analysis of the game from move `fromMove` (its prefix kept); the game is unchanged. Asks as `beginStudyAsking`. */
  analyseAsking(fromMove: number, replace: boolean): Promise<'done' | 'confirm'> {
    return this.#intoStudy(() => surfaceApi.analyse(fromMove, replace));
  }

  /** Exchanges the colours of the shown line into the study. Asks as `beginStudyAsking`. */
  exchangeAsking(replace: boolean): Promise<'done' | 'confirm'> {
    const line = this.session.line;
    return this.#intoStudy(() => surfaceApi.exchangeColours(line, replace));
  }

  #intoStudy(command: () => Promise<SurfaceView>): Promise<'done' | 'confirm'> {
    return this.#asking(async () => {
      this.study.show(await command());
      this.tab = 'study';
      this.leavePoint();
    });
  }

  /** Runs a command that the backend may refuse until the player confirms a replacement. */
  async #asking(command: () => Promise<void>): Promise<'done' | 'confirm'> {
    let answer: 'done' | 'confirm' = 'done';
    await this.#guard(
      command,
      (e) => {
        if (e instanceof CommandError && e.error.kind === 'confirmation_needed') answer = 'confirm';
        return answer === 'confirm';
      },
    );
    return answer;
  }

  /** The automorphisms of the shown line's surface. */
  symmetries(): Promise<SurfaceSymmetry[]> {
    return surfaceApi.symmetries(this.session.line);
  }

  /** Applies automorphism `index` to the shown line. */
  async transform(index: number): Promise<void> {
    const session = this.session;
    await this.#guard(async () => session.show(await surfaceApi.transform(session.line, index)));
  }

  // ---- Files ---------------------------------------------------------------------------

  /** Takes an imported document's whole state and shows where it went. */
  async imported(result: SurfaceImported): Promise<void> {
    this.#take(result.state);
    const surface = result.into === 'editor' ? result.state.editor?.diagram.surface : (result.into === 'study' ? result.state.study : result.state.game)?.surface;
    if (surface) await this.layoutsOf(surface);
    this.tab = result.into === 'editor' ? 'edit' : result.into === 'study' ? 'study' : 'play';
    this.recentred = null;
  }

  /** Sets a line's unreadable save aside after the player confirmed, and saves again. */
  async setAsideInvalid(line: SurfaceLineId): Promise<void> {
    await this.#guard(async () => this.#take(await surfaceApi.setAsideInvalid(line)));
  }

  #take(state: SurfaceState): void {
    this.opponent = state.opponent;
    this.game.show(state.game);
    this.study.show(state.study);
    this.editor = state.editor;
    this.studySave = state.study_save;
    this.invalidFiles = state.invalid_files;
    if (this.tab === 'study' && !state.study) this.tab = 'play';
    if (this.tab === 'edit' && !state.editor) this.tab = 'play';
    // A study or diagram may be on another surface than the game (after a restart, too).
    const surfaces = [state.game.surface, state.study?.surface, state.editor?.diagram.surface];
    for (const [i, surface] of surfaces.entries()) if (surface && surfaces.indexOf(surface) === i) void this.layoutsOf(surface);
  }

  /** Runs a command, turning a refusal into the notice; the state stays as it was. */
  async #guard(command: () => Promise<void>, handled?: (e: unknown) => boolean): Promise<void> {
    this.busy = true;
    try {
      await command();
      this.notice = null;
    } catch (e) {
      if (!handled?.(e)) this.notice = { reason: reasonOf(e) };
    } finally {
      this.busy = false;
    }
  }
}
