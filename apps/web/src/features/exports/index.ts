// The exports feature's public file: what other features may use.
export { ExportButton, type ExportButtonProps } from './components/export-button';
