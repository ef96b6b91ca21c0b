/**
 * Where a new surfaces game's komi comes from: the rules' komi, the komi measured by
 * self-play where the engine has one, or another value typed in. Every number is the
 * engine's (`surface_komi_choices`); this only decides which of them the dialog offers.
 */
import type { SurfaceKomiChoice } from '../../lib/bindings/SurfaceKomiChoice';
import type { SurfaceMeasuredKomi } from '../../lib/bindings/SurfaceMeasuredKomi';

/** The dialog's komi choices. */
export type KomiKind = 'rules' | 'measured' | 'other';

/**
 * Below this many games a measured komi is called a small sample: its interval is then
 * wider than ten points (20 games gave −3 to 15; 200 are about three times narrower).
 */
export const SMALL_KOMI_SAMPLE_GAMES = 100;

/** The measured komi as a choice of its own: none where there is none or it is the rules' komi. */
export function measuredChoice(choice: SurfaceKomiChoice | undefined): SurfaceMeasuredKomi | null {
  const measured = choice?.measured;
  return measured && measured.komiHalfPoints !== choice.rules_komi_half_points ? measured : null;
}

/** The choices offered for a surface, in order. */
export function komiKinds(choice: SurfaceKomiChoice): KomiKind[] {
  return measuredChoice(choice) ? ['rules', 'measured', 'other'] : ['rules', 'other'];
}

/**
 * The choice a komi stands for: `half` in half points (null when it is not a multiple of
 * 0.5); `typed` when the player asked for another value, which stays "other".
 */
export function komiKindOf(half: number | null, choice: SurfaceKomiChoice | undefined, typed: boolean): KomiKind {
  if (typed || !choice || half === null) return 'other';
  if (half === choice.rules_komi_half_points) return 'rules';
  if (half === measuredChoice(choice)?.komiHalfPoints) return 'measured';
  return 'other';
}

/** The komi in half points a choice sets; null for "other" (the number field's own value). */
export function komiOfKind(kind: KomiKind, choice: SurfaceKomiChoice): number | null {
  if (kind === 'rules') return choice.rules_komi_half_points;
  if (kind === 'measured') return measuredChoice(choice)?.komiHalfPoints ?? null;
  return null;
}

/** Whether a measured komi comes from too few games to be called more than a first sample. */
export function isSmallSample(measured: SurfaceMeasuredKomi): boolean {
  return measured.games < SMALL_KOMI_SAMPLE_GAMES;
}

/**
 * Whether the measured komi is the median margin of games played at another komi (the
 * early samples): its uncertainty is then the margin's interval. A komi that was itself
 * played is checked by Black's score there instead.
 */
export function isMarginEstimate(measured: SurfaceMeasuredKomi): boolean {
  return measured.komiHalfPoints !== measured.studyKomiHalfPoints;
}

/**
 * A score in hundredths of a percent written as `locale` writes a percentage to a tenth:
 * 4975 → "49.8%". It is rounded in whole tenths first, since 0.4975 has no exact binary
 * value and would round down.
 */
export function scorePercent(per10k: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return format.format(Math.round(per10k / 10) / 1000);
}
