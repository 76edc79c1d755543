// The staff feature's public file: a store's staff (shown on the store page) and the staff list import page.
export { StoreStaff } from './components/store-staff';
