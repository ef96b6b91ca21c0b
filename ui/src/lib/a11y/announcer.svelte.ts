/**
 * One polite live region for the whole app. Screens call `announce` with a finished
 * sentence; the region lives in the shell, so it exists before any message arrives (a
 * region inserted together with its text is often not read by screen readers).
 */
class Announcer {
  /** The sentence the live region currently holds. */
  message = $state('');
  #serial = 0;

  /** Reads `text` to screen-reader users; repeating the same text is read again. */
  announce(text: string): void {
    const serial = ++this.#serial;
    this.message = '';
    // Emptying first and refilling on the next task makes an identical sentence a change.
    setTimeout(() => {
      if (serial === this.#serial) this.message = text;
    }, 50);
  }
}

/** The app's single announcer. */
export const announcer = new Announcer();
