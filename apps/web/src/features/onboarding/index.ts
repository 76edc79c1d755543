// The onboarding feature: creating a brand (/onboarding) and the guided start of a new brand.
export { GuidedStart } from './components/guided-start';
