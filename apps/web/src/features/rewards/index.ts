// The rewards feature's public file: what other features may use.
export { RewardWizard, type RewardWizardProps } from './components/reward-wizard';
