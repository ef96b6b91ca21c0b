// Pointer input on the stack's canvas (Appendix C.1): a right or left drag rotates (left/
// right spins, up/down tilts), a middle drag zooms (up comes closer), a shift-drag pans
// up and down the stack, the wheel zooms; on touch one finger orbits, two pinch-zoom and
// pan. A press that moves less than CLICK_SLOP pixels is a click; a drag never is.
import { rotateOrbit, zoomOrbit, type Orbit } from './layout';

/** Movement in CSS pixels below which a press and release still count as a click. */
export const CLICK_SLOP = 6;

/** What the controls need from the scene. */
export interface OrbitTarget {
  readonly orbit: Orbit;
  setOrbit(orbit: Orbit): void;
  /** A drag (or pinch) starts (`true`) or ends (`false`). */
  interact(on: boolean): void;
}

interface Press {
  x: number;
  y: number;
  startX: number;
  startY: number;
  button: number;
  shift: boolean;
  moved: boolean;
}

/** Pans the orbit's target: sideways in the view, and up/down the stack. */
export function panOrbit(o: Orbit, dx: number, dy: number): Orbit {
  const k = o.radius * 0.0016;
  const [tx, ty, tz] = o.target;
  return {
    ...o,
    target: [tx - Math.cos(o.azimuth) * dx * k, ty + dy * k * 1.4, tz + Math.sin(o.azimuth) * dx * k],
  };
}

/**
 * Listens on `canvas`; `onclick(x, y)` gets canvas-relative CSS pixels of a click with the
 * primary button or a tap. Returns a function that removes every listener.
 */
export function attachControls(
  canvas: HTMLCanvasElement,
  target: OrbitTarget,
  onclick: (x: number, y: number) => void,
): () => void {
  const presses = new Map<number, Press>();
  let pinch = 0;

  const local = (e: PointerEvent | WheelEvent) => {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const down = (e: PointerEvent) => {
    try {
      canvas.setPointerCapture(e.pointerId);
    } catch {
      // A pointer that is no longer active cannot be captured; the drag still works inside.
    }
    presses.set(e.pointerId, {
      x: e.clientX,
      y: e.clientY,
      startX: e.clientX,
      startY: e.clientY,
      button: e.button,
      shift: e.shiftKey,
      moved: false,
    });
    if (presses.size === 2) {
      const [a, b] = [...presses.values()];
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
      for (const p of presses.values()) p.moved = true;
      target.interact(true);
    }
    if (e.button === 1) e.preventDefault();
  };

  const move = (e: PointerEvent) => {
    const press = presses.get(e.pointerId);
    if (!press) return;
    const dx = e.clientX - press.x;
    const dy = e.clientY - press.y;
    if (!press.moved && Math.hypot(e.clientX - press.startX, e.clientY - press.startY) >= CLICK_SLOP) {
      press.moved = true;
      target.interact(true);
    }
    if (presses.size === 2) {
      const [a, b] = [...presses.values()];
      const before = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      press.x = e.clientX;
      press.y = e.clientY;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const after = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      let orbit = target.orbit;
      if (pinch > 0 && distance > 0) orbit = zoomOrbit(orbit, pinch / distance);
      pinch = distance;
      target.setOrbit(panOrbit(orbit, after.x - before.x, after.y - before.y));
      return;
    }
    press.x = e.clientX;
    press.y = e.clientY;
    if (!press.moved) return;
    if (press.button === 1) target.setOrbit(zoomOrbit(target.orbit, Math.exp(dy * 0.01)));
    else if (press.shift) target.setOrbit(panOrbit(target.orbit, dx, dy));
    else target.setOrbit(rotateOrbit(target.orbit, dx, dy));
  };

  const up = (e: PointerEvent) => {
    const press = presses.get(e.pointerId);
    presses.delete(e.pointerId);
    if (presses.size < 2) pinch = 0;
    if (presses.size === 0) target.interact(false);
    if (!press || press.moved || press.button !== 0 || presses.size > 0) return;
    const at = local(e);
    onclick(at.x, at.y);
  };

  const cancel = (e: PointerEvent) => {
    presses.delete(e.pointerId);
    pinch = 0;
    if (presses.size === 0) target.interact(false);
  };

  const wheel = (e: WheelEvent) => {
    e.preventDefault();
    const lines = e.deltaMode === 1 ? 30 : e.deltaMode === 2 ? 300 : 1;
    target.setOrbit(zoomOrbit(target.orbit, Math.exp(e.deltaY * lines * 0.0012)));
  };

  const menu = (e: Event) => e.preventDefault();

  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', cancel);
  canvas.addEventListener('wheel', wheel, { passive: false });
  canvas.addEventListener('contextmenu', menu);
  return () => {
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointercancel', cancel);
    canvas.removeEventListener('wheel', wheel);
    canvas.removeEventListener('contextmenu', menu);
  };
}
