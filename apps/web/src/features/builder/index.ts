// The builder feature's public file: what other features may use.
// Nothing yet: the reward title the builder and the launch step both show is shared (lib/reward-title.ts).
export {};
