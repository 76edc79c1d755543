// The api-keys feature's public file: Settings → API keys (issue 31).
export { ApiKeysPage, ApiKeysPanel } from './components/api-keys-page';
