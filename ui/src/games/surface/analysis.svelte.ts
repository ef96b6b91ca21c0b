/**
 * The analysis of the surfaces screen: the engine's readings of the viewed position (win
 * rate, top candidates with their visits, ownership of every point) and a quick reading
 * of every position of the line for the win-rate graph. Every value comes from the
 * backend's search (`surface_read`); readings from too few playouts arrive marked
 * uncertain and are shown so. One reading runs at a time, and none while the computer
 * thinks for its move (a reading would cancel it).
 */
import { surfaceApi } from '../../lib/api';
import type { SurfaceLineId } from '../../lib/bindings/SurfaceLineId';
import type { SurfaceReading } from '../../lib/bindings/SurfaceReading';
import type { SurfaceReadDepth } from '../../lib/bindings/SurfaceReadDepth';
import type { LineView } from './line.svelte';

/** One point of the win-rate graph: Black's share after `cursor` actions. */
export interface GraphPoint {
  cursor: number;
  black: number;
  uncertain: boolean;
}

/** What the screen asks the analysis about. */
export interface AnalysedLine {
  line: SurfaceLineId;
  view: LineView | null;
  /** Whether the computer is searching for its move (no reading may start then). */
  computerThinking: boolean;
}

/** The line part of a view's revision (`<line>@<cursor>`): the same for every cursor of one line. */
export function lineKey(view: LineView): string {
  const at = view.revision.lastIndexOf('@');
  return `${view.line}:${at < 0 ? view.revision : view.revision.slice(0, at)}`;
}

/** The analysis state of the screen. */
export class SurfaceAnalysis {
  /** Whether the analysis is shown (graph, ownership, candidates). */
  on = $state(false);
  /** Whether the top candidates are shown (the analysis, or a hint asked for). */
  hint = $state(false);
  /** The full reading of the viewed position, once there. */
  reading: SurfaceReading | null = $state(null);
  /** Whether a full reading of the viewed position is running. */
  reading_now = $state(false);
  /** The reading failed, with the backend's words. */
  problem: string | null = $state(null);
  /** The win-rate graph of the shown line, by cursor. */
  graph: GraphPoint[] = $state([]);
  #graphKey = '';
  #readingKey = '';
  #running = false;
  #source: () => AnalysedLine;

  constructor(source: () => AnalysedLine) {
    this.#source = source;
  }

  /** Shows or hides the analysis; showing it starts the readings. */
  toggle(on = !this.on): void {
    this.on = on;
    this.hint = on;
    if (on) void this.refresh();
  }

  /** Shows the top candidates of the viewed position (reading it first if needed). */
  askHint(): void {
    this.hint = true;
    void this.refresh();
  }

  /** Whether the shown reading is the viewed position's. */
  current(view: LineView | null): SurfaceReading | null {
    if (!view || !this.reading || `${lineKey(view)}@${view.cursor}` !== this.#readingKey) return null;
    return this.reading;
  }

  /** Does the next reading that is needed, then the next, until nothing is missing or something changed. */
  async refresh(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      for (;;) {
        const next = this.#next();
        if (!next) break;
        const done = await this.#read(next.line, next.depth, next.cursor, next.key);
        if (!done) break;
      }
    } finally {
      this.#running = false;
    }
  }

  #next(): { line: SurfaceLineId; depth: SurfaceReadDepth; cursor: number; key: string } | null {
    const { line, view, computerThinking } = this.#source();
    if (!view || computerThinking || (!this.on && !this.hint)) return null;
    const key = lineKey(view);
    if (key !== this.#graphKey) {
      this.#graphKey = key;
      this.graph = [];
    }
    const viewedKey = `${key}@${view.cursor}`;
    if (viewedKey !== this.#readingKey && view.side_to_move !== null) {
      return { line, depth: 'full', cursor: view.cursor, key: viewedKey };
    }
    if (!this.on) return null;
    // Every position that has a player to move: the end of a finished line has none.
    const last = view.outcome && view.cursor === view.line_length ? view.line_length - 1 : view.line_length;
    const ended = view.outcome !== null ? view.line_length : Infinity;
    for (let cursor = view.first_cursor; cursor <= last; cursor += 1) {
      if (cursor >= ended) break;
      if (!this.graph.some((p) => p.cursor === cursor)) return { line, depth: 'quick', cursor, key };
    }
    return null;
  }

  /** One reading; false when it did not arrive (cancelled, dropped, failed), which ends the loop. */
  async #read(line: SurfaceLineId, depth: SurfaceReadDepth, cursor: number, key: string): Promise<boolean> {
    if (depth === 'full') this.reading_now = true;
    try {
      const outcome = await surfaceApi.read(line, depth, cursor);
      if (outcome.kind !== 'read') {
        if (outcome.kind === 'failed') this.problem = outcome.message;
        return false;
      }
      this.problem = null;
      const reading = outcome.reading;
      if (depth === 'full') {
        this.reading = reading;
        this.#readingKey = key;
      }
      if (reading.black_win_rate !== null && key.startsWith(this.#graphKey)) {
        const point = { cursor: reading.cursor, black: reading.black_win_rate, uncertain: reading.uncertain };
        // A full reading replaces the quick one of the same position.
        this.graph = [...this.graph.filter((p) => p.cursor !== reading.cursor), point].sort((a, b) => a.cursor - b.cursor);
      }
      return true;
    } catch (e) {
      this.problem = e instanceof Error ? e.message : String(e);
      return false;
    } finally {
      if (depth === 'full') this.reading_now = false;
    }
  }
}
