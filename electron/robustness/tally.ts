/** Counts the cases a robustness test file ran and prints them once it ends (`npm test` shows the lines). */
export interface Tally {
  add(kind: string, n?: number): void;
  total(): number;
  print(): void;
}

export function tally(suite: string): Tally {
  const counts = new Map<string, number>();
  return {
    add(kind, n = 1) {
      counts.set(kind, (counts.get(kind) ?? 0) + n);
    },
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    print() {
      const parts = [...counts.entries()].map(([k, n]) => `${k} ${n}`).join(', ');
      console.log(`robustness ${suite}: ${[...counts.values()].reduce((a, b) => a + b, 0)} cases (${parts})`);
    },
  };
}
