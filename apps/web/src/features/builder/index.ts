// The builder feature's public file: what other features may use.
export { rewardTitle } from './components/rewards-list';
