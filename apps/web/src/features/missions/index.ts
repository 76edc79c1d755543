// The missions feature's public file: what other features may use.
export { readableText } from './components/mission-badges';
