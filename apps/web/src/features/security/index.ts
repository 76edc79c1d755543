// The security feature's public file: two-factor on my account and the brand's sign-in security (issue 28).
export { TwoFactorSection } from './components/two-factor-section';
export { AccountSecurityPage } from './components/account-security-page';
export { BrandSignInSecurityPage } from './components/brand-sign-in-security-page';
