// Tests of other modules drive the participant runtime through the engine's test kit, from here.
export { playCookie, runningCampaign, submit } from '../modules/engine/engine-test-kit.js';
