// The campaigns feature's public file: what other features may use.
// Nothing yet: the campaign badges other features show are shared components (components/campaign-badges.tsx).
export {};
