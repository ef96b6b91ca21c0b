/**
 * The Time Chess stack's layers as the page keeps them. A chess answer (`ChessAnswer`)
 * carries either every layer or only those that differ from an earlier answer's (its
 * `base`); this module makes the answer whole again with the layers it kept. It compares
 * nothing and knows no rule: the host found which layers changed. When the page does not
 * hold exactly the base (a reload, a lost answer, another caller in between), `take`
 * returns null and the caller asks `chess_open`, which always sends every layer.
 */
import type { ChessAnswer } from './bindings/ChessAnswer';
import type { ChessView } from './bindings/ChessView';
import type { ScreenLayer } from './bindings/ScreenLayer';

/** The layers of the last answer taken, named by the host's token. */
export class KeptStack {
  private kept: { token: string; layers: readonly ScreenLayer[] } | null = null;

  /** The whole view of `answer`, or null when it changes layers this page does not hold. */
  take(answer: ChessAnswer): ChessView | null {
    const { stack, ...view } = answer;
    const sent = view.screen.layers;
    let layers: ScreenLayer[];
    if (stack.kind === 'all') {
      layers = sent;
    } else {
      const kept = this.kept;
      if (!kept || kept.token !== stack.base || stack.changed.length !== sent.length) return null;
      layers = new Array<ScreenLayer>(stack.count);
      let next = 0;
      for (let index = 0; index < stack.count; index++) {
        if (next < stack.changed.length && stack.changed[next] === index) {
          layers[index] = sent[next++];
        } else if (index < kept.layers.length) {
          // Unchanged layers stay the same objects, never changed in place.
          layers[index] = kept.layers[index];
        } else {
          return null;
        }
      }
      if (next !== stack.changed.length) return null;
    }
    this.kept = { token: stack.token, layers };
    return { ...view, screen: { ...view.screen, layers } };
  }

  /** The whole view of a `chess_open` answer, which always carries every layer. */
  takeAll(answer: ChessAnswer): ChessView {
    if (answer.stack.kind !== 'all') throw new Error('chess_open answered without every layer');
    const view = this.take(answer);
    if (!view) throw new Error('chess_open answered without every layer');
    return view;
  }
}
