/** A small seeded PRNG (mulberry32), so a simulated fleet can be replayed. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (min: number, max: number): number => min + next() * (max - min);
  const int = (min: number, max: number): number => Math.floor(between(min, max + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const chance = (p: number): boolean => next() < p;
  return { next, between, int, pick, chance };
}
export type Random = ReturnType<typeof createRandom>;
